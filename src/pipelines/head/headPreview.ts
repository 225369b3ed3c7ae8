import type { Mesh } from '../../geometry/index.js';
import { resizeTexture, type RgbImage } from '../../texture/index.js';
import { encodePng, render, viewCamera, type Image, type Scene } from '../../render/index.js';

/**
 * A 512×512 three-quarter view of the textured head on a neutral background, from the side the photo
 * saw best: a head turned to the person's left shows its right cheek, and the preview shows that one.
 * `poseYaw` is the analysis' head yaw in radians. `haircut`, when given, is drawn on the head with
 * its RGBA texture's alpha as a mask.
 */
export async function renderPreview(mesh: Mesh, texture: RgbImage, poseYaw = 0, haircut?: { mesh: Mesh; texture: Image }): Promise<Buffer> {
  // A 512-pixel view shows no more than a 1024-texel texture; mipmapping the full one would cost more than the render.
  const small = texture.width > 1024 ? await resizeTexture(texture, 1024, Math.max(1, Math.round((1024 * texture.height) / texture.width)), { kernel: 'linear' }) : texture;
  const meshes: Scene['meshes'] = [{ mesh, material: { texture: small } }];
  if (haircut) meshes.push({ mesh: haircut.mesh, material: { texture: haircut.texture as Image, alphaMode: 'mask', alphaCutoff: 0.5 } });
  const scene: Scene = { meshes };
  const yaw = poseYaw > 0.05 ? -32 : 32;
  // The texture already carries the photo's light: a softer key light keeps it from being shaded twice.
  const frame = render(scene, viewCamera(scene, { view: { yaw, pitch: 10 } }), { width: 512, height: 512, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 });
  return encodePng(frame);
}
