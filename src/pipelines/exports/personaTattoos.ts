import type { SceneJoint } from '../../formats/scene.js';
import { paintTattoos, type RgbImage } from '../../texture/index.js';
import type { PersonaTattoo } from '../catalogue/index.js';
import type { AvatarPartMesh } from './personaParts.js';
import type { AtlasHalf, PartMaps } from './personaTextures.js';
import { tattooPlacementMask } from './tattooPlacements.js';

/**
 * `avatar.tattoos` (ours, the creator's tattoo panel): the body's Color map with each design inked
 * into its placement, found on the body's own UV layout at the map's size (so at every texture profile).
 */
export async function tattooedMaps(maps: Record<AtlasHalf, PartMaps>, body: AvatarPartMesh, joints: readonly SceneJoint[], tattoos: readonly PersonaTattoo[]): Promise<Record<AtlasHalf, PartMaps>> {
  const color = maps.body.color as RgbImage;
  const inks = tattoos.map((t) => ({
    name: t.name, color: t.color, opacity: t.opacity, scale: t.scale,
    area: tattooPlacementMask(body.mesh, body.skin, joints, t.placement, color.width, color.height),
  }));
  return { ...maps, body: { ...maps.body, color: await paintTattoos(color, inks) } };
}
