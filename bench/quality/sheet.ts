import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import type { Frame } from '../../src/render/index.js';
import type { Image } from '../../src/core/image.js';

/** One picture of a contact sheet and its caption. */
export interface Panel {
  image: Image;
  caption: string;
}

const CAPTION_HEIGHT = 24;
const GAP = 6;

/**
 * Rows of panels on a dark background, as PNG: each row's panels side by side, scaled to the row's
 * height (aspect kept), a caption under each; a title on top.
 */
export async function contactSheet(rows: { height: number; panels: Panel[] }[], title: string): Promise<Buffer> {
  const layers: OverlayOptions[] = [];
  let top = CAPTION_HEIGHT;
  let width = 0;
  for (const row of rows) {
    let left = GAP;
    for (const { image, caption } of row.panels) {
      const scaled = await resized(image, row.height);
      layers.push({ input: await raw(scaled).png().toBuffer(), left, top: top + GAP });
      layers.push({ input: text(caption, scaled.width, 13), left, top: top + GAP + row.height });
      left += scaled.width + GAP;
    }
    width = Math.max(width, left);
    top += GAP + row.height + CAPTION_HEIGHT;
  }
  layers.unshift({ input: text(title, width, 15), left: 0, top: 0 });
  return sharp({ create: { width, height: top + GAP, channels: 3, background: { r: 24, g: 24, b: 28 } } }).composite(layers).png().toBuffer();
}

function raw(image: Image): Sharp {
  const { width, height, data } = image;
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: image.channels as 1 | 3 | 4 } });
}

function text(caption: string, width: number, size: number): Buffer {
  const escaped = caption.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${CAPTION_HEIGHT}">` +
      `<text x="4" y="${CAPTION_HEIGHT - 7}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#e8e8e8">${escaped}</text></svg>`,
  );
}

/** An RGBA frame laid over an RGB background of the same size (straight alpha, blended in sRGB). */
export function over(frame: Frame, background: Image | readonly [number, number, number]): Image {
  const { width, height } = frame;
  const out = new Uint8Array(width * height * 3);
  for (let i = 0, n = width * height; i < n; i++) {
    const a = frame.data[i * 4 + 3] / 255;
    for (let c = 0; c < 3; c++) {
      const under = 'data' in background ? background.data[i * background.channels + (background.channels === 1 ? 0 : c)] : background[c];
      out[i * 3 + c] = Math.round(frame.data[i * 4 + c] * a + under * (1 - a));
    }
  }
  return { width, height, channels: 3, data: out };
}

/** A copy of an RGB image with a small cross at each [x, y] point (68 landmarks), in `color`. */
export function marks(image: Image, points: ArrayLike<number>, stride: number, color: readonly [number, number, number], arm: number): Image {
  const out: Image = { ...image, data: Uint8Array.from(image.data) };
  const { width, height, channels } = out;
  for (let k = 0; k + 1 < points.length; k += stride) {
    const px = Math.round(points[k] - 0.5), py = Math.round(points[k + 1] - 0.5);
    for (let d = -arm; d <= arm; d++) {
      for (const [x, y] of [[px + d, py], [px, py + d]]) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        for (let c = 0; c < 3; c++) out.data[(y * width + x) * channels + c] = color[c];
      }
    }
  }
  return out;
}

/** The image scaled to `height` pixels, aspect kept (RGB). */
export async function resized(image: Image, height: number): Promise<Image> {
  const width = Math.max(1, Math.round((image.width * height) / image.height));
  const { data, info } = await raw(image).removeAlpha().resize(width, height, { kernel: image.height < height ? 'cubic' : 'lanczos3' }).raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}
