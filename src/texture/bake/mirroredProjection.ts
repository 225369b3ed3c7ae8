import type { Projection } from '../../core/projection.js';

/**
 * The projection of each vertex's mirror image (`mirror`, see geometry's mirrorVertices): baking with
 * it fills every texel with the photo of the other side of the face, and with how squarely the photo
 * saw that. Vertices past the end of `mirror` (a part the symmetric shape does not have, such as a
 * hair curtain) face away, so nothing is taken for them.
 */
export function mirroredProjection(projection: Projection, mirror: ArrayLike<number>): Projection {
  const count = projection.x.length;
  const x = new Float32Array(count), y = new Float32Array(count), depth = new Float32Array(count), facing = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    if (v >= mirror.length) {
      facing[v] = -1;
      continue;
    }
    const m = mirror[v];
    x[v] = projection.x[m];
    y[v] = projection.y[m];
    depth[v] = projection.depth[m];
    facing[v] = projection.facing[m];
  }
  return { x, y, depth, facing };
}
