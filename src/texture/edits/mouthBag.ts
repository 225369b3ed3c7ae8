import type { HeadTemplate } from '../../geometry/template.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';

/** Options of {@link paintMouthBag}. */
export interface PaintMouthBagOptions {
  /** The person's lip colour, sRGB 0–255: the bag's red-brown is tinted by it. */
  lips: [number, number, number];
  /** Brightness of the bag at the lips' edge and at its back (fractions of its colour). */
  rim?: number;
  back?: number;
  /** Texels this far outside the bag's triangles (in texels) are painted too, so filtering never mixes in other colours. */
  bleed?: number;
}

export const PAINT_MOUTH_BAG_DEFAULTS: Required<Omit<PaintMouthBagOptions, 'lips'>> = {
  rim: 1,
  back: 0.3,
  bleed: 2,
};

/** The mouth's inside, before the lips' tint: a dark red-brown. */
const INSIDE: [number, number, number] = [125, 48, 42];

/**
 * Paints the mouth bag's texels (the pocket behind the lips an open mouth shows, headMouth.ts): a
 * dark red-brown tinted by the lips' colour, darker going back, so an open mouth looks like a mouth
 * and not like skin or a hole. `uvs` are the mesh's UVs (the template's, or repackUvs'); only the
 * bag's triangles and a `bleed` of texels around them change. Returns a new texture.
 *
 * ```ts
 * const painted = paintMouthBag(texture, fitted.template, fitted.mesh.uvs!, { lips: [168, 92, 90] });
 * ```
 */
export function paintMouthBag(texture: RgbImage, template: HeadTemplate, uvs: Float32Array, options: PaintMouthBagOptions): RgbImage {
  const o = { ...PAINT_MOUTH_BAG_DEFAULTS, ...options };
  checkRgbImage(texture);
  const { width, height } = texture;
  const data = texture.data.slice();
  const { bag, bagDepth, firstBagTriangle } = template.mouth;
  const depthOf = new Map<number, number>();
  bag.forEach((v, i) => depthOf.set(v, bagDepth[i]));
  const colour = INSIDE.map((c, k) => 0.5 * c + 0.5 * o.lips[k]);
  const idx = template.mesh.indices;
  for (let t = firstBagTriangle; t < idx.length / 3; t++) {
    const corners = [0, 1, 2].map((k) => idx[t * 3 + k]);
    const x = corners.map((v) => uvs[v * 2] * width - 0.5), y = corners.map((v) => uvs[v * 2 + 1] * height - 0.5);
    const d = corners.map((v) => depthOf.get(v) ?? 0);
    const area = (x[1] - x[0]) * (y[2] - y[0]) - (y[1] - y[0]) * (x[2] - x[0]);
    if (area === 0) continue;
    const x0 = Math.max(0, Math.floor(Math.min(...x) - o.bleed)), x1 = Math.min(width - 1, Math.ceil(Math.max(...x) + o.bleed));
    const y0 = Math.max(0, Math.floor(Math.min(...y) - o.bleed)), y1 = Math.min(height - 1, Math.ceil(Math.max(...y) + o.bleed));
    // Edge k is opposite corner k; its length turns the barycentric weight into a distance in texels.
    const edge = [0, 1, 2].map((k) => Math.hypot(x[(k + 2) % 3] - x[(k + 1) % 3], y[(k + 2) % 3] - y[(k + 1) % 3]));
    for (let py = y0; py <= y1; py++) {
      for (let px = x0; px <= x1; px++) {
        const w1 = ((x[2] - x[0]) * (py - y[0]) - (y[2] - y[0]) * (px - x[0])) / -area;
        const w2 = ((x[1] - x[0]) * (py - y[0]) - (y[1] - y[0]) * (px - x[0])) / area;
        const w = [1 - w1 - w2, w1, w2];
        // Distance outside each edge, in texels: weight × twice the area / the edge's length.
        if (w.some((wk, k) => (wk * Math.abs(area)) / edge[k] < -o.bleed)) continue;
        const depth = Math.min(1, Math.max(0, w.reduce((s, wk, k) => s + Math.min(1, Math.max(0, wk)) * d[k], 0)));
        const light = o.rim + (o.back - o.rim) * depth;
        const i = (py * width + px) * 3;
        for (let k = 0; k < 3; k++) data[i + k] = Math.round(Math.min(255, colour[k] * light));
      }
    }
  }
  return { width, height, channels: 3, data };
}
