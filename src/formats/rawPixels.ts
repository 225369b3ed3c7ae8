import sharp from 'sharp';

/** Raw 8-bit pixels, row-major and interleaved: an {@link Image}, or a mask that leaves out `channels` (one). */
export interface RawPixels {
  width: number;
  height: number;
  /** 1 (grey), 3 (RGB) or 4 (RGBA). Masks without `channels` are one channel. */
  channels?: number;
  data: Uint8Array;
}

/** A sharp pipeline reading raw pixels without copying them. */
export function rawSharp(image: RawPixels): ReturnType<typeof sharp> {
  const { width, height, data } = image;
  const channels = (image.channels ?? 1) as 1 | 3 | 4;
  if (data.length !== width * height * channels) throw new RangeError(`${data.length} bytes for a ${width}x${height}x${channels} image`);
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels } });
}
