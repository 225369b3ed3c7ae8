import { spanEnd, spanStart, texelCode, texelTriangle } from './texelTriangle.js';
import type { Rgb } from '../../analysis/types.js';
import type { DepthBuffer } from '../../core/depthBuffer.js';
import type { Image, TexelBox } from '../../core/image.js';
import { GRID_STRIDE } from './photoGrid.js';
import type { Projection } from '../../core/projection.js';

/** What {@link photoTexels} needs; every array is already checked by the caller. */
export interface PhotoTexelsInput {
  indices: Uint32Array;
  uvs: Float32Array;
  projection: Projection;
  photo: Image;
  depthBuffer: DepthBuffer;
  /** Depth difference (projection units) below which a point counts as the one the camera saw. */
  depthTolerance: number;
  /** Per depth-buffer cell: nearest depth, what the masks allow (0..1), inside the face (0..1); see photoGrid.ts. */
  grid: Float32Array;
  /** Per triangle, which of its edges border a UV island (see uvEdges.ts): only those are dilated. */
  borders: Uint8Array;
  /** 1 per triangle whose texels must not feed the skin fill (eyes, lips), else 0. */
  notSkin?: Uint8Array;
  skin: Rgb;
  skinLumaTolerance: number;
  skinChromaTolerance: number;
  /** Facing at which the photo weight starts to rise from 0, and where it reaches 1. */
  facingFrom: number;
  facingTo: number;
  /** Texture size. */
  width: number;
  height: number;
  /** How far (texels) triangles are grown so that seams never show the texture's background. */
  dilation: number;
}

export interface PhotoTexels {
  /** RGB from the photo where `weight` > 0, 0 elsewhere. */
  color: Uint8Array;
  /** How much each texel can take from the photo, 0..255. */
  weight: Uint8Array;
  /** How much each texel may feed the skin fill, 0..255: `weight` times skin likeness. */
  source: Uint8Array;
  /**
   * Where `weight` > 0, how much the photo's colour there looks like this face's skin, 0..255; 255 on
   * the eyes, lips and brows, whose colour is their own. What tells an occluder from the face.
   */
  likeness: Uint8Array;
  /** Where `weight` > 0, how squarely the photo saw the texel's point: its facing (0..1) × 255. */
  facing: Uint8Array;
  /** 255 inside a triangle, 1..254 in the dilation ring (larger = closer), 0 on no triangle. */
  coverage: Uint8Array;
  /** Bounding box (inclusive texel rows and columns) of the texels with `weight` > 0; empty if x0 > x1. */
  seen: TexelBox;
}

/**
 * Rasterises every triangle in UV space at texel centres and, per texel, interpolates where its point
 * lands in the photo, its depth and facing, tests it against the photo grid (depth buffer, masks,
 * face outline; see photoGrid.ts) and samples the photo bilinearly. Photo weight = smoothstep of
 * facing × visible × allowed by the masks, × skin likeness outside the inner face. All in one pass
 * with no per-texel attribute buffers: at 4096×2048 four float attributes would be 134 MB of memory
 * traffic for nothing. Written by hand because no library rasterises into typed arrays with our own
 * per-texel work; a per-texel callback would keep V8 from inlining the hot loop.
 *
 * Triangles are grown by `dilation` texels (conservative rasterisation, attributes extrapolated
 * linearly), and a texel inside a triangle always wins over one in another triangle's dilation ring;
 * where interiors overlap (mirrored UVs), the better-seen point wins.
 */
export function photoTexels(input: PhotoTexelsInput): PhotoTexels {
  const { width: W, height: H } = input;
  const out: PhotoTexels = {
    color: new Uint8Array(W * H * 3),
    weight: new Uint8Array(W * H),
    source: new Uint8Array(W * H),
    likeness: new Uint8Array(W * H),
    facing: new Uint8Array(W * H),
    coverage: new Uint8Array(W * H),
    seen: { x0: W, y0: H, x1: -1, y1: -1 },
  };
  const sr = input.skin.red, sg = input.skin.green, sb = input.skin.blue;
  const sY = 0.299 * sr + 0.587 * sg + 0.114 * sb;
  const state: RasterState = {
    input,
    out,
    skinY: sY,
    skinCb: 0.564 * (sb - sY),
    skinCr: 0.713 * (sr - sY),
    invLuma2: 1 / (input.skinLumaTolerance * input.skinLumaTolerance),
    invChroma2: 1 / (input.skinChromaTolerance * input.skinChromaTolerance),
  };
  // One call per triangle rather than one loop over all of them: V8 then optimises the hot loop
  // with full type feedback instead of on-stack-replacing it early and deoptimising on each new branch.
  const triangles = input.indices.length / 3;
  for (let tri = 0; tri < triangles; tri++) rasterTriangle(state, tri);
  return out;
}

interface RasterState {
  input: PhotoTexelsInput;
  out: PhotoTexels;
  skinY: number;
  skinCb: number;
  skinCr: number;
  invLuma2: number;
  invChroma2: number;
}

function rasterTriangle(state: RasterState, tri: number): void {
  const input = state.input;
  const { indices, uvs, photo, depthBuffer: zb, width: W, height: H } = input;
  const { color, weight, source, likeness: like, facing, coverage, seen } = state.out;
  const pw = photo.width, ph = photo.height, pc = photo.channels, pdata = photo.data;
  const g1 = pc >= 3 ? 1 : 0, g2 = pc >= 3 ? 2 : 0;
  const zx0 = zb.x0, zy0 = zb.y0, zs = zb.scale, zw = zb.width, zh = zb.height, grid = input.grid;
  const tol = input.depthTolerance;
  const fspan = Math.max(1e-6, input.facingTo - input.facingFrom);
  const sY = state.skinY, sCb = state.skinCb, sCr = state.skinCr;
  const invLuma2 = state.invLuma2, invChroma2 = state.invChroma2;
  const margin = Math.max(0, input.dilation);

  const t = tri * 3;
  const a = indices[t], b = indices[t + 1], c = indices[t + 2];
  const { x: PX, y: PY, depth: PZ, facing: PF } = input.projection;
  // Facing is interpolated linearly, so a triangle facing away at all three corners gets no photo
  // texel; the fill covers it. Skipping it halves the work for a head seen from the front.
  const f0 = input.facingFrom;
  if (PF[a] <= f0 && PF[b] <= f0 && PF[c] <= f0) return;
  const tt = texelTriangle(uvs, a, b, c, W, H, input.borders[tri], margin);
  if (!tt) return;
  const { dai, dbi, dbj, b0, dci, dcj, c0, ma, mb, mc, j0, j1, iMin, iMax } = tt;

  const xa = PX[a], xb = PX[b] - xa, xc = PX[c] - xa;
  const ya = PY[a], yb = PY[b] - ya, yc = PY[c] - ya;
  const za = PZ[a], zbv = PZ[b] - za, zc = PZ[c] - za;
  const fa = PF[a], fb = PF[b] - fa, fc = PF[c] - fa;
  const skinTriangle = input.notSkin ? input.notSkin[tri] === 0 : true;
  // Per texel step along a row, every attribute is affine: one addition each.
  const dxi = xb * dbi + xc * dci, dyi = yb * dbi + yc * dci, dfi = fb * dbi + fc * dci, dzi = zbv * dbi + zc * dci;

  // The photo area the triangle's texels can land on (grown by the dilation's reach and one cell
  // for the bilinear lookup): if no surface there is nearer than the triangle's own plane (less the
  // tolerance), and the masks and the face outline are all 1, every texel is fully open and the
  // per-texel grid lookup can be skipped. The plane is depth as an affine function of the photo
  // position; a convex surface (most of a face) curves away behind it.
  const reach = margin * (Math.abs(dxi) + Math.abs(xb * dbj + xc * dcj) + Math.abs(dyi) + Math.abs(yb * dbj + yc * dcj));
  const det = xb * yc - xc * yb;
  let clear = false;
  if (Math.abs(det) > 1e-9) {
    const dzdx = (zbv * yc - zc * yb) / det, dzdy = (xb * zc - xc * zbv) / det;
    // A texel lies within a cell of the cells it reads, and the depth buffer was eroded by one
    // more: the plane may rise by two cells' worth of slope between them.
    const slack = (2 * (Math.abs(dzdx) + Math.abs(dzdy))) / zs - tol;
    clear = gridClear(
      grid, zw, zh,
      Math.floor((Math.min(xa, xa + xb, xa + xc) - reach - zx0) * zs - 1.5), Math.ceil((Math.max(xa, xa + xb, xa + xc) + reach - zx0) * zs + 0.5),
      Math.floor((Math.min(ya, ya + yb, ya + yc) - reach - zy0) * zs - 1.5), Math.ceil((Math.max(ya, ya + yb, ya + yc) + reach - zy0) * zs + 0.5),
      // Plane depth at grid cell (i, j) centre: z0 + i·zi + j·zj, plus the slack.
      za + dzdx * (zx0 + 0.5 / zs - xa) + dzdy * (zy0 + 0.5 / zs - ya) + slack, dzdx / zs, dzdy / zs,
      (iMax - iMin + 1) * (j1 - j0 + 1),
    );
  }

  for (let j = j0; j <= j1; j++) {
    const wbRow = b0 + j * dbj, wcRow = c0 + j * dcj;
    // The row's span: each of the three half-planes bounds i on one side.
    const waRow = 1 - wbRow - wcRow;
    const lo = Math.max(iMin, spanStart(wbRow, dbi, mb), spanStart(wcRow, dci, mc), spanStart(waRow, dai, ma));
    const hi = Math.min(iMax, spanEnd(wbRow, dbi, mb), spanEnd(wcRow, dci, mc), spanEnd(waRow, dai, ma));
    let wb = wbRow + lo * dbi;
    let wc = wcRow + lo * dci;
    let x = xa + wb * xb + wc * xc, y = ya + wb * yb + wc * yc, f = fa + wb * fb + wc * fc, z = za + wb * zbv + wc * zc;
    let rowSeen0 = W, rowSeen1 = -1;
    for (let i = lo; i <= hi; i++, wb += dbi, wc += dci, x += dxi, y += dyi, f += dfi, z += dzi) {
      const wa = 1 - wb - wc;
      // In the dilation ring below 255 (the span keeps i inside every grown edge).
      const code = texelCode(tt, wa, wb, wc);
      const k = j * W + i;
      const prior = coverage[k];
      if (code < prior) continue;

      // Photo weight: facing ramp × visible × inside the photo × allowed by the masks, and outside
      // the face outline × skin likeness.
      let w = 0, r = 0, g = 0, bl = 0, likeness = 0;
      if (f > f0 && x >= 0 && y >= 0 && x < pw && y < ph) {
        const s = (f - f0) / fspan;
        w = s >= 1 ? 1 : s * s * (3 - 2 * s);
        // The grid bilinearly (cell centres at +0.5), so that edges stay smooth when a photo pixel
        // spans many texels. Not needed at all on a triangle whose neighbourhood in the grid is clear.
        let face = 1;
        if (!clear) {
          let gx = (x - zx0) * zs - 0.5, gy = (y - zy0) * zs - 0.5;
          if (gx < 0) gx = 0; else if (gx > zw - 1) gx = zw - 1;
          if (gy < 0) gy = 0; else if (gy > zh - 1) gy = zh - 1;
          // Non-negative after clamping: `| 0` floors to an int32, and keeps the index maths integer.
          const gi = gx | 0, gj = gy | 0;
          const gax = gx - gi, gay = gy - gj;
          const c00 = (gj * zw + gi) * GRID_STRIDE;
          const c10 = gi + 1 < zw ? c00 + GRID_STRIDE : c00;
          const c01 = gj + 1 < zh ? c00 + zw * GRID_STRIDE : c00, c11 = gi + 1 < zw ? c01 + GRID_STRIDE : c01;
          // Depth, allowed and face, each bilinear from the four cells (depth was eroded, so near
          // an occluding edge the interpolated depth errs towards hiding, never towards showing).
          const w00 = (1 - gax) * (1 - gay), w10 = gax * (1 - gay), w01 = (1 - gax) * gay, w11 = gax * gay;
          const excess = z - tol - (w00 * grid[c00] + w10 * grid[c10] + w01 * grid[c01] + w11 * grid[c11]);
          const visible = excess <= 0 ? 1 : excess >= tol ? 0 : 1 - excess / tol;
          w *= visible * (w00 * grid[c00 + 1] + w10 * grid[c10 + 1] + w01 * grid[c01 + 1] + w11 * grid[c11 + 1]);
          face = w00 * grid[c00 + 2] + w10 * grid[c10 + 2] + w01 * grid[c01 + 2] + w11 * grid[c11 + 2];
        }
        if (w > 0) {
          // Bilinear photo sample; pixel centres sit at +0.5.
          let fx = x - 0.5, fy = y - 0.5;
          if (fx < 0) fx = 0; else if (fx > pw - 1) fx = pw - 1;
          if (fy < 0) fy = 0; else if (fy > ph - 1) fy = ph - 1;
          const ix = fx | 0, iy = fy | 0;
          const ax = fx - ix, ay = fy - iy;
          const p00 = (iy * pw + ix) * pc;
          const p10 = ix + 1 < pw ? p00 + pc : p00;
          const p01 = iy + 1 < ph ? p00 + pw * pc : p00, p11 = ix + 1 < pw ? p01 + pc : p01;
          const w00 = (1 - ax) * (1 - ay), w10 = ax * (1 - ay), w01 = (1 - ax) * ay, w11 = ax * ay;
          r = w00 * pdata[p00] + w10 * pdata[p10] + w01 * pdata[p01] + w11 * pdata[p11];
          g = w00 * pdata[p00 + g1] + w10 * pdata[p10 + g1] + w01 * pdata[p01 + g1] + w11 * pdata[p11 + g1];
          bl = w00 * pdata[p00 + g2] + w10 * pdata[p10 + g2] + w01 * pdata[p01 + g2] + w11 * pdata[p11 + g2];
          // Skin likeness: luma may vary a lot with shading, chroma much less. Full within
          // tolerance (d² <= 1), none beyond twice the tolerance (d² >= 4).
          const Y = 0.299 * r + 0.587 * g + 0.114 * bl;
          const dY = Y - sY, dCb = 0.564 * (bl - Y) - sCb, dCr = 0.713 * (r - Y) - sCr;
          const d2 = dY * dY * invLuma2 + (dCb * dCb + dCr * dCr) * invChroma2;
          if (d2 <= 1) likeness = 1;
          else if (d2 < 4) {
            const u = Math.sqrt(d2) - 1;
            likeness = 1 - u * u * (3 - 2 * u);
          }
          if (face < 1) {
            // Outside the inner face the photo must look like skin by a stricter measure: chroma
            // within 1/2 of the tolerance (white or grey clothes sit just beyond the skin's own
            // chroma spread), luma within 2/3 of it when lighter but 1/3 when darker: a fringe or
            // a strand the hair mask missed is much darker than the border's tone, which already
            // holds the border's shading. Weighted by how far out of the inner face the texel is.
            const dYs = dY < 0 ? dY * 3 : dY * 1.5;
            const d2s = dYs * dYs * invLuma2 + (dCb * dCb + dCr * dCr) * 4 * invChroma2;
            let strict = 0;
            if (d2s <= 1) strict = 1;
            else if (d2s < 4) {
              const u = Math.sqrt(d2s) - 1;
              strict = 1 - u * u * (3 - 2 * u);
            }
            w *= face + (1 - face) * strict;
          }
        }
      }
      const wq = (w * 255 + 0.5) | 0;
      if (code === 255 && prior === 255 && wq <= weight[k]) continue;
      coverage[k] = code;
      weight[k] = wq;
      if (wq === 0) {
        source[k] = 0;
        continue;
      }
      if (i < rowSeen0) rowSeen0 = i;
      rowSeen1 = i;
      color[k * 3] = r + 0.5;
      color[k * 3 + 1] = g + 0.5;
      color[k * 3 + 2] = bl + 0.5;
      source[k] = skinTriangle ? wq * likeness + 0.5 : 0;
      like[k] = skinTriangle ? likeness * 255 + 0.5 : 255;
      facing[k] = f >= 1 ? 255 : f * 255 + 0.5;
    }
    if (rowSeen1 >= 0) {
      if (rowSeen0 < seen.x0) seen.x0 = rowSeen0;
      if (rowSeen1 > seen.x1) seen.x1 = rowSeen1;
      if (j < seen.y0) seen.y0 = j;
      if (j > seen.y1) seen.y1 = j;
    }
  }
}

/**
 * Whether grid cells [i0, i1] × [j0, j1] (clamped to the grid) are all clear: no surface nearer
 * than z0 + i·zi + j·zj, masks and face outline at 1. Not worth asking (false) when there are more
 * cells than `texels` to save the lookup for.
 */
function gridClear(
  grid: Float32Array, width: number, height: number, i0: number, i1: number, j0: number, j1: number,
  z0: number, zi: number, zj: number, texels: number,
): boolean {
  i0 = Math.max(0, i0);
  j0 = Math.max(0, j0);
  i1 = Math.min(width - 1, i1);
  j1 = Math.min(height - 1, j1);
  if (i0 > i1 || j0 > j1 || (i1 - i0 + 1) * (j1 - j0 + 1) > texels) return false;
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const c = (j * width + i) * GRID_STRIDE;
      if (grid[c] < z0 + i * zi + j * zj || grid[c + 1] < 1 || grid[c + 2] < 1) return false;
    }
  }
  return true;
}
