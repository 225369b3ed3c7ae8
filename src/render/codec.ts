import sharp from 'sharp';
import { TextureDecodeError } from './errors.js';
import type { Image } from '../core/image.js';

/**
 * Decodes a JPEG, PNG (or any format sharp reads) into an sRGB {@link Image}: RGB, or RGBA when the file
 * has an alpha channel (a hair texture's cut-outs). Grey images become RGB; EXIF orientation is ignored,
 * as texture coordinates refer to the stored pixels.
 *
 * ```ts
 * const material = { texture: await decodeTexture(await readFile('head.jpg')) };
 * ```
 */
export async function decodeTexture(bytes: Buffer | Uint8Array): Promise<Image> {
  if (bytes.length === 0) throw new TextureDecodeError('empty input');
  try {
    const { data, info } = await sharp(bytes, { failOn: 'truncated' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 && info.channels !== 4) throw new Error(`unexpected ${info.channels} channels after conversion to sRGB`);
    return { width: info.width, height: info.height, channels: info.channels, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (err) {
    throw new TextureDecodeError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

// PNG encoding is shared with textures and masks: one writer, in src/formats.
export { encodePng } from '../formats/image.js';
