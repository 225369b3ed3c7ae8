import { choleskySubstitute } from '../core/cholesky.js';

/**
 * Solver for the linear system of a polyharmonic spline with a polynomial part,
 *
 *     [K  P] [w]   [f]
 *     [Pᵀ 0] [a] = [0]
 *
 * K (n × n) the kernel matrix, P (n × q) the polynomial basis at the centres. K is only positive
 * definite on the space of w with Pᵀw = 0, so the system is reduced to that space (null-space
 * method): with P = Q·[R; 0] (Householder QR), w = Q·[0; γ] and (QᵀKQ)₂₂ γ = (Qᵀf)₂ is symmetric
 * positive definite, solved by Cholesky. Half the work of an LU of the full system, no pivoting.
 */
export interface SplineSolver {
  /** Solves for one right-hand side f (length n): returns [w (n), a (q)]. */
  solve(f: ArrayLike<number>): [Float64Array, Float64Array];
}

/**
 * Factorises the system for a kernel matrix `k` (n × n, row-major, symmetric; overwritten) and a
 * polynomial basis `p` (n × q, row-major). Throws when the reduced matrix is not positive definite
 * (coincident centres without smoothing).
 */
export function splineSolver(k: Float64Array, p: Float64Array, n: number, q: number): SplineSolver {
  // Householder QR of P: reflections v_j (stored in columns of `p` from row j down) and R's diagonal.
  const qr = Float64Array.from(p);
  const betas = new Float64Array(q);
  const rDiagonal = new Float64Array(q);
  for (let j = 0; j < q; j++) {
    let norm = 0;
    for (let i = j; i < n; i++) norm += qr[i * q + j] ** 2;
    norm = Math.sqrt(norm);
    const alpha = qr[j * q + j] > 0 ? -norm : norm;
    rDiagonal[j] = alpha;
    qr[j * q + j] -= alpha; // v = x − α e_j
    let vv = 0;
    for (let i = j; i < n; i++) vv += qr[i * q + j] ** 2;
    betas[j] = vv > 0 ? 2 / vv : 0;
    // Apply H_j to the remaining columns of P.
    for (let c = j + 1; c < q; c++) {
      let s = 0;
      for (let i = j; i < n; i++) s += qr[i * q + j] * qr[i * q + c];
      s *= betas[j];
      for (let i = j; i < n; i++) qr[i * q + c] -= s * qr[i * q + j];
    }
  }
  const reflect = (x: Float64Array, j: number): void => {
    let s = 0;
    for (let i = j; i < n; i++) s += qr[i * q + j] * x[i];
    s *= betas[j];
    for (let i = j; i < n; i++) x[i] -= s * qr[i * q + j];
  };

  // K ← Qᵀ K Q, one reflection at a time on both sides (H symmetric, Qᵀ = H_q…H_1).
  const column = new Float64Array(n);
  for (let j = 0; j < q; j++) {
    const b = betas[j];
    // Left: K ← H K, row by row of vᵀK.
    const vk = new Float64Array(n);
    for (let i = j; i < n; i++) {
      const vi = qr[i * q + j];
      if (vi === 0) continue;
      for (let c = 0; c < n; c++) vk[c] += vi * k[i * n + c];
    }
    for (let i = j; i < n; i++) {
      const f = b * qr[i * q + j];
      if (f === 0) continue;
      for (let c = 0; c < n; c++) k[i * n + c] -= f * vk[c];
    }
    // Right: K ← K H.
    for (let r = 0; r < n; r++) {
      let s = 0;
      for (let i = j; i < n; i++) s += k[r * n + i] * qr[i * q + j];
      column[r] = b * s;
    }
    for (let r = 0; r < n; r++) {
      const f = column[r];
      if (f === 0) continue;
      for (let i = j; i < n; i++) k[r * n + i] -= f * qr[i * q + j];
    }
  }

  // Cholesky of the trailing block A₂₂ (m × m), lower triangle packed row-major in `l`.
  const m = n - q;
  const l = new Float64Array(m * m);
  for (let i = 0; i < m; i++) {
    const ri = (i + q) * n + q;
    for (let j = 0; j <= i; j++) {
      const li = i * m, lj = j * m;
      // Four running sums: the dot product is bound by the latency of one sum otherwise.
      let s0 = 0, s1 = 0, s2 = 0, s3 = 0, c = 0;
      for (; c + 3 < j; c += 4) {
        s0 += l[li + c] * l[lj + c];
        s1 += l[li + c + 1] * l[lj + c + 1];
        s2 += l[li + c + 2] * l[lj + c + 2];
        s3 += l[li + c + 3] * l[lj + c + 3];
      }
      for (; c < j; c++) s0 += l[li + c] * l[lj + c];
      const s = k[ri + j] - (s0 + s1 + s2 + s3);
      if (i === j) {
        if (!(s > 0)) throw new Error('spline system is not positive definite (coincident centres?)');
        l[li + i] = Math.sqrt(s);
      } else {
        l[li + j] = s / l[lj + j];
      }
    }
  }

  return {
    solve(f) {
      const g = Float64Array.from(f);
      for (let j = 0; j < q; j++) reflect(g, j); // g = Qᵀ f
      // γ: L Lᵀ γ = g₂.
      const y = choleskySubstitute(l, m, g.slice(q, q + m));
      // a: R a = g₁ − A₁₂ γ.
      const a = new Float64Array(q);
      for (let r = 0; r < q; r++) {
        let s = g[r];
        for (let c = 0; c < m; c++) s -= k[r * n + q + c] * y[c];
        a[r] = s;
      }
      for (let r = q - 1; r >= 0; r--) {
        let s = a[r];
        for (let c = r + 1; c < q; c++) s -= qr[r * q + c] * a[c];
        a[r] = s / rDiagonal[r];
      }
      // w = Q [0; γ] = H_1 … H_q [0; γ].
      const w = new Float64Array(n);
      w.set(y, q);
      for (let j = q - 1; j >= 0; j--) reflect(w, j);
      return [w, a];
    },
  };
}
