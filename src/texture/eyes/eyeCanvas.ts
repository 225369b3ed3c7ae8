import type { Rgb } from '../../analysis/types.js';
import type { EyeLayout, IrisTexels } from '../layout/faceLayout.js';
import type { TexelBox } from '../../core/image.js';
import { boxSize, polygonDistance, polylineDistance } from '../layout/polygonMask.js';
import { smoothstep } from '../../core/smoothstep.js';

/**
 * One eye opening as a surface to paint a generated eye on: per texel of the opening's box, where
 * it is relative to the lids and the iris. Shared by the parametric eye styles.
 */
export interface EyeCanvas {
  box: TexelBox;
  /** Box width in texels (row stride of the per-texel arrays). */
  stride: number;
  /** The opening's soft mask over `box` (0 outside: those texels are never painted). */
  mask: Uint8Array;
  /** Distance in texels inside the opening to its outline, ≥ 0 (0 outside). */
  inside: Float32Array;
  /** Distance in texels to the upper lid margin. */
  upperLid: Float32Array;
  iris: IrisTexels;
  /** Corner to corner distance, texels. */
  width: number;
  /** Largest lid-to-lid distance across the opening, texels (about twice the deepest `inside`). */
  height: number;
  /** Unit vector from the outer to the inner corner. */
  axis: [number, number];
  /** Middle of the corner line. */
  centre: [number, number];
  /** The inner corner, texels. */
  inner: [number, number];
}

/** The canvas of one eye of a {@link FaceLayout}. */
export function eyeCanvas(eye: EyeLayout): EyeCanvas {
  const { box, data: mask } = eye.mask;
  const { width: stride } = boxSize(box);
  const opening = eye.opening;
  const half = opening.length / 2;
  const ox = opening[0], oy = opening[1], ix = opening[half], iy = opening[half + 1];
  const width = Math.hypot(ix - ox, iy - oy) || 1;
  const signed = polygonDistance(opening, box, width);
  const inside = new Float32Array(signed.length);
  let deepest = 0;
  for (let i = 0; i < signed.length; i++) {
    inside[i] = signed[i] > 0 ? signed[i] : 0;
    if (signed[i] > deepest) deepest = signed[i];
  }
  return {
    box, stride, mask, inside,
    upperLid: polylineDistance(opening.subarray(0, half + 2), box),
    iris: eye.iris,
    width,
    height: 2 * deepest,
    axis: [(ix - ox) / width, (iy - oy) / width],
    centre: [(ox + ix) / 2, (oy + iy) / 2],
    inner: [ix, iy],
  };
}

/**
 * Paints a canvas's colours (float RGB over its box, 0..255) into the texture over the photo's
 * eye, weighted by the opening's soft mask and by `opacity` (0..1 per texel, where the photo should
 * show through): texels outside the opening keep their bytes.
 */
export function compositeEye(data: Uint8Array, textureWidth: number, canvas: EyeCanvas, colour: Float32Array, opacity?: Float32Array): void {
  const { box, stride, mask } = canvas;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const k = (y - box.y0) * stride + (x - box.x0);
      const a = (mask[k] / 255) * (opacity ? opacity[k] : 1);
      if (a === 0) continue;
      const t = (y * textureWidth + x) * 3;
      for (let c = 0; c < 3; c++) {
        const v = data[t + c] * (1 - a) + colour[k * 3 + c] * a;
        data[t + c] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
      }
    }
  }
}

/**
 * Scales each channel of `colour` (RGB per texel) so that its mean, weighted by `weight` (0..1 per
 * texel), is `target`: a pattern of shading, fibres and rings becomes a sclera or an iris whose
 * visible average is the colour asked for.
 */
export function normaliseMean(colour: Float32Array, weight: Float32Array, target: Rgb): void {
  const sum = [0, 0, 0];
  let total = 0;
  for (let k = 0; k < weight.length; k++) {
    const w = weight[k];
    if (w === 0) continue;
    for (let c = 0; c < 3; c++) sum[c] += w * colour[k * 3 + c];
    total += w;
  }
  if (total === 0) return;
  const goal = [target.red, target.green, target.blue];
  const scale = sum.map((s, c) => (s > 1e-6 ? (goal[c] * total) / s : 1));
  for (let k = 0; k < weight.length; k++) {
    for (let c = 0; c < 3; c++) colour[k * 3 + c] *= scale[c];
  }
}

/** Integer hash to [0, 1) (a few rounds of xorshift-multiply): the same pattern every time. */
export function hash(i: number, seed: number): number {
  let h = (Math.imul(i | 0, 0x27d4eb2d) ^ Math.imul(seed | 0, 0x165667b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth value noise in [0, 1) along a circle of `period` lattice cells (x in cells, wraps around). */
export function circularNoise(x: number, period: number, seed: number): number {
  const i = Math.floor(x), f = x - i;
  const a = hash(((i % period) + period) % period, seed), b = hash((((i + 1) % period) + period) % period, seed);
  return a + (b - a) * f * f * f * (f * (f * 6 - 15) + 10);
}

/** Smooth 2D value noise in [0, 1), periodic with `period` cells in x (angle) and free in y (radius). */
export function polarNoise(x: number, y: number, period: number, seed: number): number {
  const j = Math.floor(y), g = y - j;
  const a = circularNoise(x, period, seed + 7919 * j), b = circularNoise(x, period, seed + 7919 * (j + 1));
  return a + (b - a) * g * g * g * (g * (g * 6 - 15) + 10);
}

