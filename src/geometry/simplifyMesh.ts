import { MeshoptSimplifier } from 'meshoptimizer';
import type { Mesh } from '../core/mesh.js';

/**
 * A mesh simplified to about `faces` triangles by meshoptimizer (edge collapses that keep vertices
 * where they are, UV seams and open borders), compacted. For meshes made per avatar, such as the
 * generated haircut at `generated_haircut_faces_count`; a mesh already at or under the count is
 * returned as it is.
 *
 * ```ts
 * const lighter = await simplifyMesh(haircut, 5000);
 * ```
 */
export async function simplifyMesh(mesh: Mesh, faces: number): Promise<Mesh> {
  if (!(Number.isInteger(faces) && faces > 0)) throw new RangeError(`face count must be a positive integer, got ${faces}`);
  if (mesh.indices.length / 3 <= faces) return mesh;
  await MeshoptSimplifier.ready;
  const uvs = mesh.uvs ?? new Float32Array((mesh.positions.length / 3) * 2);
  const [indices] = MeshoptSimplifier.simplifyWithAttributes(mesh.indices, mesh.positions, 3, uvs, 2, [1, 1], null, faces * 3, 1, []);
  const remap = new Int32Array(mesh.positions.length / 3).fill(-1);
  const used: number[] = [];
  for (const v of indices) if (remap[v] < 0) remap[v] = used.push(v) - 1;
  const pick = (source: Float32Array | undefined, size: number) => {
    if (!source) return undefined;
    const out = new Float32Array(used.length * size);
    used.forEach((v, i) => out.set(source.subarray(v * size, v * size + size), i * size));
    return out;
  };
  return {
    positions: pick(mesh.positions, 3)!,
    normals: pick(mesh.normals, 3),
    uvs: pick(mesh.uvs, 2),
    indices: Uint32Array.from(indices, (v) => remap[v]),
  };
}
