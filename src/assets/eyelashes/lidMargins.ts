import type { HeadRegion, HeadTemplate } from '../../geometry/template.js';

/** The rim of one eye opening, split into its two lids, each from the inner corner to the outer one. */
export interface LidMargin {
  /** Head vertices along the upper lid's margin; both corners included (shared with `lower`). */
  upper: Uint32Array;
  /** Head vertices along the lower lid's margin; both corners included. */
  lower: Uint32Array;
}

/** Both eyes' lid margins; left is the person's own (+X). */
export interface LidMargins {
  left: LidMargin;
  right: LidMargin;
}

const cache = new WeakMap<HeadTemplate, LidMargins>();

/**
 * Where the lids meet the eye: the boundary loop of the template's eye-opening region (the edges
 * used by one of its faces only), cut at the corners into an upper and a lower lid. The corners are
 * the loop's extremes across the face, the inner one nearer the midline; the arc lying higher is
 * the upper lid. Topology only, read on the template, so it holds for every head fitted from it
 * (cached per template).
 *
 * ```ts
 * const { left } = lidMargins(template);
 * const blinkDrop = left.upper.map((v) => deltas[v * 3 + 1]);
 * ```
 */
export function lidMargins(template: HeadTemplate): LidMargins {
  let margins = cache.get(template);
  if (!margins) {
    const { positions, indices } = template.mesh;
    margins = {
      left: eyeMargin(template.regions.leftEye, positions, indices),
      right: eyeMargin(template.regions.rightEye, positions, indices),
    };
    cache.set(template, margins);
  }
  return margins;
}

function eyeMargin(region: HeadRegion, positions: Float32Array, indices: Uint32Array): LidMargin {
  const loop = boundaryLoop(region, indices);
  if (loop.length < 4) throw new Error(`an eye opening's rim has ${loop.length} vertices, expected a loop of at least 4`);
  const x = (v: number): number => positions[v * 3];
  let [lo, hi] = [0, 0];
  loop.forEach((v, i) => {
    if (x(v) < x(loop[lo])) lo = i;
    if (x(v) > x(loop[hi])) hi = i;
  });
  const [inner, outer] = Math.abs(x(loop[lo])) < Math.abs(x(loop[hi])) ? [lo, hi] : [hi, lo];
  // The two ways round the loop from the inner corner to the outer one.
  const n = loop.length;
  const walk = (step: number): number[] => {
    const arc = [loop[inner]];
    for (let i = inner; i !== outer; ) arc.push(loop[(i = (i + step + n) % n)]);
    return arc;
  };
  const [a, b] = [walk(1), walk(-1)];
  const meanY = (arc: number[]): number => arc.reduce((s, v) => s + positions[v * 3 + 1], 0) / arc.length;
  const [upper, lower] = meanY(a) > meanY(b) ? [a, b] : [b, a];
  return { upper: Uint32Array.from(upper), lower: Uint32Array.from(lower) };
}

/** The region's boundary as one ordered loop of vertices (the longest, should it have holes). */
function boundaryLoop(region: HeadRegion, indices: Uint32Array): number[] {
  const uses = new Map<string, [number, number]>();
  const count = new Map<string, number>();
  for (const f of region.faces) {
    for (let e = 0; e < 3; e++) {
      const [a, b] = [indices[f * 3 + e], indices[f * 3 + ((e + 1) % 3)]];
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      uses.set(key, [a, b]);
      count.set(key, (count.get(key) ?? 0) + 1);
    }
  }
  const next = new Map<number, number[]>();
  for (const [key, [a, b]] of uses) {
    if (count.get(key) !== 1) continue;
    next.set(a, [...(next.get(a) ?? []), b]);
    next.set(b, [...(next.get(b) ?? []), a]);
  }
  const seen = new Set<number>();
  let best: number[] = [];
  for (const start of next.keys()) {
    if (seen.has(start)) continue;
    const loop = [start];
    seen.add(start);
    for (let v = start; ; ) {
      const step = next.get(v)!.find((w) => !seen.has(w));
      if (step === undefined) break;
      loop.push((v = step));
      seen.add(step);
    }
    if (loop.length > best.length) best = loop;
  }
  return best;
}
