import type { Rgb } from '../../analysis/types.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { boxBlur } from '../filters/boxBlur.js';

/** Options of {@link recolorSkin} and {@link skinColorOf}. */
export interface RecolorSkinOptions {
  /** How far from the skin's chroma (Cb, Cr, 0..255) a texel still counts as skin, fully at half of it. */
  chroma?: number;
  /** The luminance range, as a ratio to the skin's, that counts as skin: shadowed to lit. */
  darkest?: number;
  lightest?: number;
  /** Radius of the blur of the skin weights, as a fraction of the texture width: no hard edge between recoloured and kept texels. */
  blur?: number;
  /** The least saturation, as a fraction of the skin's, that is all skin (half of it is none). */
  saturation?: number;
}

export const RECOLOR_SKIN_DEFAULTS: Required<RecolorSkinOptions> = { chroma: 48, darkest: 0.3, lightest: 2.4, blur: 1 / 512, saturation: 0.5 };

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const cb = (r: number, g: number, b: number) => -0.168736 * r - 0.331264 * g + 0.5 * b;
const cr = (r: number, g: number, b: number) => 0.5 * r - 0.418688 * g - 0.081312 * b;

/**
 * How much each texel is skin of colour `skin` (0..1): near its chroma, about as saturated, and
 * within its luminance range, so that shading keeps the weight and hair, underwear, irises and brows
 * (other chroma, grey, or much darker) get none. The texture says where its skin is; no layout is needed, so the head's
 * texture and the body's take the same rule.
 */
function skinWeights(texture: RgbImage, skin: Rgb, o: Required<RecolorSkinOptions>): Float32Array {
  const { data } = texture;
  const n = texture.width * texture.height;
  const out = new Float32Array(n);
  const y0 = Math.max(1, luma(skin.red, skin.green, skin.blue)), cb0 = cb(skin.red, skin.green, skin.blue), cr0 = cr(skin.red, skin.green, skin.blue);
  const sat0 = Math.max(4, Math.hypot(cb0, cr0));
  for (let i = 0; i < n; i++) {
    const r = data[i * 3], g = data[i * 3 + 1], b = data[i * 3 + 2];
    const ratio = luma(r, g, b) / y0;
    if (ratio < o.darkest * 0.7 || ratio > o.lightest * 1.2) continue;
    // Chroma scales with luminance: compare the texel's chroma brought to the skin's luminance.
    const k = ratio > 0.05 ? 1 / ratio : 0;
    const d = Math.hypot(cb(r, g, b) * k - cb0, cr(r, g, b) * k - cr0) / o.chroma;
    if (d >= 1) continue;
    const near = d <= 0.5 ? 1 : 1 - (d - 0.5) * 2;
    // Greys are near every pale skin's chroma, but grey underwear and white cloth are not skin:
    // a texel needs some of the skin's own saturation.
    const sat = Math.hypot(cb(r, g, b) * k, cr(r, g, b) * k) / sat0;
    if (sat <= o.saturation * 0.5) continue;
    const saturated = sat >= o.saturation ? 1 : (sat - o.saturation * 0.5) / (o.saturation * 0.5);
    const lum = ratio < o.darkest ? (ratio - o.darkest * 0.7) / (o.darkest * 0.3) : ratio > o.lightest ? 1 - (ratio - o.lightest) / (o.lightest * 0.2) : 1;
    out[i] = near * saturated * Math.max(0, Math.min(1, lum));
  }
  return out;
}

/**
 * The texture's own skin colour, starting from `seed` (the photo's, analysis/colors.ts): the mean of
 * the texels that are skin of the colour found so far, twice over. The texture is the photo delit
 * and toned, so its skin is near the photo's but not the same, and a recolour must start from the
 * texture's.
 */
export function skinColorOf(texture: RgbImage, seed: Rgb, options: RecolorSkinOptions = {}): Rgb {
  const o = { ...RECOLOR_SKIN_DEFAULTS, ...options };
  checkRgbImage(texture);
  let skin = seed;
  for (let pass = 0; pass < 2; pass++) {
    const w = skinWeights(texture, skin, o);
    let r = 0, g = 0, b = 0, total = 0;
    for (let i = 0; i < w.length; i++) {
      if (w[i] === 0) continue;
      r += w[i] * texture.data[i * 3]; g += w[i] * texture.data[i * 3 + 1]; b += w[i] * texture.data[i * 3 + 2];
      total += w[i];
    }
    if (total < 1) break;
    skin = { red: r / total, green: g / total, blue: b / total };
  }
  return skin;
}

/**
 * `avatar.colors.skin`: the skin of colour `from` becomes `to`. Each channel is scaled by
 * to / from, weighted by how much the texel is skin (see skinWeights): a gain rather than an offset,
 * so shadows stay as much darker than the lit skin as they were, and freckles, pores and blush keep
 * their contrast. Texels that are not skin, nor near it, are left exactly as they are.
 */
export function recolorSkin(texture: RgbImage, from: Rgb, to: Rgb, options: RecolorSkinOptions = {}): RgbImage {
  const o = { ...RECOLOR_SKIN_DEFAULTS, ...options };
  checkRgbImage(texture);
  const { width, height, data } = texture;
  const w = skinWeights(texture, from, o);
  // A blurred weight: shading that leaves the window for a few texels (a highlight, a crease) is not a speck of the old colour.
  const radius = Math.max(1, Math.round(width * o.blur));
  boxBlur(w, width, height, 1, radius, 2);

  const gain = [to.red / Math.max(1, from.red), to.green / Math.max(1, from.green), to.blue / Math.max(1, from.blue)];
  const out = data.slice();
  for (let i = 0; i < w.length; i++) {
    if (w[i] === 0) continue;
    for (let c = 0; c < 3; c++) {
      const v = data[i * 3 + c] * (1 + (gain[c] - 1) * w[i]);
      out[i * 3 + c] = v >= 255 ? 255 : Math.round(v);
    }
  }
  return { width, height, channels: 3, data: out };
}
