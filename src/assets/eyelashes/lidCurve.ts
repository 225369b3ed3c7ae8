import type { Mesh } from '../../core/mesh.js';

export type Vec3 = [number, number, number];

/** A point on a lid margin, found by {@link lidCurve}. */
export interface LidPoint {
  point: Vec3;
  /** The head's unit normal there (interpolated between the margin's vertices). */
  normal: Vec3;
  /** Unit direction along the margin, towards the outer corner. */
  tangent: Vec3;
  /** The margin vertex nearest along the margin: the one a lash rooted here follows. */
  vertex: number;
  /** The tangent planes of the head at the two margin vertices either side, as points and unit normals. */
  planes: { point: Vec3; normal: Vec3 }[];
}

/** A lid margin of one head as a curve, from the inner corner (a = 0) to the outer one (a = 1). */
export interface LidCurve {
  /** The point `a` of the way across the eye, moved on along the margin by `along` metres. */
  at(a: number, along?: number): LidPoint;
}

/**
 * A lid margin of a head as a smooth enough curve to root lashes on: the polyline through its
 * vertices, parameterised by how far across the eye a point is (its distance along the line from
 * the inner corner to the outer one, where the margin runs forward), not by arc length: where the
 * rim turns steeply at a corner (a few millimetres up to the upper lid on a low-poly opening) a
 * lash profile over `a` puts next to no lashes, as on real lids. Normals from the head's own triangles (a fitted head
 * brings no trustworthy normals of its own) and tangents from the neighbours on either side so that
 * lashes do not turn abruptly at each vertex. `normals` holds unit normals for (at least) the
 * margin's vertices, see {@link marginNormals}.
 *
 * ```ts
 * const curve = lidCurve(head, margins.left.upper, marginNormals(head, margins.left.upper));
 * const middle = curve.at(0.5).point;
 * const halfAMillimetreOn = curve.at(0.5, 0.0005).point;
 * ```
 */
export function lidCurve(head: Mesh, vertices: Uint32Array, normals: Map<number, Vec3>): LidCurve {
  const p = head.positions;
  const points = [...vertices].map((v): Vec3 => [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]]);
  const n = points.length;
  const cumulative = [0];
  for (let i = 1; i < n; i++) cumulative.push(cumulative[i - 1] + distance(points[i], points[i - 1]));
  const length = cumulative[n - 1];
  const axis = unit(sub(points[n - 1], points[0]));
  const across = [0];
  for (let i = 1; i < n; i++) across.push(across[i - 1] + Math.abs(dot(sub(points[i], points[i - 1]), axis)));
  const tangents = points.map((_, i) => unit(sub(points[Math.min(n - 1, i + 1)], points[Math.max(0, i - 1)])));
  // Arc length where the point a of the way across is.
  const arcOf = (a: number): number => {
    const x = Math.min(1, Math.max(0, a)) * across[n - 1];
    let i = 0;
    while (i < n - 2 && across[i + 1] < x) i++;
    return cumulative[i] + (cumulative[i + 1] - cumulative[i]) * ((x - across[i]) / (across[i + 1] - across[i] || 1));
  };
  return {
    at(a: number, along = 0): LidPoint {
      const s = Math.min(length, Math.max(0, arcOf(a) + along));
      let i = 0;
      while (i < n - 2 && cumulative[i + 1] < s) i++;
      const f = (s - cumulative[i]) / (cumulative[i + 1] - cumulative[i] || 1);
      const mix = (u: Vec3, w: Vec3): Vec3 => [u[0] + (w[0] - u[0]) * f, u[1] + (w[1] - u[1]) * f, u[2] + (w[2] - u[2]) * f];
      const nearest = f < 0.5 ? i : i + 1;
      return {
        point: mix(points[i], points[i + 1]),
        normal: unit(mix(normals.get(vertices[i])!, normals.get(vertices[i + 1])!)),
        tangent: unit(mix(tangents[i], tangents[i + 1])),
        vertex: vertices[nearest],
        planes: [i, i + 1].map((e) => ({ point: points[e], normal: normals.get(vertices[e])! })),
      };
    },
  };
}

/** Area-weighted unit normals of the given head vertices, from the head's triangles. */
export function marginNormals(head: Mesh, vertices: Iterable<number>): Map<number, Vec3> {
  const sums = new Map<number, Vec3>();
  for (const v of vertices) sums.set(v, [0, 0, 0]);
  const { positions: p, indices } = head;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    if (!sums.has(a) && !sums.has(b) && !sums.has(c)) continue;
    const e1 = [p[b * 3] - p[a * 3], p[b * 3 + 1] - p[a * 3 + 1], p[b * 3 + 2] - p[a * 3 + 2]];
    const e2 = [p[c * 3] - p[a * 3], p[c * 3 + 1] - p[a * 3 + 1], p[c * 3 + 2] - p[a * 3 + 2]];
    const face = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    for (const v of [a, b, c]) {
      const sum = sums.get(v);
      if (sum) for (let k = 0; k < 3; k++) sum[k] += face[k];
    }
  }
  for (const [v, sum] of sums) sums.set(v, unit(sum));
  return sums;
}

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const distance = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
export function unit(v: Vec3): Vec3 {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / n, v[1] / n, v[2] / n];
}
