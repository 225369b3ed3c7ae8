import type { BodyTextures } from '../../assets/body/index.js';
import type { Mask, RgbImage } from '../../core/image.js';
import { decodeChannel } from '../../formats/imageDecode.js';
import { resizeMask } from '../../formats/imageResize.js';
import { encodeJpeg, encodePng, metallicMap } from '../../texture/index.js';
import type { AvatarTexture } from '../avatarModel.js';
import type { TextureEntry } from '../files.js';

export { BODY_MAPS } from './bodyMapNames.js';

/** `top` above `bottom`: two images of one width and channel count, one image twice as tall. */
export function stacked<T extends RgbImage | Mask>(top: T, bottom: T): T {
  if (top.width !== bottom.width || top.channels !== bottom.channels) throw new Error('stacked halves must share width and channels');
  const data = new Uint8Array(top.data.length + bottom.data.length);
  data.set(top.data, 0);
  data.set(bottom.data, top.data.length);
  return { ...top, height: top.height + bottom.height, data };
}

/**
 * The PBR maps a body avatar asks for, in the atlas' layout, so one material carries them:
 * - `roughness_map`: the head's own map (its layout, made by the head pipeline) over the body's;
 * - `metallic_map`: 0 everywhere, as the head's and the body's both are (skin, nails, fabric and
 *   eyes are dielectrics);
 * - `normal_map`: the body's painted relief (knuckles, nails, navel, seams of the underwear, grain)
 *   under a flat top half, since the head's relief is in its mesh and its photo texture already.
 *   It stays at the body's painted size: an upscaled normal map only adds bytes.
 * `headMaps` are the head's additional textures, in the head's layout; `atlasSize` the model atlas' side.
 */
export async function bodyAtlasMaps(names: readonly string[], headMaps: readonly AvatarTexture[], body: BodyTextures, atlasSize: number): Promise<AvatarTexture[]> {
  const wanted = new Set(names);
  const out: AvatarTexture[] = [];
  if (wanted.has('roughness_map')) {
    const half = atlasSize / 2;
    const head = headMaps.find((t) => t.entry.identity === 'roughness_map');
    if (!head) throw new Error('the head pipeline made no roughness_map');
    const top = await decodeChannel(head.data, atlasSize, half);
    const bottom = await resizeMask(body.roughness, atlasSize, half, 'linear');
    out.push({ entry: jpeg('roughness_map'), data: await encodeJpeg(stacked({ ...top, channels: 1 }, bottom), 95) });
  }
  if (wanted.has('metallic_map')) {
    out.push({ entry: jpeg('metallic_map'), data: await encodeJpeg({ ...metallicMap(atlasSize, atlasSize), channels: 1 }, 95) });
  }
  if (wanted.has('normal_map')) {
    const { width, height } = body.normal;
    const flat = new Uint8Array(width * height * 3);
    for (let i = 0; i < flat.length; i += 3) { flat[i] = 128; flat[i + 1] = 128; flat[i + 2] = 255; }
    const atlas = stacked({ width, height, channels: 3, data: flat }, body.normal);
    out.push({ entry: { identity: 'normal_map', extension: 'png', contentType: 'image/png' }, data: await encodePng(atlas) });
  }
  return out;
}

const jpeg = (identity: string): TextureEntry => ({ identity, extension: 'jpg', contentType: 'image/jpeg' });
