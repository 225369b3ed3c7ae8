import { checkDecodes, readImageInfo, sniffImageHeader, type ImageInfo } from '../formats/image.js';

export interface PhotoLimits {
  /** Largest accepted file, in bytes. */
  maxBytes: number;
  /** Largest accepted width × height. */
  maxPixels: number;
}

/** LIKENESS_MAX_PHOTO_PIXELS when it is not set: 40 megapixels. */
export const DEFAULT_MAX_PHOTO_PIXELS = 40_000_000;

export interface Photo {
  format: string;
  width: number;
  height: number;
}

/** Formats the analysis can decode. */
export const PHOTO_FORMATS = ['jpeg', 'png', 'webp', 'tiff', 'gif', 'avif', 'heif'] as const;

const NOT_AN_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';

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
    return { refused: NOT_AN_IMAGE };
  }
  const known = checkHeader(meta, limits.maxPixels, true);
  if ('refused' in known) return known;
  try {
    await checkDecodes(data, limits.maxPixels);
  } catch {
    return { refused: 'The image is truncated or corrupted and cannot be decoded.' };
  }
  return { format: known.format, width: known.width!, height: known.height! };
}

/**
 * Checks the beginning of a photo still arriving, or a stored photo without decoding it: what it is,
 * and its size when its header says it. Refuses what is no image, a format the analysis does not take
 * and a size over `maxPixels`, in inspectPhoto's words. The size is null when the header is not among
 * the bytes given (a TIFF whose directory follows its pixels): the worker checks it on the whole file.
 */
export async function inspectPhotoHeader(head: Uint8Array, maxPixels: number): Promise<{ format: string; width: number | null; height: number | null } | { refused: string }> {
  if (head.length === 0) return { refused: 'The submitted file is empty.' };
  let meta: ImageInfo | null;
  try {
    meta = await readImageInfo(head, { anySize: true });
  } catch {
    meta = sniffImageHeader(head);
  }
  if (!meta) return { refused: NOT_AN_IMAGE };
  return checkHeader(meta, maxPixels);
}

/** `sized`: the whole file was read, so a header without a size is no photo. */
function checkHeader(meta: ImageInfo, maxPixels: number, sized = false): { format: string; width: number | null; height: number | null } | { refused: string } {
  const { format, width, height } = meta;
  if (!format || !(PHOTO_FORMATS as readonly string[]).includes(format) || (sized ? !width || !height : width === 0 || height === 0)) {
    return { refused: `Unsupported image format "${format ?? 'unknown'}"; send JPEG, PNG, WebP, TIFF, GIF, AVIF or HEIF.` };
  }
  if (width && height && width * height > maxPixels) {
    return { refused: `The photo is ${width}×${height} pixels (${width * height}); the limit is ${maxPixels} pixels.` };
  }
  return { format, width: width ?? null, height: height ?? null };
}
