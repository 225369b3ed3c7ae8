import sharp from 'sharp';
import type { Image, Mask } from '../core/image.js';
import { rawSharp } from './rawPixels.js';

/** sharp's resampling kernels. */
export type ResizeKernel = 'nearest' | 'linear' | 'cubic' | 'mitchell' | 'lanczos2' | 'lanczos3';

/**
 * Resamples an image to `width` × `height`, stretching if the aspect ratio changes (UVs are
 * relative, so a texture stays aligned with its mesh).
 *
 * ```ts
 * const small = await resizeImage(texture, 1024, 512, 'lanczos3');
 * ```
 */
export async function resizeImage(image: Image, width: number, height: number, kernel: ResizeKernel): Promise<Image> {
  const { data, info } = await rawSharp(image)
    .resize(width, height, { fit: 'fill', kernel })
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: info.channels, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/** Resamples a mask to `width` × `height`, stretching; it stays one channel. */
export async function resizeMask(mask: Mask, width: number, height: number, kernel: ResizeKernel): Promise<Mask> {
  const data = new Uint8Array(await rawSharp({ ...mask, channels: 1 }).resize(width, height, { fit: 'fill', kernel }).extractChannel(0).raw().toBuffer());
  if (data.length !== width * height) throw new Error(`resized mask has ${data.length} bytes, expected ${width * height}`);
  return { width, height, channels: 1, data };
}

/**
 * An encoded image resampled to `width` × `height` (stretched, lanczos3) and encoded again, as PNG or
 * as a quality-90 JPEG: a texture file at another size.
 */
export async function resizeEncoded(encoded: Buffer | Uint8Array, width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const resized = sharp(encoded).resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  return format === 'png' ? resized.png().toBuffer() : resized.jpeg({ quality: 90 }).toBuffer();
}

/**
 * A rectangle of an image file, enlarged `factor` times (lanczos3) and encoded as PNG: a small face
 * cut out of a larger picture, made big enough for the face analysis.
 */
export async function enlargedCrop(
  source: string | Buffer,
  box: { left: number; top: number; width: number; height: number },
  factor: number,
): Promise<Buffer> {
  return sharp(source)
    .extract({ left: box.left, top: box.top, width: box.width, height: box.height })
    .resize({ width: box.width * factor, kernel: 'lanczos3' })
    .png()
    .toBuffer();
}
