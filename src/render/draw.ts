import { addClipped, type Batch, type TriangleTable } from './batch.js';
import { drawBlended } from './blend.js';
import { clipTriangle } from './clip.js';
import { faceNormal } from './fragment.js';
import type { Target } from './target.js';
import { NEEDS_CLIP, OUTSIDE } from './vertices.js';
import { drawVisibility } from './visibility.js';

const normal = new Float64Array(3);

/**
 * Sends batch number `index`'s triangles through the depth pass: drops those wholly outside one side of
 * the frustum, clips those crossing the near plane or the guard band (numbering the pieces in the
 * table), and rasterises the rest as they are.
 */
export function drawOpaque(target: Target, table: TriangleTable, index: number): void {
  const batch = table.batches[index];
  const { indices, vertices: v } = batch;
  const { outcodes, screen, attributes } = v;
  for (let t = 0, f = 0; f < indices.length; t++, f += 3) {
    const i0 = indices[f], i1 = indices[f + 1], i2 = indices[f + 2];
    const o0 = outcodes[i0], o1 = outcodes[i1], o2 = outcodes[i2];
    if ((o0 & o1 & o2 & OUTSIDE) !== 0) continue;
    if (((o0 | o1 | o2) & NEEDS_CLIP) === 0) {
      drawVisibility(target, batch, screen, attributes, i0, i1, i2, batch.first + t);
      continue;
    }
    const p = clipTriangle(v, i0, i1, i2, target.width, target.height);
    for (let k = 1; k + 1 < p.count; k++) {
      const id = addClipped(table, index, t, p.screen, p.attributes, 0, k, k + 1);
      const at = (id - table.clippedFirst) * 3;
      drawVisibility(target, batch, table.clippedScreen, table.clippedAttributes, at, at + 1, at + 2, id);
    }
  }
}

/**
 * Draws a blended batch over the shaded target, its triangles farthest first (by the sum of their
 * vertices' clip w, the distance along the view axis) so that its layers composite in order.
 */
export function drawTranslucent(target: Target, batch: Batch): void {
  const { indices, vertices: v } = batch;
  const { outcodes, screen, attributes, clip } = v;
  const n = indices.length / 3;
  const distance = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    distance[t] = clip[indices[t * 3] * 4 + 3] + clip[indices[t * 3 + 1] * 4 + 3] + clip[indices[t * 3 + 2] * 4 + 3];
  }
  const order = new Uint32Array(n).map((_, t) => t).sort((a, b) => distance[b] - distance[a]);
  for (const t of order) {
    const i0 = indices[t * 3], i1 = indices[t * 3 + 1], i2 = indices[t * 3 + 2];
    const o0 = outcodes[i0], o1 = outcodes[i1], o2 = outcodes[i2];
    if ((o0 & o1 & o2 & OUTSIDE) !== 0) continue;
    if (batch.flat) faceNormal(batch, t, normal);
    if (((o0 | o1 | o2) & NEEDS_CLIP) === 0) {
      drawBlended(target, batch, screen, attributes, i0, i1, i2, normal);
      continue;
    }
    const p = clipTriangle(v, i0, i1, i2, target.width, target.height);
    for (let k = 1; k + 1 < p.count; k++) drawBlended(target, batch, p.screen, p.attributes, 0, k, k + 1, normal);
  }
}

/** Checks that every index names a vertex, so that a bad mesh fails loudly instead of drawing NaN. */
export function checkIndices(indices: Uint32Array, count: number): void {
  if (indices.length % 3 !== 0) throw new RangeError(`render: ${indices.length} indices is not a whole number of triangles`);
  for (let i = 0; i < indices.length; i++) {
    if (indices[i] >= count) throw new RangeError(`render: index ${indices[i]} of a mesh with ${count} vertices`);
  }
}
