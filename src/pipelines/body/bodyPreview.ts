import { poseBody, type FusedAvatar } from '../../assets/body/index.js';
import { computeNormals } from '../../geometry/index.js';
import { resizeTexture, type RgbImage } from '../../texture/index.js';
import { encodePng, render, viewCamera, type Scene } from '../../render/index.js';

/** Arms lowered from the T-pose to a relaxed stand. */
const RELAXED = { LeftArm: { axis: [0, 0, 1], degrees: -70 }, RightArm: { axis: [0, 0, 1], degrees: 70 } } as const;

/** A 512×512 front view of the whole textured body, arms relaxed, on a neutral background. */
export async function renderBodyPreview(fused: FusedAvatar, texture: RgbImage): Promise<Buffer> {
  const small = await resizeTexture(texture, 1024, 1024, { kernel: 'linear' });
  const posed = poseBody(fused.mesh.positions, fused.skeleton, fused.skin, { LeftArm: { ...RELAXED.LeftArm, axis: [...RELAXED.LeftArm.axis] }, RightArm: { ...RELAXED.RightArm, axis: [...RELAXED.RightArm.axis] } });
  const mesh = computeNormals({ ...fused.mesh, positions: posed });
  const scene: Scene = { meshes: [{ mesh, material: { texture: small } }] };
  const frame = render(scene, viewCamera(scene, { view: { yaw: 0, pitch: 5 } }), { width: 512, height: 512, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 });
  return encodePng(frame);
}
