import type { HeadTemplate } from '../../geometry/template.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { spanEnd, spanStart, texelTriangle } from '../bake/texelTriangle.js';

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
  const [c0, c1, c2] = colour;
  // Every edge grown by the bleed (border bits 0-2 all set), rows visited span by span.
  for (let t = firstBagTriangle; t < idx.length / 3; t++) {
    const a = idx[t * 3], b = idx[t * 3 + 1], c = idx[t * 3 + 2];
    const tt = texelTriangle(uvs, a, b, c, width, height, 7, o.bleed);
    if (!tt) continue;
    const da = depthOf.get(a) ?? 0, db = depthOf.get(b) ?? 0, dc = depthOf.get(c) ?? 0;
    const { dai, dbi, dbj, b0, dci, dcj, c0: cRow0, ma, mb, mc, j0, j1, iMin, iMax } = tt;
    for (let j = j0; j <= j1; j++) {
      const wbRow = b0 + j * dbj, wcRow = cRow0 + j * dcj, waRow = 1 - wbRow - wcRow;
      const lo = Math.max(iMin, spanStart(wbRow, dbi, mb), spanStart(wcRow, dci, mc), spanStart(waRow, dai, ma));
      const hi = Math.min(iMax, spanEnd(wbRow, dbi, mb), spanEnd(wcRow, dci, mc), spanEnd(waRow, dai, ma));
      for (let i = lo; i <= hi; i++) {
        const wb = wbRow + i * dbi, wc = wcRow + i * dci, wa = 1 - wb - wc;
        const depth = Math.min(1, clamp01(wa) * da + clamp01(wb) * db + clamp01(wc) * dc);
        const light = o.rim + (o.back - o.rim) * depth;
        const k = (j * width + i) * 3;
        data[k] = Math.round(Math.min(255, c0 * light));
        data[k + 1] = Math.round(Math.min(255, c1 * light));
        data[k + 2] = Math.round(Math.min(255, c2 * light));
      }
    }
  }
  return { width, height, channels: 3, data };
}

function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
