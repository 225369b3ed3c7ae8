import type { Rgb } from '../../analysis/index.js';
import type { Mesh } from '../../geometry/index.js';
import type { RgbImage } from '../../texture/index.js';

/**
 * The skin tone the body takes: the median of the head's texture over its neck (the vertices that
 * `neckShare` says were reshaped into the body's neck). The neck is mostly the head texture's fill,
 * the tone its unseen parts (the back of the head, the neck) were painted in, so a body in this tone
 * meets the head without a change of tone; the cheeks, lit in the photo, are lighter.
 */
export function headSkinTone(texture: RgbImage, head: Mesh, neckShare: Float32Array): Rgb {
  const uv = head.uvs!;
  const samples: number[][] = [[], [], []];
  for (let v = 0; v < neckShare.length; v++) {
    if (!(neckShare[v] > 0.05)) continue;
    const px = Math.min(texture.width - 1, Math.max(0, Math.round(uv[v * 2] * (texture.width - 1))));
    const py = Math.min(texture.height - 1, Math.max(0, Math.round(uv[v * 2 + 1] * (texture.height - 1))));
    for (let c = 0; c < 3; c++) samples[c].push(texture.data[(py * texture.width + px) * 3 + c]);
  }
  if (!samples[0].length) throw new Error('the head has no neck to take the skin tone from');
  const median = (a: number[]) => a.sort((m, n) => m - n)[a.length >> 1];
  return { red: median(samples[0]), green: median(samples[1]), blue: median(samples[2]) };
}

/**
 * Fades the head's neck into `tone` in the head's texture (in place), by how far each point was
 * reshaped into the body's neck (`neckShare`, 0 under the chin, 1 at the ring): the photo's neck,
 * often shaded under the chin, meets the body's plain skin without a line.
 */
export function fadeNeck(texture: RgbImage, head: Mesh, neckShare: Float32Array, tone: Rgb): void {
  const uv = head.uvs!, idx = head.indices, W = texture.width, H = texture.height;
  const rgb = [tone.red, tone.green, tone.blue];
  const fade = (s: number) => Math.min(1, Math.max(0, s / 0.6)) ** 0.7;
  for (let f = 0; f < idx.length; f += 3) {
    const [a, b, c] = [idx[f], idx[f + 1], idx[f + 2]];
    if (!neckShare[a] && !neckShare[b] && !neckShare[c]) continue;
    const xs = [a, b, c].map((v) => uv[v * 2] * W), ys = [a, b, c].map((v) => uv[v * 2 + 1] * H);
    const det = (ys[1] - ys[2]) * (xs[0] - xs[2]) + (xs[2] - xs[1]) * (ys[0] - ys[2]);
    if (Math.abs(det) < 1e-9) continue;
    // One texel of margin, so that filtering at the triangle's edge finds the faded colour too.
    const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 1), x1 = Math.min(W - 1, Math.ceil(Math.max(...xs)) + 1);
    const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 1), y1 = Math.min(H - 1, Math.ceil(Math.max(...ys)) + 1);
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        let l0 = ((ys[1] - ys[2]) * (x + 0.5 - xs[2]) + (xs[2] - xs[1]) * (y + 0.5 - ys[2])) / det;
        let l1 = ((ys[2] - ys[0]) * (x + 0.5 - xs[2]) + (xs[0] - xs[2]) * (y + 0.5 - ys[2])) / det;
        let l2 = 1 - l0 - l1;
        const margin = 1.5 / Math.sqrt(Math.abs(det));
        if (l0 < -margin || l1 < -margin || l2 < -margin) continue;
        l0 = Math.max(0, l0); l1 = Math.max(0, l1); l2 = Math.max(0, l2);
        const sum = l0 + l1 + l2;
        const w = fade((l0 * neckShare[a] + l1 * neckShare[b] + l2 * neckShare[c]) / sum);
        const i = (y * W + x) * 3;
        for (let k = 0; k < 3; k++) texture.data[i + k] = Math.round(texture.data[i + k] * (1 - w) + rgb[k] * w);
      }
    }
  }
}
