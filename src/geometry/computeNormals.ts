import type { Mesh } from '../core/mesh.js';

/** Options of {@link computeNormals}. */
export interface ComputeNormalsOptions {
  /**
   * Give vertices at the same position (UV seams) the same normal, so that a seam does not show in
   * the shading. Turn off only for meshes with deliberate hard edges.
   */
  weldSeams?: boolean;
  /**
   * For each vertex, the vertex it duplicates (or itself), when the caller knows its seams: saves
   * finding coincident vertices by position. Empty: found by position.
   */
  weld?: Uint32Array;
}

export const COMPUTE_NORMALS_DEFAULTS: Required<ComputeNormalsOptions> = {
  weldSeams: true,
  weld: new Uint32Array(0),
};

/**
 * Per-vertex unit normals: the area-weighted sum of the normals of the triangles around a vertex.
 * Normals point out of the surface when triangles are counter-clockwise seen from outside.
 * Returns a new mesh sharing the other arrays.
 *
 * ```ts
 * const lit = computeNormals(mesh);
 * ```
 */
export function computeNormals(mesh: Mesh, options: ComputeNormalsOptions = {}): Mesh {
  const o = { ...COMPUTE_NORMALS_DEFAULTS, ...options };
  const p = mesh.positions;
  const idx = mesh.indices;
  const count = p.length / 3;
  const acc = faceNormalSums(p, idx);
  if (o.weldSeams && o.weld.length === count) {
    for (let v = 0; v < count; v++) {
      const w = o.weld[v];
      if (w === v) continue;
      for (let k = 0; k < 3; k++) acc[w * 3 + k] += acc[v * 3 + k];
    }
    for (let v = 0; v < count; v++) {
      const w = o.weld[v];
      if (w !== v) for (let k = 0; k < 3; k++) acc[v * 3 + k] = acc[w * 3 + k];
    }
  } else if (o.weldSeams) {
    for (const group of coincidentGroups(p)) {
      let x = 0, y = 0, z = 0;
      for (const v of group) { x += acc[v * 3]; y += acc[v * 3 + 1]; z += acc[v * 3 + 2]; }
      for (const v of group) { acc[v * 3] = x; acc[v * 3 + 1] = y; acc[v * 3 + 2] = z; }
    }
  }
  const normals = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) {
    const x = acc[v * 3], y = acc[v * 3 + 1], z = acc[v * 3 + 2];
    const len = Math.hypot(x, y, z);
    if (len > 0) {
      normals[v * 3] = x / len;
      normals[v * 3 + 1] = y / len;
      normals[v * 3 + 2] = z / len;
    } else {
      normals[v * 3 + 1] = 1;
    }
  }
  return { ...mesh, normals };
}

/** Groups of two or more vertices with exactly the same position (hashed on their bits). */
export function coincidentGroups(positions: ArrayLike<number>): number[][] {
  const count = positions.length / 3;
  const bits = new Int32Array(Float32Array.from(positions).buffer);
  // Each vertex as (hash of its bits, index) in one number, sorted natively: equal hashes end up
  // side by side without a Map of arrays, whose allocations cost more than the normals themselves.
  // A key must stay an exact integer (53 bits): the index takes what it needs, the hash the rest
  // (fewer hash bits only make longer runs, which are split by position below).
  const slot = 2 ** Math.max(1, Math.ceil(Math.log2(count + 1)));
  const drop = Math.max(0, 32 - Math.floor(Math.log2(2 ** 53 / slot)));
  const keyed = new Float64Array(count);
  for (let v = 0; v < count; v++) {
    const hash = (Math.imul(bits[v * 3], 73856093) ^ Math.imul(bits[v * 3 + 1], 19349663) ^ Math.imul(bits[v * 3 + 2], 83492791)) >>> drop;
    keyed[v] = hash * slot + v;
  }
  keyed.sort();
  const p = positions;
  const groups: number[][] = [];
  for (let k = 0; k < count;) {
    const hash = Math.floor(keyed[k] / slot);
    let end = k + 1;
    while (end < count && Math.floor(keyed[end] / slot) === hash) end++;
    if (end - k > 1) {
      // Split a run by exact position (hash collisions are possible).
      let rest: number[] = [];
      for (let r = k; r < end; r++) rest.push(keyed[r] % slot);
      while (rest.length > 1) {
        const a = rest[0];
        const same = rest.filter((b) => p[b * 3] === p[a * 3] && p[b * 3 + 1] === p[a * 3 + 1] && p[b * 3 + 2] === p[a * 3 + 2]);
        if (same.length > 1) groups.push(same);
        rest = rest.filter((b) => !same.includes(b));
      }
    }
    k = end;
  }
  return groups;
}

/** Per vertex, the sum of its triangles' normals weighted by area (|u × v| is twice the area), unnormalised. */
export function faceNormalSums(p: Float32Array, indices: Uint32Array): Float64Array {
  const acc = new Float64Array(p.length);
  for (let f = 0; f < indices.length; f += 3) {
    const a = indices[f] * 3, b = indices[f + 1] * 3, c = indices[f + 2] * 3;
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    for (const v of [a, b, c]) {
      acc[v] += nx;
      acc[v + 1] += ny;
      acc[v + 2] += nz;
    }
  }
  return acc;
}
