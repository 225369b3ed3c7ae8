import { coincidentGroups, faceNormalSums } from '../computeNormals.js';
import type { Mesh } from '../../core/mesh.js';

/**
 * A LOD0 blendshape's deltas on a level of detail: each LOD vertex takes the delta of the LOD0
 * vertex it is (`LodMesh.sourceVertices`, see headLod.ts).
 *
 * ```ts
 * const lod3 = await headLod(fitted, 3);
 * const delta3 = lodDeltas(deltas[i], lod3.sourceVertices);
 * ```
 */
export function lodDeltas(deltas: Float32Array, sourceVertices: Uint32Array): Float32Array {
  const out = new Float32Array(sourceVertices.length * 3);
  for (let i = 0; i < sourceVertices.length; i++) {
    const v = sourceVertices[i];
    out[i * 3] = deltas[v * 3];
    out[i * 3 + 1] = deltas[v * 3 + 1];
    out[i * 3 + 2] = deltas[v * 3 + 2];
  }
  return out;
}

/**
 * The normals' deltas of a blendshape (a glTF morph target's NORMAL): the normals of the mesh moved
 * by `deltas` minus the normals of the mesh itself, both computed here from the mesh's own
 * triangles (area-weighted). Computing both the same way keeps every vertex the shape does not
 * reach at exactly 0, also on a level of detail, whose stored normals are LOD0's. Vertices at one
 * place share their normal, as computeNormals does for UV seams, but only where their own normals
 * agree (within 90°): the lips' slit and the mouth bag's rim are closed at rest, yet their two
 * sides face away from each other. Why by hand: no library has this rule on these typed arrays.
 *
 * ```ts
 * const normalDelta = normalDeltas(lod3, lodDeltas(deltas[i], lod3.sourceVertices));
 * ```
 */
export function normalDeltas(mesh: Mesh, deltas: Float32Array): Float32Array {
  const base = normalBase(mesh);
  const p = mesh.positions, indices = mesh.indices;
  const count = p.length / 3;
  const moved = new Uint8Array(count);
  for (let v = 0; v < count; v++) moved[v] = deltas[v * 3] !== 0 || deltas[v * 3 + 1] !== 0 || deltas[v * 3 + 2] !== 0 ? 1 : 0;
  // Only triangles with a moved corner change their normal: update the base sums by their difference,
  // so a shape costs in proportion to the vertices it moves (51 shapes at LOD0 in tens of ms).
  const acc = base.acc.slice();
  const touched: number[] = [];
  const isTouched = new Uint8Array(count);
  const q = (v: number, k: number) => p[v * 3 + k] + deltas[v * 3 + k];
  for (let f = 0; f < indices.length; f += 3) {
    const a = indices[f], b = indices[f + 1], c = indices[f + 2];
    if (!(moved[a] | moved[b] | moved[c])) continue;
    const before = cross(p[a * 3], p[a * 3 + 1], p[a * 3 + 2], p[b * 3], p[b * 3 + 1], p[b * 3 + 2], p[c * 3], p[c * 3 + 1], p[c * 3 + 2]);
    const after = cross(q(a, 0), q(a, 1), q(a, 2), q(b, 0), q(b, 1), q(b, 2), q(c, 0), q(c, 1), q(c, 2));
    for (const v of [a, b, c]) {
      for (let k = 0; k < 3; k++) acc[v * 3 + k] += after[k] - before[k];
      if (!isTouched[v]) { isTouched[v] = 1; touched.push(v); }
    }
  }
  const out = new Float32Array(count * 3);
  const done = new Uint8Array(count);
  const write = (v: number, x: number, y: number, z: number) => {
    const len = Math.hypot(x, y, z) || 1;
    for (let k = 0; k < 3; k++) out[v * 3 + k] = [x, y, z][k] / len - base.normals[v * 3 + k];
    done[v] = 1;
  };
  for (const v of touched) {
    if (done[v]) continue;
    const g = base.groupOf[v];
    if (g < 0) { write(v, acc[v * 3], acc[v * 3 + 1], acc[v * 3 + 2]); continue; }
    // Vertices at one place stay together where they move alike (seams); the slit's do not.
    const parts = new Map<string, number[]>();
    for (const w of base.groups[g]) {
      const key = `${deltas[w * 3]},${deltas[w * 3 + 1]},${deltas[w * 3 + 2]}`;
      parts.set(key, [...(parts.get(key) ?? []), w]);
    }
    for (const part of parts.values()) {
      for (const w of part) {
        let x = acc[w * 3], y = acc[w * 3 + 1], z = acc[w * 3 + 2];
        for (const u of part) {
          if (u === w || acc[w * 3] * acc[u * 3] + acc[w * 3 + 1] * acc[u * 3 + 1] + acc[w * 3 + 2] * acc[u * 3 + 2] <= 0) continue;
          x += acc[u * 3]; y += acc[u * 3 + 1]; z += acc[u * 3 + 2];
        }
        write(w, x, y, z);
      }
    }
  }
  return out;
}

function cross(ax: number, ay: number, az: number, bx: number, by: number, bz: number, cx: number, cy: number, cz: number): [number, number, number] {
  const ux = bx - ax, uy = by - ay, uz = bz - az;
  const vx = cx - ax, vy = cy - ay, vz = cz - az;
  return [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
}

interface NormalBase {
  groups: number[][];
  /** Index into `groups` per vertex, -1 when alone. */
  groupOf: Int32Array;
  /** Unnormalised area-weighted normal sums per vertex. */
  acc: Float64Array;
  normals: Float32Array;
}

const baseCache = new WeakMap<Float32Array, NormalBase>();

/** The unmoved mesh's normal sums and normals, cached per positions array (a mesh's triangles never change). */
function normalBase(mesh: Mesh): NormalBase {
  let base = baseCache.get(mesh.positions);
  if (!base) {
    const groups = coincident(mesh.positions);
    const groupOf = new Int32Array(mesh.positions.length / 3).fill(-1);
    groups.forEach((group, g) => { for (const v of group) groupOf[v] = g; });
    const { acc, normals } = vertexNormals(mesh.positions, mesh.indices, groups);
    baseCache.set(mesh.positions, (base = { groups, groupOf, acc, normals }));
  }
  return base;
}

/** Area-weighted vertex normals, shared within each group by the members whose normals agree; with their unnormalised sums. */
function vertexNormals(p: Float32Array, indices: Uint32Array, groups: number[][]): { acc: Float64Array; normals: Float32Array } {
  const count = p.length / 3;
  const acc = faceNormalSums(p, indices);
  const shared = acc.slice();
  for (const group of groups) {
    for (const v of group) {
      for (const w of group) {
        if (w === v) continue;
        const agree = acc[v * 3] * acc[w * 3] + acc[v * 3 + 1] * acc[w * 3 + 1] + acc[v * 3 + 2] * acc[w * 3 + 2] > 0;
        if (agree) for (let k = 0; k < 3; k++) shared[v * 3 + k] += acc[w * 3 + k];
      }
    }
  }
  const normals = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) {
    const x = shared[v * 3], y = shared[v * 3 + 1], z = shared[v * 3 + 2];
    const len = Math.hypot(x, y, z) || 1;
    normals[v * 3] = x / len;
    normals[v * 3 + 1] = y / len;
    normals[v * 3 + 2] = z / len;
  }
  return { acc, normals };
}

const groupCache = new WeakMap<Float32Array, number[][]>();

/** Groups of two or more vertices at exactly the same position (cached per positions array). */
function coincident(p: Float32Array): number[][] {
  let groups = groupCache.get(p);
  if (!groups) groupCache.set(p, (groups = coincidentGroups(p)));
  return groups;
}
