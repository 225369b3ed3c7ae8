import { createHash } from 'node:crypto';
import type { Rgb } from '../../analysis/index.js';
import { bodyTexture, bodyTextureBasis, bodyTextureToned, type BodyMesh, type BodyTextureBasis, type BodyTextures } from '../../assets/body/index.js';

/**
 * The body's textures in the body atlas' layout (assets/body/bodyAtlas.ts): the `model` texture,
 * skin in the face's tone (as its texture shows it at the neck, neckTone.ts) with its grain, nails,
 * palms and soles, and plain underwear until an outfit is chosen (assets/body/bodyTexture.ts); and
 * the normal, roughness and metallic maps of the same paint. Painted at `size`²; the atlas
 * stretches them into its lower half, which UVs allow.
 *
 * `shared`: the body is one that many avatars have (persona_2.0's, one per gender and age). Its
 * paint without the tone is kept (bodyTextureBasis) and each avatar's tone applied to it, some
 * 50 ms instead of a second's paint; the result is the same texture to within one level.
 */
export function bodySkin(body: BodyMesh, skin: Rgb, size: number, shared = false): BodyTextures {
  if (!shared) return bodyTexture(body, { skinTone: skin, size });
  return bodyTextureToned(sharedBasis(body, size), skin);
}

/** Bases of the shared bodies last used, by the body's shape; about 25 MB each at 1024². */
const BASES = new Map<string, BodyTextureBasis>();
const MAX_BASES = 6;

function sharedBasis(body: BodyMesh, size: number): BodyTextureBasis {
  const hash = createHash('sha1').update(new Uint8Array(body.mesh.positions.buffer, body.mesh.positions.byteOffset, body.mesh.positions.byteLength));
  const key = `${size}:${hash.digest('hex')}`;
  let basis = BASES.get(key);
  if (basis) BASES.delete(key);
  else basis = bodyTextureBasis(body, { size });
  // Most recently used last; the oldest goes first.
  BASES.set(key, basis);
  if (BASES.size > MAX_BASES) BASES.delete(BASES.keys().next().value!);
  return basis;
}
