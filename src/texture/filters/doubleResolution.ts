import type { Image } from '../../core/image.js';

/**
 * An image at twice its width and height, bilinear (each new texel 3/4 of its nearer and 1/4 of its
 * farther neighbour along each axis, edges clamped), so that its texel centres stay aligned with
 * the UVs. Written by hand because the bake is synchronous and sharp is not; the fixed weights
 * make it integer arithmetic over one expanded row pair at a time.
 *
 * ```ts
 * const texture = doubleResolution(halfSizeBake); // 2048×1024 → 4096×2048
 * ```
 */
export function doubleResolution<T extends Image>(image: T): T {
  const { width: w, height: h, channels: c, data } = image;
  const W = w * 2, H = h * 2, rowLength = W * c;
  const out = new Uint8Array(W * H * c);
  // Row j of the input, widened to W texels, weights × 4.
  const rows = [new Uint16Array(rowLength), new Uint16Array(rowLength)];
  let previous = 0;
  widen(data, 0, w, c, rows[0]);
  widen(data, 0, w, c, rows[1]);
  for (let j = 0; j < h; j++) {
    // rows[a] holds input row j − 1 (clamped) and rows[b] row j; then row j + 1 replaces row j − 1.
    const a = previous, b = 1 - previous;
    blendRows(rows[b], rows[a], out, 2 * j * rowLength);
    const next = Math.min(h - 1, j + 1);
    widen(data, next * w * c, w, c, rows[a]);
    blendRows(rows[b], rows[a], out, (2 * j + 1) * rowLength);
    previous = b;
  }
  return { ...image, width: W, height: H, data: out };
}

/** One input row from `start`, `w` texels of `c` channels, at twice its width: × 4, 3/4 of the nearer texel. */
function widen(data: Uint8Array, start: number, w: number, c: number, row: Uint16Array): void {
  const end = start + (w - 1) * c;
  for (let k = 0; k < c; k++) {
    // Walking one channel at a time keeps the loop free of an inner loop over channels.
    let left = data[start + k], here = left;
    for (let p = start + k, o = k; p <= end + k; p += c, o += 2 * c) {
      const right = p + c <= end + k ? data[p + c] : here;
      row[o] = 3 * here + left;
      row[o + c] = 3 * here + right;
      left = here;
      here = right;
    }
  }
}

/** out[start..] = (3 × near + far + 8) / 16: the row nearer the new texel weighs three quarters. */
function blendRows(near: Uint16Array, far: Uint16Array, out: Uint8Array, start: number): void {
  for (let i = 0; i < near.length; i++) out[start + i] = (3 * near[i] + far[i] + 8) >> 4;
}
