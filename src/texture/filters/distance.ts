/**
 * Approximate Euclidean distance (in cells) from every cell to the nearest seed cell (`seed[i] !== 0`),
 * by the two-pass 8-neighbour chamfer transform (Borgefors 1986, weights 1 and √2, at most 8 % too
 * long). Written by hand: two raster scans over a typed array; sharp has no distance transform.
 * Distances are capped at `cap`, which is also the result everywhere when there is no seed.
 *
 * ```ts
 * const far = chamferDistance(known, 1024, 512, 64);
 * ```
 */
export function chamferDistance(seed: Uint8Array, width: number, height: number, cap = Infinity): Float32Array {
  const d = new Float32Array(width * height);
  for (let i = 0; i < d.length; i++) d[i] = seed[i] !== 0 ? 0 : cap;
  // One call per row keeps V8 optimising each scan with full feedback (see photoTexels.ts).
  for (let y = 0; y < height; y++) forwardRow(d, width, y);
  for (let y = height - 1; y >= 0; y--) backwardRow(d, width, height, y);
  return d;
}

const DIAGONAL = Math.SQRT2;

function forwardRow(d: Float32Array, width: number, y: number): void {
  const row = y * width;
  const up = row - width;
  for (let x = 0; x < width; x++) {
    const k = row + x;
    let v = d[k];
    if (v === 0) continue;
    if (x > 0 && d[k - 1] + 1 < v) v = d[k - 1] + 1;
    if (y > 0) {
      const u = up + x;
      if (d[u] + 1 < v) v = d[u] + 1;
      if (x > 0 && d[u - 1] + DIAGONAL < v) v = d[u - 1] + DIAGONAL;
      if (x < width - 1 && d[u + 1] + DIAGONAL < v) v = d[u + 1] + DIAGONAL;
    }
    d[k] = v;
  }
}

function backwardRow(d: Float32Array, width: number, height: number, y: number): void {
  const row = y * width;
  const down = row + width;
  for (let x = width - 1; x >= 0; x--) {
    const k = row + x;
    let v = d[k];
    if (v === 0) continue;
    if (x < width - 1 && d[k + 1] + 1 < v) v = d[k + 1] + 1;
    if (y < height - 1) {
      const n = down + x;
      if (d[n] + 1 < v) v = d[n] + 1;
      if (x < width - 1 && d[n + 1] + DIAGONAL < v) v = d[n + 1] + DIAGONAL;
      if (x > 0 && d[n - 1] + DIAGONAL < v) v = d[n - 1] + DIAGONAL;
    }
    d[k] = v;
  }
}
