import type { Mesh } from '../../geometry/index.js';
import { resizeTexture, type RgbImage } from '../../texture/index.js';
import { encodePng, render, viewCamera, type Scene } from '../../render/index.js';

/** A 512×512 front view of the whole textured body (the bind pose: a T-pose) on a neutral background. */
export async function renderBodyPreview(mesh: Mesh, texture: RgbImage): Promise<Buffer> {
  const small = await resizeTexture(texture, 1024, 1024, { kernel: 'linear' });
  const scene: Scene = { meshes: [{ mesh, material: { texture: small } }] };
  const frame = render(scene, viewCamera(scene, { view: { yaw: 0, pitch: 5 } }), { width: 512, height: 512, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 });
  return encodePng(frame);
}
