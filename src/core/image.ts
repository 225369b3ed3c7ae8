/**
 * The one image type of Likeness: 8-bit pixels in one plain typed array, row-major (the top row
 * first) and interleaved. A photo, a texture, a rendered frame and a mask are all an `Image`; they
 * differ only in their channels. Colour is sRGB; alpha is straight, not premultiplied.
 * `data.length === width * height * channels`.
 */
export interface Image {
  width: number;
  height: number;
  /** 1 (a mask or a grey map), 3 (RGB) or 4 (RGBA); {@link checkImage} refuses any other count. */
  channels: number;
  data: Uint8Array;
}

/** An RGB {@link Image}: a photo or a texture. Row 0 of a texture is v = 0, the top of the image (as glTF). */
export type RgbImage = Image & { channels: 3 };

/** A one-channel {@link Image} used as a mask: 0 = outside, 255 = inside, values between are soft. */
export type Mask = Image & { channels: 1 };

/** Throws a RangeError naming `what` unless the image's size, channels and data agree. */
export function checkImage(image: Image, what: string): void {
  const { width, height, channels, data } = image;
  if (!(width > 0 && height > 0 && Number.isInteger(width) && Number.isInteger(height))) {
    throw new RangeError(`${what} has no size (${width}×${height})`);
  }
  if (channels !== 1 && channels !== 3 && channels !== 4) throw new RangeError(`${what} has ${channels} channels, expected 1, 3 or 4`);
  if (data.length !== width * height * channels) {
    throw new RangeError(`${what} data has ${data.length} bytes, expected ${width}×${height}×${channels}`);
  }
}

/** As {@link checkImage}, and the image must be RGB. */
export function checkRgbImage(image: Image, what = 'the texture'): void {
  checkImage(image, what);
  if (image.channels !== 3) throw new RangeError(`${what} has ${image.channels} channels, expected RGB`);
}

/** A rectangle of pixels (texels of a texture), bounds inclusive; empty when x0 > x1. */
export interface TexelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
