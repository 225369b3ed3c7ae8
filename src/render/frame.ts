import { LINEAR_STEPS, LINEAR_TO_SRGB8, SRGB8_TO_LINEAR } from './color.js';
import type { Image } from '../core/image.js';
import type { Target } from './target.js';

/** A rendered picture: sRGB RGBA with straight alpha (0 where nothing was drawn on a transparent background). */
export interface Frame extends Image {
  channels: 4;
}

/**
 * Averages each factor × factor block of samples into one pixel (a box filter), in linear light and
 * weighted by alpha, so that an edge against a transparent background keeps the mesh's colour and only
 * its coverage fades.
 */
export function resolve(target: Target): Frame {
  const { factor } = target;
  const width = target.width / factor;
  const height = target.height / factor;
  const data = new Uint8Array(width * height * 4);
  if (factor === 1) {
    data.set(new Uint8Array(target.color.buffer, target.color.byteOffset, target.color.byteLength));
    return { width, height, channels: 4, data };
  }
  const src = target.color;
  const L = SRGB8_TO_LINEAR;
  const S = LINEAR_TO_SRGB8;
  const n = factor * factor;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < factor; sy++) {
        let i = (y * factor + sy) * target.width + x * factor;
        for (let sx = 0; sx < factor; sx++, i++) {
          const p = src[i];
          const pa = p >>> 24;
          if (pa === 0) continue;
          r += L[p & 255] * pa;
          g += L[(p >>> 8) & 255] * pa;
          b += L[(p >>> 16) & 255] * pa;
          a += pa;
        }
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        const k = LINEAR_STEPS / a;
        data[o] = S[(r * k + 0.5) | 0];
        data[o + 1] = S[(g * k + 0.5) | 0];
        data[o + 2] = S[(b * k + 0.5) | 0];
        data[o + 3] = (a / n + 0.5) | 0;
      }
    }
  }
  return { width, height, channels: 4, data };
}
