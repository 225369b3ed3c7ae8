/** Two full-resolution rows of a coarse grid and the weight of the lower one at a texel row. */
export interface GridRows {
  upper: Float32Array;
  lower: Float32Array;
  /** The value at the texel row is upper + (lower − upper) · weight. */
  weight: number;
}

/**
 * Bilinear upsampling of a coarse grid of cell values (`channels` interleaved per cell, cell (i, j)
 * the mean of texels [i·s, (i + 1)·s) × [j·s, (j + 1)·s)) to the texture's resolution, a row at a
 * time: for smooth fields (filter coefficients, outlines) computed at 1/s of the resolution. Grid
 * rows are widened to full width once each (two are kept), so what is left per texel is one
 * contiguous lerp, which the caller fuses into its own loop; no full-resolution float copy exists.
 * Rows must be asked for in increasing order.
 *
 * ```ts
 * const at = gridRows(lines, 1, 1024, 512, 4, 4096, 2048);
 * for (let y = 0; y < 2048; y++) {
 *   const { upper, lower, weight } = at(y);
 *   for (let x = 0; x < 4096; x++) use(upper[x] + (lower[x] - upper[x]) * weight);
 * }
 * ```
 */
export function gridRows(
  grid: Float32Array, channels: number, cellsX: number, cellsY: number, s: number, width: number, height: number,
): (y: number) => GridRows {
  const cols = taps(width, s, cellsX), rows = taps(height, s, cellsY);
  const rowLength = cellsX * channels;
  let upper = new Float32Array(width * channels), lower = new Float32Array(width * channels);
  let upperIndex = -1;
  const widen = (index: number, out: Float32Array): void =>
    lerpRow(grid.subarray(index * rowLength, (index + 1) * rowLength), out, cols.first, cols.weight, width, cellsX, channels);
  return (y) => {
    const y0 = rows.first[y];
    if (y0 !== upperIndex) {
      // Moving down one grid row, the lower row becomes the upper one.
      if (y0 === upperIndex + 1 && upperIndex >= 0) [upper, lower] = [lower, upper];
      else widen(y0, upper);
      widen(Math.min(cellsY - 1, y0 + 1), lower);
      upperIndex = y0;
    }
    return { upper, lower, weight: rows.weight[y] };
  };
}

function lerpRow(line: Float32Array, out: Float32Array, first: Int32Array, weight: Float32Array, width: number, cellsX: number, channels: number): void {
  if (channels === 1) {
    for (let x = 0; x < width; x++) {
      const c0 = first[x], c1 = c0 + 1 < cellsX ? c0 + 1 : c0;
      out[x] = line[c0] + (line[c1] - line[c0]) * weight[x];
    }
    return;
  }
  // Channel-major: one tight loop per channel keeps V8's loop simple (a generic inner loop over
  // channels was four times slower).
  for (let c = 0; c < channels; c++) lerpChannel(line, out, first, weight, width, cellsX, channels, c);
}

function lerpChannel(line: Float32Array, out: Float32Array, first: Int32Array, weight: Float32Array, width: number, cellsX: number, channels: number, c: number): void {
  for (let x = 0; x < width; x++) {
    const c0 = first[x], c1 = c0 + 1 < cellsX ? c0 + 1 : c0;
    const v0 = line[c0 * channels + c];
    out[x * channels + c] = v0 + (line[c1 * channels + c] - v0) * weight[x];
  }
}

/** For each texel column (or row), the cell whose centre is at or before it and the weight of the next. */
function taps(size: number, s: number, cells: number): { first: Int32Array; weight: Float32Array } {
  const first = new Int32Array(size), weight = new Float32Array(size);
  if (cells === 1) return { first, weight };
  for (let x = 0; x < size; x++) {
    let g = (x + 0.5) / s - 0.5;
    g = g < 0 ? 0 : g > cells - 1 ? cells - 1 : g;
    first[x] = Math.min(cells - 2, Math.floor(g));
    weight[x] = g - first[x];
  }
  return { first, weight };
}

/**
 * Cell means of an 8-bit RGB or single-channel image and of its squares, the cells s×s texels, edge
 * cells partial. Cell by cell (all of a cell's texels, then the next): measured three times faster
 * in V8 than scattering a row at a time into the cells.
 */
export function cellMeans(data: Uint8Array, width: number, height: number, channels: 1 | 3, s: number): { mean: Float32Array; square: Float32Array } {
  const sw = Math.ceil(width / s), sh = Math.ceil(height / s);
  const mean = new Float32Array(sw * sh * channels), square = new Float32Array(sw * sh * channels);
  for (let cy = 0; cy < sh; cy++) {
    if (channels === 3) cellRow3(data, width, height, s, sw, cy, mean, square);
    else cellRow1(data, width, height, s, sw, cy, mean, square);
  }
  return { mean, square };
}

function cellRow3(data: Uint8Array, width: number, height: number, s: number, sw: number, cy: number, mean: Float32Array, square: Float32Array): void {
  const yEnd = Math.min(height, (cy + 1) * s);
  for (let cx = 0; cx < sw; cx++) {
    const xEnd = Math.min(width, (cx + 1) * s);
    let r = 0, g = 0, b = 0, rr = 0, gg = 0, bb = 0;
    for (let y = cy * s; y < yEnd; y++) {
      for (let k = (y * width + cx * s) * 3, end = (y * width + xEnd) * 3; k < end; k += 3) {
        const vr = data[k], vg = data[k + 1], vb = data[k + 2];
        r += vr; g += vg; b += vb; rr += vr * vr; gg += vg * vg; bb += vb * vb;
      }
    }
    const n = (yEnd - cy * s) * (xEnd - cx * s), i = (cy * sw + cx) * 3;
    mean[i] = r / n; mean[i + 1] = g / n; mean[i + 2] = b / n;
    square[i] = rr / n; square[i + 1] = gg / n; square[i + 2] = bb / n;
  }
}

function cellRow1(data: Uint8Array, width: number, height: number, s: number, sw: number, cy: number, mean: Float32Array, square: Float32Array): void {
  const yEnd = Math.min(height, (cy + 1) * s);
  for (let cx = 0; cx < sw; cx++) {
    const xEnd = Math.min(width, (cx + 1) * s);
    let sum = 0, sum2 = 0;
    for (let y = cy * s; y < yEnd; y++) {
      for (let k = y * width + cx * s, end = y * width + xEnd; k < end; k++) {
        sum += data[k];
        sum2 += data[k] * data[k];
      }
    }
    const n = (yEnd - cy * s) * (xEnd - cx * s), i = cy * sw + cx;
    mean[i] = sum / n;
    square[i] = sum2 / n;
  }
}
