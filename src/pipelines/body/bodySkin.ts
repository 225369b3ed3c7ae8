import type { Rgb } from '../../analysis/index.js';
import { bodyTexture, type BodyMesh } from '../../assets/body/index.js';
import type { RgbImage } from '../../texture/index.js';

/**
 * The body's `model` texture in the body atlas' layout (assets/body/bodyAtlas.ts): skin in the face's
 * tone (as its texture shows it at the neck, neckTone.ts) with its grain, nails, palms and soles,
 * and plain underwear until an outfit is chosen (assets/body/bodyTexture.ts). Painted at `size`²;
 * the atlas stretches it into its lower half, which UVs allow.
 */
export function bodySkin(body: BodyMesh, skin: Rgb, size: number): RgbImage {
  return bodyTexture(body, { skinTone: skin, size }).model;
}
