import { cellMeans, gridRows } from './gridRows.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';

/** Options of {@link guidedFilter}. */
export interface GuidedFilterOptions {
  /** Window radius, as a fraction of the texture width (8 texels at 4096). */
  radius?: number;
  /**
   * Regularisation: a window whose standard deviation (0..255) is well below this is flattened to
   * its mean, one well above it (an edge, a feature) kept.
   */
  edge?: number;
  /**
   * The filter's coefficients are computed at up to 1/subsample of the resolution (they are smooth);
   * less when the radius is small.
   */
  subsample?: number;
}

/** Window variance (levels²) below which a cell is copied rather than filtered. */
const FLAT_VARIANCE = 1;

export const GUIDED_FILTER_DEFAULTS: Required<GuidedFilterOptions> = {
  radius: 1 / 512,
  edge: 8,
  subsample: 4,
};

/**
 * Edge-preserving smoothing: the guided filter (He, Sun and Tang 2013) with each channel guiding
 * itself, fast version (He and Sun 2015): per window, the output is a·I + b with a = σ² / (σ² + ε),
 * so flat areas (σ ≪ ε) go to their mean while edges (σ ≫ ε) stay. Everything but the last step runs
 * at 1/`subsample` resolution on running-sum box filters, so the cost barely depends on the radius.
 *
 * ```ts
 * const smooth = guidedFilter(texture, { radius: 1 / 512, edge: 8 });
 * ```
 */
export function guidedFilter(texture: RgbImage, options: GuidedFilterOptions = {}): RgbImage {
  const o = { ...GUIDED_FILTER_DEFAULTS, ...options };
  checkRgbImage(texture);
  const { width, height, data } = texture;
  // Coarse cells no wider than half the radius, so the window still spans a few of them.
  const radius = o.radius * width;
  const s = Math.max(1, Math.min(Math.floor(o.subsample), Math.floor(radius / 2)));
  const sw = Math.ceil(width / s), sh = Math.ceil(height / s);
  const n = sw * sh * 3;
  // Means of squares, not squares of means: each cell's own variance belongs in E[I²] too.
  const { mean, square } = cellMeans(data, width, height, 3, s);
  const r = Math.max(1, Math.round(radius / s));
  boxMean(mean, sw, sh, r);
  boxMean(square, sw, sh, r);
  const eps = o.edge * o.edge;
  const a = new Float32Array(n), b = new Float32Array(n);
  // Cells whose whole window varies by less than a level are left as they are: smoothing them
  // would change nothing visible, and most of a head texture (the fill) is such.
  const flat = new Uint8Array(sw * sh).fill(1);
  for (let cell = 0; cell < sw * sh; cell++) {
    for (let i = cell * 3; i < cell * 3 + 3; i++) {
      const variance = Math.max(0, square[i] - mean[i] * mean[i]);
      a[i] = variance / (variance + eps);
      b[i] = mean[i] - a[i] * mean[i];
      if (variance >= FLAT_VARIANCE) flat[cell] = 0;
    }
  }
  boxMean(a, sw, sh, r);
  boxMean(b, sw, sh, r);
  const out = new Uint8Array(data.length);
  apply(data, out, a, b, flat, width, height, s, sw, sh);
  return { width, height, channels: 3, data: out };
}

/**
 * In-place mean over (2r + 1)² windows, edges clamped, of an RGB float image: running sums along
 * each row, then running sums of whole rows down the image (row-major, so it streams through memory).
 */
function boxMean(data: Float32Array, width: number, height: number, r: number): void {
  const rowLength = width * 3, norm = 1 / (2 * r + 1);
  const line = new Float32Array(rowLength);
  for (let y = 0; y < height; y++) {
    line.set(data.subarray(y * rowLength, (y + 1) * rowLength));
    rowMean(line, data, y * rowLength, width, r, norm);
  }
  const rows = data.slice();
  const sum = new Float32Array(rowLength);
  for (let i = -r; i <= r; i++) {
    const start = Math.min(height - 1, Math.max(0, i)) * rowLength;
    for (let k = 0; k < rowLength; k++) sum[k] += rows[start + k];
  }
  for (let y = 0; y < height; y++) {
    slideRows(data, rows, sum, y * rowLength, Math.min(height - 1, y + r + 1) * rowLength, Math.max(0, y - r) * rowLength, rowLength, norm);
  }
}

/** One row's running mean over 2r + 1 texels, the three channels together, edges clamped. */
function rowMean(line: Float32Array, out: Float32Array, start: number, width: number, r: number, norm: number): void {
  let s0 = 0, s1 = 0, s2 = 0;
  for (let i = -r; i <= r; i++) {
    const j = Math.min(width - 1, Math.max(0, i)) * 3;
    s0 += line[j]; s1 += line[j + 1]; s2 += line[j + 2];
  }
  for (let x = 0; x < width; x++) {
    const o = start + x * 3;
    out[o] = s0 * norm; out[o + 1] = s1 * norm; out[o + 2] = s2 * norm;
    const a = (x + r + 1 < width ? x + r + 1 : width - 1) * 3, b = (x - r > 0 ? x - r : 0) * 3;
    s0 += line[a] - line[b]; s1 += line[a + 1] - line[b + 1]; s2 += line[a + 2] - line[b + 2];
  }
}

/** Writes the window sum of a row and slides the window down: adds row `enter`, drops row `leave`. */
function slideRows(out: Float32Array, rows: Float32Array, sum: Float32Array, start: number, enter: number, leave: number, length: number, norm: number): void {
  for (let k = 0; k < length; k++) {
    out[start + k] = sum[k] * norm;
    sum[k] += rows[enter + k] - rows[leave + k];
  }
}

/** q = a·I + b per texel and channel, a and b bilinear from the coarse grid; flat cells copied. */
function apply(
  data: Uint8Array, out: Uint8Array, a: Float32Array, b: Float32Array, flat: Uint8Array, width: number, height: number, s: number, sw: number, sh: number,
): void {
  const rowsA = gridRows(a, 3, sw, sh, s, width, height), rowsB = gridRows(b, 3, sw, sh, s, width, height);
  for (let y = 0; y < height; y++) {
    const ra = rowsA(y), rb = rowsB(y);
    const cells = Math.floor(y / s) * sw, row = y * width * 3;
    for (let cx = 0; cx < sw;) {
      const state = flat[cells + cx];
      let end = cx + 1;
      while (end < sw && flat[cells + end] === state) end++;
      const from = row + cx * s * 3, to = row + Math.min(width, end * s) * 3;
      if (state) out.set(data.subarray(from, to), from);
      else applyRun(data, out, ra.upper, ra.lower, rb.upper, rb.lower, ra.weight, row, from, to);
      cx = end;
    }
  }
}

function applyRun(
  data: Uint8Array, out: Uint8Array, a0: Float32Array, a1: Float32Array, b0: Float32Array, b1: Float32Array, f: number, row: number, from: number, to: number,
): void {
  for (let k = from; k < to; k++) {
    const i = k - row;
    const v = (a0[i] + (a1[i] - a0[i]) * f) * data[k] + b0[i] + (b1[i] - b0[i]) * f;
    // Stores into a Uint8Array truncate: + 0.5 rounds, the clamps keep it in range.
    out[k] = v <= 0 ? 0 : v >= 255 ? 255 : v + 0.5;
  }
}
