import type { Image } from '../../core/image.js';
import type { SceneJoint } from '../../formats/scene.js';
import { paintTattoos, type RgbImage, type TattooInk } from '../../texture/index.js';
import type { PersonaTattoo } from '../catalogue/index.js';
import type { AvatarPartMesh } from './personaParts.js';
import type { AtlasHalf, PartMaps } from './personaTextures.js';
import { tattooPlacement } from './tattooPlacements.js';

/**
 * Roughness above which a body texel is fabric. The body's paint gives its underwear 0.80–0.88 and
 * skin mostly 0.5–0.6 (assets/body/bodyTexture.ts), with the fabric's edge blended into the skin
 * down to about 0.67: the edge counts as fabric, so no ink shows on it. Roughness rather than
 * colour, which a skin recolour changes.
 */
const FABRIC_ROUGHNESS = 0.66 * 255;

/** The body's painted underwear as a texel mask of the Color map's size, from its roughness map (any size, sampled nearest). */
export function fabricTexels(roughness: Image, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(roughness.height - 1, Math.floor(((y + 0.5) * roughness.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(roughness.width - 1, Math.floor(((x + 0.5) * roughness.width) / width));
      if (roughness.data[(sy * roughness.width + sx) * roughness.channels] > FABRIC_ROUGHNESS) out[y * width + x] = 1;
    }
  }
  return out;
}

/**
 * `avatar.tattoos` (ours, the creator's tattoo panel): the body's Color map with each design inked
 * into its placement, found on the body's own UV layout at the map's size (so at every texture
 * profile), turned to follow its limb and kept off the underwear.
 */
export async function tattooedMaps(maps: Record<AtlasHalf, PartMaps>, body: AvatarPartMesh, joints: readonly SceneJoint[], tattoos: readonly PersonaTattoo[]): Promise<Record<AtlasHalf, PartMaps>> {
  const color = maps.body.color as RgbImage;
  const covered = maps.body.roughness && fabricTexels(maps.body.roughness, color.width, color.height);
  const inks: TattooInk[] = [];
  for (const t of tattoos) {
    const placed = tattooPlacement(body.mesh, body.skin, joints, t.placement, color.width, color.height, covered);
    if (placed) inks.push({ name: t.name, color: t.color, opacity: t.opacity, scale: t.scale, ...placed });
  }
  return { ...maps, body: { ...maps.body, color: await paintTattoos(color, inks) } };
}
