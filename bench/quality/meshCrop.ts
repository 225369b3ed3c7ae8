import type { Mesh } from '../../src/core/mesh.js';

/** The part of a mesh inside a box (metres), turned about x by `pitch` degrees: for close-ups. */
export function crop(mesh: Mesh, box: [number, number, number, number], pitch = 0): Mesh {
  const { positions, normals, uvs, indices } = mesh;
  const keep = new Map<number, number>();
  const kept: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3;
    if (positions[a] < box[0] || positions[a] > box[1] || positions[a + 1] < box[2] || positions[a + 1] > box[3]) continue;
    for (let i = 0; i < 3; i++) {
      const v = indices[t + i];
      if (!keep.has(v)) keep.set(v, keep.size);
      kept.push(keep.get(v)!);
    }
  }
  const c = Math.cos((pitch * Math.PI) / 180), s = Math.sin((pitch * Math.PI) / 180);
  const p = new Float32Array(keep.size * 3), n = new Float32Array(keep.size * 3), uv = new Float32Array(keep.size * 2);
  for (const [v, i] of keep) {
    for (const [src, dst] of [[positions, p], [normals!, n]] as const) {
      const y = src[v * 3 + 1], z = src[v * 3 + 2];
      dst.set([src[v * 3], c * y - s * z, s * y + c * z], i * 3);
    }
    uv.set(uvs!.subarray(v * 2, v * 2 + 2), i * 2);
  }
  return { positions: p, normals: n, uvs: uv, indices: Uint32Array.from(kept) };
}
