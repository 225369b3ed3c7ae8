import type { BodyTopology } from './bodyTopology.js';

/** An island's rectangle in the texture: top-left (u, v) and size, v = 0 the top row. */
export interface AtlasRect {
  u: number;
  v: number;
  width: number;
  height: number;
}

/** Gap between islands, as a share of the texture's side: room for mipmaps to bleed. */
const PADDING = 0.008;

/**
 * The body's UV atlas: every island (torso front and back, each limb, palm, finger and thumb) is a
 * rectangle of its grid, sized by its real extent on a reference body so that texels per cm are
 * the same everywhere, and packed bottom-left on a skyline, tallest first, into the unit square without
 * overlap.
 * The reference body is fixed, so the atlas is the same for every shape.
 *
 * ```ts
 * const rects = bodyAtlas(topology, meanPositions);
 * ```
 */
export function bodyAtlas(topology: BodyTopology, reference: Float32Array): AtlasRect[] {
  const sizes = topology.islands.map(() => ({ along: 0, around: 0, n: 0, m: 0 }));
  const dist = (a: number, b: number): number =>
    Math.hypot(reference[a * 3] - reference[b * 3], reference[a * 3 + 1] - reference[b * 3 + 1], reference[a * 3 + 2] - reference[b * 3 + 2]);
  for (const face of topology.faces) {
    if (face.corners.length !== 4) continue;
    const [c0, c1, c2] = face.corners;
    const s = sizes[face.island];
    s.around += dist(c0.vertex, c1.vertex); s.n++;
    s.along += dist(c1.vertex, c2.vertex); s.m++;
  }
  const boxes = topology.islands.map((isl, i) => ({
    i,
    w: isl.columns * (sizes[i].around / Math.max(1, sizes[i].n)),
    h: isl.rows * (sizes[i].along / Math.max(1, sizes[i].m)),
  }));
  // The largest scale at which the shelves fit the unit square.
  let lo = 0, hi = 10;
  for (let it = 0; it < 40; it++) {
    const mid = (lo + hi) / 2;
    if (pack(boxes, mid)) lo = mid;
    else hi = mid;
  }
  return pack(boxes, lo)!;
}

/**
 * Bottom-left skyline packing: islands tallest first, each where its top lands lowest (then leftmost)
 * on the skyline of those placed before. Null when they do not fit the unit square at this scale.
 */
function pack(boxes: { i: number; w: number; h: number }[], k: number): AtlasRect[] | null {
  const order = [...boxes].sort((a, b) => b.h - a.h || b.w - a.w || a.i - b.i);
  const out: AtlasRect[] = new Array(boxes.length);
  // The skyline: segments [x, x + width) at height y, left to right, covering [0, 1).
  let skyline = [{ x: 0, width: 1, y: 0 }];
  for (const b of order) {
    const w = b.w * k + PADDING, h = b.h * k + PADDING;
    let best: { x: number; y: number } | null = null;
    for (let s = 0; s < skyline.length; s++) {
      const x = skyline[s].x;
      if (x + w > 1 - PADDING + 1e-12) break;
      let y = 0;
      for (let t = s; t < skyline.length && skyline[t].x < x + w - 1e-12; t++) y = Math.max(y, skyline[t].y);
      if (y + h > 1 - PADDING + 1e-12) continue;
      if (!best || y < best.y - 1e-12) best = { x, y };
    }
    if (!best) return null;
    out[b.i] = { u: best.x + PADDING, v: best.y + PADDING, width: b.w * k, height: b.h * k };
    // Raise the skyline under the island.
    const next: typeof skyline = [];
    for (const seg of skyline) {
      const end = seg.x + seg.width;
      if (end <= best.x || seg.x >= best.x + w) { next.push(seg); continue; }
      if (seg.x < best.x) next.push({ x: seg.x, width: best.x - seg.x, y: seg.y });
      if (end > best.x + w) next.push({ x: best.x + w, width: end - best.x - w, y: seg.y });
    }
    next.push({ x: best.x, width: w, y: best.y + h });
    skyline = next.sort((a, b) => a.x - b.x);
  }
  return out;
}
