/**
 * In-place box blur of a float image with `channels` interleaved channels, `radius` cells each side,
 * edges clamped; three passes approximate a Gaussian of sigma ≈ radius. A running sum makes each pass
 * cost the same whatever the radius. Written by hand for float fields (sharp blurs 8-bit images).
 */
export function boxBlur(data: Float32Array, width: number, height: number, channels: number, radius: number, passes = 3): void {
  const r = Math.max(0, Math.round(radius));
  if (r === 0) return;
  const line = new Float32Array(Math.max(width, height) * channels);
  for (let pass = 0; pass < passes; pass++) {
    for (let y = 0; y < height; y++) blurLine(data, y * width * channels, channels, width, channels, r, line);
    for (let x = 0; x < width; x++) blurLine(data, x * channels, width * channels, height, channels, r, line);
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
