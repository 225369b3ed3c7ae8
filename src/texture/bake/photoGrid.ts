import type { Point2 } from '../../analysis/mesh.js';
import { scanPolygon } from '../../analysis/raster.js';
import type { Mask } from '../../analysis/types.js';
import { confidentMask, sampleMask } from '../../analysis/masks.js';
import type { DepthBuffer } from '../../core/depthBuffer.js';
import { chamferDistance } from '../filters/distance.js';

/** Numbers per cell of a {@link photoGrid}. */
export const GRID_STRIDE = 3;

/** What the masks and the face outline say about the photo, for {@link photoGrid}. */
export interface PhotoRegions {
  /** Where the person is; outside it nothing is taken from the photo. */
  person?: Mask;
  /** Where hair is; hair is not taken from the photo. */
  hair?: Mask;
  /** The face outline, [x0, y0, x1, y1, ...] in photo pixels; outside the inner face only skin is taken. */
  faceOutline?: ArrayLike<number>;
  /**
   * Depth of the band inside the outline, as a fraction of the face's size (square root of its
   * area), over which trust rises from the outline (0) to the inner face (1). Forehead, temples,
   * jaw and cheek sides lie in it: a fringe or a strand of hair the mask missed falls there.
   */
  faceBand?: number;
  /**
   * Width of the margin beside the hair, as a fraction of the face's size (with a face outline),
   * over which what the photo may give rises from 0 at the hair to 1: the strands a mask misses and
   * the shadow the hair casts lie along its edge, and where the head is shown bald (its haircut a
   * mesh of its own) the photo fades into the fill there instead of ending on a dark line. 0 (the
   * default) where hair is painted over the hairline anyway: the margin's fill costs likeness.
   */
  hairMargin?: number;
}

/** {@link PhotoRegions.faceBand} when not given. */
export const FACE_BAND = 0.2;

/** {@link PhotoRegions.hairMargin} for a head shown bald. */
export const HAIR_MARGIN = 0.04;

/**
 * What a texel needs to know about the photo around its point, per depth-buffer cell, interleaved:
 * 1. the nearest depth (from the depth buffer; 1e30 where the mesh is not);
 * 2. how much the photo may be taken from there (0..1): inside the person and not hair;
 * 3. how much it is inside the inner face (0..1), where the photo is trusted whatever its colour
 *    (eyes, brows, lips, beard); outside it, the neck may show a collar and the forehead, temples
 *    and cheek sides a fringe or a strand of hair the mask missed, so there only skin-coloured
 *    pixels are taken. 0 outside the face outline, rising by a squared smoothstep over `faceBand`
 *    inside it to 1 in the inner face; 1 everywhere without outline.
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
  const { person, hair, faceOutline, faceBand = FACE_BAND, hairMargin = 0 } = regions;
  const out = new Float32Array(width * height * GRID_STRIDE);
  const outlined = !!faceOutline && faceOutline.length >= 6;
  for (let i = 0; i < width * height; i++) {
    // Finite where no triangle is (not +Infinity), so that bilinear weights of 0 give 0, not NaN.
    out[i * GRID_STRIDE] = Math.min(grid.depth[i], 1e30);
    out[i * GRID_STRIDE + 1] = 1;
    out[i * GRID_STRIDE + 2] = outlined ? 0 : 1;
  }
  const faceSize = outlined ? markFace(out, grid, faceOutline, faceBand) : 0;
  const hairy = hair && faceSize > 0 && hairMargin > 0 ? new Uint8Array(width * height) : undefined;
  if (person || hair) for (let j = 0; j < height; j++) allowRow(out, j, grid, photoWidth, photoHeight, person, hair, hairy);
  if (hairy) besideHair(out, hairy, width, height, hairMargin * faceSize);
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

/** `allowed` times a smoothstep of the distance (cells) from the nearest hair cell over `reach`. */
function besideHair(out: Float32Array, hairy: Uint8Array, width: number, height: number, reach: number): void {
  if (!(reach > 1)) return;
  const distance = chamferDistance(hairy, width, height, reach + 1);
  for (let i = 0; i < width * height; i++) {
    const s = distance[i] / reach;
    if (s >= 1) continue;
    out[i * GRID_STRIDE + 1] *= s * s * (3 - 2 * s);
  }
}

/**
 * The face outline rasterised onto the grid's face channel, then ramped inwards: smoothstep (squared)
 * of the distance to the nearest cell outside over `band` × the face's size (bilinear sampling softens
 * it more). Returns the face's size in cells (the square root of its area).
 */
function markFace(out: Float32Array, grid: DepthBuffer, outline: ArrayLike<number>, band: number): number {
  const { width, height, x0, y0, scale } = grid;
  const poly: Point2[] = [];
  for (let i = 0; i + 1 < outline.length; i += 2) poly.push([(outline[i] - x0) * scale, (outline[i + 1] - y0) * scale]);
  const inside = new Uint8Array(width * height);
  let cells = 0;
  scanPolygon(poly, width, height, (y, from, to) => {
    inside.fill(1, y * width + from, y * width + to);
    cells += to - from;
  });
  // The polygon's own area (it may extend past the grid), so the band does not shrink with clipping.
  let area = 0;
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i], [bx, by] = poly[(i + 1) % poly.length];
    area += ax * by - bx * ay;
  }
  const size = Math.sqrt(Math.max(Math.abs(area) / 2, cells));
  const reach = band * size;
  if (!(reach > 1)) {
    for (let i = 0; i < inside.length; i++) out[i * GRID_STRIDE + 2] = inside[i];
    return size;
  }
  const outside = new Uint8Array(width * height);
  for (let i = 0; i < inside.length; i++) outside[i] = inside[i] ^ 1;
  // Half a cell less: a cell on the outline's inner side is at distance 1 from the one outside.
  const distance = chamferDistance(outside, width, height, reach + 1);
  for (let i = 0; i < inside.length; i++) {
    if (!inside[i]) continue;
    const s = (distance[i] - 0.5) / reach;
    // Smoothstep, squared: trust stays low through most of the band, where hair hangs, and rises
    // to full only near its inner edge.
    const t = s >= 1 ? 1 : s * s * (3 - 2 * s);
    out[i * GRID_STRIDE + 2] = t * t;
  }
  return size;
}

/** One grid row of `allowed` (a function per row keeps V8's optimiser well fed). */
function allowRow(out: Float32Array, j: number, grid: DepthBuffer, photoWidth: number, photoHeight: number, person?: Mask, hair?: Mask, hairy?: Uint8Array): void {
  const { width, x0, y0, scale } = grid;
  const y = y0 + (j + 0.5) / scale;
  for (let i = 0; i < width; i++) {
    const x = x0 + (i + 0.5) / scale;
    let allowed = 1;
    if (person) allowed *= confidentMask(sampleMask(person, (x * person.width) / photoWidth, (y * person.height) / photoHeight));
    if (hair && (allowed > 0 || hairy)) {
      const h = sampleMask(hair, (x * hair.width) / photoWidth, (y * hair.height) / photoHeight);
      allowed *= confidentMask(255 - h);
      if (hairy && h >= 128) hairy[j * width + i] = 1;
    }
    out[(j * width + i) * GRID_STRIDE + 1] = allowed;
  }
}

