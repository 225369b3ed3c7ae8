import sharp from 'sharp';
import { rawSharp } from '../formats/image.js';
import type { Image, RgbImage } from '../core/image.js';

/**
 * Decodes any image sharp reads (JPEG, PNG, WebP, ...) into 8-bit sRGB, EXIF orientation applied and
 * transparency flattened onto white, like the photo the face analysis saw.
 */
export async function decodeRgb(encoded: Buffer | Uint8Array): Promise<RgbImage> {
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
export async function encodeJpeg(image: Image, quality = 90): Promise<Buffer> {
  let pipeline = rawSharp(image);
  // A one-channel map (roughness, metallic) stays a one-channel JPEG rather than grey in sRGB.
  if ((image.channels ?? 1) === 1) pipeline = pipeline.toColourspace('b-w');
  return pipeline.jpeg({ quality, mozjpeg: false }).toBuffer();
}

export { encodePng, rawSharp } from '../formats/image.js';
