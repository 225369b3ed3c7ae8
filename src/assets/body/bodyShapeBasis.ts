import { bodyPositions } from './bodyMesh.js';
import { bodyProportions } from './bodyProportions.js';
import { BODY_SHAPE_INTERVALS, type BodyShape } from './bodyShape.js';
import { solveBodyShape } from './bodyShapeSolver.js';

/**
 * Our shape basis and `body_shape_coeffs_10`. The basis is the first ten principal directions of our
 * own shape space, sampled: 64 bodies at Halton points over gender (continuous, female to male),
 * the spec's non_binary intervals of height, weight, chest, waist and hips, and the five
 * proportion controls within ±8 %. Each sample is the unsolved body of those parameters
 * (bodyPositions with unit girth multipliers: deterministic, 20 ms). Principal directions come from
 * the samples' Gram matrix (64 × 64, Jacobi), so the basis is the same on every machine and every
 * run. These are not a third-party model's coefficients (see docs/bodies.md).
 */

export const BASIS_SAMPLES = 64;
export const BASIS_SIZE = 10;

export interface BodyShapeBasis {
  /** Mean body-vertex positions of the samples. */
  mean: Float32Array;
  /** BASIS_SIZE unit directions over body-vertex positions, most variance first. */
  directions: Float32Array[];
  /** Standard deviation of the samples along each direction, metres: coefficients are in these units. */
  spread: number[];
  /** Share of the samples' variance each direction explains. */
  explained: number[];
}

let cached: BodyShapeBasis | undefined;

/** The radical inverse of i in a prime base: the Halton sequence's i-th coordinate. */
function halton(i: number, base: number): number {
  let f = 1, r = 0;
  for (let n = i; n > 0; n = Math.floor(n / base)) {
    f /= base;
    r += f * (n % base);
  }
  return r;
}

const PRIMES = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31];

/** The basis, computed on first use (about 1.5 s) and kept. */
export function bodyShapeBasis(): BodyShapeBasis {
  if (cached) return cached;
  const iv = BODY_SHAPE_INTERVALS.non_binary;
  const between = ([lo, hi]: [number, number], t: number): number => lo + (hi - lo) * t;
  const samples: Float32Array[] = [];
  for (let i = 1; i <= BASIS_SAMPLES; i++) {
    const h = (d: number): number => halton(i, PRIMES[d]);
    const shape = {
      maleness: h(0),
      height: between(iv.height, h(1)),
      weight: between(iv.weight, h(2)),
      chest: between(iv.chest, h(3)),
      waist: between(iv.waist, h(4)),
      hips: between(iv.hips, h(5)),
      shoulderWidth: 0.92 + 0.16 * h(6),
      armLength: 0.92 + 0.16 * h(7),
      legLength: 0.92 + 0.16 * h(8),
      torsoLength: 0.92 + 0.16 * h(9),
      neck: 0.92 + 0.16 * h(10),
    };
    samples.push(bodyPositions(bodyProportions(shape)));
  }
  const D = samples[0].length, M = samples.length;
  const mean = new Float32Array(D);
  for (const s of samples) for (let d = 0; d < D; d++) mean[d] += s[d] / M;
  const centred = samples.map((s) => Float64Array.from(s, (x, d) => x - mean[d]));
  const gram = new Float64Array(M * M);
  for (let a = 0; a < M; a++) {
    for (let b = a; b < M; b++) {
      let sum = 0;
      const A = centred[a], B = centred[b];
      for (let d = 0; d < D; d++) sum += A[d] * B[d];
      gram[a * M + b] = gram[b * M + a] = sum;
    }
  }
  const { values, vectors } = jacobiEigen(gram, M);
  const order = Array.from({ length: M }, (_, i) => i).sort((a, b) => values[b] - values[a] || a - b);
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  const directions: Float32Array[] = [];
  const spread: number[] = [];
  const explained: number[] = [];
  for (const k of order.slice(0, BASIS_SIZE)) {
    const u = new Float64Array(D);
    for (let m = 0; m < M; m++) {
      const w = vectors[m * M + k];
      const c = centred[m];
      for (let d = 0; d < D; d++) u[d] += w * c[d];
    }
    let norm = 0;
    for (let d = 0; d < D; d++) norm += u[d] * u[d];
    norm = Math.sqrt(norm);
    // A fixed sign: the direction's largest component is positive.
    let big = 0;
    for (let d = 1; d < D; d++) if (Math.abs(u[d]) > Math.abs(u[big])) big = d;
    const sign = u[big] < 0 ? -1 : 1;
    directions.push(Float32Array.from(u, (x) => (sign * x) / norm));
    spread.push(Math.sqrt(Math.max(0, values[k]) / (M - 1)));
    explained.push(Math.max(0, values[k]) / total);
  }
  return (cached = { mean, directions, spread, explained });
}

/**
 * `body_shape_coeffs_10`: a body's coordinates along the basis's ten directions, each divided by the
 * samples' spread along it (so the sampled bodies have coefficients of about −2 … 2). The same body
 * always gives the same ten numbers.
 *
 * ```ts
 * const coeffs = bodyShapeCoefficients(solveBodyShape({ gender: 'male', height: 180 }).body.positions);
 * ```
 */
export function bodyShapeCoefficients(positions: Float32Array): number[] {
  const basis = bodyShapeBasis();
  return basis.directions.map((u, i) => {
    let sum = 0;
    for (let d = 0; d < u.length; d++) sum += (positions[d] - basis.mean[d]) * u[d];
    return sum / basis.spread[i];
  });
}

/** `body_shape_coeffs_10` of a body request: the solved body's coefficients. */
export function bodyShapeCoeffs10(request: BodyShape): number[] {
  return bodyShapeCoefficients(solveBodyShape(request).body.positions);
}

/** Eigen-decomposition of a symmetric matrix (row-major, n × n) by cyclic Jacobi rotations. */
function jacobiEigen(matrix: Float64Array, n: number): { values: number[]; vectors: Float64Array } {
  const a = Float64Array.from(matrix);
  const v = new Float64Array(n * n);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p], akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k], aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p], vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: Array.from({ length: n }, (_, i) => a[i * n + i]), vectors: v };
}
