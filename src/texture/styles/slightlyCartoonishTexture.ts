import { guidedFilter } from '../filters/guidedFilter.js';
import type { RgbImage } from '../../core/image.js';

/** Options of {@link slightlyCartoonishTexture}. */
export interface SlightlyCartoonishTextureOptions {
  /** Smoothing window radius, as a fraction of the texture width. */
  radius?: number;
  /** Standard deviation (0..255) of the detail smoothed away: pores and fine lines, not features. */
  edge?: number;
}

export const SLIGHTLY_CARTOONISH_TEXTURE_DEFAULTS: Required<SlightlyCartoonishTextureOptions> = {
  radius: 1 / 512,
  edge: 8,
};

/**
 * The `slightly_cartoonish_texture` (additional texture and avatar modification): the texture a
 * little smoother than the photo, by edge-preserving smoothing ({@link guidedFilter}): skin texture,
 * pores and small blemishes soften, while eyes, brows, lips and the face's shading stay where and
 * as sharp as they were.
 *
 * ```ts
 * const smoother = slightlyCartoonishTexture(texture);
 * ```
 */
export function slightlyCartoonishTexture(texture: RgbImage, options: SlightlyCartoonishTextureOptions = {}): RgbImage {
  const o = { ...SLIGHTLY_CARTOONISH_TEXTURE_DEFAULTS, ...options };
  return guidedFilter(texture, { radius: o.radius, edge: o.edge });
}
