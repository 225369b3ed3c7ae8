/**
 * An 8-bit image in one plain typed array, row-major and interleaved: the photo a texture is baked
 * from, and the texture itself. `data.length === width * height * channels`.
 */
export interface RawImage {
  width: number;
  height: number;
  /** 1 (gray), 3 (RGB) or 4 (RGBA; alpha is ignored when sampling). Textures are always 3. */
  channels: number;
  data: Uint8Array;
}

/** A texture: an RGB {@link RawImage}; row 0 is v = 0, the top of the image (as glTF). */
export type Texture = RawImage & { channels: 3 };

/** Throws a RangeError naming `what` unless the image's size, channels and data agree. */
export function checkImage(image: RawImage, what: string): void {
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
export function checkTexture(texture: RawImage, what = 'the texture'): void {
  checkImage(texture, what);
  if (texture.channels !== 3) throw new RangeError(`${what} has ${texture.channels} channels, expected RGB`);
}

/** A rectangle of texels, bounds inclusive; empty when x0 > x1. */
export interface TexelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
