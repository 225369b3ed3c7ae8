import { artificialHaircutTexture, fitHaircut, haircutByIdentity, haircutTexture } from '../../assets/haircuts/index.js';
import type { Mask } from '../../analysis/index.js';
import { simplifyMesh, type FittedHead, type Mesh } from '../../geometry/index.js';
import { encodePng, type RgbImage } from '../../texture/index.js';
import { GENERATED_HAIRCUT } from '../catalogue/haircuts.js';
import type { AvatarHaircut } from '../avatarModel.js';
import { renderPreview } from './headPreview.js';

/**
 * The generated haircut: its mesh (at `generated_haircut_faces_count`), RGBA texture (PNG: alpha
 * fades the edges) and a preview of it on this avatar's head.
 */
export async function generatedHaircut(
  haircut: Mesh, painted: { texture: RgbImage; mask: Mask }, head: { mesh: Mesh; texture: RgbImage },
  m: Readonly<Record<string, unknown>>, poseYaw: number, gender: 'male' | 'female',
): Promise<AvatarHaircut> {
  const faces = m.generated_haircut_faces_count as number | undefined;
  const shaped = faces ? await simplifyMesh(haircut, faces) : haircut;
  // By default half the head texture's size each way: the haircut covers a small part of the layout.
  const half = { width: Math.max(1, Math.round(painted.texture.width / 2)), height: Math.max(1, Math.round(painted.texture.height / 2)) };
  const size = (m.generated_haircut_texture_size as { width: number; height: number } | undefined) ?? half;
  const texture = await haircutTexture(painted.texture, painted.mask, size.width, size.height);
  return {
    entry: { identity: GENERATED_HAIRCUT, gender },
    mesh: shaped,
    texture: await encodePng(texture),
    preview: await renderPreview(head.mesh, head.texture, poseYaw, { mesh: shaped, texture: texture }),
    comment: 'Likeness generated haircut',
  };
}


/** Size of a library haircut's texture on an avatar: the library's own texture, at half size each way. */
const LIBRARY_TEXTURE_SIZE = 1024;

/**
 * A library haircut named at creation (animated_face): fitted to this head, with its RGBA texture
 * and a preview on the avatar's head, like the generated haircut.
 */
export async function libraryHaircut(
  identity: string, fitted: FittedHead, head: { mesh: Mesh; texture: RgbImage }, poseYaw: number, gender: 'male' | 'female',
): Promise<AvatarHaircut> {
  const haircut = haircutByIdentity(identity);
  if (!haircut) throw new Error(`unknown haircut ${identity}`);
  const mesh = fitHaircut(haircut, fitted);
  const texture = artificialHaircutTexture(haircut, { size: LIBRARY_TEXTURE_SIZE });
  return {
    // The spec knows only male and female: a unisex haircut takes the avatar's.
    entry: { identity, gender: haircut.gender === 'unisex' ? gender : haircut.gender },
    mesh,
    texture: await encodePng(texture),
    preview: await renderPreview(head.mesh, head.texture, poseYaw, { mesh, texture }),
    comment: `Likeness haircut ${identity}`,
  };
}
