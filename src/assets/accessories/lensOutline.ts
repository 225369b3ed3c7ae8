import type { LensShape } from '../../library/accessories/accessoryLibrary.js';
import { smoothstep } from '../../core/smoothstep.js';

/** Options of {@link lensOutline}. */
export interface LensOutlineOptions {
  /** Width and height of the lens, metres. */
  width: number;
  height: number;
  /** Points round the outline. */
  segments: number;
}

const power = (c: number, e: number) => Math.sign(c) * Math.abs(c) ** e;

/**
 * The outline of the person's left lens seen from the front, centred on the lens: counter-clockwise
 * points [x, y] with +x towards the temple and −x towards the nose, evenly spaced along it. The
 * right lens is its mirror. Shapes are superellipses bent the way each style is drawn: a wayfarer
 * wider on top, a cat-eye swept up at the outer corner, an aviator dropping to a teardrop on the
 * nose side, a wrap narrowing towards the temple.
 *
 * ```ts
 * const outline = lensOutline('aviator', { width: 0.056, height: 0.047, segments: 48 });
 * ```
 */
export function lensOutline(shape: LensShape, o: LensOutlineOptions): [number, number][] {
  const a = o.width / 2, b = o.height / 2;
  const n = { rectangle: 5, round: 2, aviator: 2.3, cat_eye: 4.2, wayfarer: 4.2, oversized: 3.4, wrap: 3.8 }[shape];
  const dense: [number, number][] = [];
  const steps = 720;
  for (let i = 0; i < steps; i++) {
    const t = (2 * Math.PI * i) / steps;
    let x = a * power(Math.cos(t), 2 / n), y = b * power(Math.sin(t), 2 / n);
    const u = x / a, v = y / b;
    switch (shape) {
      case 'wayfarer':
        x *= 1 + 0.1 * v;
        if (v > 0) y += b * 0.12 * smoothstep(0.2, 1, u) * v;
        break;
      case 'cat_eye':
        // The outer top corner swept up and out, the inner side rounder.
        // The top edge rises towards a pointed outer corner; the bottom rises there too, under the eye's tail.
        if (v > 0) y += b * 0.34 * ((u + 1) / 2) ** 1.6 * v + b * 0.18 * smoothstep(0.55, 1, u) * v;
        else y *= 1 - 0.3 * ((u + 1) / 2) ** 1.5;
        x *= 1 + 0.08 * v;
        break;
      case 'aviator':
        // A straight brow, the bottom dropping most on the nose side.
        if (v > 0) y = b * 0.62 * power(v, 0.55);
        else y *= 1.05 + 0.22 * smoothstep(1, -0.6, u);
        x *= 1 + 0.05 * v;
        break;
      case 'wrap':
        y *= 1 - 0.22 * smoothstep(0, 1, u);
        y += b * 0.08 * u;
        break;
      case 'oversized':
        x *= 1 + 0.05 * v;
        break;
      default:
        break;
    }
    // The nasal cut: the lower inside corner leans away from the nose's sides (not the aviator's teardrop).
    if (shape !== 'aviator' && u < 0 && v < 0) x += a * 0.22 * smoothstep(0, 1, -u) * smoothstep(0.1, 1, -v) ** 1.5;
    dense.push([x, y]);
  }
  // Evenly spaced along the outline.
  const lengths = [0];
  for (let i = 1; i <= steps; i++) lengths.push(lengths[i - 1] + Math.hypot(dense[i % steps][0] - dense[i - 1][0], dense[i % steps][1] - dense[i - 1][1]));
  const total = lengths[steps];
  let cy = 0;
  const out: [number, number][] = [];
  for (let k = 0, i = 0; k < o.segments; k++) {
    const want = (k / o.segments) * total;
    while (lengths[i + 1] < want) i++;
    const t = (want - lengths[i]) / (lengths[i + 1] - lengths[i] || 1);
    const p = dense[i], q = dense[(i + 1) % steps];
    out.push([p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t]);
  }
  // Re-centred vertically, so the lens' middle is its height's.
  let lo = Infinity, hi = -Infinity;
  for (const [, y] of out) { lo = Math.min(lo, y); hi = Math.max(hi, y); }
  cy = (lo + hi) / 2;
  return out.map(([x, y]) => [x, y - cy]);
}
