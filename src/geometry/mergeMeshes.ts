import type { Mesh } from '../core/mesh.js';

/**
 * One mesh from several with positions, normals and UVs (a haircut's cap, cards and tails), their
 * indices offset to the merged vertices.
 *
 * ```ts
 * const haircut = mergeMeshes([cap, cards]);
 * ```
 */
export function mergeMeshes(parts: readonly Mesh[]): Mesh {
  const vertices = parts.reduce((sum, m) => sum + m.positions.length / 3, 0);
  const triangles = parts.reduce((sum, m) => sum + m.indices.length / 3, 0);
  const positions = new Float32Array(vertices * 3);
  const normals = new Float32Array(vertices * 3);
  const uvs = new Float32Array(vertices * 2);
  const indices = new Uint32Array(triangles * 3);
  let v = 0, f = 0;
  for (const m of parts) {
    const count = m.positions.length / 3;
    positions.set(m.positions, v * 3);
    if (m.normals) normals.set(m.normals, v * 3);
    if (m.uvs) uvs.set(m.uvs, v * 2);
    for (let i = 0; i < m.indices.length; i++) indices[f + i] = m.indices[i] + v;
    v += count;
    f += m.indices.length;
  }
  return { positions, normals, uvs, indices };
}
