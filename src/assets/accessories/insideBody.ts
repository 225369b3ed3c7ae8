import { cross, normalize, type Vec3 } from './partBuilder.js';
import type { NecklaceBody } from './necklaceCurve.js';

/**
 * How many of `points` are inside the body: a ray from each, level and straight out from the neck's
 * axis, crosses the body's surface an odd number of times. Crossings, not the distance to the
 * closest point, because the joined avatar keeps the body's own neck inside the head's at the seam,
 * whose normals would call a point in front of the chest inside.
 */
export function insideBody(body: NecklaceBody, points: Float32Array): number {
  const p = body.mesh.positions, idx = body.mesh.indices;
  // Level rays meet only triangles that reach the points' heights.
  let lo = Infinity, hi = -Infinity;
  for (let i = 1; i < points.length; i += 3) { lo = Math.min(lo, points[i]); hi = Math.max(hi, points[i]); }
  const tris: number[] = [];
  for (let t = 0; t < idx.length; t += 3) {
    const ys = [p[idx[t] * 3 + 1], p[idx[t + 1] * 3 + 1], p[idx[t + 2] * 3 + 1]];
    if (Math.max(...ys) >= lo && Math.min(...ys) <= hi) tris.push(idx[t], idx[t + 1], idx[t + 2]);
  }
  let inside = 0;
  for (let i = 0; i < points.length; i += 3) {
    const o: Vec3 = [points[i], points[i + 1], points[i + 2]];
    const dir = normalize([o[0] - body.neck[0], 0, o[2] - body.neck[2]]);
    let crossings = 0;
    for (let t = 0; t < tris.length; t += 3) {
      const a = tris[t] * 3, b = tris[t + 1] * 3, c = tris[t + 2] * 3;
      const e1: Vec3 = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]], e2: Vec3 = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
      const pv = cross(dir, e2), det = e1[0] * pv[0] + e1[1] * pv[1] + e1[2] * pv[2];
      if (Math.abs(det) < 1e-14) continue;
      const tv: Vec3 = [o[0] - p[a], o[1] - p[a + 1], o[2] - p[a + 2]];
      const u = (tv[0] * pv[0] + tv[1] * pv[1] + tv[2] * pv[2]) / det;
      if (u < 0 || u > 1) continue;
      const q = cross(tv, e1), w = (dir[0] * q[0] + dir[1] * q[1] + dir[2] * q[2]) / det;
      if (w < 0 || u + w > 1) continue;
      if ((e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det > 0) crossings++;
    }
    if (crossings % 2) inside++;
  }
  return inside;
}

