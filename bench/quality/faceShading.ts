import { NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

/**
 * How much light is left on an exported persona's face: over the AvatarHead vertices that face
 * forward (normal z > 0.6) between the brows and the chin (8.5–20 cm below the top of the head), the
 * spread of the `Color` map's log luma at their UVs, its darkest tenth and its median. A face from
 * which the photo's lighting is gone has a small spread and a darkest tenth near its median.
 * `grain`: the median, over the same texels, of how far a texel's luma stands from the mean of the
 * window 1/64 of the map's width across around it: the photo's pores, JPEG
 * blocks and the blotches of its light, not the face's broad form.
 */
export async function faceShading(glb: Uint8Array): Promise<{ vertices: number; spread: number; darkestTenth: number; median: number; grain: number }> {
  const doc = await new NodeIO().readBinary(glb);
  const mesh = doc.getRoot().listMeshes().find((m) => m.getName() === 'AvatarHead');
  const primitive = mesh?.listPrimitives()[0];
  const position = primitive?.getAttribute('POSITION'), normal = primitive?.getAttribute('NORMAL'), uv = primitive?.getAttribute('TEXCOORD_0');
  const image = primitive?.getMaterial()?.getBaseColorTexture()?.getImage();
  if (!position || !normal || !uv || !image) throw new Error('the export has no textured AvatarHead');
  const { data, info } = await sharp(Buffer.from(image)).raw().toBuffer({ resolveWithObject: true });
  let top = -Infinity;
  for (let i = 0; i < position.getCount(); i++) top = Math.max(top, position.getElement(i, [])[1]);
  const lumas: number[] = [], grains: number[] = [];
  const luma = (x: number, y: number) => { const k = (y * info.width + x) * info.channels; return 0.299 * data[k] + 0.587 * data[k + 1] + 0.114 * data[k + 2]; };
  const r = Math.max(1, Math.round(info.width / 128));
  for (let i = 0; i < position.getCount(); i++) {
    const p = position.getElement(i, []), n = normal.getElement(i, []), t = uv.getElement(i, []);
    if (n[2] < 0.6 || p[1] > top - 0.085 || p[1] < top - 0.2) continue;
    const x = Math.min(info.width - 1, Math.floor(t[0] * info.width)), y = Math.min(info.height - 1, Math.floor(t[1] * info.height));
    lumas.push(luma(x, y));
    let sum = 0, count = 0;
    for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) {
      const xx = x + dx, yy = y + dy;
      if (xx >= 0 && yy >= 0 && xx < info.width && yy < info.height) { sum += luma(xx, yy); count++; }
    }
    grains.push(Math.abs(luma(x, y) - sum / count));
  }
  const logs = lumas.map((l) => Math.log(Math.max(1, l)));
  const mean = logs.reduce((a, b) => a + b, 0) / logs.length;
  const spread = Math.sqrt(logs.reduce((a, b) => a + (b - mean) ** 2, 0) / logs.length);
  lumas.sort((a, b) => a - b);
  grains.sort((a, b) => a - b);
  return { vertices: lumas.length, spread, darkestTenth: lumas[Math.floor(lumas.length / 10)], median: lumas[Math.floor(lumas.length / 2)], grain: grains[Math.floor(grains.length / 2)] };
}
