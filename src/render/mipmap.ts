import { LINEAR_STEPS, LINEAR_TO_SRGB8, SRGB8_TO_LINEAR } from './color.js';
import type { Image } from '../core/image.js';

/**
 * A texture level as the sampler reads it: one packed RGBA8 texel per element (red in the low byte),
 * so that a bilinear tap is one load rather than three or four. Int32, not Uint32: opaque texels have
 * the top bit set, and V8 would read them from a Uint32Array as doubles.
 */
export interface Texels {
  width: number;
  height: number;
  texels: Int32Array;
}

const chains = new WeakMap<Image, Texels[]>();

/**
 * The image and its successive halvings down to 1 × 1 (each texel the average of 2 × 2, in linear light
 * for colour), so that a texture seen smaller than its size is read from a level where one texel covers
 * about one pixel instead of sparkling. Made once per image object and cached (a third more memory than
 * the image as RGBA): an image's pixels must not change once it has been rendered.
 */
export function mipmaps(image: Image): Texels[] {
  let chain = chains.get(image);
  if (!chain) {
    const { width, height, channels, data } = image;
    if (data.length !== width * height * channels) {
      throw new RangeError(`texture: ${data.length} bytes for a ${width}x${height}x${channels} image`);
    }
    const texels = new Int32Array(width * height);
    for (let i = 0, o = 0; i < texels.length; i++, o += channels) {
      texels[i] = data[o] | (data[o + 1] << 8) | (data[o + 2] << 16) | ((channels === 4 ? data[o + 3] : 255) << 24);
    }
    let level: Texels = { width, height, texels };
    chain = [level];
    while (level.width > 1 || level.height > 1) {
      level = halve(level);
      chain.push(level);
    }
    chains.set(image, chain);
  }
  return chain;
}

function halve(src: Texels): Texels {
  const s = src.texels;
  const width = Math.max(1, src.width >> 1), height = Math.max(1, src.height >> 1);
  const texels = new Int32Array(width * height);
  const L = SRGB8_TO_LINEAR;
  const S = (c: number): number => LINEAR_TO_SRGB8[(c * (LINEAR_STEPS / 4) + 0.5) | 0];
  for (let y = 0; y < height; y++) {
    const y0 = Math.min(2 * y, src.height - 1) * src.width, y1 = Math.min(2 * y + 1, src.height - 1) * src.width;
    for (let x = 0; x < width; x++) {
      const x0 = Math.min(2 * x, src.width - 1), x1 = Math.min(2 * x + 1, src.width - 1);
      const p = s[y0 + x0], q = s[y0 + x1], r = s[y1 + x0], t = s[y1 + x1];
      const red = S(L[p & 255] + L[q & 255] + L[r & 255] + L[t & 255]);
      const green = S(L[(p >>> 8) & 255] + L[(q >>> 8) & 255] + L[(r >>> 8) & 255] + L[(t >>> 8) & 255]);
      const blue = S(L[(p >>> 16) & 255] + L[(q >>> 16) & 255] + L[(r >>> 16) & 255] + L[(t >>> 16) & 255]);
      const alpha = ((p >>> 24) + (q >>> 24) + (r >>> 24) + (t >>> 24) + 2) >> 2;
      texels[y * width + x] = red | (green << 8) | (blue << 16) | (alpha << 24);
    }
  }
  return { width, height, texels };
}
