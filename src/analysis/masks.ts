import type { Mask } from './types.js';

/** Fraction of the mask's pixels that are at least half on (value >= 128). */
export function maskCoverage(mask: Mask): number {
  let on = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i] >= 128) on++;
  return mask.data.length ? on / mask.data.length : 0;
}

/**
 * A mask value (0..255) at mask position (x, y), bilinear, pixel centres at +0.5, edges clamped.
 * Masks cover the whole photo at any resolution: scale photo positions by mask/photo size first.
 */
export function sampleMask(mask: Mask, x: number, y: number): number {
  const mw = mask.width, mh = mask.height, d = mask.data;
  let fx = x - 0.5, fy = y - 0.5;
  if (fx < 0) fx = 0; else if (fx > mw - 1) fx = mw - 1;
  if (fy < 0) fy = 0; else if (fy > mh - 1) fy = mh - 1;
  const ix = Math.floor(fx), iy = Math.floor(fy);
  const ix1 = ix + 1 < mw ? ix + 1 : ix, iy1 = iy + 1 < mh ? iy + 1 : iy;
  const ax = fx - ix, ay = fy - iy;
  const top = d[iy * mw + ix] * (1 - ax) + d[iy * mw + ix1] * ax;
  const bottom = d[iy1 * mw + ix] * (1 - ax) + d[iy1 * mw + ix1] * ax;
  return top * (1 - ay) + bottom * ay;
}

/**
 * A segmentation mask value's confident part: a smoothstep from 50 % to 95 %, so the soft rim where
 * a pixel is partly hair, background or skin does not count.
 */
export function confidentMask(value: number): number {
  const s = (value - 127.5) / 114.75;
  return s <= 0 ? 0 : s >= 1 ? 1 : s * s * (3 - 2 * s);
}
