import type { FittedHead } from '../geometry/index.js';
import type { Projection } from '../texture/index.js';

/** The texture's view of the fit: where each vertex of the uncaricatured head lands in the photo, how
 * deep, and how it faces, so that a caricature still takes its colours from the right pixels. */
export function textureProjection(head: FittedHead): Projection {
  const { pixels, depth, facing } = head.projection;
  const n = facing.length;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const distance = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = pixels[i * 2];
    y[i] = pixels[i * 2 + 1];
    distance[i] = -depth[i];
  }
  return { x, y, depth: distance, facing };
}
