import type { Rgb } from '../../analysis/types.js';
import { checkLayout, type FaceLayout } from '../layout/faceLayout.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { textureMask } from '../layout/polygonMask.js';
import { recolorRegion, RECOLOR_REGION_DEFAULTS, type RecolorRegionOptions } from './recolorRegion.js';

/** Options of {@link recolorLips}. */
export type RecolorLipsOptions = RecolorRegionOptions;

export const RECOLOR_LIPS_DEFAULTS: Required<RecolorLipsOptions> = { ...RECOLOR_REGION_DEFAULTS };

/**
 * `lips_color`: the lips (the ring between the outer and inner lip contour, soft-edged) take the
 * colour `target` on average, keeping their lines and highlights (see {@link recolorRegion}); the
 * mouth opening and the skin around are left as they are.
 *
 * ```ts
 * const layout = faceLayout({ uvs, indices, binding, photo }, { width: 4096, height: 2048 });
 * const texture2 = recolorLips(texture, layout, { red: 180, green: 50, blue: 70 });
 * ```
 */
export function recolorLips(texture: RgbImage, layout: FaceLayout, target: Rgb, options: RecolorLipsOptions = {}): RgbImage {
  checkRgbImage(texture);
  checkLayout(texture, layout);
  return recolorRegion(texture, textureMask([layout.lips], texture.width, texture.height), target, { ...RECOLOR_LIPS_DEFAULTS, ...options });
}
