import type { Mesh } from '../../../core/mesh.js';
import { headSurface } from '../../../geometry/headSurface.js';

/** Options of {@link keepOffHead}. */
export interface KeepOffHeadOptions {
  /** Least distance from the head's surface, metres, along its normal. */
  clearance?: number;
}

export const KEEP_OFF_HEAD_DEFAULTS: Required<KeepOffHeadOptions> = {
  clearance: 0.0015,
};

/**
 * A haircut moved out of a head it was not fitted to: every vertex nearer than `clearance` to the
 * head's surface, or inside it, goes out along the surface's normal. For a head at a lower level of
 * detail, whose flatter triangles can stand a few millimetres off LOD0's surface and poke through a
 * haircut fitted to LOD0. Returns a new mesh (UVs, normals and triangles shared).
 *
 * ```ts
 * const onLod5 = keepOffHead(haircut, (await headLod(fitted, 5)));
 * ```
 */
export function keepOffHead(hair: Mesh, head: Mesh, options: KeepOffHeadOptions = {}): Mesh {
  const o = { ...KEEP_OFF_HEAD_DEFAULTS, ...options };
  const surface = headSurface(head);
  const positions = hair.positions.slice();
  for (let v = 0; v < positions.length / 3; v++) {
    // A push out of one triangle can land under a neighbour around the ears: a few rounds settle it.
    for (let pass = 0; pass < 4; pass++) {
      const hit = surface.closest(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
      if (hit.distance >= o.clearance) break;
      for (let k = 0; k < 3; k++) positions[v * 3 + k] += hit.normal[k] * (o.clearance - hit.distance);
    }
  }
  return { ...hair, positions };
}
