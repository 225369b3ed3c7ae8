import type { Projection } from '../core/projection.js';
import type { FittedHead } from './fitHead.js';
import type { Mesh } from '../core/mesh.js';

/**
 * Where the uncaricatured head moved by the same offsets lands in the photo, as the texture reads
 * it (the fit's own projection, FittedHead.projection): the camera is affine, so a vertex's pixel
 * and depth move by the camera's linear part times its offset (`moves`, xyz per vertex); facing is
 * the raised normal's. The face, which caricature changes, is not raised: there it is the fit's.
 *
 * ```ts
 * const projection = raisedProjection(fitted, raised, moves);
 * ```
 */
export function raisedProjection(fitted: FittedHead, raised: Mesh, moves: Float32Array): Projection {
  const before = fitted.projection, m = fitted.camera.matrix, n = raised.normals!;
  const [cx, cy, cz] = fitted.camera.towardsCamera;
  const count = moves.length / 3;
  const x = new Float32Array(count), y = new Float32Array(count), depth = new Float32Array(count), facing = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    const dx = moves[v * 3], dy = moves[v * 3 + 1], dz = moves[v * 3 + 2];
    x[v] = before.x[v] + m[0] * dx + m[1] * dy + m[2] * dz;
    y[v] = before.y[v] + m[4] * dx + m[5] * dy + m[6] * dz;
    // The camera matrix's third row grows towards the camera, the projection's depth away from it.
    depth[v] = before.depth[v] - m[8] * dx - m[9] * dy - m[10] * dz;
    facing[v] = dx === 0 && dy === 0 && dz === 0 ? before.facing[v] : n[v * 3] * cx + n[v * 3 + 1] * cy + n[v * 3 + 2] * cz;
  }
  return { x, y, depth, facing };
}
