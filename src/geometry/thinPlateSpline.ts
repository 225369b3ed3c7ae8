import { splineSolver } from './splineSolver.js';

/** Options of {@link thinPlateSpline}. */
export interface ThinPlateSplineOptions {
  /**
   * Regularisation λ added to the kernel's diagonal. 0 interpolates the centres exactly; a little
   * lets noisy, crowded centres (eyelids, lips) be missed by a fraction of a millimetre rather than
   * dimple the surface between them.
   */
  smoothing?: number;
  /** Length unit the spline works in internally, metres; keeps the system well scaled for heads. */
  unit?: number;
}

export const THIN_PLATE_SPLINE_DEFAULTS: Required<ThinPlateSplineOptions> = {
  smoothing: 0,
  unit: 0.1,
};

/**
 * A 3D polyharmonic spline on fixed centres: d(x) = Σ wᵢ |x − cᵢ|³ + a₀ + a·x, the field of least
 * (triharmonic) bending energy through the given values at the centres. The cubic kernel is smooth
 * (C²) at the centres, unlike the biharmonic |x − c|, which puts a small cone at every centre. The
 * affine part carries what all centres agree on (translation, scaling) to points far from them.
 *
 * The linear system depends only on the centres, so it is factorised once (see splineSolver.ts);
 * `fit` then costs one back-substitution per coordinate.
 */
export interface ThinPlateSpline {
  /** Centres, flat xyz in metres. */
  centres: Float64Array;
  /** Field through the centres with the given values (count × 3, e.g. displacements in metres). */
  fit(values: ArrayLike<number>): ThinPlateField;
}

/** A fitted field: evaluate it at points. */
export interface ThinPlateField {
  /** Value (xyz) at each point of a flat xyz array, metres. */
  evaluate(points: ArrayLike<number>): Float64Array;
}

/**
 * Factorises the spline system for `centres` (flat xyz, metres).
 *
 * ```ts
 * const spline = thinPlateSpline(sources);
 * const displacement = spline.fit(targetsMinusSources).evaluate(vertices);
 * ```
 */
export function thinPlateSpline(centres: ArrayLike<number>, options: ThinPlateSplineOptions = {}): ThinPlateSpline {
  const o = { ...THIN_PLATE_SPLINE_DEFAULTS, ...options };
  const c = Float64Array.from(centres);
  const k = 1 / o.unit;
  const n = c.length / 3;
  const kernel = new Float64Array(n * n);
  const basis = new Float64Array(n * 4);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < i; j++) {
      const r = k * Math.hypot(c[i * 3] - c[j * 3], c[i * 3 + 1] - c[j * 3 + 1], c[i * 3 + 2] - c[j * 3 + 2]);
      kernel[i * n + j] = kernel[j * n + i] = r * r * r;
    }
    kernel[i * n + i] = o.smoothing;
    basis.set([1, k * c[i * 3], k * c[i * 3 + 1], k * c[i * 3 + 2]], i * 4);
  }
  const solver = splineSolver(kernel, basis, n, 4);
  return {
    centres: c,
    fit(values) {
      // Packed per centre: cx, cy, cz (scaled), wx, wy, wz; then the affine rows.
      const packed = new Float64Array(n * 6 + 12);
      for (let i = 0; i < n; i++) for (let q = 0; q < 3; q++) packed[i * 6 + q] = k * c[i * 3 + q];
      for (let axis = 0; axis < 3; axis++) {
        const f = new Float64Array(n);
        for (let i = 0; i < n; i++) f[i] = values[i * 3 + axis];
        const [w, a] = solver.solve(f);
        for (let i = 0; i < n; i++) packed[i * 6 + 3 + axis] = w[i];
        for (let q = 0; q < 4; q++) packed[n * 6 + axis * 4 + q] = a[q];
      }
      return { evaluate: (points) => evaluateField(packed, n, k, points) };
    },
  };
}

function evaluateField(packed: Float64Array, n: number, k: number, points: ArrayLike<number>): Float64Array {
  const out = new Float64Array(points.length);
  const a = n * 6;
  for (let p = 0; p < points.length; p += 3) {
    const x = k * points[p], y = k * points[p + 1], z = k * points[p + 2];
    let dx = packed[a] + packed[a + 1] * x + packed[a + 2] * y + packed[a + 3] * z;
    let dy = packed[a + 4] + packed[a + 5] * x + packed[a + 6] * y + packed[a + 7] * z;
    let dz = packed[a + 8] + packed[a + 9] * x + packed[a + 10] * y + packed[a + 11] * z;
    for (let i = 0; i < a; i += 6) {
      const ex = x - packed[i], ey = y - packed[i + 1], ez = z - packed[i + 2];
      const r2 = ex * ex + ey * ey + ez * ez;
      const r3 = r2 * Math.sqrt(r2);
      dx += packed[i + 3] * r3;
      dy += packed[i + 4] * r3;
      dz += packed[i + 5] * r3;
    }
    out[p] = dx;
    out[p + 1] = dy;
    out[p + 2] = dz;
  }
  return out;
}
