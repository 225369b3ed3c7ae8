import type { Mesh } from '../core/mesh.js';
import { boundPositions } from '../geometry/surfaceBinding.js';
import type { HeadTemplate } from './headTemplate.js';
import type { Teeth } from './teeth.js';

/** Options of {@link teethDeltas}. */
export interface TeethDeltasOptions {
  /** The landmarks (MediaPipe numbers) whose motion is the jaw's: chin and jaw line, away from the lips. */
  landmarks?: readonly number[];
  /**
   * Ridge on the fitted motion's gradient, as a length, metres: the jaw landmarks lie near one
   * curved line, so across it their motion says little; this keeps the guess there to a plain shift.
   */
  ridge?: number;
}

export const TEETH_DELTAS_DEFAULTS: Required<TeethDeltasOptions> = {
  landmarks: [152, 148, 377, 176, 400, 149, 378, 150, 379, 136, 365, 172, 397, 175, 199],
  ridge: 0.003,
};

/**
 * The teeth's offsets for one head blendshape (`headDeltas`: xyz per vertex of `head.mesh`,
 * LOD0): the upper arch is the skull's and stays; the lower arch moves as the jaw does there,
 * the least-squares affine motion (x ↦ Ax + t) of the chin and jaw-line landmarks under the
 * shape. An affine map, not the nearest landmark's delta, because the jaw turns: teeth nearer the
 * hinge move less than the chin, and jawOpen, jawForward and jawLeft/Right are all affine there.
 * Lip-only shapes hardly move these landmarks, so they hardly move the teeth.
 */
export function teethDeltas(
  teeth: Teeth, head: { template: HeadTemplate; mesh: Mesh }, headDeltas: Float32Array, options: TeethDeltasOptions = {},
): Float32Array {
  const o = { ...TEETH_DELTAS_DEFAULTS, ...options };
  const p = boundPositions(head.mesh.positions, head.mesh.indices, head.template.landmarks);
  const d = boundPositions(headDeltas, head.mesh.indices, head.template.landmarks);
  const ids = o.landmarks, n = ids.length;
  const meanP = [0, 0, 0], meanD = [0, 0, 0];
  for (const i of ids) for (let k = 0; k < 3; k++) { meanP[k] += p[i * 3 + k] / n; meanD[k] += d[i * 3 + k] / n; }
  // (PᵀP + λI) G = PᵀD on centred positions P and deltas D: G is Aᵀ, 3 × 3.
  const m = new Float64Array(9), r = new Float64Array(9);
  for (const i of ids) {
    for (let a = 0; a < 3; a++) {
      const pa = p[i * 3 + a] - meanP[a];
      for (let b = 0; b < 3; b++) {
        m[a * 3 + b] += pa * (p[i * 3 + b] - meanP[b]);
        r[a * 3 + b] += pa * (d[i * 3 + b] - meanD[b]);
      }
    }
  }
  for (let a = 0; a < 3; a++) m[a * 4] += n * o.ridge ** 2;
  const g = solve3(m, r);
  const out = new Float32Array(teeth.mesh.positions.length);
  const q = teeth.mesh.positions;
  for (let v = 0; v < teeth.lower.length; v++) {
    if (!teeth.lower[v]) continue;
    const c = [q[v * 3] - meanP[0], q[v * 3 + 1] - meanP[1], q[v * 3 + 2] - meanP[2]];
    for (let b = 0; b < 3; b++) out[v * 3 + b] = meanD[b] + c[0] * g[b] + c[1] * g[3 + b] + c[2] * g[6 + b];
  }
  return out;
}

/** X with M X = R, M 3 × 3 symmetric positive definite, R 3 × 3 (Gauss–Jordan, partial pivoting). */
function solve3(m: Float64Array, r: Float64Array): Float64Array {
  const a = Float64Array.from(m), x = Float64Array.from(r);
  for (let col = 0; col < 3; col++) {
    let pivot = col;
    for (let row = col + 1; row < 3; row++) if (Math.abs(a[row * 3 + col]) > Math.abs(a[pivot * 3 + col])) pivot = row;
    for (let c = 0; c < 3; c++) {
      [a[col * 3 + c], a[pivot * 3 + c]] = [a[pivot * 3 + c], a[col * 3 + c]];
      [x[col * 3 + c], x[pivot * 3 + c]] = [x[pivot * 3 + c], x[col * 3 + c]];
    }
    const inv = 1 / a[col * 4];
    for (let c = 0; c < 3; c++) { a[col * 3 + c] *= inv; x[col * 3 + c] *= inv; }
    for (let row = 0; row < 3; row++) {
      if (row === col) continue;
      const f = a[row * 3 + col];
      for (let c = 0; c < 3; c++) { a[row * 3 + c] -= f * a[col * 3 + c]; x[row * 3 + c] -= f * x[col * 3 + c]; }
    }
  }
  return x;
}
