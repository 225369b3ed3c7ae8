import type { Rgb } from '../../analysis/types.js';
import { chamferDistance } from '../filters/distance.js';
import type { TexelBox } from '../../core/image.js';
import { pushPull } from '../filters/pushPull.js';

/** The skin fill, a smooth field at a fraction of the texture resolution. */
export interface SkinFill {
  width: number;
  height: number;
  /** Texels per fill cell along each axis. */
  factor: number;
  /** RGB per cell, 0..255 as floats. */
  color: Float32Array;
}

/**
 * The colour for the texels the photo does not show: the photo's skin pushed outwards from where it
 * is known (pull-push, so it continues the local tone without streaks or blotches), then pulled
 * towards the person's skin colour with distance from known skin, so that the back of the head and
 * the neck get one even tone instead of whatever the silhouette's last texels happened to be.
 *
 * Only texels whose `source` weight says they are skin seen by the photo feed it, so hair,
 * background, clothes, eyes and lips never leak in. It is computed at 1/`factor` of the texture
 * resolution: the field is smooth by construction, and at the bake's factor 8 it has 64× fewer cells.
 *
 * ```ts
 * const fill = skinFill(texels.color, texels.source, texels.seen, 4096, 2048, skin, 8, 170);
 * ```
 */
export function skinFill(
  color: Uint8Array,
  source: Uint8Array,
  seen: TexelBox,
  width: number,
  height: number,
  skin: Rgb,
  factor: number,
  falloff: number,
): SkinFill {
  const fw = Math.ceil(width / factor), fh = Math.ceil(height / factor);
  const sum = new Float32Array(fw * fh * 3);
  const weight = new Float32Array(fw * fh);
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.floor(x / factor);
  // Only the box of texels the photo shows can hold skin.
  for (let y = seen.y0; y <= seen.y1; y++) accumulateRow(color, source, width, y, seen.x0, seen.x1, Math.floor(y / factor) * fw, column, sum, weight);
  const norm = 1 / (255 * factor * factor);
  const known = new Uint8Array(fw * fh);
  normalise(sum, weight, norm, known);
  const skinRgb = new Float32Array([skin.red, skin.green, skin.blue]);
  const filled = pushPull(sum, weight, fw, fh, 3, skinRgb);
  const reach = Math.max(1e-6, falloff / factor);
  towardsSkin(filled, chamferDistance(known, fw, fh, reach), reach, skinRgb);
  return { width: fw, height: fh, factor, color: filled };
}

/** Adds one texture row's skin texels into their fill cells (a function per row: see photoTexels.ts). */
function accumulateRow(
  color: Uint8Array, source: Uint8Array, width: number, y: number, x0: number, x1: number, cellRow: number,
  column: Int32Array, sum: Float32Array, weight: Float32Array,
): void {
  const row = y * width;
  for (let x = x0; x <= x1; x++) {
    const s = source[row + x];
    if (s === 0) continue;
    const cell = cellRow + column[x];
    const k = (row + x) * 3;
    weight[cell] += s;
    sum[cell * 3] += s * color[k];
    sum[cell * 3 + 1] += s * color[k + 1];
    sum[cell * 3 + 2] += s * color[k + 2];
  }
}

/** Cell sums to averages over the cell; `known` marks cells at least half skin. */
function normalise(sum: Float32Array, weight: Float32Array, norm: number, known: Uint8Array): void {
  for (let cell = 0; cell < weight.length; cell++) {
    weight[cell] *= norm;
    sum[cell * 3] *= norm;
    sum[cell * 3 + 1] *= norm;
    sum[cell * 3 + 2] *= norm;
    known[cell] = weight[cell] >= 0.5 ? 1 : 0;
  }
}

/** Blends each cell towards the skin colour by smoothstep(distance / reach). */
function towardsSkin(filled: Float32Array, distance: Float32Array, reach: number, skin: Float32Array): void {
  const r = skin[0], g = skin[1], b = skin[2];
  for (let cell = 0; cell < distance.length; cell++) {
    const s = distance[cell] / reach;
    const t = s >= 1 ? 1 : s * s * (3 - 2 * s);
    const o = cell * 3;
    filled[o] += t * (r - filled[o]);
    filled[o + 1] += t * (g - filled[o + 1]);
    filled[o + 2] += t * (b - filled[o + 2]);
  }
}
