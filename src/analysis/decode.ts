import sharp from 'sharp';
import { PhotoDecodeError } from './errors.js';

/** A decoded photo as interleaved 8-bit RGB, possibly downscaled from the original. */
export interface RgbImage {
  width: number;
  height: number;
  /** width * height * 3 bytes, row-major RGB. */
  data: Uint8Array;
  /** Photo size (after EXIF orientation) before any downscaling. */
  sourceWidth: number;
  sourceHeight: number;
  /** `width / sourceWidth`: 1 unless the photo was downscaled. */
  scale: number;
}

/** Refuse truncated files, but not files with harmless warnings (sharp's default refuses those too). */
const SHARP_OPTIONS = { failOn: 'truncated' } as const;

/**
 * Decodes any format sharp reads into sRGB: applies the EXIF orientation, flattens transparency onto
 * white, turns grayscale or CMYK into RGB, and shrinks photos whose longer side exceeds `maxSize`.
 */
export async function decodePhoto(photo: Buffer, maxSize: number): Promise<RgbImage> {
  if (!Buffer.isBuffer(photo) || photo.length === 0) throw new PhotoDecodeError('empty input');
  let sourceWidth: number;
  let sourceHeight: number;
  try {
    const meta = await sharp(photo, SHARP_OPTIONS).metadata();
    sourceWidth = meta.autoOrient?.width ?? meta.width ?? 0;
    sourceHeight = meta.autoOrient?.height ?? meta.height ?? 0;
  } catch (err) {
    throw new PhotoDecodeError(describe(err), { cause: err });
  }
  if (!sourceWidth || !sourceHeight) throw new PhotoDecodeError('the image has no size');
  try {
    let pipeline = sharp(photo, SHARP_OPTIONS).autoOrient();
    if (Math.max(sourceWidth, sourceHeight) > maxSize) {
      pipeline = pipeline.resize(maxSize, maxSize, { fit: 'inside', withoutEnlargement: true });
    }
    const { data, info } = await pipeline
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels after conversion to RGB`);
    return {
      width: info.width,
      height: info.height,
      data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      sourceWidth,
      sourceHeight,
      scale: info.width / sourceWidth,
    };
  } catch (err) {
    throw new PhotoDecodeError(describe(err), { cause: err });
  }
}

function describe(err: unknown): string {
  const msg = err instanceof Error ? err.message : String(err);
  const first = msg.split('\n').map((line) => line.trim()).filter(Boolean).join(' ').replace(/:$/, '');
  return first || 'unknown decoder error';
}
