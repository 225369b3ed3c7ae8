import { spanEnd, spanStart, texelCode, texelTriangle } from '../../../texture/bake/texelTriangle.js';
import { strandAt, type StrandNoise } from './hairStrands.js';

/** What {@link paintHair} needs; every array is already checked by the caller. */
export interface HairPaintInput {
  /** The hair triangles (three vertex indices each) and, per hair triangle, its UV-island border edges (see uvEdges.ts). */
  indices: Uint32Array;
  borders: Uint8Array;
  uvs: Float32Array;
  /** Per vertex: hair coverage 0..1, turns around the crown axis, radians down from the crown. */
  coverage: Float32Array;
  around: Float32Array;
  down: Float32Array;
  /** The texture to paint, RGB, changed in place, and its size. */
  data: Uint8Array;
  width: number;
  height: number;
  /** Texels by which triangles are grown at UV-island borders, so that seams never show the skin beneath. */
  dilation: number;
  /**
   * The hair's colour before strands, the photo's hair over the fill (composite.ts), RGB at half the
   * texture's resolution (the photo is far coarser than the texture), `baseWidth` wide.
   */
  base: Uint8Array;
  baseWidth: number;
  /** Per `base` texel, how much of it is the photo's own hair (0..255). */
  blend: Uint8Array;
  noise: StrandNoise;
  /** Relative strength of the strand noise over the fill, and over the photo's own hair. */
  strands: number;
  strandsOnPhoto: number;
  /** Interpolated coverage at which hair starts to show, and at which it is full: a smoothstep per texel, so the hairline is as smooth as the coverage, not the triangles. */
  hairlineFrom: number;
  hairlineTo: number;
  /** Out: per texel, how much it is hair (0..255). */
  mask: Uint8Array;
}

/** Radians from the crown within which the strands calm down. */
const CROWN = 0.45;

/**
 * Paints the hair into the texture, texel by texel over the hair triangles: the hair's colour
 * (the photo's hair over the fill) streaked by the strand noise, less so where it is the photo's
 * own, then laid over the texture by the interpolated coverage, soft at the hairline. Rasterised as
 * photoTexels.ts does (texel centres, triangles grown at UV-island borders), so that hair reaches
 * across seams as the bake's texels do; a texel in a triangle always wins over one in another's
 * dilation ring.
 */
export function paintHair(input: HairPaintInput): void {
  for (let t = 0; t < input.indices.length / 3; t++) paintTriangle(input, t);
}

function paintTriangle(input: HairPaintInput, tri: number): void {
  const { indices, uvs, coverage: C, around: A, down: D, data, width: W, height: H, base, baseWidth, blend, noise, mask } = input;
  const a = indices[tri * 3], b = indices[tri * 3 + 1], c = indices[tri * 3 + 2];
  const h0 = input.hairlineFrom, hspan = Math.max(1e-6, input.hairlineTo - h0);
  if (C[a] <= h0 && C[b] <= h0 && C[c] <= h0) return;
  const tt = texelTriangle(uvs, a, b, c, W, H, input.borders[tri], input.dilation);
  if (!tt) return;
  const { dai, dbi, dbj, b0, dci, dcj, c0, ma, mb, mc, j0, j1, iMin, iMax } = tt;

  // Turns around the crown wrap at the back: unwrap the corners to the first one's side.
  const ra = A[a], rb = A[b] - Math.round(A[b] - ra) - ra, rc = A[c] - Math.round(A[c] - ra) - ra;
  const ca = C[a], cb = C[b] - ca, cc = C[c] - ca;
  const da = D[a], db = D[b] - da, dc = D[c] - da;
  const dri = rb * dbi + rc * dci, dcci = cb * dbi + cc * dci, ddi = db * dbi + dc * dci;
  const strands = input.strands, onPhoto = input.strandsOnPhoto;

  for (let j = j0; j <= j1; j++) {
    const wbRow = b0 + j * dbj, wcRow = c0 + j * dcj, waRow = 1 - wbRow - wcRow;
    const lo = Math.max(iMin, spanStart(wbRow, dbi, mb), spanStart(wcRow, dci, mc), spanStart(waRow, dai, ma));
    const hi = Math.min(iMax, spanEnd(wbRow, dbi, mb), spanEnd(wcRow, dci, mc), spanEnd(waRow, dai, ma));
    if (lo > hi) continue;
    let wb = wbRow + lo * dbi, wc = wcRow + lo * dci;
    let r = ra + wb * rb + wc * rc, cov = ca + wb * cb + wc * cc, d = da + wb * db + wc * dc;
    for (let i = lo; i <= hi; i++, wb += dbi, wc += dci, r += dri, cov += dcci, d += ddi) {
      const wa = 1 - wb - wc;
      // In the dilation ring below 255 (the span keeps i inside every grown edge).
      const code = texelCode(tt, wa, wb, wc);
      const k = j * W + i;
      if (cov <= h0 || (code < 255 && mask[k] !== 0)) continue;
      const e = (cov - h0) / hspan;
      const cv = e >= 1 ? 1 : e * e * (3 - 2 * e);
      const q = (j >> 1) * baseWidth + (i >> 1);
      const pb = blend[q] * (1 / 255);
      // Strands converge at the crown: calmer there, or they meet in a star.
      const calm = d < CROWN ? 0.4 + (0.6 * d) / CROWN : 1;
      const gain = 1 + calm * strandAt(noise, r, d < 0 ? 0 : d > Math.PI ? Math.PI : d) * (strands + pb * (onPhoto - strands));
      const o = k * 3, h = q * 3;
      const tr = data[o], tg = data[o + 1], tb = data[o + 2];
      const rr = tr + cv * (base[h] * gain - tr), gg = tg + cv * (base[h + 1] * gain - tg), bb = tb + cv * (base[h + 2] * gain - tb);
      data[o] = rr >= 255 ? 255 : rr + 0.5;
      data[o + 1] = gg >= 255 ? 255 : gg + 0.5;
      data[o + 2] = bb >= 255 ? 255 : bb + 0.5;
      mask[k] = cv * 255 + 0.5;
    }
  }
}
