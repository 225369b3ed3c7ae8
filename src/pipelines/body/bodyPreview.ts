import { poseBody, type BoneRotations, type FusedAvatar, type SkinWeights } from '../../assets/body/index.js';
import type { Image } from '../../core/image.js';
import type { Mesh } from '../../core/mesh.js';
import { computeNormals } from '../../geometry/index.js';
import { resizeTexture, type RgbImage } from '../../texture/index.js';
import { encodePng, render, viewCamera, type Scene } from '../../render/index.js';

/** Arms lowered from the T-pose to a relaxed stand. */
const RELAXED = { LeftArm: { axis: [0, 0, 1], degrees: -70 }, RightArm: { axis: [0, 0, 1], degrees: 70 } } as const;

const relaxed = (): BoneRotations => ({ LeftArm: { ...RELAXED.LeftArm, axis: [...RELAXED.LeftArm.axis] }, RightArm: { ...RELAXED.RightArm, axis: [...RELAXED.RightArm.axis] } });

/** A 512×512 front view of the whole textured body, arms relaxed, on a neutral background. */
export async function renderBodyPreview(fused: FusedAvatar, texture: RgbImage): Promise<Buffer> {
  const small = await resizeTexture(texture, 1024, 1024, { kernel: 'linear' });
  const posed = poseBody(fused.mesh.positions, fused.skeleton, fused.skin, relaxed());
  const mesh = computeNormals({ ...fused.mesh, positions: posed });
  const scene: Scene = { meshes: [{ mesh, material: { texture: small } }] };
  const frame = render(scene, viewCamera(scene, { view: { yaw: 0, pitch: 5 } }), { width: 512, height: 512, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 });
  return encodePng(frame);
}

/** A garment to draw on the body: its mesh in the body's rest pose, skinned to the same skeleton, and its colour texture. */
export interface PreviewGarment {
  mesh: Mesh;
  skin: SkinWeights;
  texture: Image;
}

/**
 * The avatar's preview dressed: the body as renderBodyPreview draws it (front view, arms relaxed)
 * with the garment posed by the same skeleton. `hidden` is the alpha of the garment's body
 * visibility mask in the avatar's texture layout: the body is cut away where it is 0, as an
 * engine applying the mask does, so no skin shows through the cloth.
 */
export async function renderDressedPreview(fused: FusedAvatar, texture: RgbImage, garment: PreviewGarment, hidden: Image): Promise<Buffer> {
  const small = await resizeTexture(texture, 1024, 1024, { kernel: 'linear' });
  const mask = hidden.width === small.width && hidden.height === small.height ? hidden : null;
  if (!mask) throw new Error(`the body visibility mask is ${hidden.width}×${hidden.height}, the preview texture ${small.width}×${small.height}`);
  const rgba = new Uint8Array(small.width * small.height * 4);
  for (let i = 0; i < small.width * small.height; i++) {
    rgba[i * 4] = small.data[i * 3];
    rgba[i * 4 + 1] = small.data[i * 3 + 1];
    rgba[i * 4 + 2] = small.data[i * 3 + 2];
    rgba[i * 4 + 3] = mask.data[i * mask.channels + mask.channels - 1];
  }
  const pose = relaxed();
  const body = computeNormals({ ...fused.mesh, positions: poseBody(fused.mesh.positions, fused.skeleton, fused.skin, pose) });
  const cloth = computeNormals({ ...garment.mesh, positions: poseBody(garment.mesh.positions, fused.skeleton, garment.skin, pose) });
  const scene: Scene = {
    meshes: [
      { mesh: body, material: { texture: { width: small.width, height: small.height, channels: 4, data: rgba }, alphaMode: 'mask' } },
      { mesh: cloth, material: { texture: garment.texture, specular: 0.05 } },
    ],
  };
  const frame = render(scene, viewCamera(scene, { view: { yaw: 0, pitch: 5 } }), { width: 512, height: 512, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 });
  return encodePng(frame);
}
