import sharp from 'sharp';
import type { Mask } from './types.js';

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

/** Fraction of the mask's pixels that are at least half on (value >= 128). */
export function maskCoverage(mask: Mask): number {
  let on = 0;
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i] >= 128) on++;
  return mask.data.length ? on / mask.data.length : 0;
}
