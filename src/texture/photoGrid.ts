import type { Point2 } from '../analysis/mesh.js';
import { scanPolygon } from '../analysis/raster.js';
import type { Mask } from '../analysis/types.js';
import type { DepthBuffer } from './depthBuffer.js';

/** Numbers per cell of a {@link photoGrid}. */
export const GRID_STRIDE = 3;

/** What the masks and the face outline say about the photo, for {@link photoGrid}. */
export interface PhotoRegions {
  /** Where the person is; outside it nothing is taken from the photo. */
  person?: Mask;
  /** Where hair is; hair is not taken from the photo. */
  hair?: Mask;
  /** The face outline, [x0, y0, x1, y1, ...] in photo pixels; outside it only skin is taken. */
  faceOutline?: ArrayLike<number>;
}

/**
 * What a texel needs to know about the photo around its point, per depth-buffer cell, interleaved:
 * 1. the nearest depth (from the depth buffer; 1e30 where the mesh is not);
 * 2. how much the photo may be taken from there (0..1): inside the person and not hair;
 * 3. how much it is inside the face outline (0..1), where the photo is trusted whatever its colour
 *    (eyes, brows, lips, beard); outside it, the neck may show a collar and the temples a strand of
 *    hair the mask missed, so there only skin-coloured pixels are taken. 1 everywhere without outline.
 * Resampled once onto the depth buffer's grid so that the bake's hottest loop reads two cache lines
 * per texel instead of a depth buffer, two masks of arbitrary size and a polygon.
 *
 * Segmentation masks are soft at their edges, and a photo pixel there is partly the other side
 * (background behind a cheek, hair over the forehead), so only their confident part counts: a
 * smoothstep from 50 % to 95 %, continuous so that the photo weight has no steps.
 *
 * Depth and the masks are eroded by one cell (3×3 minimum): the photo is sampled bilinearly, so a
 * texel right beside an occluding edge or a mask edge would otherwise still blend in the pixel across
 * it (the nose's colour on the cheek behind it, the background beside a cheek). The masks are eroded
 * once more and smoothed within that second cell.
 */
export function photoGrid(grid: DepthBuffer, photoWidth: number, photoHeight: number, regions: PhotoRegions = {}): Float32Array {
  const { width, height } = grid;
  const { person, hair, faceOutline } = regions;
  const out = new Float32Array(width * height * GRID_STRIDE);
  const outlined = !!faceOutline && faceOutline.length >= 6;
  for (let i = 0; i < width * height; i++) {
    // Finite where no triangle is (not +Infinity), so that bilinear weights of 0 give 0, not NaN.
    out[i * GRID_STRIDE] = Math.min(grid.depth[i], 1e30);
    out[i * GRID_STRIDE + 1] = 1;
    out[i * GRID_STRIDE + 2] = outlined ? 0 : 1;
  }
  if (outlined) markFace(out, grid, faceOutline);
  if (person || hair) for (let j = 0; j < height; j++) allowRow(out, j, grid, photoWidth, photoHeight, person, hair);
  erode(out, width, height, true);
  if (person || hair) {
    erode(out, width, height, false);
    smoothAllowed(out, width, height);
  }
  return out;
}

/** 3×3 minimum of `allowed` and, if `depth`, of depth too; separably, edges clamped. */
function erode(grid: Float32Array, width: number, height: number, depth: boolean): void {
  const tmp = new Float32Array(width * height * 2);
  for (let j = 0; j < height; j++) erodeAcross(grid, tmp, j * width, width);
  for (let j = 0; j < height; j++) erodeDown(grid, tmp, j, width, height, depth);
}

function erodeAcross(grid: Float32Array, tmp: Float32Array, row: number, width: number): void {
  const S = GRID_STRIDE;
  for (let i = 0; i < width; i++) {
    const k = row + i;
    const l = i > 0 ? k - 1 : k, r = i < width - 1 ? k + 1 : k;
    tmp[k * 2] = Math.min(grid[l * S], grid[k * S], grid[r * S]);
    tmp[k * 2 + 1] = Math.min(grid[l * S + 1], grid[k * S + 1], grid[r * S + 1]);
  }
}

function erodeDown(grid: Float32Array, tmp: Float32Array, j: number, width: number, height: number, depth: boolean): void {
  const S = GRID_STRIDE;
  const up = j > 0 ? -width : 0, down = j < height - 1 ? width : 0;
  for (let i = 0; i < width; i++) {
    const k = j * width + i;
    if (depth) grid[k * S] = Math.min(tmp[(k + up) * 2], tmp[k * 2], tmp[(k + down) * 2]);
    grid[k * S + 1] = Math.min(tmp[(k + up) * 2 + 1], tmp[k * 2 + 1], tmp[(k + down) * 2 + 1]);
  }
}

/**
 * A 3×3 box blur of `allowed` after a second erosion: mask edges then ramp over about three cells,
 * not one, so they do not show the cell staircase when a photo pixel spans many texels, and the
 * blur spreads no further than the first erosion's margin.
 */
function smoothAllowed(grid: Float32Array, width: number, height: number): void {
  const tmp = new Float32Array(width * height);
  for (let j = 0; j < height; j++) smoothAcross(grid, tmp, j * width, width);
  for (let j = 0; j < height; j++) smoothDown(grid, tmp, j, width, height);
}

function smoothAcross(grid: Float32Array, tmp: Float32Array, row: number, width: number): void {
  const S = GRID_STRIDE;
  for (let i = 0; i < width; i++) {
    const k = row + i;
    tmp[k] = (grid[(i > 0 ? k - 1 : k) * S + 1] + grid[k * S + 1] + grid[(i < width - 1 ? k + 1 : k) * S + 1]) / 3;
  }
}

function smoothDown(grid: Float32Array, tmp: Float32Array, j: number, width: number, height: number): void {
  const up = j > 0 ? -width : 0, down = j < height - 1 ? width : 0;
  for (let i = 0; i < width; i++) {
    const k = j * width + i;
    grid[k * GRID_STRIDE + 1] = (tmp[k + up] + tmp[k] + tmp[k + down]) / 3;
  }
}

/** The face outline rasterised onto the grid's face channel (bilinear sampling softens its edge). */
function markFace(out: Float32Array, grid: DepthBuffer, outline: ArrayLike<number>): void {
  const { width, height, x0, y0, scale } = grid;
  const poly: Point2[] = [];
  for (let i = 0; i + 1 < outline.length; i += 2) poly.push([(outline[i] - x0) * scale, (outline[i + 1] - y0) * scale]);
  scanPolygon(poly, width, height, (y, from, to) => {
    for (let i = y * width + from; i < y * width + to; i++) out[i * GRID_STRIDE + 2] = 1;
  });
}

/** One grid row of `allowed` (a function per row keeps V8's optimiser well fed). */
function allowRow(out: Float32Array, j: number, grid: DepthBuffer, photoWidth: number, photoHeight: number, person?: Mask, hair?: Mask): void {
  const { width, x0, y0, scale } = grid;
  const y = y0 + (j + 0.5) / scale;
  for (let i = 0; i < width; i++) {
    const x = x0 + (i + 0.5) / scale;
    let allowed = 1;
    if (person) allowed *= ramp(sample(person, x, y, photoWidth, photoHeight));
    if (hair && allowed > 0) allowed *= ramp(255 - sample(hair, x, y, photoWidth, photoHeight));
    out[(j * width + i) * GRID_STRIDE + 1] = allowed;
  }
}

function ramp(value: number): number {
  const s = (value - 127.5) / 114.75;
  return s <= 0 ? 0 : s >= 1 ? 1 : s * s * (3 - 2 * s);
}

/** A mask value (0..255) at a photo position, bilinear; masks cover the whole photo at any resolution. */
function sample(mask: Mask, x: number, y: number, pw: number, ph: number): number {
  const mw = mask.width, mh = mask.height, d = mask.data;
  let fx = (x * mw) / pw - 0.5, fy = (y * mh) / ph - 0.5;
  if (fx < 0) fx = 0; else if (fx > mw - 1) fx = mw - 1;
  if (fy < 0) fy = 0; else if (fy > mh - 1) fy = mh - 1;
  const ix = Math.floor(fx), iy = Math.floor(fy);
  const ix1 = ix + 1 < mw ? ix + 1 : ix, iy1 = iy + 1 < mh ? iy + 1 : iy;
  const ax = fx - ix, ay = fy - iy;
  const top = d[iy * mw + ix] * (1 - ax) + d[iy * mw + ix1] * ax;
  const bottom = d[iy1 * mw + ix] * (1 - ax) + d[iy1 * mw + ix1] * ax;
  return top * (1 - ay) + bottom * ay;
}
