import sharp from 'sharp';
import type { Mask } from '../analysis/types.js';
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

/** Encodes a raw image losslessly as PNG: a texture to look at, or a mask (gray) such as `confidence`. */
export async function encodePng(image: RawImage | Mask): Promise<Buffer> {
  const raw: RawImage = 'channels' in image ? image : { ...image, channels: 1 };
  let pipeline = rawSharp(raw);
  if (raw.channels === 1) pipeline = pipeline.toColourspace('b-w');
  return pipeline.png({ compressionLevel: 6 }).toBuffer();
}

/** A sharp pipeline reading a raw image without copying it. */
export function rawSharp(image: RawImage): ReturnType<typeof sharp> {
  const { width, height, data } = image;
  const channels = image.channels as 1 | 3 | 4;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels } });
}
