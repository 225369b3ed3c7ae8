import { colorModel, logLikelihood, mahalanobis2 } from './colorModel.js';
import { MIN_HAIR_SKIN_DISTANCE } from './hair.js';
import type { Point2 } from './mesh.js';
import { convexHull, fillPolygon, rgbUnder } from './raster.js';
import { FOREHEAD_TOP, LEFT_BROW, LEFT_CHEEK, LEFT_EYE_OPENING, LIPS_OUTER, NOSE_BOTTOM, RIGHT_BROW, RIGHT_CHEEK, RIGHT_EYE_OPENING } from './regions.js';
import type { FaceAnalysis, Mask } from './types.js';

/** Options of {@link faceStrands}. */
export interface FaceStrandsOptions {
  /** How much likelier (log) hair must be than skin. */
  margin?: number;
  /** Squared Mahalanobis distance from the skin's colours beyond which a pixel is not skin (χ², 3 degrees of freedom, 99.9 %). */
  skinGate?: number;
  /** Squared Mahalanobis distance from the hair's colours within which a pixel may be hair. */
  hairGate?: number;
}

export const FACE_STRANDS_DEFAULTS: Required<FaceStrandsOptions> = { margin: 3, skinGate: 16.3, hairGate: 16.3 };


/**
 * Strands of hair fallen over the face: pixels inside the face (the 468 points' hull) above the
 * nose's base, away from the eyes, brows and lips, whose colour is clearly likelier the person's hair
 * than their skin (one Gaussian each, in RGB: the hair from the hair mask above the forehead, the
 * skin from the cheeks) and outside the skin's own spread, in regions that reach the face's edge or
 * the hair: a strand falls into the face from the hair, while a mole or a crease's shadow lies
 * inside it. The hair mask (hair.ts) leaves the face out, as a fringe over it is not told from skin
 * by position; the bake takes these as hair, so the side they hide is completed from the other.
 * Nothing below the nose: a moustache and a beard are the face's own.
 *
 * The mask is the hair mask's size, 255 on strands; `photo` any resolution of the analysed photo.
 *
 * ```ts
 * const strands = faceStrands(photo, analysis);
 * ```
 */
export function faceStrands(
  photo: { width: number; height: number; data: Uint8Array },
  analysis: Pick<FaceAnalysis, 'face' | 'colors' | 'segmentation' | 'width' | 'height'>,
  options: FaceStrandsOptions = {},
): Mask {
  const o = { ...FACE_STRANDS_DEFAULTS, ...options };
  const { hair } = analysis.segmentation;
  const w = hair.width, h = hair.height;
  const out: Mask = { width: w, height: h, channels: 1, data: new Uint8Array(w * h) };
  const { hair: hc, skin: sc } = analysis.colors;
  if (Math.hypot(hc.red - sc.red, hc.green - sc.green, hc.blue - sc.blue) < MIN_HAIR_SKIN_DISTANCE) return out;
  const sx = w / analysis.width, sy = h / analysis.height;
  const lm = analysis.face.landmarks;
  const at = (i: number): Point2 => [lm[i * 3] * sx, lm[i * 3 + 1] * sy];
  // The photo at the mask's resolution.
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = rgbUnder(photo, w, h, x, y);
      rgb.set(photo.data.subarray(k, k + 3), (y * w + x) * 3);
    }
  }
  const face = new Uint8Array(w * h);
  fillPolygon(face, w, h, convexHull(Array.from({ length: 468 }, (_, i) => at(i))), 1);
  // The features, each grown about its centre: their colours are their own.
  const features = new Uint8Array(w * h);
  for (const [ring, grow] of [[RIGHT_EYE_OPENING, 1.8], [LEFT_EYE_OPENING, 1.8], [RIGHT_BROW, 1.5], [LEFT_BROW, 1.5], [LIPS_OUTER, 1.3]] as const) {
    const points = ring.map(at);
    const cx = points.reduce((s, p) => s + p[0], 0) / points.length, cy = points.reduce((s, p) => s + p[1], 0) / points.length;
    fillPolygon(features, w, h, points.map(([x, y]): Point2 => [cx + (x - cx) * grow, cy + (y - cy) * grow]), 1);
  }
  const cheeks = new Uint8Array(w * h);
  fillPolygon(cheeks, w, h, RIGHT_CHEEK.map(at), 1);
  fillPolygon(cheeks, w, h, LEFT_CHEEK.map(at), 1);
  // The face's frame: up from the nose's base towards the forehead's top.
  const [bx, by] = at(NOSE_BOTTOM), [tx, ty] = at(FOREHEAD_TOP);
  const ux = tx - bx, uy = ty - by;
  const skinPixels: number[] = [], hairPixels: number[] = [];
  for (let i = 0; i < w * h; i++) {
    if (cheeks[i]) skinPixels.push(i);
    const x = (i % w) + 0.5 - bx, y = Math.floor(i / w) + 0.5 - by;
    // The hair above the forehead's top, as hair.ts takes its colour.
    if (hair.data[i] >= 200 && x * ux + y * uy > ux * ux + uy * uy) hairPixels.push(i);
  }
  const skinModel = colorModel(rgb, skinPixels), hairModel = colorModel(rgb, hairPixels);
  if (!skinModel || !hairModel) return out;
  const candidate = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) {
    if (!face[i] || features[i]) continue;
    const x = (i % w) + 0.5 - bx, y = Math.floor(i / w) + 0.5 - by;
    if (x * ux + y * uy <= 0) continue;
    const r = rgb[i * 3], g = rgb[i * 3 + 1], b = rgb[i * 3 + 2];
    if (mahalanobis2(skinModel, r, g, b) > o.skinGate && mahalanobis2(hairModel, r, g, b) <= o.hairGate
      && logLikelihood(hairModel, r, g, b) > logLikelihood(skinModel, r, g, b) + o.margin) candidate[i] = 1;
  }
  // Regions of candidates that touch the face's edge or the hair.
  const seen = new Uint8Array(w * h);
  for (let start = 0; start < w * h; start++) {
    if (!candidate[start] || seen[start]) continue;
    const region: number[] = [start];
    seen[start] = 1;
    let reaches = false;
    for (let n = 0; n < region.length; n++) {
      const i = region[n], x = i % w, y = Math.floor(i / w);
      for (const [nx, ny] of [[x - 1, y], [x + 1, y], [x, y - 1], [x, y + 1]]) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) { reaches = true; continue; }
        const j = ny * w + nx;
        if (!face[j] || hair.data[j] >= 128) reaches = true;
        if (candidate[j] && !seen[j]) { seen[j] = 1; region.push(j); }
      }
    }
    if (reaches) for (const i of region) out.data[i] = 255;
  }
  return out;
}
