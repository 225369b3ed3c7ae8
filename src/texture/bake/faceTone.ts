import type { Rgb } from '../../analysis/types.js';
import type { DepthBuffer } from '../../core/depthBuffer.js';
import type { Image } from '../../core/image.js';
import { GRID_STRIDE } from './photoGrid.js';

/** Grid weight (allowed × closeness to the outline) below which a face tone falls back to `skin`. */
const MIN_WEIGHT = 12;
/**
 * Luma and chroma distance from the inner face's medians within which a border sample counts at
 * all: shading darkens the border, a fringe or a strand of hair the mask missed darkens it far more.
 */
const GATE_LUMA = 60;
const GATE_CHROMA = 16;
/** Luma and chroma distance from the border's medians within which a sample counts in the trimmed mean. */
const LUMA_TOLERANCE = 36;
const CHROMA_TOLERANCE = 10;

/**
 * The skin tone at the face's border, as the photo shows it there: what the unseen head is filled
 * with, so that the face blends into the head instead of sitting on it like a mask. `skin` (the
 * analysis' cheek and forehead median) is often off at the border: shading, a different white balance
 * of its sample, or a light centre of the face.
 *
 * Taken from the photo-grid cells of the band just inside the face outline (face channel between 0
 * and 1, see photoGrid.ts) that the photo may be taken from (person, not hair) and the mesh covers,
 * weighted by allowed × (1 − face), so the outline itself counts most. The photo pixel under each
 * cell is one the bake takes for a texel there. Robust three times over, since a fringe, a strand of
 * hair or a shadow may cover much of the band: only samples near the inner face's medians (mostly
 * skin) count, then the weighted medians of luma and chroma of those, then the weighted mean of the
 * samples near these. With too little band (no outline, a tiny face), `skin`.
 *
 * ```ts
 * const tone = faceTone(grid, depthBuffer, photo, analysis.colors.skin);
 * ```
 */
export function faceTone(grid: Float32Array, buffer: DepthBuffer, photo: Image, skin: Rgb): Rgb {
  const { width, height, x0, y0, scale } = buffer;
  const pw = photo.width, ph = photo.height, pc = photo.channels, data = photo.data;
  const g1 = pc >= 3 ? 1 : 0, g2 = pc >= 3 ? 2 : 0;
  // Band samples: luma, Cb, Cr, r, g, b, weight. Inner face: histograms only.
  const band: number[] = [];
  const inner = histograms();
  for (let j = 0; j < height; j++) {
    const py = Math.floor(y0 + (j + 0.5) / scale);
    if (py < 0 || py >= ph) continue;
    for (let i = 0; i < width; i++) {
      const c = (j * width + i) * GRID_STRIDE;
      const face = grid[c + 2], allowed = grid[c + 1];
      if (!(face > 0 && allowed > 0) || grid[c] >= 1e30) continue;
      const px = Math.floor(x0 + (i + 0.5) / scale);
      if (px < 0 || px >= pw) continue;
      const p = (py * pw + px) * pc;
      const r = data[p], g = data[p + g1], b = data[p + g2];
      const Y = 0.299 * r + 0.587 * g + 0.114 * b;
      const cb = 0.564 * (b - Y), cr = 0.713 * (r - Y);
      if (face >= 1) add(inner, Y, cb, cr, allowed);
      else band.push(Y, cb, cr, r, g, b, allowed * (1 - face));
    }
  }
  if (inner.total < MIN_WEIGHT) return { ...skin };
  const [iY, iCb, iCr] = medians(inner);
  const near = histograms();
  for (let k = 0; k < band.length; k += 7) {
    if (distance2(band, k, iY, iCb, iCr, GATE_LUMA, GATE_CHROMA) > 1) band[k + 6] = 0;
    else add(near, band[k], band[k + 1], band[k + 2], band[k + 6]);
  }
  if (near.total < MIN_WEIGHT) return { ...skin };
  const [mY, mCb, mCr] = medians(near);
  let sr = 0, sg = 0, sb = 0, sw = 0;
  for (let k = 0; k < band.length; k += 7) {
    const w = band[k + 6];
    if (w === 0 || distance2(band, k, mY, mCb, mCr, LUMA_TOLERANCE, CHROMA_TOLERANCE) > 1) continue;
    sr += w * band[k + 3];
    sg += w * band[k + 4];
    sb += w * band[k + 5];
    sw += w;
  }
  if (sw > 0) return { red: sr / sw, green: sg / sw, blue: sb / sw };
  // No sample near all three medians at once: the medians themselves, back to RGB.
  return {
    red: clamp(mY + mCr / 0.713),
    green: clamp(mY - (0.114 * (mCb / 0.564) + 0.299 * (mCr / 0.713)) / 0.587),
    blue: clamp(mY + mCb / 0.564),
  };
}

interface Histograms {
  Y: Float64Array;
  Cb: Float64Array;
  Cr: Float64Array;
  total: number;
}

function histograms(): Histograms {
  return { Y: new Float64Array(256), Cb: new Float64Array(256), Cr: new Float64Array(256), total: 0 };
}

function add(h: Histograms, Y: number, cb: number, cr: number, w: number): void {
  h.Y[bin(Y)] += w;
  h.Cb[bin(cb + 128)] += w;
  h.Cr[bin(cr + 128)] += w;
  h.total += w;
}

/** Weighted medians of luma, Cb and Cr. */
function medians(h: Histograms): [number, number, number] {
  return [median(h.Y, h.total), median(h.Cb, h.total) - 128, median(h.Cr, h.total) - 128];
}

/** Squared distance of band sample `k` from (Y, Cb, Cr) in units of the tolerances. */
function distance2(band: number[], k: number, Y: number, cb: number, cr: number, luma: number, chroma: number): number {
  const dY = (band[k] - Y) / luma, dCb = (band[k + 1] - cb) / chroma, dCr = (band[k + 2] - cr) / chroma;
  return dY * dY + dCb * dCb + dCr * dCr;
}

function bin(value: number): number {
  return value <= 0 ? 0 : value >= 255 ? 255 : Math.round(value);
}

/** The weighted median bin of a histogram holding `total` weight. */
function median(histogram: Float64Array, total: number): number {
  let acc = 0;
  for (let v = 0; v < 256; v++) {
    acc += histogram[v];
    if (acc >= total / 2) return v;
  }
  return 255;
}

function clamp(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value;
}
