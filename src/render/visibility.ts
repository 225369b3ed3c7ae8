import { type Batch, MASK } from './batch.js';
import { edges, setupTriangle } from './edges.js';
import type { Target } from './target.js';
import { sampleAlpha } from './texture.js';
import { ATTRIBUTES } from './vertices.js';

/**
 * The depth pass: records triangle `id` at every sample it covers in front of what is there. Nothing is
 * shaded here, so a sample costs a few additions and compares whatever the material; the shading pass
 * then colours each pixel once per triangle seen in it rather than once per sample. A masked batch's
 * alpha is tested per sample, so that cut-outs are as finely edged as the silhouettes.
 * Depth (NDC z) is interpolated linearly on screen, as it is affine there.
 */
export function drawVisibility(target: Target, batch: Batch, screen: Float64Array, attributes: Float64Array, i0: number, i1: number, i2: number, id: number): void {
  if (!setupTriangle(screen, i0, i1, i2, batch.cullBack, target.width, target.height)) return;
  const { a, b, c, minX, maxX, minY, maxY, dx0, dy0, dx1, dy1, dx2, dy2, area } = edges;
  let { row0, row1, row2 } = edges;
  const W = target.width, depth = target.depth, ids = target.triangle;
  const k = 1 / area;
  const za = screen[a * 4 + 2] * k, zb = screen[b * 4 + 2] * k, zc = screen[c * 4 + 2] * k;
  const mask = batch.alphaMode === MASK;

  const dzx = dx0 * za + dx1 * zb + dx2 * zc;
  for (let y = minY; y <= maxY; y++, row0 += dy0, row1 += dy1, row2 += dy2) {
    let e0 = row0, e1 = row1, e2 = row2;
    let z = e0 * za + e1 * zb + e2 * zc;
    let entered = false;
    for (let i = y * W + minX, end = y * W + maxX; i <= end; i++, e0 += dx0, e1 += dx1, e2 += dx2, z += dzx) {
      if (e0 < 0 || e1 < 0 || e2 < 0) {
        // The triangle is convex: a row that has left it does not come back.
        if (entered) break;
        continue;
      }
      entered = true;
      if (z < depth[i] && (!mask || alphaAt(batch, screen, attributes, a, b, c, e0, e1, e2) >= batch.alphaCutoff)) {
        depth[i] = z;
        ids[i] = id;
      }
    }
  }
}

function alphaAt(batch: Batch, screen: Float64Array, A: Float64Array, a: number, b: number, c: number, e0: number, e1: number, e2: number): number {
  const p0 = e0 * screen[a * 4 + 3], p1 = e1 * screen[b * 4 + 3], p2 = e2 * screen[c * 4 + 3];
  const q = 1 / (p0 + p1 + p2);
  const a0 = a * ATTRIBUTES, a1 = b * ATTRIBUTES, a2 = c * ATTRIBUTES;
  const alpha = (p0 * A[a0 + 8] + p1 * A[a1 + 8] + p2 * A[a2 + 8]) * q;
  if (batch.texture === null) return alpha;
  const u = (p0 * A[a0] + p1 * A[a1] + p2 * A[a2]) * q;
  const v = (p0 * A[a0 + 1] + p1 * A[a1 + 1] + p2 * A[a2 + 1]) * q;
  return alpha * sampleAlpha(batch.texture[0], u, v, batch.repeat);
}
