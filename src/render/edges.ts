import { SUBPIXELS } from './vertices.js';

/**
 * Edge functions of one triangle over its bounding box in the target, ready to step: the output of
 * {@link setupTriangle}, shared (one triangle at a time) so that no object is made per triangle.
 */
export interface Edges {
  /** Vertex numbers, reordered so that the triangle winds clockwise on screen. */
  a: number; b: number; c: number;
  /** Seen from behind (its vertices wind clockwise in NDC). */
  back: boolean;
  /** Bounding box in samples, inclusive, clipped to the target. */
  minX: number; maxX: number; minY: number; maxY: number;
  /** Values at the centre of sample (minX, minY): row0 is a's weight, row1 b's, row2 c's (times 2 × area). */
  row0: number; row1: number; row2: number;
  /** Steps of each value per sample along x and y. */
  dx0: number; dy0: number; dx1: number; dy1: number; dx2: number; dy2: number;
  /** Twice the triangle's area in sub-samples², positive. */
  area: number;
}

export const edges: Edges = {
  a: 0, b: 0, c: 0, back: false, minX: 0, maxX: 0, minY: 0, maxY: 0,
  row0: 0, row1: 0, row2: 0, dx0: 0, dy0: 0, dx1: 0, dy1: 0, dx2: 0, dy2: 0, area: 0,
};

const HALF = SUBPIXELS / 2;

/**
 * Prepares triangle (i0, i1, i2) of `screen` (X, Y, z, 1/w per vertex, positions snapped to sub-samples)
 * for stepping over a width × height target, into {@link edges}. False when there is nothing to draw:
 * degenerate, culled as a back face, or outside the target.
 *
 * The edge function of P→Q at (X, Y) is (Qx − Px)(Y − Py) − (Qy − Py)(X − Px): integers, exact in
 * doubles, so that triangles sharing an edge agree on every sample. A sample is covered when its centre
 * is inside or on a top or left edge (the top-left rule): the other edges are biased by −1.
 */
export function setupTriangle(screen: Float64Array, i0: number, i1: number, i2: number, cullBack: boolean, width: number, height: number): boolean {
  let b = i1, c = i2;
  const ax = screen[i0 * 4], ay = screen[i0 * 4 + 1];
  let bx = screen[i1 * 4], by = screen[i1 * 4 + 1];
  let cx = screen[i2 * 4], cy = screen[i2 * 4 + 1];
  let area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
  // Counter-clockwise in NDC (y up) is clockwise on screen (y down), where this area is negative.
  let back = false;
  if (area < 0) {
    b = i2; c = i1;
    const tx = bx, ty = by;
    bx = cx; by = cy; cx = tx; cy = ty;
    area = -area;
  } else if (area > 0) {
    if (cullBack) return false;
    back = true;
  } else {
    return false;
  }
  let minX = Math.ceil((Math.min(ax, bx, cx) - HALF) / SUBPIXELS);
  let maxX = Math.floor((Math.max(ax, bx, cx) - HALF) / SUBPIXELS);
  let minY = Math.ceil((Math.min(ay, by, cy) - HALF) / SUBPIXELS);
  let maxY = Math.floor((Math.max(ay, by, cy) - HALF) / SUBPIXELS);
  if (minX < 0) minX = 0;
  if (minY < 0) minY = 0;
  if (maxX >= width) maxX = width - 1;
  if (maxY >= height) maxY = height - 1;
  if (minX > maxX || minY > maxY) return false;

  const sx = minX * SUBPIXELS + HALF, sy = minY * SUBPIXELS + HALF;
  const e = edges;
  e.a = i0; e.b = b; e.c = c; e.back = back; e.area = area;
  e.minX = minX; e.maxX = maxX; e.minY = minY; e.maxY = maxY;
  e.row0 = (cx - bx) * (sy - by) - (cy - by) * (sx - bx) - (isTopLeft(cx - bx, cy - by) ? 0 : 1);
  e.row1 = (ax - cx) * (sy - cy) - (ay - cy) * (sx - cx) - (isTopLeft(ax - cx, ay - cy) ? 0 : 1);
  e.row2 = (bx - ax) * (sy - ay) - (by - ay) * (sx - ax) - (isTopLeft(bx - ax, by - ay) ? 0 : 1);
  e.dx0 = -(cy - by) * SUBPIXELS; e.dy0 = (cx - bx) * SUBPIXELS;
  e.dx1 = -(ay - cy) * SUBPIXELS; e.dy1 = (ax - cx) * SUBPIXELS;
  e.dx2 = -(by - ay) * SUBPIXELS; e.dy2 = (bx - ax) * SUBPIXELS;
  return true;
}

function isTopLeft(dx: number, dy: number): boolean {
  // The triangle winds clockwise on screen (y down) here: a left edge goes up, a top edge goes right.
  return dy < 0 || (dy === 0 && dx > 0);
}
