import type { Mask, Rgb } from '../../analysis/types.js';
import { boxBlur } from '../filters/boxBlur.js';
import { checkRgbImage, type TexelBox, type RgbImage } from '../../core/image.js';
import { pushPull } from '../filters/pushPull.js';

/** Options of {@link evenLighting}. */
export interface EvenLightingOptions {
  /** How much of the shading to divide out: 0 leaves the texture as it is, 1 removes it all. */
  strength?: number;
  /**
   * Size of the shading field's features as a fraction of the texture width: variations broader
   * than this count as lighting, finer ones (pores, wrinkles, lips) as the person and are kept.
   */
  scale?: number;
  /** Largest brightening (and, inverted, darkening) factor, so deep shadow does not turn into noise. */
  maxGain?: number;
  /**
   * The colour the skin's broad shading is brought to, sRGB: each channel is then evened on its own,
   * so a colour cast (a green or yellow light, a shadow's blue) goes too, and the face meets a fill
   * of this tone without a change of colour. Absent: luma only, to the skin's median.
   */
  target?: Rgb | null;
}

export const EVEN_LIGHTING_DEFAULTS: Required<EvenLightingOptions> = {
  strength: 1,
  scale: 1 / 24,
  maxGain: 2.5,
  target: null,
};

/** Texels per cell of the shading field along each axis: the field is broad by definition. */
export const FIELD_FACTOR = 8;

/**
 * Evens the lighting of a texture (`enhance_lighting`): estimates a low-frequency shading field from
 * the luma of the skin the photo shows (a weighted blur at 1/8 resolution, holes filled by
 * pull-push) and divides it out, scaled so that the median skin luma stays where it was. Colours are
 * multiplied by one gain per texel, so hue and saturation keep their ratios. The gain fades to 1
 * away from the photo's skin, over the same blur. `skin` (texture size, 0..255) says how much each
 * texel is skin lit as in the photo: the bake's `skin` mask.
 *
 * On a finished texture, the fill right beside the face keeps the face's old shading and may show a
 * faint ring; {@link bakeTexture}'s `evenLighting` option evens the photo before the fill is grown
 * from it, which is the better way to bake an avatar with `enhance_lighting`.
 *
 * ```ts
 * const { texture, skin } = bakeTexture(input);
 * const even = evenLighting(texture, skin, { strength: 0.8 });
 * ```
 */
export function evenLighting(texture: RgbImage, skin: Mask, options: EvenLightingOptions = {}): RgbImage {
  checkRgbImage(texture);
  const { width, height } = texture;
  if (skin.width !== width || skin.height !== height || skin.data.length !== width * height) {
    throw new RangeError(`the skin mask is ${skin.width}×${skin.height}, the texture ${width}×${height}`);
  }
  const data = texture.data.slice();
  evenLightingIn(data, skin.data, width, height, { x0: 0, y0: 0, x1: width - 1, y1: height - 1 }, options);
  return { width, height, channels: 3, data };
}

/** {@link evenLighting} in place, looking at and changing only the texels of `box`. */
export function evenLightingIn(
  data: Uint8Array, skin: Uint8Array, width: number, height: number, box: TexelBox, options: EvenLightingOptions = {},
): void {
  const o = { ...EVEN_LIGHTING_DEFAULTS, ...options };
  if (o.strength === 0 || box.x0 > box.x1 || box.y0 > box.y1) return;
  const bx = box.x0, by = box.y0, bw = box.x1 - box.x0 + 1, bh = box.y1 - box.y0 + 1;
  const fw = Math.ceil(bw / FIELD_FACTOR), fh = Math.ceil(bh / FIELD_FACTOR);
  // One field (luma) or three (R, G, B, towards a target colour).
  const channels = o.target ? 3 : 1;
  const sum = new Float32Array(fw * fh * channels);
  const weight = new Float32Array(fw * fh);
  const histogram = new Float64Array(256);
  for (let y = 0; y < bh; y++) {
    skinRow(data, skin, ((by + y) * width) + bx, bw, Math.floor(y / FIELD_FACTOR) * fw, channels, sum, weight, histogram);
  }
  let total = 0;
  for (const h of histogram) total += h;
  if (total === 0) return;
  let median = 0;
  for (let acc = 0; median < 255 && acc + histogram[median] < total / 2; median++) acc += histogram[median];
  median = Math.max(1, median);
  const targets = o.target ? [o.target.red, o.target.green, o.target.blue].map((v) => Math.max(1, v)) : [median];

  // Normalised convolution: blur(value × s) / blur(s) is the local skin value, ignoring non-skin.
  const radius = Math.max(1, (o.scale * width) / FIELD_FACTOR / 2);
  boxBlur(sum, fw, fh, channels, radius);
  boxBlur(weight, fw, fh, 1, radius);
  const full = 255 * FIELD_FACTOR * FIELD_FACTOR;
  // How near a cell is to the photo's skin: 1 within it, falling to 0 over the blur around it.
  const near = new Float32Array(fw * fh);
  for (let i = 0; i < weight.length; i++) {
    const w = Math.min(1, (weight[i] / full) * 4);
    for (let c = 0; c < channels; c++) sum[i * channels + c] = weight[i] > 0 ? (sum[i * channels + c] / weight[i]) * w : 0;
    weight[i] = w;
    near[i] = w;
  }
  const shading = pushPull(sum, weight, fw, fh, channels, targets);
  const gain = new Float32Array(fw * fh * channels);
  const lo = 1 / o.maxGain, hi = o.maxGain;
  for (let i = 0; i < fw * fh; i++) {
    for (let c = 0; c < channels; c++) {
      const g = Math.min(hi, Math.max(lo, targets[c] / Math.max(1, shading[i * channels + c])));
      gain[i * channels + c] = 1 + o.strength * near[i] * (g - 1);
    }
  }
  applyGainField(data, width, box, { gain, width: fw, height: fh, channels, x0: bx, y0: by });
}

/** A field of gains, `channels` per cell of FIELD_FACTOR × FIELD_FACTOR texels, its cell (0, 0) at texel (x0, y0). */
export interface GainField {
  gain: Float32Array;
  width: number;
  height: number;
  channels: 1 | 3;
  x0: number;
  y0: number;
}

/**
 * Multiplies the texels of `box` by the field's gain, interpolated bilinearly between cell centres
 * (clamped at the field's edges): one gain for R, G and B, or one each.
 */
export function applyGainField(data: Uint8Array, width: number, box: TexelBox, field: GainField): void {
  const { gain, width: fw, height: fh, channels } = field;
  const bw = box.x1 - box.x0 + 1;
  // Per column of the box, the two field cells and the weight of the second.
  const cx0 = new Int32Array(bw), cx1 = new Int32Array(bw), cax = new Float32Array(bw);
  for (let x = 0; x < bw; x++) {
    let fx = (box.x0 - field.x0 + x + 0.5) / FIELD_FACTOR - 0.5;
    if (fx < 0) fx = 0; else if (fx > fw - 1) fx = fw - 1;
    cx0[x] = Math.floor(fx);
    cx1[x] = Math.min(fw - 1, cx0[x] + 1);
    cax[x] = fx - cx0[x];
  }
  const between = new Float32Array(fw * channels);
  for (let y = box.y0; y <= box.y1; y++) {
    let fy = (y - field.y0 + 0.5) / FIELD_FACTOR - 0.5;
    if (fy < 0) fy = 0; else if (fy > fh - 1) fy = fh - 1;
    const y0 = Math.floor(fy), y1 = Math.min(fh - 1, y0 + 1);
    for (let i = 0; i < fw * channels; i++) between[i] = gain[y0 * fw * channels + i] + (fy - y0) * (gain[y1 * fw * channels + i] - gain[y0 * fw * channels + i]);
    if (channels === 1) gainRow(data, (y * width + box.x0) * 3, bw, between, cx0, cx1, cax);
    else colorGainRow(data, (y * width + box.x0) * 3, bw, between, cx0, cx1, cax);
  }
}

/** Adds one row's skin luma (one channel) or colour (three) into its field cells, and its luma into the histogram. */
function skinRow(
  data: Uint8Array, skin: Uint8Array, from: number, n: number, cellRow: number, channels: number,
  sum: Float32Array, weight: Float32Array, histogram: Float64Array,
): void {
  for (let x = 0; x < n; x++) {
    const k = from + x;
    const s = skin[k];
    if (s === 0) continue;
    const luma = 0.299 * data[k * 3] + 0.587 * data[k * 3 + 1] + 0.114 * data[k * 3 + 2];
    const cell = cellRow + Math.floor(x / FIELD_FACTOR);
    if (channels === 1) sum[cell] += s * luma;
    else for (let c = 0; c < 3; c++) sum[cell * 3 + c] += s * data[k * 3 + c];
    weight[cell] += s;
    histogram[Math.round(luma)] += s;
  }
}

/** Multiplies one row of the box by each channel's gain, interpolated across from one field row (three gains per cell). */
function colorGainRow(data: Uint8Array, start: number, n: number, between: Float32Array, cx0: Int32Array, cx1: Int32Array, cax: Float32Array): void {
  for (let x = 0; x < n; x++) {
    const a = cx0[x] * 3, b = cx1[x] * 3, t = cax[x], p = start + x * 3;
    for (let c = 0; c < 3; c++) {
      const g = between[a + c] + t * (between[b + c] - between[a + c]);
      const v = data[p + c] * g + 0.5;
      data[p + c] = v > 255 ? 255 : v;
    }
  }
}

/** Multiplies one row of the box by the gain, interpolated across from one field row. */
function gainRow(data: Uint8Array, start: number, n: number, between: Float32Array, cx0: Int32Array, cx1: Int32Array, cax: Float32Array): void {
  for (let x = 0; x < n; x++) {
    const a = between[cx0[x]];
    const g = a + cax[x] * (between[cx1[x]] - a);
    const p = start + x * 3;
    const r = data[p] * g + 0.5, gr = data[p + 1] * g + 0.5, b = data[p + 2] * g + 0.5;
    data[p] = r > 255 ? 255 : r;
    data[p + 1] = gr > 255 ? 255 : gr;
    data[p + 2] = b > 255 ? 255 : b;
  }
}
