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
 * the same everywhere, and packed in shelves, tallest first, into the unit square without overlap.
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

function pack(boxes: { i: number; w: number; h: number }[], k: number): AtlasRect[] | null {
  const order = [...boxes].sort((a, b) => b.h - a.h || a.i - b.i);
  const out: AtlasRect[] = new Array(boxes.length);
  let x = PADDING, y = PADDING, shelf = 0;
  for (const b of order) {
    const w = b.w * k, h = b.h * k;
    if (x + w + PADDING > 1) {
      x = PADDING;
      y += shelf + PADDING;
      shelf = 0;
    }
    if (x + w + PADDING > 1 || y + h + PADDING > 1) return null;
    out[b.i] = { u: x, v: y, width: w, height: h };
    x += w + PADDING;
    shelf = Math.max(shelf, h);
  }
  return out;
}
