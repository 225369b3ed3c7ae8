import type { Rgb } from '../../analysis/types.js';
import type { RgbImage } from '../../core/image.js';

/**
 * The uniformly coloured texture: every texel `colour` (the person's skin tone, e.g. the bake's
 * `tone`), for a head shaded without the photo's detail.
 *
 * ```ts
 * const plain = uniformTexture(4096, 2048, baked.tone);
 * ```
 */
export function uniformTexture(width: number, height: number, colour: Rgb): RgbImage {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new RangeError(`texture size must be positive integers, got ${width}×${height}`);
  }
  const rgb = [colour.red, colour.green, colour.blue].map((v) => Math.min(255, Math.max(0, Math.round(v))));
  const data = new Uint8Array(width * height * 3);
  data.set(rgb);
  // Doubling copies: log2(n) memcpy calls instead of a per-texel loop.
  for (let filled = 3; filled < data.length; filled *= 2) data.copyWithin(filled, 0, Math.min(filled, data.length - filled));
  return { width, height, channels: 3, data };
}
