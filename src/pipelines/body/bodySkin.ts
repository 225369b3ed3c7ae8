import type { Rgb } from '../../analysis/index.js';
import { bodyTexture, type BodyMesh, type BodyTextures } from '../../assets/body/index.js';

/**
 * The body's textures in the body atlas' layout (assets/body/bodyAtlas.ts): the `model` texture,
 * skin in the face's tone (as its texture shows it at the neck, neckTone.ts) with its grain, nails,
 * palms and soles, and plain underwear until an outfit is chosen (assets/body/bodyTexture.ts); and
 * the normal, roughness and metallic maps of the same paint. Painted at `size`²; the atlas
 * stretches them into its lower half, which UVs allow.
 */
export function bodySkin(body: BodyMesh, skin: Rgb, size: number): BodyTextures {
  return bodyTexture(body, { skinTone: skin, size });
}
