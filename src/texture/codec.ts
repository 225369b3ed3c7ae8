import sharp from 'sharp';
import { rawSharp } from '../formats/image.js';
import type { RawImage, Texture } from './image.js';

/**
 * Decodes any image sharp reads (JPEG, PNG, WebP, ...) into 8-bit sRGB, EXIF orientation applied and
 * transparency flattened onto white, like the photo the face analysis saw.
 */
export async function decodeRgb(encoded: Buffer | Uint8Array): Promise<Texture> {
  const { data, info } = await sharp(encoded)
    .autoOrient()
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels after conversion to RGB`);
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Encodes an RGB texture (or any raw image) as a baseline JPEG; `quality` 1..100. */
export async function encodeJpeg(image: RawImage, quality = 90): Promise<Buffer> {
  return rawSharp(image).jpeg({ quality, mozjpeg: false }).toBuffer();
}

export { encodePng, rawSharp } from '../formats/image.js';
