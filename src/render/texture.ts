import { SRGB_STEPS, SRGB_TO_LINEAR } from './color.js';
import type { Texels } from './mipmap.js';

/** How texture coordinates outside [0, 1] are read: the edge texel repeated, or the image tiled. */
export type Wrap = 'clamp' | 'repeat';

/**
 * Bilinear sample of a texture level at (u, v) (v = 0 is the top row, texel centres at
 * (i + 0.5) / width), written to `out` as sRGB codes and alpha in [0, 255], not rounded.
 */
export function sampleBilinear(level: Texels, u: number, v: number, repeat: boolean, out: Float64Array): void {
  const { width, height, texels } = level;
  // NaN (from a degenerate triangle) would index outside the texels.
  const x = u === u ? u * width - 0.5 : 0;
  const y = v === v ? v * height - 0.5 : 0;
  let x0 = Math.floor(x);
  let y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  let x1 = x0 + 1;
  let y1 = y0 + 1;
  if (repeat) {
    x0 %= width; if (x0 < 0) x0 += width;
    y0 %= height; if (y0 < 0) y0 += height;
    x1 = x0 + 1 === width ? 0 : x0 + 1;
    y1 = y0 + 1 === height ? 0 : y0 + 1;
  } else {
    x0 = x0 < 0 ? 0 : x0 >= width ? width - 1 : x0;
    x1 = x1 < 0 ? 0 : x1 >= width ? width - 1 : x1;
    y0 = y0 < 0 ? 0 : y0 >= height ? height - 1 : y0;
    y1 = y1 < 0 ? 0 : y1 >= height ? height - 1 : y1;
  }
  const p = texels[y0 * width + x0], q = texels[y0 * width + x1];
  const r = texels[y1 * width + x0], s = texels[y1 * width + x1];
  const w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy;
  out[0] = (p & 255) * w00 + (q & 255) * w10 + (r & 255) * w01 + (s & 255) * w11;
  out[1] = ((p >>> 8) & 255) * w00 + ((q >>> 8) & 255) * w10 + ((r >>> 8) & 255) * w01 + ((s >>> 8) & 255) * w11;
  out[2] = ((p >>> 16) & 255) * w00 + ((q >>> 16) & 255) * w10 + ((r >>> 16) & 255) * w01 + ((s >>> 16) & 255) * w11;
  out[3] = (p >>> 24) * w00 + (q >>> 24) * w10 + (r >>> 24) * w01 + (s >>> 24) * w11;
}

const second = new Float64Array(4);

/**
 * Trilinear sample of a mipmap chain at (u, v): bilinear in the levels around `lod` (log2 of texels per
 * pixel), mixed by its fraction; `lod` <= 0 reads the full-size level only. Writes linear RGB and alpha
 * in [0, 1] to `out`.
 *
 * The texels are mixed as sRGB codes and the result turned into linear light once, rather than each
 * texel: several times cheaper, and between neighbouring texels of a photo the difference does not
 * show. (The mipmap levels themselves are averaged in linear light.)
 */
export function sampleMipmaps(levels: Texels[], u: number, v: number, lod: number, repeat: boolean, out: Float64Array): void {
  const last = levels.length - 1;
  if (!(lod > 0)) {
    sampleBilinear(levels[0], u, v, repeat, out);
  } else if (lod >= last) {
    sampleBilinear(levels[last], u, v, repeat, out);
  } else {
    let level = lod | 0;
    // Blend only in the middle half between two levels, reading one level elsewhere ("brilinear", as GPU
    // drivers do): half the taps on average, and level changes still fade rather than step.
    const f = (lod - level - 0.25) * 2;
    if (f >= 1) level++;
    sampleBilinear(levels[level], u, v, repeat, out);
    if (f > 0 && f < 1) {
      sampleBilinear(levels[level + 1], u, v, repeat, second);
      const g = 1 - f;
      out[0] = out[0] * g + second[0] * f;
      out[1] = out[1] * g + second[1] * f;
      out[2] = out[2] * g + second[2] * f;
      out[3] = out[3] * g + second[3] * f;
    }
  }
  const k = SRGB_STEPS / 255;
  out[0] = SRGB_TO_LINEAR[(out[0] * k + 0.5) | 0];
  out[1] = SRGB_TO_LINEAR[(out[1] * k + 0.5) | 0];
  out[2] = SRGB_TO_LINEAR[(out[2] * k + 0.5) | 0];
  out[3] *= 1 / 255;
}

/** Bilinear alpha in [0, 1] of a texture level at (u, v). */
export function sampleAlpha(level: Texels, u: number, v: number, repeat: boolean): number {
  sampleBilinear(level, u, v, repeat, second);
  return second[3] / 255;
}
