import type { Mesh } from '../core/mesh.js';
import { trianglesAround } from './surfaceBinding.js';
import { pointTree } from './pointTree.js';

/** The point of a head mesh closest to a query point, as {@link HeadSurface.closest} writes it. */
export interface SurfacePoint {
  /** Triangle index (into indices / 3). */
  triangle: number;
  /** Barycentric weights of the point in that triangle, for its vertices in index order. */
  weights: Float64Array;
  /** The closest point, xyz. */
  point: Float64Array;
  /** The interpolated unit vertex normal there, xyz. */
  normal: Float64Array;
  /** Signed distance of the query along that normal, metres: negative inside the head. */
  distance: number;
}

/** Closest-point and signed-distance queries on a head mesh (template or fitted). */
export interface HeadSurface {
  mesh: Mesh;
  /**
   * The closest point to (x, y, z) among the triangles around the nearest vertex. The returned
   * object is reused by the next call: copy what must outlive it.
   */
  closest(x: number, y: number, z: number): SurfacePoint;
}

const surfaces = new WeakMap<Mesh, HeadSurface>();

/**
 * Nearest-surface queries on a mesh with vertex normals: where grooming keeps strands off the scalp,
 * what a haircut vertex is bound to, and what the penetration check measures against. On a head
 * template (vertices 2–5 mm apart) the closest point among the triangles around the nearest vertex
 * is the closest point of the surface but for concave creases, where either is right to a fraction
 * of a millimetre. Cached per mesh object: meshes are not changed in place in this project.
 *
 * ```ts
 * const hit = headSurface(fitted.mesh).closest(x, y, z);
 * if (hit.distance < 0) console.log('inside the head');
 * ```
 */
export function headSurface(mesh: Mesh): HeadSurface {
  let surface = surfaces.get(mesh);
  if (surface) return surface;
  const { positions: p, indices } = mesh;
  const n = mesh.normals;
  if (!n) throw new RangeError('headSurface: the mesh has no normals');
  const around = trianglesAround(indices, p.length / 3);
  // Only vertices of some triangle can be the nearest (a mesh may leave some out).
  const used = Uint32Array.from({ length: p.length / 3 }, (_, v) => v).filter((v) => around.start[v + 1] > around.start[v]);
  const tree = pointTree(Float64Array.from({ length: used.length * 3 }, (_, i) => p[used[Math.floor(i / 3)] * 3 + (i % 3)]));
  const out: SurfacePoint = {
    triangle: 0, weights: new Float64Array(3), point: new Float64Array(3), normal: new Float64Array(3), distance: 0,
  };
  const w = new Float64Array(3);
  surface = {
    mesh,
    closest(x, y, z) {
      const v = used[tree.nearest(x, y, z)];
      let best = Infinity;
      for (let k = around.start[v]; k < around.start[v + 1]; k++) {
        const t = around.triangles[k];
        const a = indices[t * 3] * 3, b = indices[t * 3 + 1] * 3, c = indices[t * 3 + 2] * 3;
        closestWeights(x, y, z, p[a], p[a + 1], p[a + 2], p[b], p[b + 1], p[b + 2], p[c], p[c + 1], p[c + 2], w);
        const d = (w[0] * p[a] + w[1] * p[b] + w[2] * p[c] - x) ** 2
          + (w[0] * p[a + 1] + w[1] * p[b + 1] + w[2] * p[c + 1] - y) ** 2
          + (w[0] * p[a + 2] + w[1] * p[b + 2] + w[2] * p[c + 2] - z) ** 2;
        if (d < best) {
          best = d;
          out.triangle = t;
          out.weights.set(w);
        }
      }
      const t = out.triangle, q = out.weights;
      const a = indices[t * 3] * 3, b = indices[t * 3 + 1] * 3, c = indices[t * 3 + 2] * 3;
      let length = 0;
      for (let i = 0; i < 3; i++) {
        out.point[i] = q[0] * p[a + i] + q[1] * p[b + i] + q[2] * p[c + i];
        out.normal[i] = q[0] * n[a + i] + q[1] * n[b + i] + q[2] * n[c + i];
        length += out.normal[i] ** 2;
      }
      length = Math.sqrt(length) || 1;
      out.normal[0] /= length; out.normal[1] /= length; out.normal[2] /= length;
      out.distance = (x - out.point[0]) * out.normal[0] + (y - out.point[1]) * out.normal[1] + (z - out.point[2]) * out.normal[2];
      return out;
    },
  };
  surfaces.set(mesh, surface);
  return surface;
}

/**
 * Barycentric weights of the point of triangle abc closest to p, into `out` (Ericson, Real-Time
 * Collision Detection 5.1.5; surfaceBinding.ts has the same on tuples, this one allocates nothing).
 */
function closestWeights(
  px: number, py: number, pz: number, ax: number, ay: number, az: number,
  bx: number, by: number, bz: number, cx: number, cy: number, cz: number, out: Float64Array,
): void {
  const abx = bx - ax, aby = by - ay, abz = bz - az, acx = cx - ax, acy = cy - ay, acz = cz - az;
  const apx = px - ax, apy = py - ay, apz = pz - az;
  const d1 = abx * apx + aby * apy + abz * apz, d2 = acx * apx + acy * apy + acz * apz;
  if (d1 <= 0 && d2 <= 0) { out[0] = 1; out[1] = 0; out[2] = 0; return; }
  const bpx = px - bx, bpy = py - by, bpz = pz - bz;
  const d3 = abx * bpx + aby * bpy + abz * bpz, d4 = acx * bpx + acy * bpy + acz * bpz;
  if (d3 >= 0 && d4 <= d3) { out[0] = 0; out[1] = 1; out[2] = 0; return; }
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) { const v = d1 / (d1 - d3); out[0] = 1 - v; out[1] = v; out[2] = 0; return; }
  const cpx = px - cx, cpy = py - cy, cpz = pz - cz;
  const d5 = abx * cpx + aby * cpy + abz * cpz, d6 = acx * cpx + acy * cpy + acz * cpz;
  if (d6 >= 0 && d5 <= d6) { out[0] = 0; out[1] = 0; out[2] = 1; return; }
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) { const w = d2 / (d2 - d6); out[0] = 1 - w; out[1] = 0; out[2] = w; return; }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    out[0] = 0; out[1] = 1 - w; out[2] = w;
    return;
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom, w = vc * denom;
  out[0] = 1 - v - w; out[1] = v; out[2] = w;
}
