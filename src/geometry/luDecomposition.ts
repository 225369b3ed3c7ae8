/** A square matrix factorised as P·A = L·U (partial pivoting), ready to solve A·x = b repeatedly. */
export interface LuDecomposition {
  size: number;
  /** L (unit diagonal, below) and U (diagonal and above) packed row-major. */
  lu: Float64Array;
  /** Row permutation. */
  pivots: Int32Array;
}

/** Factorises a dense row-major n×n matrix (copied, not changed). Throws when it is singular. */
export function luDecomposition(matrix: Float64Array, size: number): LuDecomposition {
  const n = size;
  const a = new Float64Array(matrix);
  const pivots = new Int32Array(n);
  for (let i = 0; i < n; i++) pivots[i] = i;
  for (let k = 0; k < n; k++) {
    let p = k, max = Math.abs(a[k * n + k]);
    for (let i = k + 1; i < n; i++) {
      const v = Math.abs(a[i * n + k]);
      if (v > max) { max = v; p = i; }
    }
    if (max < 1e-300) throw new Error('singular matrix');
    if (p !== k) {
      for (let j = 0; j < n; j++) {
        const t = a[k * n + j]; a[k * n + j] = a[p * n + j]; a[p * n + j] = t;
      }
      const t = pivots[k]; pivots[k] = pivots[p]; pivots[p] = t;
    }
    const pivot = a[k * n + k];
    for (let i = k + 1; i < n; i++) {
      const f = (a[i * n + k] /= pivot);
      if (f === 0) continue;
      const ri = i * n, rk = k * n;
      for (let j = k + 1; j < n; j++) a[ri + j] -= f * a[rk + j];
    }
  }
  return { size: n, lu: a, pivots };
}

/** Solves A·x = b for one right-hand side. */
export function luSolve(d: LuDecomposition, b: ArrayLike<number>): Float64Array {
  const { size: n, lu, pivots } = d;
  const x = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[pivots[i]];
    for (let j = 0; j < i; j++) s -= lu[i * n + j] * x[j];
    x[i] = s;
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = x[i];
    for (let j = i + 1; j < n; j++) s -= lu[i * n + j] * x[j];
    x[i] = s / lu[i * n + i];
  }
  return x;
}
