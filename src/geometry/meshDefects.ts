import { coincidentGroups } from './computeNormals.js';
import type { Mesh } from '../core/mesh.js';

/** What is wrong with a mesh, for tests and checks before export. */
export interface MeshDefects {
  /** Triangles with an area below `minArea` or two equal corners. */
  degenerateFaces: number;
  /** Edges with one triangle only, vertices at the same position counted as one (UV seams are not borders). */
  borderEdges: number;
  /** Edges shared by more than two triangles, or twice in the same direction (flipped neighbours). */
  badEdges: number;
  /** Positions, normals or UVs that are not finite. */
  nonFinite: number;
  /** UV coordinates outside [0, 1]. */
  uvsOutside: number;
  /** Highest y of the vertices on border edges (the open cut is below it), -Infinity without borders. */
  borderTop: number;
}

/**
 * Counts the defects of a mesh. Vertices at exactly the same position are welded first, so a UV
 * seam does not count as a border.
 *
 * ```ts
 * const { degenerateFaces, borderEdges } = meshDefects(mesh);
 * ```
 */
export function meshDefects(mesh: Mesh, minArea = 1e-12, weld = weldedVertices(mesh.positions)): MeshDefects {
  const p = mesh.positions;
  const count = p.length / 3;
  const idx = mesh.indices;
  let degenerateFaces = 0;
  // Directed edges as numbers (from * count + to), sorted: a run is one edge and its length the
  // number of triangles using it that way round. A Map of counts did the same at several times
  // the cost, which every worker paid for each level of detail it checks at start.
  const directed = new Float64Array(idx.length);
  for (let t = 0; t < idx.length; t += 3) {
    const a = weld[idx[t]], b = weld[idx[t + 1]], c = weld[idx[t + 2]];
    const ux = p[b * 3] - p[a * 3], uy = p[b * 3 + 1] - p[a * 3 + 1], uz = p[b * 3 + 2] - p[a * 3 + 2];
    const vx = p[c * 3] - p[a * 3], vy = p[c * 3 + 1] - p[a * 3 + 1], vz = p[c * 3 + 2] - p[a * 3 + 2];
    const area = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    if (a === b || b === c || a === c || !(area >= minArea)) degenerateFaces++;
    directed[t] = a * count + b;
    directed[t + 1] = b * count + c;
    directed[t + 2] = c * count + a;
  }
  directed.sort();
  let borderEdges = 0, badEdges = 0, borderTop = -Infinity;
  for (let k = 0; k < directed.length;) {
    const key = directed[k];
    let end = k + 1;
    while (end < directed.length && directed[end] === key) end++;
    const n = end - k;
    k = end;
    const i = Math.floor(key / count), j = key % count;
    const back = runLength(directed, j * count + i);
    if (n > 1 || back > 1) badEdges++;
    else if (back === 0) {
      borderEdges++;
      borderTop = Math.max(borderTop, p[i * 3 + 1], p[j * 3 + 1]);
    }
  }
  let nonFinite = 0, uvsOutside = 0;
  for (const x of p) if (!Number.isFinite(x)) nonFinite++;
  for (const x of mesh.normals ?? []) if (!Number.isFinite(x)) nonFinite++;
  for (const x of mesh.uvs ?? []) {
    if (!Number.isFinite(x)) nonFinite++;
    else if (x < 0 || x > 1) uvsOutside++;
  }
  return { degenerateFaces, borderEdges, badEdges, nonFinite, uvsOutside, borderTop };
}

/** How many times `key` occurs in the sorted `keys`. */
function runLength(keys: Float64Array, key: number): number {
  let lo = 0, hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < keys.length && keys[end] === key) end++;
  return end - lo;
}

/**
 * Each vertex's first vertex at exactly the same position: what meshDefects welds by. A caller that
 * checks several index buffers over one positions array computes it once and passes it.
 */
export function weldedVertices(p: ArrayLike<number>): Uint32Array {
  const weld = Uint32Array.from({ length: p.length / 3 }, (_, i) => i);
  for (const group of coincidentGroups(p)) for (const v of group) weld[v] = group[0];
  return weld;
}
