/**
 * An 8-bit image in memory: a texture to sample or a rendered frame. Rows run top to bottom, channels
 * are interleaved sRGB (RGB or RGBA, alpha straight, not premultiplied).
 */
export interface Image {
  width: number;
  height: number;
  channels: 3 | 4;
  /** width * height * channels bytes, row-major, the top row first. */
  data: Uint8Array;
}
