import type { Mask, Rgb } from '../../analysis/types.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';

/** Options of {@link recolorRegion}. */
export interface RecolorRegionOptions {
  /** 0 leaves the region as it is, 1 moves its mean colour all the way to the target. */
  strength?: number;
}

export const RECOLOR_REGION_DEFAULTS: Required<RecolorRegionOptions> = {
  strength: 1,
};

/**
 * Shifts the colour of a region of the texture (e.g. the lips for `lips_color`) towards `target`:
 * every texel moves by the same offset, `target` minus the region's mean colour, weighted by the
 * mask. An additive offset in RGB is an additive offset in YCbCr too, so luminance detail (lip
 * lines, highlights) keeps its contrast while the mean becomes the target. Texels where the mask
 * is 0 are left exactly as they are.
 *
 * ```ts
 * const lips = regionMask(mesh, lipRegion, { width: texture.width, height: texture.height });
 * const red = recolorRegion(texture, lips, { red: 190, green: 40, blue: 60 });
 * ```
 */
export function recolorRegion(texture: RgbImage, mask: Mask, target: Rgb, options: RecolorRegionOptions = {}): RgbImage {
  const o = { ...RECOLOR_REGION_DEFAULTS, ...options };
  checkRgbImage(texture);
  const { width, height, data } = texture;
  if (mask.width !== width || mask.height !== height || mask.data.length !== width * height) {
    throw new RangeError(`the region mask is ${mask.width}×${mask.height}, the texture ${width}×${height}`);
  }
  const out = data.slice();
  let r = 0, g = 0, b = 0, total = 0;
  for (let i = 0; i < mask.data.length; i++) {
    const m = mask.data[i];
    if (m === 0) continue;
    r += m * data[i * 3];
    g += m * data[i * 3 + 1];
    b += m * data[i * 3 + 2];
    total += m;
  }
  if (total === 0) return { width, height, channels: 3, data: out };
  const shift = [(target.red - r / total) * o.strength, (target.green - g / total) * o.strength, (target.blue - b / total) * o.strength];
  for (let i = 0; i < mask.data.length; i++) {
    const m = mask.data[i];
    if (m === 0) continue;
    const a = m / 255;
    for (let c = 0; c < 3; c++) {
      const v = data[i * 3 + c] + shift[c] * a;
      out[i * 3 + c] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
    }
  }
  return { width, height, channels: 3, data: out };
}
