/**
 * FBX's `PolygonVertexIndex` for a triangle mesh with its triangles joined into quads where two of
 * them are the halves of one (export_quads): modelling tools (Maya, Blender) edit, subdivide and
 * loop-select quads, and our meshes are quad grids cut along a diagonal. Two triangles make a quad
 * when the edge they share is the longest edge of both (the diagonal of the quad they halve), they
 * lie nearly in one plane, and the quad is convex. Each triangle joins at most one other; the rest
 * stay triangles. Winding is kept. The last index of each polygon is stored as −(i + 1).
 *
 * Written here because no maintained npm package writes FBX, and none pairs triangles this way for it.
 *
 * ```ts
 * const polygonVertexIndex = quadPolygons(mesh.indices, mesh.positions);   // quads and leftover triangles
 * ```
 */
export function quadPolygons(indices: ArrayLike<number>, positions: ArrayLike<number>): Int32Array {
  const triangles = indices.length / 3;
  const partner = new Int32Array(triangles).fill(-1);
  // Each triangle's longest edge, keyed by its two vertices: the diagonal a quad would share.
  const byDiagonal = new Map<string, number>();
  const longest = new Uint8Array(triangles);
  for (let t = 0; t < triangles; t++) {
    let best = -1, at = 0;
    for (let e = 0; e < 3; e++) {
      const d = distance2(positions, indices[t * 3 + e], indices[t * 3 + ((e + 1) % 3)]);
      if (d > best) { best = d; at = e; }
    }
    longest[t] = at;
    const a = indices[t * 3 + at], b = indices[t * 3 + ((at + 1) % 3)];
    const key = a < b ? `${a},${b}` : `${b},${a}`;
    const other = byDiagonal.get(key);
    if (other === undefined) {
      byDiagonal.set(key, t);
      continue;
    }
    if (partner[other] >= 0 || !joinable(indices, positions, other, longest[other], t, at)) continue;
    partner[other] = t;
    partner[t] = other;
    byDiagonal.delete(key);
  }
  // Each quad takes 4 indices where its two triangles took 6.
  const out = new Int32Array(indices.length);
  let k = 0;
  for (let t = 0; t < triangles; t++) {
    const p = partner[t];
    if (p >= 0 && p < t) continue;
    if (p < 0) {
      out[k++] = indices[t * 3];
      out[k++] = indices[t * 3 + 1];
      out[k++] = ~indices[t * 3 + 2];
      continue;
    }
    // t = (p0, p1, p2) with its diagonal p1→p2 rotated to the end; the partner's third vertex q sits between.
    const e = longest[t];
    const p0 = indices[t * 3 + ((e + 2) % 3)], p1 = indices[t * 3 + e], p2 = indices[t * 3 + ((e + 1) % 3)];
    out[k++] = p0;
    out[k++] = p1;
    out[k++] = thirdVertex(indices, p, p1, p2);
    out[k++] = ~p2;
  }
  return out.subarray(0, k);
}

/** Largest angle between the two halves' normals that still makes one flat quad (about 25°). */
const MAX_FOLD_COS = Math.cos((25 * Math.PI) / 180);

function joinable(indices: ArrayLike<number>, positions: ArrayLike<number>, s: number, se: number, t: number, te: number): boolean {
  // Opposite windings along the shared edge: the two halves face the same way.
  const sa = indices[s * 3 + se], sb = indices[s * 3 + ((se + 1) % 3)];
  const ta = indices[t * 3 + te], tb = indices[t * 3 + ((te + 1) % 3)];
  if (!(sa === tb && sb === ta)) return false;
  const n1 = normal(indices, positions, s), n2 = normal(indices, positions, t);
  if (n1[0] * n2[0] + n1[1] * n2[1] + n1[2] * n2[2] < MAX_FOLD_COS) return false;
  // Convex: the two third vertices lie on opposite sides of the diagonal, and the diagonal's ends on
  // opposite sides of the line between them.
  const p = thirdVertex(indices, s, sa, sb), q = thirdVertex(indices, t, sa, sb);
  const n = [n1[0] + n2[0], n1[1] + n2[1], n1[2] + n2[2]];
  return side(positions, sa, sb, p, n) * side(positions, sa, sb, q, n) < 0 && side(positions, p, q, sa, n) * side(positions, p, q, sb, n) < 0;
}

/** The vertex of triangle t that is neither a nor b. */
function thirdVertex(indices: ArrayLike<number>, t: number, a: number, b: number): number {
  for (let e = 0; e < 3; e++) {
    const v = indices[t * 3 + e];
    if (v !== a && v !== b) return v;
  }
  return indices[t * 3];
}

/** Which side of the line a→b point c is, seen along n: the sign of ((b − a) × (c − a)) · n. */
function side(positions: ArrayLike<number>, a: number, b: number, c: number, n: number[]): number {
  const ux = positions[b * 3] - positions[a * 3], uy = positions[b * 3 + 1] - positions[a * 3 + 1], uz = positions[b * 3 + 2] - positions[a * 3 + 2];
  const vx = positions[c * 3] - positions[a * 3], vy = positions[c * 3 + 1] - positions[a * 3 + 1], vz = positions[c * 3 + 2] - positions[a * 3 + 2];
  return (uy * vz - uz * vy) * n[0] + (uz * vx - ux * vz) * n[1] + (ux * vy - uy * vx) * n[2];
}

function normal(indices: ArrayLike<number>, positions: ArrayLike<number>, t: number): number[] {
  const a = indices[t * 3], b = indices[t * 3 + 1], c = indices[t * 3 + 2];
  const ux = positions[b * 3] - positions[a * 3], uy = positions[b * 3 + 1] - positions[a * 3 + 1], uz = positions[b * 3 + 2] - positions[a * 3 + 2];
  const vx = positions[c * 3] - positions[a * 3], vy = positions[c * 3 + 1] - positions[a * 3 + 1], vz = positions[c * 3 + 2] - positions[a * 3 + 2];
  const n = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
  const length = Math.hypot(n[0], n[1], n[2]) || 1;
  return [n[0] / length, n[1] / length, n[2] / length];
}

function distance2(positions: ArrayLike<number>, a: number, b: number): number {
  const dx = positions[a * 3] - positions[b * 3], dy = positions[a * 3 + 1] - positions[b * 3 + 1], dz = positions[a * 3 + 2] - positions[b * 3 + 2];
  return dx * dx + dy * dy + dz * dz;
}
