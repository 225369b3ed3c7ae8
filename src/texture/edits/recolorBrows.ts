import type { Rgb } from '../../analysis/types.js';
import { checkLayout, type FaceLayout } from '../layout/faceLayout.js';
import { checkRgbImage, type Mask, type RgbImage } from '../../core/image.js';
import { textureMask } from '../layout/polygonMask.js';
import { recolorRegion } from './recolorRegion.js';

/** Options of {@link recolorBrows}. */
export interface RecolorBrowsOptions {
  /** How much darker than the skin around it a texel must be to be all brow hair, as a fraction of the skin's luminance. */
  contrast?: number;
}

export const RECOLOR_BROWS_DEFAULTS: Required<RecolorBrowsOptions> = { contrast: 0.25 };

const luma = (d: Uint8Array, i: number) => 0.299 * d[i * 3] + 0.587 * d[i * 3 + 1] + 0.114 * d[i * 3 + 2];

/**
 * `avatar.colors.eyebrows`: the brow hairs take the colour `target` on average (see recolorRegion).
 * The brow areas of the layout hold skin between and around the hairs, so each texel counts by how
 * much darker it is than the skin around the brow (the median luminance of a ring outside the area):
 * the hairs move to the new colour and the skin between them stays.
 */
export function recolorBrows(texture: RgbImage, layout: FaceLayout, target: Rgb, options: RecolorBrowsOptions = {}): RgbImage {
  const o = { ...RECOLOR_BROWS_DEFAULTS, ...options };
  checkRgbImage(texture);
  checkLayout(texture, layout);
  const { width, height, data } = texture;
  const area: Mask = textureMask(layout.brows, width, height);
  for (const { box } of layout.brows) {
    const ring = Math.max(2, Math.round((box.y1 - box.y0) * 0.4));
    const lums: number[] = [];
    for (let y = Math.max(0, box.y0 - ring); y <= Math.min(height - 1, box.y1 + ring); y++) {
      for (let x = Math.max(0, box.x0 - ring); x <= Math.min(width - 1, box.x1 + ring); x++) if (area.data[y * width + x] === 0) lums.push(luma(data, y * width + x));
    }
    if (!lums.length) continue;
    lums.sort((a, b) => a - b);
    const skin = lums[Math.floor(lums.length / 2)];
    for (let y = box.y0; y <= box.y1; y++) {
      for (let x = box.x0; x <= box.x1; x++) {
        const i = y * width + x;
        if (area.data[i] === 0) continue;
        const t = Math.max(0, Math.min(1, (skin - luma(data, i)) / Math.max(1, skin * o.contrast)));
        // Smoothstep: a texel barely darker than the skin is skin in shade, not a hair.
        const dark = t * t * (3 - 2 * t);
        area.data[i] = Math.round(area.data[i] * dark);
      }
    }
  }
  return recolorRegion(texture, area, target);
}
