import type { HairVolume } from './hairVolume.js';
import type { Mesh } from '../../../core/mesh.js';

/** Options of {@link haircutShell}. */
export interface HaircutShellOptions {
  /**
   * Coverage (HairVolume.coverage; ½ is the hairline) from which a vertex belongs to the haircut. A
   * triangle belongs when any of its vertices does: the texture's alpha, not the triangles, draws the
   * haircut's edge.
   */
  minCoverage?: number;
  /**
   * How far the shell stands off the raised scalp along the normals, metres: at the hairline the
   * volume is 0 thick, and a shell lying exactly on the skin would flicker through it in a renderer.
   */
  offset?: number;
}

export const HAIRCUT_SHELL_DEFAULTS: Required<HaircutShellOptions> = {
  minCoverage: 0.5,
  offset: 0.0015,
};

/**
 * The generated haircut as a mesh of its own (head_2.0, whose hairstyle is separate from the head):
 * the triangles of the hair volume that reach the hair, compacted, moved out by
 * `offset`. UVs are the head's: the haircut's texture is laid out like the head's, so the hair the
 * photo shows lands on it through the same bake. Empty (no faces) when the photo shows no hair.
 *
 * ```ts
 * const haircut = haircutShell(hairVolume(fitted, analysis, hairRegion(photo, analysis)));
 * ```
 */
export function haircutShell(volume: HairVolume, options: HaircutShellOptions = {}): Mesh {
  const o = { ...HAIRCUT_SHELL_DEFAULTS, ...options };
  const { positions, normals, indices, uvs } = volume.mesh;
  const count = positions.length / 3;
  const remap = new Int32Array(count).fill(-1);
  const kept: number[] = [];
  const faces: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (volume.coverage[a] < o.minCoverage && volume.coverage[b] < o.minCoverage && volume.coverage[c] < o.minCoverage) continue;
    for (const v of [a, b, c]) {
      if (remap[v] < 0) {
        remap[v] = kept.length;
        kept.push(v);
      }
      faces.push(remap[v]);
    }
  }
  const out = {
    positions: new Float32Array(kept.length * 3),
    normals: new Float32Array(kept.length * 3),
    uvs: new Float32Array(kept.length * 2),
    indices: Uint32Array.from(faces),
  };
  kept.forEach((v, i) => {
    for (let k = 0; k < 3; k++) {
      out.normals[i * 3 + k] = normals![v * 3 + k];
      out.positions[i * 3 + k] = positions[v * 3 + k] + o.offset * normals![v * 3 + k];
    }
    if (uvs) out.uvs.set(uvs.subarray(v * 2, v * 2 + 2), i * 2);
  });
  return out;
}
