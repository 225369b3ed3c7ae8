/**
 * Points tied to a triangle mesh: for each point, a triangle and barycentric weights, so that the
 * point follows the mesh through any change of vertex positions with the same triangles.
 */
export interface SurfaceBinding {
  /** Triangle index (into indices / 3) per point. */
  triangles: Uint32Array;
  /** Three barycentric weights per point, for the triangle's vertices in index order. */
  weights: Float32Array;
}

/**
 * Binds each point to the closest point of the mesh among the triangles around its nearest vertex.
 *
 * ```ts
 * const binding = bindToSurface(positions, indices, landmarks);
 * const moved = boundPositions(fittedPositions, indices, binding);
 * ```
 */
export function bindToSurface(positions: ArrayLike<number>, indices: Uint32Array, points: ArrayLike<number>): SurfaceBinding {
  const vertexCount = positions.length / 3;
  const around = trianglesAround(indices, vertexCount);
  const count = points.length / 3;
  const triangles = new Uint32Array(count);
  const weights = new Float32Array(count * 3);
  const p = positions;
  const nearestVertex = vertexLookup(positions);
  for (let i = 0; i < count; i++) {
    const x = points[i * 3], y = points[i * 3 + 1], z = points[i * 3 + 2];
    const nearest = nearestVertex(x, y, z);
    let bestD = Infinity;
    for (let q = around.start[nearest]; q < around.start[nearest + 1]; q++) {
      const t = around.triangles[q];
      const [a, b, c] = [indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]];
      const w = closestOnTriangle([x, y, z], vertex(p, a), vertex(p, b), vertex(p, c));
      const on = [0, 1, 2].map((k) => w[0] * p[a * 3 + k] + w[1] * p[b * 3 + k] + w[2] * p[c * 3 + k]);
      const d = (on[0] - x) ** 2 + (on[1] - y) ** 2 + (on[2] - z) ** 2;
      if (d < bestD) {
        bestD = d;
        triangles[i] = t;
        weights.set(w, i * 3);
      }
    }
  }
  return { triangles, weights };
}

/** Positions (flat xyz) of bound points on a mesh with the binding's triangles. */
export function boundPositions(positions: ArrayLike<number>, indices: Uint32Array, binding: SurfaceBinding): Float32Array {
  const count = binding.triangles.length;
  const out = new Float32Array(count * 3);
  for (let i = 0; i < count; i++) {
    const t = binding.triangles[i];
    for (let k = 0; k < 3; k++) {
      const v = indices[t * 3 + k];
      const w = binding.weights[i * 3 + k];
      out[i * 3] += w * positions[v * 3];
      out[i * 3 + 1] += w * positions[v * 3 + 1];
      out[i * 3 + 2] += w * positions[v * 3 + 2];
    }
  }
  return out;
}

/** Nearest-vertex queries through a uniform grid of cells. */
export function vertexLookup(positions: ArrayLike<number>, cell = 0.01): (x: number, y: number, z: number) => number {
  const count = positions.length / 3;
  const cells = new Map<number, number[]>();
  // Cell indices within ±512 (±5 m at 1 cm cells) packed into one number.
  const key = (i: number, j: number, k: number): number => ((i + 512) * 1024 + (j + 512)) * 1024 + (k + 512);
  for (let v = 0; v < count; v++) {
    const k = key(Math.floor(positions[v * 3] / cell), Math.floor(positions[v * 3 + 1] / cell), Math.floor(positions[v * 3 + 2] / cell));
    let list = cells.get(k);
    if (!list) cells.set(k, (list = []));
    list.push(v);
  }
  return (x, y, z) => {
    const ci = Math.floor(x / cell), cj = Math.floor(y / cell), ck = Math.floor(z / cell);
    let best = Infinity, nearest = -1;
    for (let ring = 0; ring < 64; ring++) {
      for (let i = ci - ring; i <= ci + ring; i++) {
        for (let j = cj - ring; j <= cj + ring; j++) {
          for (let k = ck - ring; k <= ck + ring; k++) {
            if (Math.max(Math.abs(i - ci), Math.abs(j - cj), Math.abs(k - ck)) !== ring) continue;
            for (const v of cells.get(key(i, j, k)) ?? []) {
              const d = (positions[v * 3] - x) ** 2 + (positions[v * 3 + 1] - y) ** 2 + (positions[v * 3 + 2] - z) ** 2;
              if (d < best) { best = d; nearest = v; }
            }
          }
        }
      }
      // Every cell not yet searched is at least `ring` cells away.
      if (nearest >= 0 && Math.sqrt(best) <= ring * cell) break;
    }
    return nearest;
  };
}

/** For each vertex, the triangles using it, as offsets into a flat list (compressed rows). */
export function trianglesAround(indices: Uint32Array, vertexCount: number): { start: Uint32Array; triangles: Uint32Array } {
  const start = new Uint32Array(vertexCount + 1);
  for (const v of indices) start[v + 1]++;
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  const triangles = new Uint32Array(indices.length);
  for (let i = 0; i < indices.length; i++) triangles[fill[indices[i]]++] = Math.floor(i / 3);
  return { start, triangles };
}

const vertex = (p: ArrayLike<number>, i: number): [number, number, number] => [p[i * 3], p[i * 3 + 1], p[i * 3 + 2]];

type V3 = [number, number, number];
const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** Barycentric weights of the point of triangle abc closest to p (Ericson, Real-Time Collision Detection 5.1.5). */
export function closestOnTriangle(p: V3, a: V3, b: V3, c: V3): V3 {
  const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return [1, 0, 0];
  const bp = sub(p, b);
  const d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return [0, 1, 0];
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const v = d1 / (d1 - d3);
    return [1 - v, v, 0];
  }
  const cp = sub(p, c);
  const d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return [0, 0, 1];
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const w = d2 / (d2 - d6);
    return [1 - w, 0, w];
  }
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
    return [0, 1 - w, w];
  }
  const denom = 1 / (va + vb + vc);
  const v = vb * denom, w = vc * denom;
  return [1 - v - w, v, w];
}
