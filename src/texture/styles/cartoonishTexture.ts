import { boxBlur } from '../filters/boxBlur.js';
import { cellMeans, gridRows } from '../filters/gridRows.js';
import { guidedFilter } from '../filters/guidedFilter.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { smoothstep } from '../../core/smoothstep.js';

/** Options of {@link cartoonishTexture}. */
export interface CartoonishTextureOptions {
  /** Smoothing window radius, as a fraction of the texture width (see {@link guidedFilter}). */
  radius?: number;
  /** Standard deviation (0..255) below which detail is smoothed away. */
  edge?: number;
  /** Number of brightness levels the shading is flattened towards. */
  levels?: number;
  /** How far (0..1) brightness moves to its level: 1 is a hard posterisation, less keeps some gradient. */
  flatten?: number;
  /** Saturation gain: cartoon colours are a little purer. */
  saturation?: number;
  /** Darkening (0..1) on the strongest outlines. */
  outline?: number;
  /** Scale of the features outlined, as a fraction of the texture width (a lid line, a lip line). */
  outlineScale?: number;
}

export const CARTOONISH_TEXTURE_DEFAULTS: Required<CartoonishTextureOptions> = {
  radius: 1 / 256,
  edge: 14,
  levels: 6,
  flatten: 0.4,
  saturation: 1.15,
  outline: 0.35,
  outlineScale: 1 / 1024,
};

/**
 * The `cartoonish_texture`: the person, drawn. Strong edge-preserving smoothing (pores, stubble and
 * blemishes go, eyes, brows, lips and nostrils stay), brightness pulled towards a few flat levels
 * with soft steps, slightly purer colours, and soft dark outlines where the smoothed face has a dark
 * line or rim (a difference of Gaussians of its brightness, computed at a quarter of the resolution:
 * outlines are wide and soft anyway).
 *
 * ```ts
 * const drawn = cartoonishTexture(texture);
 * ```
 */
export function cartoonishTexture(texture: RgbImage, options: CartoonishTextureOptions = {}): RgbImage {
  const o = { ...CARTOONISH_TEXTURE_DEFAULTS, ...options };
  checkRgbImage(texture);
  const { width, height } = texture;
  const smooth = guidedFilter(texture, { radius: o.radius, edge: o.edge });
  const s = Math.max(1, Math.round(width / 1024));
  const sw = Math.ceil(width / s), sh = Math.ceil(height / s);
  const gains = brightnessGains(smooth, s, Math.max(1, (o.outlineScale * width) / s), o);
  const rows = gridRows(gains, 1, sw, sh, s, width, height);
  for (let y = 0; y < height; y++) {
    const { upper, lower, weight } = rows(y);
    drawRow(smooth.data, y * width * 3, width, upper, lower, weight, o.saturation);
  }
  return smooth;
}

/** Saturates one row in place and scales it by its brightness gain (bilinear from the grid). */
function drawRow(data: Uint8Array, start: number, width: number, upper: Float32Array, lower: Float32Array, f: number, saturation: number): void {
  for (let x = 0; x < width; x++) {
    const k = start + x * 3;
    const r = data[k], g = data[k + 1], b = data[k + 2];
    const luma = (77 * r + 150 * g + 29 * b) >> 8;
    const gain = upper[x] + (lower[x] - upper[x]) * f;
    const vr = (luma + (r - luma) * saturation) * gain, vg = (luma + (g - luma) * saturation) * gain, vb = (luma + (b - luma) * saturation) * gain;
    data[k] = vr <= 0 ? 0 : vr >= 255 ? 255 : vr + 0.5;
    data[k + 1] = vg <= 0 ? 0 : vg >= 255 ? 255 : vg + 0.5;
    data[k + 2] = vb <= 0 ? 0 : vb >= 255 ? 255 : vb + 0.5;
  }
}

/**
 * The brightness gain per cell of the 1/s grid, smooth enough to interpolate:
 * - soft posterisation: within a level the brightness stays nearly flat, between levels it steps
 *   smoothly; looked up with the brightness of the surroundings (a 1.6σ blur), so the levels follow
 *   the face's broad shading and the steep parts of the steps do not amplify fine detail;
 * - outlines: darker where the brightness is a dark line or the dark side of an edge, from a
 *   difference of Gaussians (σ and 1.6σ, each three box passes) of the cell means.
 */
function brightnessGains(texture: RgbImage, s: number, sigma: number, o: Required<CartoonishTextureOptions>): Float32Array {
  const { width, height, data } = texture;
  const sw = Math.ceil(width / s), sh = Math.ceil(height / s);
  // The brightness of a cell's mean colour is the mean of its brightness: no full-size luma image.
  const cells = cellMeans(data, width, height, 3, s).mean;
  const fine = new Float32Array(sw * sh);
  for (let i = 0; i < fine.length; i++) fine[i] = 0.299 * cells[i * 3] + 0.587 * cells[i * 3 + 1] + 0.114 * cells[i * 3 + 2];
  const coarse = fine.slice();
  boxBlur(fine, sw, sh, 1, sigma);
  boxBlur(coarse, sw, sh, 1, sigma * 1.6);
  const out = new Float32Array(sw * sh);
  for (let i = 0; i < out.length; i++) {
    const around = Math.max(0, coarse[i]);
    const q = (around / 255) * o.levels, base = Math.floor(q);
    const flat = ((base + smoothstep(0.2, 0.8, q - base)) / o.levels) * 255;
    // Darker than its surroundings by a few per cent of their brightness: a line. Relative, so
    // that shadows do not outline everything.
    const line = smoothstep(0.015, 0.065, (coarse[i] - fine[i]) / Math.max(20, coarse[i]));
    out[i] = ((around + o.flatten * (flat - around)) / Math.max(1, around)) * (1 - o.outline * line);
  }
  return out;
}

