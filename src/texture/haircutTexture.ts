import type { Mask } from '../analysis/types.js';
import { rawSharp } from './codec.js';
import { checkTexture, type RawImage, type Texture } from './image.js';
import { pushPull } from './pushPull.js';
import { resizeTexture } from './resizeTexture.js';

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
export async function haircutTexture(painted: Texture, hair: Mask, width: number, height: number): Promise<RawImage> {
  checkTexture(painted, 'the painted texture');
  if (hair.width !== painted.width || hair.height !== painted.height) throw new RangeError(`the hair mask is ${hair.width}×${hair.height}, the texture ${painted.width}×${painted.height}`);
  const rgb = await resizeTexture(painted, width, height);
  const alpha = new Uint8Array(await rawSharp({ ...hair, channels: 1 }).resize(width, height, { fit: 'fill', kernel: 'linear' }).extractChannel(0).raw().toBuffer());
  if (alpha.length !== width * height) throw new Error(`resized hair mask has ${alpha.length} bytes, expected ${width * height}`);
  const n = width * height;
  const weight = new Float32Array(n);
  const premultiplied = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    // Only texels that are mostly hair carry their colour outwards.
    const w = alpha[i] >= 128 ? 1 : 0;
    weight[i] = w;
    for (let c = 0; c < 3; c++) premultiplied[i * 3 + c] = w * rgb.data[i * 3 + c];
  }
  const filled = pushPull(premultiplied, weight, width, height, 3, [110, 80, 55]);
  const data = new Uint8Array(n * 4);
  for (let i = 0; i < n; i++) {
    const keep = weight[i] === 1;
    for (let c = 0; c < 3; c++) data[i * 4 + c] = keep ? rgb.data[i * 3 + c] : Math.round(filled[i * 3 + c]);
    data[i * 4 + 3] = alpha[i];
  }
  return { width, height, channels: 4, data };
}
