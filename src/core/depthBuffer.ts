import type { Projection } from './projection.js';

/**
 * The nearest depth of the mesh at each pixel of a grid laid over the part of the photo the mesh
 * covers. Grid cell (i, j) is the photo area [x0 + i / scale, x0 + (i + 1) / scale) × [same for y].
 */
export interface DepthBuffer {
  /** Photo position (pixels) of the grid's top-left corner. */
  x0: number;
  y0: number;
  /** Grid cells per photo pixel (1 at photo resolution, 0.5 at half). */
  scale: number;
  width: number;
  height: number;
  /** Nearest depth per cell, +Infinity where no triangle covers it. */
  depth: Float32Array;
}

/**
 * Rasterises every triangle of the mesh at its photo position into a z-buffer, so that a texel can
 * tell whether its point is the one the camera saw or is hidden behind another part (a cheek behind
 * the nose of a turned head). The grid covers only the photo area under the mesh and is shrunk until
 * its longer side is at most `maxSize` cells; cell centres are sampled.
 *
 * ```ts
 * const buffer = rasterizeDepth(mesh.indices, projection, photo.width, photo.height, 1024);
 * ```
 */
export function rasterizeDepth(
  indices: Uint32Array,
  projection: Projection,
  photoWidth: number,
  photoHeight: number,
  maxSize = 1024,
): DepthBuffer {
  const { x: px, y: py, depth: pz } = projection;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < px.length; i++) {
    if (px[i] < minX) minX = px[i];
    if (px[i] > maxX) maxX = px[i];
    if (py[i] < minY) minY = py[i];
    if (py[i] > maxY) maxY = py[i];
  }
  const x0 = Math.max(0, Math.floor(minX));
  const y0 = Math.max(0, Math.floor(minY));
  const x1 = Math.min(photoWidth, Math.ceil(maxX));
  const y1 = Math.min(photoHeight, Math.ceil(maxY));
  const spanX = Math.max(1, x1 - x0), spanY = Math.max(1, y1 - y0);
  const scale = Math.min(1, maxSize / Math.max(spanX, spanY));
  const width = Math.max(1, Math.ceil(spanX * scale));
  const height = Math.max(1, Math.ceil(spanY * scale));
  // Grid coordinates with cell centres at integers.
  const u = new Float64Array(px.length), v = new Float64Array(py.length);
  for (let i = 0; i < px.length; i++) {
    u[i] = (px[i] - x0) * scale - 0.5;
    v[i] = (py[i] - y0) * scale - 0.5;
  }
  return { x0, y0, scale, width, height, depth: rasterizeGrid(indices, u, v, pz, width, height) };
}

/**
 * The z-buffer itself, the one depth rasteriser of Likeness: the nearest (smallest) `depth` of the
 * triangles at every integer point (i, j) of a `width` × `height` grid, given each vertex's grid
 * position (u, v); +Infinity where no triangle covers a point. Front- and back-facing triangles both
 * occlude. Written by hand: it is thirty lines, and neither sharp nor any small npm package offers a
 * depth-only software rasteriser over typed arrays (the renderer in src/render shades and blends
 * as well, over perspective-correct samples).
 *
 * ```ts
 * const nearest = rasterizeGrid(mesh.indices, u, v, projection.depth, 64, 64);
 * ```
 */
export function rasterizeGrid(
  indices: Uint32Array,
  u: ArrayLike<number>,
  v: ArrayLike<number>,
  depth: ArrayLike<number>,
  width: number,
  height: number,
): Float32Array {
  const out = new Float32Array(width * height).fill(Infinity);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const ax = u[a], ay = v[a], bx = u[b], by = v[b], cx = u[c], cy = v[c];
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (area === 0 || !Number.isFinite(area)) continue;
    const inv = 1 / area;
    const i0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx)));
    const i1 = Math.min(width - 1, Math.floor(Math.max(ax, bx, cx)));
    const j0 = Math.max(0, Math.ceil(Math.min(ay, by, cy)));
    const j1 = Math.min(height - 1, Math.floor(Math.max(ay, by, cy)));
    if (i0 > i1 || j0 > j1) continue;
    const za = depth[a], zb = depth[b], zc = depth[c];
    // Barycentric weights of b and c as affine functions of the grid position, whatever the winding.
    const dbx = (cy - ay) * inv, dby = -(cx - ax) * inv;
    const dcx = -(by - ay) * inv, dcy = (bx - ax) * inv;
    const b0 = -ax * dbx - ay * dby, c0 = -ax * dcx - ay * dcy;
    for (let j = j0; j <= j1; j++) {
      let wb = b0 + i0 * dbx + j * dby;
      let wc = c0 + i0 * dcx + j * dcy;
      const row = j * width;
      for (let i = i0; i <= i1; i++, wb += dbx, wc += dcx) {
        const wa = 1 - wb - wc;
        if (wa < -1e-7 || wb < -1e-7 || wc < -1e-7) continue;
        const z = wa * za + wb * zb + wc * zc;
        if (z < out[row + i]) out[row + i] = z;
      }
    }
  }
  return out;
}
