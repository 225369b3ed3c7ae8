/**
 * Solves L Lᵀ x = b in place in `b`, for L lower-triangular (row-major, n × n, the upper part
 * unread): the forward and back substitution after a Cholesky factorisation. Written here rather
 * than taken from a matrix library: the project's systems are small and dense (a spline's, a
 * lighting fit's) and each has its own factorisation.
 *
 * ```ts
 * const x = choleskySubstitute(l, 4, Float64Array.from(rhs));
 * ```
 */
export function choleskySubstitute(l: Float64Array, n: number, b: Float64Array): Float64Array {
  for (let i = 0; i < n; i++) {
    let s = b[i];
    for (let c = 0; c < i; c++) s -= l[i * n + c] * b[c];
    b[i] = s / l[i * n + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let r = i + 1; r < n; r++) s -= l[r * n + i] * b[r];
    b[i] = s / l[i * n + i];
  }
  return b;
}
