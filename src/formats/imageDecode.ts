import sharp from 'sharp';
import type { Image, RgbImage } from '../core/image.js';
import { PhotoDecodeError, TextureDecodeError } from './imageErrors.js';

/** A decoded photo as interleaved 8-bit RGB, possibly downscaled from the original. */
export type DecodedPhoto = RgbImage & {
  /** Photo size (after EXIF orientation) before any downscaling. */
  sourceWidth: number;
  sourceHeight: number;
  /** `width / sourceWidth`: 1 unless the photo was downscaled. */
  scale: number;
};

/** What an encoded image's header says, read without decoding the pixels. */
export interface ImageInfo {
  /** sharp's name of the format: 'jpeg', 'png', 'webp', … */
  format?: string;
  width?: number;
  height?: number;
}

/** Refuse truncated files, but not files with harmless warnings (sharp's default refuses those too). */
const SHARP_OPTIONS = { failOn: 'truncated' } as const;

/**
 * Decodes any format sharp reads into sRGB for the face analysis: applies the EXIF orientation,
 * flattens transparency onto white, turns grayscale or CMYK into RGB, and shrinks photos whose longer
 * side exceeds `maxSize`. Throws {@link PhotoDecodeError}.
 *
 * ```ts
 * const image = await decodePhoto(await readFile('portrait.jpg'), 1024);
 * ```
 */
export async function decodePhoto(photo: Buffer, maxSize: number): Promise<DecodedPhoto> {
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
      channels: 3,
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

/**
 * Decodes any image sharp reads (JPEG, PNG, WebP, ...) into 8-bit sRGB at full size, EXIF orientation
 * applied and transparency flattened onto white, like the photo the face analysis saw: the photo a
 * texture is baked from. `maxSide` scales it down (never up) to fit that many pixels on its longer side.
 */
export async function decodeRgb(encoded: Buffer | Uint8Array, maxSide?: number): Promise<RgbImage> {
  let pipeline = sharp(encoded).autoOrient();
  // A JPEG shrinks while it decodes: a 4096² atlas wanted at 1024 costs a sixteenth.
  if (maxSide) pipeline = pipeline.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  const { data, info } = await pipeline
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`unexpected ${info.channels} channels after conversion to RGB`);
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * Decodes a JPEG, PNG (or any format sharp reads) into an sRGB {@link Image} to render with: RGB, or
 * RGBA when the file has an alpha channel (a hair texture's cut-outs). Grey images become RGB; EXIF
 * orientation is ignored, as texture coordinates refer to the stored pixels. Throws
 * {@link TextureDecodeError}.
 *
 * ```ts
 * const material = { texture: await decodeTexture(await readFile('head.jpg')) };
 * ```
 */
export async function decodeTexture(bytes: Buffer | Uint8Array): Promise<Image> {
  if (bytes.length === 0) throw new TextureDecodeError('empty input');
  try {
    const { data, info } = await sharp(bytes, { failOn: 'truncated' })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 && info.channels !== 4) throw new Error(`unexpected ${info.channels} channels after conversion to sRGB`);
    return { width: info.width, height: info.height, channels: info.channels, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
  } catch (err) {
    throw new TextureDecodeError(err instanceof Error ? err.message : String(err), { cause: err });
  }
}

/** Decodes an image as RGBA, opaque where the file has no alpha (a haircut texture to recolour). */
export async function decodeRgba(encoded: Buffer | Uint8Array): Promise<Image> {
  const { data, info } = await sharp(encoded).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 4, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * The first channel of an encoded image resampled to `width` × `height` (stretched, sharp's default
 * kernel): a one-channel map (roughness, metallic) to pack into another texture.
 */
export async function decodeChannel(encoded: Buffer | Uint8Array, width: number, height: number): Promise<Image> {
  const data = await sharp(encoded).resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  return { width, height, channels: 1, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

/**
 * Reads an encoded image's format and size from its header. `anySize` reads the header of an image
 * of any size (sharp otherwise refuses more than 268 megapixels), so that a small file claiming huge
 * dimensions can be refused before it is decoded. Throws when the bytes are no image.
 */
export async function readImageInfo(encoded: Buffer | Uint8Array, options: { anySize?: boolean } = {}): Promise<ImageInfo> {
  const { format, width, height } = await (options.anySize ? sharp(encoded, { limitInputPixels: false }) : sharp(encoded)).metadata();
  return { format, width, height };
}

/** Decodes the whole image and throws if it is truncated, corrupt, or larger than `maxPixels`. */
export async function checkDecodes(encoded: Buffer | Uint8Array, maxPixels: number): Promise<void> {
  await sharp(encoded, { failOn: 'truncated', limitInputPixels: maxPixels }).raw().toBuffer();
}
