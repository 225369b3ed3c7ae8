/**
 * In-place box blur of a float image with `channels` interleaved channels, `radius` cells each side,
 * edges clamped; three passes approximate a Gaussian of sigma ≈ radius. A running sum makes each pass
 * cost the same whatever the radius. Written by hand for float fields (sharp blurs 8-bit images).
 *
 * The vertical pass keeps a running sum per column and walks the image row by row, so it reads
 * memory in order; a column at a time misses the cache at every cell of a large texture.
 */
export function boxBlur(data: Float32Array, width: number, height: number, channels: number, radius: number, passes = 3): void {
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return;
  const rowLength = width * channels;
  const line = new Float32Array(rowLength);
  const source = new Float32Array(data.length);
  const sums = new Float64Array(rowLength);
  for (let pass = 0; pass < passes; pass++) {
    for (let y = 0; y < height; y++) blurLine(data, y * rowLength, channels, width, channels, r, line);
    source.set(data);
    blurColumns(source, data, rowLength, height, r, sums);
  }
}

/** Every column at once, rows clamped at the top and bottom; the same sums, in the same order, as blurLine's. */
function blurColumns(source: Float32Array, data: Float32Array, rowLength: number, n: number, r: number, sums: Float64Array): void {
  const norm = 1 / (2 * r + 1);
  sums.fill(0);
  for (let i = -r; i <= r; i++) {
    const row = Math.min(n - 1, Math.max(0, i)) * rowLength;
    for (let k = 0; k < rowLength; k++) sums[k] += source[row + k];
  }
  for (let i = 0; i < n; i++) {
    const out = i * rowLength;
    const enter = Math.min(n - 1, i + r + 1) * rowLength, leave = Math.max(0, i - r) * rowLength;
    for (let k = 0; k < rowLength; k++) {
      data[out + k] = sums[k] * norm;
      sums[k] += source[enter + k] - source[leave + k];
    }
  }
}

function blurLine(data: Float32Array, start: number, stride: number, n: number, channels: number, r: number, line: Float32Array): void {
  for (let i = 0; i < n; i++) for (let c = 0; c < channels; c++) line[i * channels + c] = data[start + i * stride + c];
  const norm = 1 / (2 * r + 1);
  for (let c = 0; c < channels; c++) {
    let sum = 0;
    for (let i = -r; i <= r; i++) sum += line[Math.min(n - 1, Math.max(0, i)) * channels + c];
    for (let i = 0; i < n; i++) {
      data[start + i * stride + c] = sum * norm;
      sum += line[Math.min(n - 1, i + r + 1) * channels + c] - line[Math.max(0, i - r) * channels + c];
    }
  }
}
