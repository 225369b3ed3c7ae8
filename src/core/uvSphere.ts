import type { Mesh } from './mesh.js';

export interface UvSphereOptions {
  /** Radius in metres. */
  radius?: number;
  /** Rings from pole to pole. */
  rings?: number;
  /** Segments around the vertical axis. */
  segments?: number;
}

export const UV_SPHERE_DEFAULTS: Required<UvSphereOptions> = { radius: 0.1, rings: 32, segments: 64 };

/**
 * A UV sphere centred on the origin, poles on ±Y: a stand-in head for tests, benchmarks and previews of
 * a texture. u runs around from the back (−Z) through −X, the front (+Z, u = 0.5) and +X, as a head
 * texture atlas has the face in the middle; v runs from the top pole (0) to the bottom (1). The seam of
 * duplicated vertices is at the back. About 2 × rings × segments triangles.
 *
 * ```ts
 * const mesh = uvSphere({ rings: 100, segments: 150 }); // ~30k triangles
 * ```
 */
export function uvSphere(options: UvSphereOptions = {}): Mesh {
  const { radius, rings, segments } = { ...UV_SPHERE_DEFAULTS, ...options };
  const count = (rings + 1) * (segments + 1);
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  const uvs = new Float32Array(count * 2);
  for (let i = 0, k = 0; i <= rings; i++) {
    const theta = (i / rings) * Math.PI;
    for (let j = 0; j <= segments; j++, k++) {
      const phi = (j / segments - 0.5) * 2 * Math.PI;
      const x = Math.sin(theta) * Math.sin(phi), y = Math.cos(theta), z = Math.sin(theta) * Math.cos(phi);
      normals.set([x, y, z], k * 3);
      positions.set([x * radius, y * radius, z * radius], k * 3);
      uvs.set([j / segments, i / rings], k * 2);
    }
  }
  const indices: number[] = [];
  const at = (i: number, j: number): number => i * (segments + 1) + j;
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      // Counter-clockwise seen from outside; the triangles that collapse onto a pole are left out.
      if (i > 0) indices.push(at(i, j), at(i + 1, j), at(i, j + 1));
      if (i < rings - 1) indices.push(at(i, j + 1), at(i + 1, j), at(i + 1, j + 1));
    }
  }
  return { positions, normals, uvs, indices: Uint32Array.from(indices) };
}
