import type { Rgb } from '../../analysis/types.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { checkLayout, type FaceLayout } from '../layout/faceLayout.js';
import { makeupArea, type MakeupLayerName } from './makeupAreas.js';

/** One layer to paint: where (by name), which colour, how strong at its heart (0..1). */
export interface MakeupLayer {
  name: MakeupLayerName;
  color: Rgb;
  opacity: number;
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;

/**
 * `avatar.makeup` (ours): the layers painted over the head's Color map in the given order, each soft-
 * edged by its area (makeupAreas.ts). The colour keeps the skin's shading: each texel takes the
 * layer's colour scaled by how much lighter or darker the texel is than its area's mean, so creases,
 * lip lines and the light baked from the photo still show through. Blush is sheer: it tints (the
 * texel's own lightness, the colour's hue) rather than covers. Pure: a new texture, the same for the
 * same input.
 *
 * ```ts
 * const painted = paintMakeup(texture, layout, [{ name: 'lipstick', color: { red: 176, green: 42, blue: 66 }, opacity: 0.7 }]);
 * ```
 */
export function paintMakeup(texture: RgbImage, layout: FaceLayout, layers: readonly MakeupLayer[]): RgbImage {
  checkRgbImage(texture);
  checkLayout(texture, layout);
  const data = new Uint8Array(texture.data);
  for (const layer of layers) {
    if (layer.opacity <= 0) continue;
    const mask = makeupArea(layout, layer.name).data;
    const { red, green, blue } = layer.color;
    let sum = 0, weight = 0;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      sum += mask[i] * luma(data[i * 3], data[i * 3 + 1], data[i * 3 + 2]);
      weight += mask[i];
    }
    if (!weight) continue;
    const mean = Math.max(1, sum / weight);
    const targetLuma = Math.max(1, luma(red, green, blue));
    // Blush is never opaque: real blush stays a tint however much is put on, so its strength eases
    // off towards full opacity (0.3 → 0.26, the default's look kept; 1 → 0.55, bold but still skin).
    const strength = layer.name === 'blush' ? layer.opacity * (1 - 0.45 * layer.opacity) : layer.opacity;
    for (let i = 0; i < mask.length; i++) {
      if (!mask[i]) continue;
      const a = (mask[i] / 255) * strength;
      const r = data[i * 3], g = data[i * 3 + 1], b = data[i * 3 + 2];
      const l = luma(r, g, b);
      // Blush: the texel's lightness in the colour's hue. Others: the colour, shaded as the skin is.
      const scale = layer.name === 'blush' ? l / targetLuma : Math.min(1.35, Math.max(0.45, l / mean));
      data[i * 3] = Math.round(Math.min(255, r + (red * scale - r) * a));
      data[i * 3 + 1] = Math.round(Math.min(255, g + (green * scale - g) * a));
      data[i * 3 + 2] = Math.round(Math.min(255, b + (blue * scale - b) * a));
    }
  }
  return { ...texture, data };
}
