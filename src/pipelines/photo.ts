import { checkDecodes, readImageInfo, type ImageInfo } from '../formats/image.js';

export interface PhotoLimits {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Largest accepted width × height. */
  maxPixels: number;
}

export interface Photo {
  format: string;
  width: number;
  height: number;
}

/** Formats the analysis can decode. */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'gif', 'avif', 'heif'] as const;

/** Checks an upload before anything is stored: the bytes, not the file name, decide what it is.
 * Returns the reason for refusal, in words a client developer can act on, or the photo's facts. */
export async function inspectPhoto(data: Uint8Array, limits: PhotoLimits): Promise<Photo | { refused: string }> {
  if (data.length === 0) return { refused: 'The submitted file is empty.' };
  if (data.length > limits.maxBytes) return { refused: `The photo is ${data.length} bytes; the limit is ${limits.maxBytes} bytes.` };
  let meta: ImageInfo;
  try {
    // Reading the header only: a small file that claims huge dimensions is refused before it is decoded.
    meta = await readImageInfo(data, { anySize: true });
  } catch {
    return { refused: 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.' };
  }
  const { format, width, height } = meta;
  if (!format || !(PHOTO_FORMATS as readonly string[]).includes(format) || !width || !height) {
    return { refused: `Unsupported image format "${format ?? 'unknown'}"; send JPEG, PNG, WebP, TIFF, GIF, AVIF or HEIF.` };
  }
  if (width * height > limits.maxPixels) {
    return { refused: `The photo is ${width}×${height} pixels (${width * height}); the limit is ${limits.maxPixels} pixels.` };
  }
  try {
    await checkDecodes(data, limits.maxPixels);
  } catch {
    return { refused: 'The image is truncated or corrupted and cannot be decoded.' };
  }
  return { format, width, height };
}
