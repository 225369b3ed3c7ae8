import type { HeadGrid } from './headGrid.js';

/**
 * Where a smooth field over a template (the fitting deformation) is computed exactly and where it is
 * interpolated. Evaluating the spline costs one kernel per centre per vertex; away from the face the
 * field varies slowly, so there it is computed on every third row and column of the grid only and
 * interpolated bilinearly (in grid indices) in between. Near the face every vertex is exact.
 */
export interface FieldSampling {
  /** Vertices computed exactly. */
  exact: Uint32Array;
  /** Vertices interpolated. */
  interpolated: Uint32Array;
  /** Four vertex indices (all exact) per interpolated vertex. */
  sources: Uint32Array;
  /** Four bilinear weights per interpolated vertex. */
  weights: Float32Array;
  /** For each vertex, the vertex it duplicates (UV seams), or itself: duplicates get the same value. */
  weld: Uint32Array;
}

const STEP = 3;

/** `near[v]` marks the vertices that must be exact. */
export function fieldSampling(grid: HeadGrid, near: Uint8Array): FieldSampling {
  const c = grid.columns, rows = grid.rows, n = c / 4;
  const count = grid.positions.length / 3;
  const exactMask = new Uint8Array(count);
  const coarse = (i: number, last: number): boolean => i % STEP === 0 || i === last;
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j <= c; j++) {
      const v = r * (c + 1) + j;
      exactMask[v] = near[v] || (coarse(r, rows - 1) && coarse(j, c)) ? 1 : 0;
    }
  }
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) {
      const v = grid.capStart + a * (n + 1) + b;
      exactMask[v] = near[v] || (coarse(a, n) && coarse(b, n)) ? 1 : 0;
    }
  }
  const exact: number[] = [], interpolated: number[] = [], sources: number[] = [], weights: number[] = [];
  const corners = (i: number, last: number): [number, number, number] => {
    const i0 = i - (i % STEP), i1 = Math.min(i0 + STEP, last);
    return [i0, i1, i1 === i0 ? 0 : (i - i0) / (i1 - i0)];
  };
  const add = (v: number, at: (x: number, y: number) => number, x: number, y: number, lx: number, ly: number): void => {
    if (exactMask[v]) { exact.push(v); return; }
    const [x0, x1, fx] = corners(x, lx), [y0, y1, fy] = corners(y, ly);
    interpolated.push(v);
    sources.push(at(x0, y0), at(x1, y0), at(x0, y1), at(x1, y1));
    weights.push((1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy);
  };
  for (let r = 0; r < rows; r++) for (let j = 0; j <= c; j++) add(r * (c + 1) + j, (x, y) => x * (c + 1) + y, r, j, rows - 1, c);
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) add(grid.capStart + a * (n + 1) + b, (x, y) => grid.capStart + x * (n + 1) + y, a, b, n, n);
  }

  // Duplicates: the seam column repeats column 0; the cap's boundary repeats the band's first row.
  const weld = Uint32Array.from({ length: count }, (_, i) => i);
  for (let r = 0; r < rows; r++) weld[r * (c + 1) + c] = r * (c + 1);
  for (let q = 0; q < 4 * n; q++) {
    const [a, b] = q <= n ? [q, 0] : q <= 2 * n ? [n, q - n] : q <= 3 * n ? [3 * n - q, n] : [0, 4 * n - q];
    weld[grid.capStart + a * (n + 1) + b] = (((q + c / 8) % c) + c) % c;
  }
  return {
    exact: Uint32Array.from(exact),
    interpolated: Uint32Array.from(interpolated),
    sources: Uint32Array.from(sources),
    weights: Float32Array.from(weights),
    weld,
  };
}

/**
 * A field at every vertex: `evaluate` is called once with the exact vertices' points (flat xyz) and
 * returns their values (flat xyz); the rest is interpolated, and duplicates copied.
 */
export function sampleField(sampling: FieldSampling, points: ArrayLike<number>, evaluate: (points: Float64Array) => Float64Array): Float64Array {
  const out = new Float64Array(points.length);
  const { exact, interpolated, sources, weights, weld } = sampling;
  const at = new Float64Array(exact.length * 3);
  exact.forEach((v, i) => {
    at[i * 3] = points[v * 3];
    at[i * 3 + 1] = points[v * 3 + 1];
    at[i * 3 + 2] = points[v * 3 + 2];
  });
  const values = evaluate(at);
  exact.forEach((v, i) => out.set(values.subarray(i * 3, i * 3 + 3), v * 3));
  for (let i = 0; i < interpolated.length; i++) {
    const v = interpolated[i];
    for (let axis = 0; axis < 3; axis++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += weights[i * 4 + k] * out[sources[i * 4 + k] * 3 + axis];
      out[v * 3 + axis] = sum;
    }
  }
  for (let v = 0; v < weld.length; v++) if (weld[v] !== v) out.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
  return out;
}
