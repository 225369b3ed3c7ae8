import type { TexelBox } from '../../core/image.js';
import type { SkinFill } from './skinFill.js';

/**
 * photo × blend + fill × (1 − blend). The fill is smooth, so it is interpolated at half the texture
 * resolution and each value written to a 2×2 block, two texels at a time through a 16-bit view with
 * the second row copied natively: JavaScript then touches a quarter of the texels of the fill (most
 * of the texture), and only the box the photo shows is blended texel by texel.
 */
export function composite(color: Uint8Array, blend: Uint8Array, seen: TexelBox, fill: SkinFill, width: number, height: number): Uint8Array {
  const out = fillTexture(fill, width, height);
  for (let y = seen.y0; y <= seen.y1; y++) blendSpan(out, color, blend, y * width + seen.x0, y * width + seen.x1 + 1);
  return out;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** The fill at texture size, bilinear at half resolution, 2×2 blocks. */
function fillTexture(fill: SkinFill, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  const { factor, width: fw, height: fh, color: fc } = fill;
  const hw = (width + 1) >> 1, hh = (height + 1) >> 1;
  // Half-resolution texel i is centred at full-resolution coordinate 2i + 1.
  const cx0 = new Int32Array(hw), cx1 = new Int32Array(hw), cax = new Float32Array(hw);
  for (let i = 0; i < hw; i++) {
    let f = (2 * i + 1) / factor - 0.5;
    if (f < 0) f = 0; else if (f > fw - 1) f = fw - 1;
    cx0[i] = Math.floor(f) * 3;
    cx1[i] = Math.min(fw - 1, Math.floor(f) + 1) * 3;
    cax[i] = f - Math.floor(f);
  }
  const half = new Uint8Array(hw * 3);
  const between = new Float32Array(fw * 3);
  const pairs = LITTLE_ENDIAN && width % 2 === 0 ? new Uint16Array(out.buffer, out.byteOffset, out.byteLength >> 1) : undefined;
  const rowBytes = width * 3;
  for (let j = 0; j < hh; j++) {
    let f = (2 * j + 1) / factor - 0.5;
    if (f < 0) f = 0; else if (f > fh - 1) f = fh - 1;
    const r0 = Math.floor(f), r1 = Math.min(fh - 1, r0 + 1);
    halfRow(fc, r0 * fw * 3, r1 * fw * 3, f - r0, cx0, cx1, cax, between, half);
    const y = 2 * j;
    if (pairs) doubleRowPairs(half, pairs, (y * rowBytes) >> 1, hw);
    else doubleRowBytes(half, out, y * rowBytes, width);
    if (y + 1 < height) out.copyWithin((y + 1) * rowBytes, y * rowBytes, (y + 1) * rowBytes);
  }
  return out;
}

/** One half-resolution row of the fill: fill rows r0 and r1 blended once, then spread across. */
function halfRow(
  fc: Float32Array, r0: number, r1: number, ay: number, cx0: Int32Array, cx1: Int32Array, cax: Float32Array,
  between: Float32Array, half: Uint8Array,
): void {
  for (let i = 0; i < between.length; i++) between[i] = fc[r0 + i] + ay * (fc[r1 + i] - fc[r0 + i]);
  for (let i = 0; i < cx0.length; i++) {
    const a = cx0[i], b = cx1[i], t = cax[i], o = i * 3;
    half[o] = between[a] + t * (between[b] - between[a]) + 0.5;
    half[o + 1] = between[a + 1] + t * (between[b + 1] - between[a + 1]) + 0.5;
    half[o + 2] = between[a + 2] + t * (between[b + 2] - between[a + 2]) + 0.5;
  }
}

/** Writes each half-row texel twice (r g b r g b = three 16-bit words, little-endian). */
function doubleRowPairs(half: Uint8Array, pairs: Uint16Array, start: number, n: number): void {
  for (let i = 0; i < n; i++) {
    const r = half[i * 3], g = half[i * 3 + 1], b = half[i * 3 + 2];
    const o = start + i * 3;
    pairs[o] = r | (g << 8);
    pairs[o + 1] = b | (r << 8);
    pairs[o + 2] = g | (b << 8);
  }
}

function doubleRowBytes(half: Uint8Array, out: Uint8Array, start: number, width: number): void {
  for (let x = 0; x < width; x++) {
    const h = (x >> 1) * 3, o = start + x * 3;
    out[o] = half[h];
    out[o + 1] = half[h + 1];
    out[o + 2] = half[h + 2];
  }
}

/** Texels [from, to) where the photo may show: photo × blend + fill × (1 − blend), in place. */
function blendSpan(out: Uint8Array, color: Uint8Array, blend: Uint8Array, from: number, to: number): void {
  for (let k = from; k < to; k++) {
    const w = blend[k];
    if (w === 0) continue;
    const p = k * 3;
    if (w === 255) {
      out[p] = color[p];
      out[p + 1] = color[p + 1];
      out[p + 2] = color[p + 2];
      continue;
    }
    const pw = w / 255, fw = 1 - pw;
    out[p] = color[p] * pw + out[p] * fw + 0.5;
    out[p + 1] = color[p + 1] * pw + out[p + 1] * fw + 0.5;
    out[p + 2] = color[p + 2] * pw + out[p + 2] * fw + 0.5;
  }
}
