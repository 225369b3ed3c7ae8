/**
 * Taubin smoothing (λ|μ): alternating a shrinking and an inflating umbrella step removes the kinks
 * where rings of different parts meet (arm roots, crotch, ankles, finger webs) without the
 * shrinkage of plain Laplacian smoothing, so the girths the rings were built with survive.
 */
export interface BodySmoothingOptions {
  /** Number of λ|μ pairs. */
  iterations?: number;
  /** Shrinking step. */
  lambda?: number;
  /** Inflating step (negative, slightly larger in magnitude than λ). */
  mu?: number;
}

export const BODY_SMOOTHING_DEFAULTS: Required<BodySmoothingOptions> = { iterations: 10, lambda: 0.5, mu: -0.53 };

/** Neighbour lists of a polygon soup's vertices (each polygon's sides are its edges). */
export function vertexNeighbours(vertexCount: number, polygons: number[][]): { start: Uint32Array; list: Uint32Array } {
  const sets: Set<number>[] = Array.from({ length: vertexCount }, () => new Set());
  for (const poly of polygons) {
    for (let i = 0; i < poly.length; i++) {
      const a = poly[i], b = poly[(i + 1) % poly.length];
      sets[a].add(b);
      sets[b].add(a);
    }
  }
  const start = new Uint32Array(vertexCount + 1);
  for (let v = 0; v < vertexCount; v++) start[v + 1] = start[v] + sets[v].size;
  const list = new Uint32Array(start[vertexCount]);
  for (let v = 0; v < vertexCount; v++) list.set([...sets[v]].sort((a, b) => a - b), start[v]);
  return { start, list };
}

/**
 * Smooths positions in place; `fixed` vertices (the open neck ring) do not move.
 *
 * ```ts
 * smoothBody(positions, neighbours, fixed);
 * ```
 */
export function smoothBody(
  positions: Float32Array,
  neighbours: { start: Uint32Array; list: Uint32Array },
  fixed: Uint8Array,
  options: BodySmoothingOptions = {},
): void {
  const o = { ...BODY_SMOOTHING_DEFAULTS, ...options };
  const n = positions.length / 3;
  const delta = new Float32Array(positions.length);
  const step = (k: number): void => {
    for (let v = 0; v < n; v++) {
      const s = neighbours.start[v], e = neighbours.start[v + 1];
      if (fixed[v] || e === s) continue;
      let x = 0, y = 0, z = 0;
      for (let i = s; i < e; i++) {
        const u = neighbours.list[i];
        x += positions[u * 3]; y += positions[u * 3 + 1]; z += positions[u * 3 + 2];
      }
      const m = e - s;
      delta[v * 3] = k * (x / m - positions[v * 3]);
      delta[v * 3 + 1] = k * (y / m - positions[v * 3 + 1]);
      delta[v * 3 + 2] = k * (z / m - positions[v * 3 + 2]);
    }
    for (let v = 0; v < n; v++) {
      if (fixed[v]) continue;
      positions[v * 3] += delta[v * 3];
      positions[v * 3 + 1] += delta[v * 3 + 1];
      positions[v * 3 + 2] += delta[v * 3 + 2];
    }
  };
  for (let i = 0; i < o.iterations; i++) {
    step(o.lambda);
    step(o.mu);
  }
}
