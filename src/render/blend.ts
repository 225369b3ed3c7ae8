import type { Batch } from './batch.js';
import { LINEAR_STEPS, LINEAR_TO_SRGB8, SRGB8_TO_LINEAR } from './color.js';
import { edges, setupTriangle } from './edges.js';
import { shadeFragment, textureLod } from './fragment.js';
import type { Target } from './target.js';
import { SUBPIXELS } from './vertices.js';

const rgba = new Float64Array(4);
const HALF = SUBPIXELS / 2;

/**
 * Draws a triangle of a blended batch over the shaded target: each covered sample in front of the
 * opaque depth is shaded and composited (“over”, straight alpha, in linear light). Depth is not
 * written, so blended layers never hide one another: the caller draws them back to front.
 */
export function drawBlended(
  target: Target, batch: Batch, screen: Float64Array, attributes: Float64Array,
  i0: number, i1: number, i2: number, normal: Float64Array,
): void {
  if (!setupTriangle(screen, i0, i1, i2, batch.cullBack, target.width, target.height)) return;
  const { a, b, c, minX, maxX, minY, maxY, dx0, dy0, dx1, dy1, dx2, dy2, area } = edges;
  let { row0, row1, row2 } = edges;
  const W = target.width, depth = target.depth, color = target.color;
  const k = 1 / area;
  const za = screen[a * 4 + 2] * k, zb = screen[b * 4 + 2] * k, zc = screen[c * 4 + 2] * k;
  const lod = textureLod(batch, screen, attributes, i0, i1, i2, target.factor);
  const L = SRGB8_TO_LINEAR;

  for (let y = minY; y <= maxY; y++, row0 += dy0, row1 += dy1, row2 += dy2) {
    let e0 = row0, e1 = row1, e2 = row2;
    let entered = false;
    for (let x = minX, i = y * W + minX; x <= maxX; x++, i++, e0 += dx0, e1 += dx1, e2 += dx2) {
      if (e0 < 0 || e1 < 0 || e2 < 0) {
        if (entered) break;
        continue;
      }
      entered = true;
      const z = e0 * za + e1 * zb + e2 * zc;
      if (!(z < depth[i])) continue;
      shadeFragment(batch, screen, attributes, i0, i1, i2, x * SUBPIXELS + HALF, y * SUBPIXELS + HALF, lod, normal, rgba);
      const alpha = rgba[3];
      if (alpha <= 0) continue;
      const dst = color[i];
      const keep = ((dst >>> 24) / 255) * (1 - alpha);
      const out = alpha + keep;
      const r = (rgba[0] * alpha + L[dst & 255] * keep) / out;
      const g = (rgba[1] * alpha + L[(dst >>> 8) & 255] * keep) / out;
      const bl = (rgba[2] * alpha + L[(dst >>> 16) & 255] * keep) / out;
      color[i] = (toSrgb8(r) | (toSrgb8(g) << 8) | (toSrgb8(bl) << 16) | (((out * 255 + 0.5) | 0) << 24)) >>> 0;
    }
  }
}

function toSrgb8(c: number): number {
  return c <= 0 ? 0 : c >= 1 ? 255 : LINEAR_TO_SRGB8[(c * LINEAR_STEPS + 0.5) | 0];
}
