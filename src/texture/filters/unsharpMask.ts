import type { TexelBox } from '../../core/image.js';
import { boxBlur } from './boxBlur.js';

/**
 * In place, over `box` of an interleaved 8-bit image, sharpens the luma: every channel + amount ×
 * weight/255 × (luma − blurred luma), blurred by a Gaussian of about `radius` texels. On luma alone
 * the edges gain no colour fringes, and the blur costs a third of one per channel. Only texels with weight change, but their blur reads
 * round them, so a weighted region next to unweighted texels is sharpened against what is really there.
 * By hand, since sharp sharpens whole images without a per-texel weight, and it works on a crop of a
 * texture that is already in memory.
 *
 * ```ts
 * unsharpMask(texture.data, 4096, 2048, 3, seen, 10, 0.8, confidence);
 * ```
 */
export function unsharpMask(
  data: Uint8Array,
  width: number,
  height: number,
  channels: number,
  box: TexelBox,
  radius: number,
  amount: number,
  weight: Uint8Array,
): void {
  if (box.x1 < box.x0 || box.y1 < box.y0 || amount === 0 || radius <= 0) return;
  // Three box passes reach 3 × radius: the crop reads that far round the box.
  const reach = Math.ceil(3 * radius);
  const x0 = Math.max(0, box.x0 - reach), x1 = Math.min(width - 1, box.x1 + reach);
  const y0 = Math.max(0, box.y0 - reach), y1 = Math.min(height - 1, box.y1 + reach);
  const cw = x1 - x0 + 1, ch = y1 - y0 + 1;
  const blurred = new Float32Array(cw * ch);
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) blurred[y * cw + x] = luma(data, ((y + y0) * width + x + x0) * channels, channels);
  }
  boxBlur(blurred, cw, ch, 1, radius);
  const k = amount / 255;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const t = y * width + x;
      const w = weight[t];
      if (w === 0) continue;
      const p = t * channels;
      const detail = k * w * (luma(data, p, channels) - blurred[(y - y0) * cw + (x - x0)]);
      for (let c = 0; c < channels; c++) {
        const out = data[p + c] + detail;
        data[p + c] = out <= 0 ? 0 : out >= 255 ? 255 : Math.round(out);
      }
    }
  }
}

/** Rec. 601 luma of the texel at `p`; a single channel is its own. */
function luma(data: Uint8Array, p: number, channels: number): number {
  return channels >= 3 ? 0.299 * data[p] + 0.587 * data[p + 1] + 0.114 * data[p + 2] : data[p];
}
