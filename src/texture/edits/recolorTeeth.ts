import type { Mask, Rgb } from '../../analysis/types.js';
import { checkLayout, type FaceLayout } from '../layout/faceLayout.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { boxSize } from '../layout/polygonMask.js';
import { recolorRegion } from './recolorRegion.js';
import { smoothstep } from '../../core/smoothstep.js';

/** Options of {@link recolorTeeth}. */
export interface RecolorTeethOptions {
  /** 0 leaves the teeth as they are, 1 moves their mean colour all the way to the target. */
  strength?: number;
  /**
   * Luma (0..255) above the lips' mean from which a texel of the mouth opening starts to count as
   * tooth, and the width of the ramp to fully: teeth are the brightest thing in a mouth.
   */
  brighterThanLips?: [number, number];
  /** Saturation ((max − min) / max) from which a texel stops counting as tooth, and where it fully has. */
  saturation?: [number, number];
}

export const RECOLOR_TEETH_DEFAULTS: Required<RecolorTeethOptions> = {
  strength: 1,
  brighterThanLips: [0, 25],
  saturation: [0.22, 0.36],
};

/**
 * `teeth_color`: the teeth take the colour `target` on average, keeping their shading (see
 * {@link recolorRegion}). Teeth are the texels of the mouth opening that look like teeth: brighter
 * than the lips and nearly unsaturated, so neither the dark of the mouth, the tongue and gums (red),
 * nor the lips change. A closed mouth has no teeth and the texture is returned unchanged.
 *
 * ```ts
 * const whiter = recolorTeeth(texture, layout, { red: 245, green: 240, blue: 230 });
 * ```
 */
export function recolorTeeth(texture: RgbImage, layout: FaceLayout, target: Rgb, options: RecolorTeethOptions = {}): RgbImage {
  const o = { ...RECOLOR_TEETH_DEFAULTS, ...options };
  return recolorRegion(texture, teethMask(texture, layout, o), target, { strength: o.strength });
}

/** The teeth of {@link recolorTeeth} as a texture-sized soft mask. */
export function teethMask(texture: RgbImage, layout: FaceLayout, options: RecolorTeethOptions = {}): Mask {
  const o = { ...RECOLOR_TEETH_DEFAULTS, ...options };
  checkRgbImage(texture);
  checkLayout(texture, layout);
  const { width, height, data } = texture;
  const lipsLuma = meanLuma(data, width, layout.lips.box, layout.lips.data);
  const [b0, b1] = [lipsLuma + o.brighterThanLips[0], lipsLuma + o.brighterThanLips[0] + o.brighterThanLips[1]];
  const [s0, s1] = o.saturation;
  const mask = new Uint8Array(width * height);
  const { box, data: mouth } = layout.mouth;
  const w = boxSize(box).width;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const m = mouth[(y - box.y0) * w + (x - box.x0)];
      if (m === 0) continue;
      const k = (y * width + x) * 3;
      const r = data[k], g = data[k + 1], b = data[k + 2];
      const max = Math.max(r, g, b), min = Math.min(r, g, b);
      const bright = smoothstep(b0, b1, 0.299 * r + 0.587 * g + 0.114 * b);
      const neutral = 1 - smoothstep(s0, s1, max > 0 ? (max - min) / max : 0);
      mask[y * width + x] = Math.round(m * bright * neutral);
    }
  }
  return { width, height, channels: 1, data: mask };
}

function meanLuma(data: Uint8Array, width: number, box: { x0: number; y0: number; x1: number; y1: number }, weights: Uint8Array): number {
  const w = boxSize(box).width;
  let sum = 0, total = 0;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const m = weights[(y - box.y0) * w + (x - box.x0)];
      if (m === 0) continue;
      const k = (y * width + x) * 3;
      sum += m * (0.299 * data[k] + 0.587 * data[k + 1] + 0.114 * data[k + 2]);
      total += m;
    }
  }
  return total > 0 ? sum / total : 255;
}

