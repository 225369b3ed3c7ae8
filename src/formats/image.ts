/**
 * Image files: every decode and encode of Likeness goes through here (sharp is imported in
 * src/formats only). Pixels in memory are the core {@link Image}; see imageDecode.ts for reading
 * files and imageResize.ts for resampling.
 */
import sharp from 'sharp';
import type { Mask } from '../core/image.js';
import { rawSharp, type RawPixels } from './rawPixels.js';

export {
  checkDecodes, decodeChannel, decodePhoto, decodeRgb, decodeRgba, decodeTexture, readImageInfo, type DecodedPhoto, type ImageInfo,
} from './imageDecode.js';
export { sniffImageHeader } from './imageHeader.js';
export { PhotoDecodeError, TextureDecodeError } from './imageErrors.js';
export { enlargedCrop, resizeEncoded, resizeImage, resizeMask, type ResizeKernel } from './imageResize.js';
export { rawSharp, type RawPixels } from './rawPixels.js';

/** Encodes raw pixels losslessly as PNG: previews keep their transparency, masks stay grey. */
export async function encodePng(image: RawPixels): Promise<Buffer> {
  let pipeline = rawSharp(image);
  if ((image.channels ?? 1) === 1) pipeline = pipeline.toColourspace('b-w');
  return pipeline.png({ compressionLevel: 6 }).toBuffer();
}

/** Encodes an RGB texture (or any raw image) as a baseline JPEG; `quality` 1..100. */
export async function encodeJpeg(image: RawPixels, quality = 90): Promise<Buffer> {
  let pipeline = rawSharp(image);
  // A one-channel map (roughness, metallic) stays a one-channel JPEG rather than grey in sRGB.
  if ((image.channels ?? 1) === 1) pipeline = pipeline.toColourspace('b-w');
  return pipeline.jpeg({ quality, mozjpeg: false }).toBuffer();
}

/** An image format of a texture profile (persona_2.0's `textures.profile`, e.g. `2K.webp`). */
export type ProfileFormat = 'png' | 'jpg' | 'webp';

/**
 * Encodes raw pixels in a profile's format, at most `maxSide` pixels on the longer side (never
 * upscaled: a larger texture gives no quality gain). One-channel maps stay grey; alpha is kept by
 * PNG and WebP and dropped by JPEG.
 */
export async function encodeProfile(image: RawPixels, format: ProfileFormat, maxSide: number, quality = 90): Promise<Buffer> {
  let pipeline = rawSharp(image);
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  if (scale < 1) pipeline = pipeline.resize(Math.max(1, Math.round(image.width * scale)), Math.max(1, Math.round(image.height * scale)), { fit: 'fill', kernel: 'lanczos3' });
  if ((image.channels ?? 1) === 1) pipeline = pipeline.toColourspace('b-w');
  if (format === 'png') return pipeline.png({ compressionLevel: 6 }).toBuffer();
  if (format === 'webp') return pipeline.webp({ quality, alphaQuality: 100 }).toBuffer();
  return pipeline.removeAlpha().jpeg({ quality, mozjpeg: false }).toBuffer();
}

/** Encodes a mask as an 8-bit grayscale PNG, e.g. to store it next to the avatar. */
export async function encodeMaskPng(mask: Mask): Promise<Buffer> {
  if (mask.data.length !== mask.width * mask.height) {
    throw new RangeError(`mask data has ${mask.data.length} bytes, expected ${mask.width}×${mask.height}`);
  }
  return sharp(Buffer.from(mask.data.buffer, mask.data.byteOffset, mask.data.byteLength), {
    raw: { width: mask.width, height: mask.height, channels: 1 },
  })
    .toColourspace('b-w')
    .png()
    .toBuffer();
}
