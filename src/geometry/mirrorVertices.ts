import { pointTree } from './pointTree.js';

/**
 * For each vertex, the vertex nearest its mirror image across the plane x = 0 (left is +X): on a
 * mesh built symmetric, its counterpart on the other side of the face, and itself on the midline.
 * The texture bake takes from there what the photo did not see squarely on this side.
 *
 * Give it a symmetric shape of the mesh (a template's generic head, `basePositions`), not a fitted
 * head: the fitted face is asymmetric, and the counterpart is a matter of topology, not of where a
 * photo put the vertex.
 *
 * ```ts
 * const mirror = mirrorVertices(template.basePositions);
 * ```
 */
export function mirrorVertices(positions: ArrayLike<number>): Uint32Array {
  const count = positions.length / 3;
  const tree = pointTree(positions);
  const mirror = new Uint32Array(count);
  for (let v = 0; v < count; v++) mirror[v] = tree.nearest(-positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
  return mirror;
}
