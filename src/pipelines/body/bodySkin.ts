import type { Rgb } from '../../analysis/index.js';
import { uniformTexture, type RgbImage } from '../../texture/index.js';

/**
 * The body's texture until the body texture lands (issue 13): the face's skin tone (as its texture
 * shows it, neckTone.ts), plain.
 * One function on purpose: the real body texture replaces it, at the same size and in the body
 * atlas' layout (assets/body/bodyAtlas.ts).
 */
export function bodySkin(skin: Rgb, size: number): RgbImage {
  return uniformTexture(size, size, skin);
}
