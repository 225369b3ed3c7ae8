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
