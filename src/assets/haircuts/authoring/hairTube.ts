import type { Mesh } from '../../../core/mesh.js';
import type { UvRect } from './hairAtlas.js';

/** Options of {@link hairTube}. */
export interface HairTubeOptions {
  /** Vertices around each ring. */
  sides?: number;
}

export const HAIR_TUBE_DEFAULTS: Required<HairTubeOptions> = {
  sides: 6,
};

/**
 * A tube of hair along a spine (a braid's lobe): rings of vertices around each spine point, in the
 * plane of `across` and `up` (unit vectors per point), `radius` per point. The atlas tile wraps
 * round it once (a duplicated seam keeps UVs in the tile) and runs along it from root to tip;
 * triangles face outwards.
 *
 * ```ts
 * const lobe = hairTube(spine, across, up, radii, cardTile(3));
 * ```
 */
export function hairTube(spine: ArrayLike<number>, across: ArrayLike<number>, up: ArrayLike<number>, radius: ArrayLike<number>, tile: UvRect, options: HairTubeOptions = {}): Mesh {
  const { sides } = { ...HAIR_TUBE_DEFAULTS, ...options };
  const count = spine.length / 3;
  const ring = sides + 1;
  const positions = new Float32Array(count * ring * 3);
  const normals = new Float32Array(count * ring * 3);
  const uvs = new Float32Array(count * ring * 2);
  const indices = new Uint32Array((count - 1) * sides * 6);
  for (let i = 0; i < count; i++) {
    for (let j = 0; j < ring; j++) {
      const angle = (2 * Math.PI * j) / sides;
      const v = i * ring + j;
      for (let k = 0; k < 3; k++) {
        const n = Math.cos(angle) * across[i * 3 + k] + Math.sin(angle) * up[i * 3 + k];
        normals[v * 3 + k] = n;
        positions[v * 3 + k] = spine[i * 3 + k] + radius[i] * n;
      }
      uvs[v * 2] = tile.u0 + (j / sides) * (tile.u1 - tile.u0);
      uvs[v * 2 + 1] = tile.v0 + (i / (count - 1)) * (tile.v1 - tile.v0);
    }
  }
  let f = 0;
  for (let i = 0; i + 1 < count; i++) {
    for (let j = 0; j < sides; j++) {
      const a = i * ring + j, b = a + 1, c = a + ring, d = c + 1;
      // Outward-facing when across × up points along the spine, from point i to i + 1.
      indices.set([a, b, c, b, d, c], f);
      f += 6;
    }
  }
  return { positions, normals, uvs, indices };
}
