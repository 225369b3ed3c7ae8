/**
 * How a mesh triangle covers texels, for rasterising in texture space: corners in texel space
 * (texel centres at integers, v = 0 the top row), barycentrics as affine functions of the texel
 * (i, j): w_b = b0 + dbi·i + dbj·j, w_c likewise, w_a = 1 − w_b − w_c, and the rows and columns to
 * visit. Edges flagged in `border` (bit 0: edge bc, 1: ca, 2: ab) are grown by `dilation` texels, so
 * colour reaches across UV-island borders: the dilated triangle is w_a ≥ −ma, w_b ≥ −mb, w_c ≥ −mc.
 * Null for a degenerate triangle.
 */
export interface TexelTriangle {
  ua: number; va: number; ub: number; vb: number; uc: number; vc: number;
  dai: number; dbi: number; dbj: number; b0: number; dci: number; dcj: number; c0: number;
  ma: number; mb: number; mc: number;
  /** Edge lengths over |area| (a barycentric's change per texel across that edge) and the dilation. */
  la: number; lb: number; lc: number; margin: number;
  j0: number; j1: number; iMin: number; iMax: number;
}

export function texelTriangle(
  uvs: ArrayLike<number>, a: number, b: number, c: number, width: number, height: number, border: number, dilation: number,
): TexelTriangle | null {
  const ua = uvs[a * 2] * width - 0.5, va = uvs[a * 2 + 1] * height - 0.5;
  const ub = uvs[b * 2] * width - 0.5, vb = uvs[b * 2 + 1] * height - 0.5;
  const uc = uvs[c * 2] * width - 0.5, vc = uvs[c * 2 + 1] * height - 0.5;
  const area = (ub - ua) * (vc - va) - (vb - va) * (uc - ua);
  if (!(Math.abs(area) > 1e-9)) return null;
  const inv = 1 / area;
  const dbi = (vc - va) * inv, dbj = -(uc - ua) * inv, b0 = -ua * dbi - va * dbj;
  const dci = -(vb - va) * inv, dcj = (ub - ua) * inv, c0 = -ua * dci - va * dcj;
  // A barycentric of −k·|edge|/|area| is k texels outside that edge.
  const absArea = Math.abs(area), margin = Math.max(0, dilation);
  const la = Math.hypot(uc - ub, vc - vb) / absArea, lb = Math.hypot(uc - ua, vc - va) / absArea, lc = Math.hypot(ub - ua, vb - va) / absArea;
  const ma = border & 1 ? margin * la : 0, mb = border & 2 ? margin * lb : 0, mc = border & 4 ? margin * lc : 0;
  return {
    ua, va, ub, vb, uc, vc, dai: -dbi - dci, dbi, dbj, b0, dci, dcj, c0, ma, mb, mc, la, lb, lc, margin,
    j0: Math.max(0, Math.ceil(Math.min(va, vb, vc) - margin)),
    j1: Math.min(height - 1, Math.floor(Math.max(va, vb, vc) + margin)),
    iMin: Math.max(0, Math.ceil(Math.min(ua, ub, uc) - margin)),
    iMax: Math.min(width - 1, Math.floor(Math.max(ua, ub, uc) + margin)),
  };
}

/**
 * How surely a texel belongs to the triangle: 255 inside it, and in the dilation ring from 254 at
 * the edge down to 1 at `margin` texels out, so a texel inside a triangle always wins over one in
 * another's ring, and a nearer ring over a farther one.
 */
export function texelCode(t: TexelTriangle, wa: number, wb: number, wc: number): number {
  if (wa >= 0 && wb >= 0 && wc >= 0) return 255;
  const outside = Math.max(-wa / t.la, -wb / t.lb, -wc / t.lc);
  return outside >= t.margin ? 1 : 254 - Math.floor((outside / t.margin) * 253);
}

/**
 * First and last i where w0 + i·di >= -m, the half-plane of one (dilated) edge on a row; a small
 * slack keeps texel centres on shared edges from falling between two triangles.
 */
export function spanStart(w0: number, di: number, m: number): number {
  const limit = -m - 1e-9 - w0;
  if (di > 0) return Math.ceil(limit / di - 1e-6);
  return di < 0 || limit <= 0 ? -Infinity : Infinity;
}

export function spanEnd(w0: number, di: number, m: number): number {
  const limit = -m - 1e-9 - w0;
  if (di < 0) return Math.floor(limit / di + 1e-6);
  return di > 0 || limit <= 0 ? Infinity : -Infinity;
}

/**
 * Calls `visit` for each row of texels whose centres lie in the (undilated) triangle: the row, its
 * first and last texel, and w_b and w_c at texel 0 of that row (they grow by dbi, dci per texel).
 */
export function triangleRows(t: TexelTriangle, visit: (j: number, lo: number, hi: number, wb: number, wc: number) => void): void {
  for (let j = t.j0; j <= t.j1; j++) {
    const wb = t.b0 + j * t.dbj, wc = t.c0 + j * t.dcj, wa = 1 - wb - wc;
    const lo = Math.max(t.iMin, spanStart(wb, t.dbi, 0), spanStart(wc, t.dci, 0), spanStart(wa, t.dai, 0));
    const hi = Math.min(t.iMax, spanEnd(wb, t.dbi, 0), spanEnd(wc, t.dci, 0), spanEnd(wa, t.dai, 0));
    if (lo <= hi) visit(j, lo, hi, wb, wc);
  }
}
