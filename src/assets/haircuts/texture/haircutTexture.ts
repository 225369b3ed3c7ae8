import type { Mask } from '../../../analysis/types.js';
import { resizeMask } from '../../../formats/image.js';
import { checkRgbImage, type Image, type RgbImage } from '../../../core/image.js';
import { pushPull } from '../../../texture/filters/pushPull.js';
import { resizeTexture } from '../../../texture/edits/resizeTexture.js';

/**
 * A separate haircut's RGBA texture at `width` × `height`: colour from the texture the hair was
 * painted into (hairTexture's), alpha from where it painted hair, so the haircut's edge (the
 * hairline, the ends) fades out instead of stepping along triangles. Under transparent texels the
 * hair colour is carried on by pull-push, so that mipmaps and bilinear filtering at the edge
 * never pull in the skin the texture also holds.
 *
 * ```ts
 * const { texture, mask } = hairTexture(input);
 * const png = await encodePng(await haircutTexture(texture, mask, 2048, 1024));
 * ```
 */
export async function haircutTexture(painted: RgbImage, hair: Mask, width: number, height: number): Promise<Image> {
  checkRgbImage(painted, 'the painted texture');
  if (hair.width !== painted.width || hair.height !== painted.height) throw new RangeError(`the hair mask is ${hair.width}×${hair.height}, the texture ${painted.width}×${painted.height}`);
  const rgb = await resizeTexture(painted, width, height);
  const alpha = (await resizeMask(hair, width, height, 'linear')).data;
  const n = width * height;
  // The colour under transparent texels only has to be smooth: fill it at a quarter of the size.
  const qw = Math.max(1, width >> 2), qh = Math.max(1, height >> 2);
  const weight = new Float32Array(qw * qh);
  const premultiplied = new Float32Array(qw * qh * 3);
  for (let y = 0; y < height; y++) {
    const qy = Math.min(qh - 1, y >> 2);
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      // Only texels that are mostly hair carry their colour outwards.
      if (alpha[i] < 128) continue;
      const q = qy * qw + Math.min(qw - 1, x >> 2);
      weight[q] += 1;
      for (let c = 0; c < 3; c++) premultiplied[q * 3 + c] += rgb.data[i * 3 + c];
    }
  }
  for (let q = 0; q < qw * qh; q++) {
    if (weight[q] === 0) continue;
    for (let c = 0; c < 3; c++) premultiplied[q * 3 + c] /= weight[q];
    weight[q] = 1;
  }
  const filled = pushPull(premultiplied, weight, qw, qh, 3, [110, 80, 55]);
  const data = new Uint8Array(n * 4);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(qh - 1, Math.max(0, (y + 0.5) / 4 - 0.5)), y0 = Math.floor(fy), y1 = Math.min(qh - 1, y0 + 1), ty = fy - y0;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      data[i * 4 + 3] = alpha[i];
      if (alpha[i] >= 128) {
        for (let c = 0; c < 3; c++) data[i * 4 + c] = rgb.data[i * 3 + c];
        continue;
      }
      const fx = Math.min(qw - 1, Math.max(0, (x + 0.5) / 4 - 0.5)), x0 = Math.floor(fx), x1 = Math.min(qw - 1, x0 + 1), tx = fx - x0;
      for (let c = 0; c < 3; c++) {
        const top = filled[(y0 * qw + x0) * 3 + c] * (1 - tx) + filled[(y0 * qw + x1) * 3 + c] * tx;
        const bottom = filled[(y1 * qw + x0) * 3 + c] * (1 - tx) + filled[(y1 * qw + x1) * 3 + c] * tx;
        data[i * 4 + c] = Math.round(top * (1 - ty) + bottom * ty);
      }
    }
  }
  return { width, height, channels: 4, data };
}
