import type { Image } from '../../core/image.js';
import type { Mesh } from '../../core/mesh.js';
import { smoothstep } from '../../core/smoothstep.js';
import { headSurface } from '../../geometry/index.js';
import type { SceneMorphTarget } from '../../formats/scene.js';

/** The head blendshape's name, as the spec calls it. */
export const HAIRCUT_BLENDSHAPE = 'Haircut';

/** Farthest a scalp vertex moves out to the hair, metres: past it the nearest hair is a curtain, not the volume over it. */
const REACH = 0.05;

/**
 * persona_2.0's `Haircut` head blendshape: the head's scalp raised to the generated haircut's
 * outer surface, so that at weight 1 the head itself has the person's hair volume (the spec's
 * alternative to the separate `HaircutGenerated` mesh). A vertex moves where the haircut's
 * texture, which is laid out like the head's, shows hair at its UV: to the closest point of the
 * haircut, when that lies outwards along its normal and within {@link REACH}, faded in over the
 * hairline's soft alpha. Both meshes are in the same frame (placed on the body). Null when no
 * vertex moves.
 *
 * ```ts
 * const target = haircutBlendshape(head.mesh, placedHaircut.mesh, await decodeRgba(haircutPng));
 * ```
 */
export function haircutBlendshape(head: Mesh, haircut: Mesh, texture: Image): SceneMorphTarget | null {
  const { positions, normals, uvs } = head;
  if (!normals || !uvs || texture.channels !== 4) return null;
  const surface = headSurface(haircut);
  const count = positions.length / 3;
  const deltas = new Float32Array(count * 3);
  let moved = 0;
  for (let v = 0; v < count; v++) {
    const tx = Math.min(texture.width - 1, Math.max(0, Math.floor(uvs[v * 2] * texture.width)));
    const ty = Math.min(texture.height - 1, Math.max(0, Math.floor(uvs[v * 2 + 1] * texture.height)));
    const hair = smoothstep(0.3, 0.7, texture.data[(ty * texture.width + tx) * 4 + 3] / 255);
    if (hair === 0) continue;
    const x = positions[v * 3], y = positions[v * 3 + 1], z = positions[v * 3 + 2];
    const hit = surface.closest(x, y, z);
    const dx = hit.point[0] - x, dy = hit.point[1] - y, dz = hit.point[2] - z;
    const out = dx * normals[v * 3] + dy * normals[v * 3 + 1] + dz * normals[v * 3 + 2];
    if (out <= 0 || Math.hypot(dx, dy, dz) > REACH) continue;
    deltas[v * 3] = dx * hair;
    deltas[v * 3 + 1] = dy * hair;
    deltas[v * 3 + 2] = dz * hair;
    moved++;
  }
  return moved ? { name: HAIRCUT_BLENDSHAPE, positions: deltas } : null;
}
