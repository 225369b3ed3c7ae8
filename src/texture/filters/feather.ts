import { chamferDistance } from './distance.js';
import type { TexelBox } from '../../core/image.js';

/**
 * Softens the hard edges of the photo weight: where the photo stops abruptly (an occluding nose, the
 * photo border, a mask edge) the weight is ramped from 0 at the edge to full `radius` texels inside,
 * so the photo fades into the fill instead of meeting it at a seam. Smooth ramps (the facing ramp)
 * stay ramps. The result never exceeds `weight`: texels the photo must not colour stay at 0.
 * Texels on no triangle are not edges: a UV island's border keeps the photo up to its dilated rim.
 * Only `seen` (the box of texels with weight > 0) grown by `radius` is looked at.
 *
 * ```ts
 * const blend = feather(texels.weight, texels.coverage, 4096, 2048, texels.seen, 8);
 * ```
 */
export function feather(weight: Uint8Array, coverage: Uint8Array, width: number, height: number, seen: TexelBox, radius: number): Uint8Array {
  const out = new Uint8Array(weight.length);
  if (radius <= 0 || seen.x0 > seen.x1) {
    out.set(weight);
    return out;
  }
  // The distance to the nearest edge is only needed to within a texel or so: it is computed on a
  // half-resolution grid (a cell is an edge if any of its 2×2 texels is), four times fewer cells.
  const x0 = Math.max(0, seen.x0 - radius) >> 1, x1 = Math.min(width - 1, seen.x1 + radius) >> 1;
  const y0 = Math.max(0, seen.y0 - radius) >> 1, y1 = Math.min(height - 1, seen.y1 + radius) >> 1;
  const gw = x1 - x0 + 1, gh = y1 - y0 + 1;
  const edge = new Uint8Array(gw * gh);
  for (let y = 2 * y0; y <= Math.min(height - 1, 2 * y1 + 1); y++) {
    markEdges(weight, coverage, y * width, 2 * x0, Math.min(width - 1, 2 * x1 + 1), edge, ((y >> 1) - y0) * gw - x0);
  }
  const cap = radius / 2 + 2;
  const distance = chamferDistance(edge, gw, gh, cap);
  // Everywhere further than the ramp from any edge the weight stays as it is: copy it, then ramp
  // only the 2×2 texels of the half-resolution cells near an edge.
  out.set(weight);
  const near = radius / 2 + 1.5;
  for (let j = 0; j < gh; j++) rampCells(weight, out, width, height, seen, distance, j, gw, gh, x0, y0, radius, near);
  return out;
}

/** Marks the half-resolution cells holding a texel that is on a triangle yet gets no photo. */
function markEdges(weight: Uint8Array, coverage: Uint8Array, row: number, from: number, to: number, edge: Uint8Array, cellRow: number): void {
  for (let x = from; x <= to; x++) {
    if (weight[row + x] === 0 && coverage[row + x] !== 0) edge[cellRow + (x >> 1)] = 1;
  }
}

/**
 * Ramps the texels of one row of half-resolution cells that lie within `near` of an edge by
 * smoothstep(distance / radius), the distance bilinear on the half grid.
 */
function rampCells(
  weight: Uint8Array, out: Uint8Array, width: number, height: number, seen: TexelBox, distance: Float32Array,
  j: number, gw: number, gh: number, gx0: number, gy0: number, radius: number, near: number,
): void {
  for (let i = 0; i < gw; i++) {
    if (distance[j * gw + i] >= near) continue;
    for (let y = Math.max(seen.y0, 2 * (gy0 + j)); y <= Math.min(seen.y1, height - 1, 2 * (gy0 + j) + 1); y++) {
      let fy = (y + 0.5) / 2 - 0.5 - gy0;
      if (fy < 0) fy = 0; else if (fy > gh - 1) fy = gh - 1;
      const j0 = Math.floor(fy), j1 = Math.min(gh - 1, j0 + 1), ay = fy - j0;
      for (let x = Math.max(seen.x0, 2 * (gx0 + i)); x <= Math.min(seen.x1, width - 1, 2 * (gx0 + i) + 1); x++) {
        const k = y * width + x;
        const w = weight[k];
        if (w === 0) continue;
        let fx = (x + 0.5) / 2 - 0.5 - gx0;
        if (fx < 0) fx = 0; else if (fx > gw - 1) fx = gw - 1;
        const i0 = Math.floor(fx), i1 = Math.min(gw - 1, i0 + 1), ax = fx - i0;
        const a = distance[j0 * gw + i0], b = distance[j0 * gw + i1], c = distance[j1 * gw + i0], d = distance[j1 * gw + i1];
        const cells = (a + ax * (b - a)) * (1 - ay) + (c + ax * (d - c)) * ay;
        const s = (2 * cells) / radius;
        out[k] = s >= 1 ? w : (w * s * s * (3 - 2 * s) + 0.5) | 0;
      }
    }
  }
}
