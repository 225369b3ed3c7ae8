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
export function meshDefects(mesh: Mesh, minArea = 1e-12): MeshDefects {
  const p = mesh.positions;
  const count = p.length / 3;
  const weld = Uint32Array.from({ length: count }, (_, i) => i);
  for (const group of coincidentGroups(p)) for (const v of group) weld[v] = group[0];
  const idx = mesh.indices;
  let degenerateFaces = 0;
  const edges = new Map<number, number>();
  for (let t = 0; t < idx.length; t += 3) {
    const [a, b, c] = [weld[idx[t]], weld[idx[t + 1]], weld[idx[t + 2]]];
    const ux = p[b * 3] - p[a * 3], uy = p[b * 3 + 1] - p[a * 3 + 1], uz = p[b * 3 + 2] - p[a * 3 + 2];
    const vx = p[c * 3] - p[a * 3], vy = p[c * 3 + 1] - p[a * 3 + 1], vz = p[c * 3 + 2] - p[a * 3 + 2];
    const area = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx) / 2;
    if (a === b || b === c || a === c || !(area >= minArea)) degenerateFaces++;
    for (const [i, j] of [[a, b], [b, c], [c, a]]) {
      const key = i * count + j;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  let borderEdges = 0, badEdges = 0, borderTop = -Infinity;
  for (const [key, n] of edges) {
    const i = Math.floor(key / count), j = key % count;
    const back = edges.get(j * count + i) ?? 0;
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
