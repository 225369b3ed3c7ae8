import type { RgbImage } from './decode.js';
import { distance, pick, type Point2, type Point3 } from './mesh.js';
import { convexHull, discPixels, polygonPixels } from './raster.js';
import {
  FOREHEAD, LEFT_CHEEK, LEFT_EYE_OPENING, LEFT_IRIS, LIPS_INNER, LIPS_OUTER, RIGHT_CHEEK, RIGHT_EYE_OPENING, RIGHT_IRIS,
} from './regions.js';
import type { FaceColors, Mask, Rgb } from './types.js';

/** Used for the sclera when both eyes are closed (no pixel between the eyelids). */
const DEFAULT_SCLERA: Rgb = { red: 240, green: 236, blue: 230 };

/**
 * Samples the main face's colours from the photo, each as a per-channel median of a mesh region after
 * dropping the darkest and brightest pixels (shadows, specular highlights, lashes):
 * - skin: both cheek patches and the middle of the forehead (regions.ts), 10th–90th luminance percentile;
 * - iris: the ring 35–90 % of the iris radius around each iris centre (skipping the pupil), clipped to
 *   the eye opening so eyelids do not count, 15th–85th percentile;
 * - sclera: the eye opening minus the iris disc (radius + 15 %), brightest half (lashes, lid shadow and
 *   the pink inner corner are darker than the white of the eye);
 * - lips: the ring between the outer and inner lip contours, 10th–90th percentile;
 * - hair: the hair mask (value >= 128), 10th–90th percentile; the skin colour when the mask is (nearly)
 *   empty, e.g. a shaved head.
 */
export function sampleColors(image: RgbImage, points: ReadonlyArray<Point3>, skin: Rgb, hairMask: Mask): FaceColors {
  const { width, height } = image;

  const irisPixels: number[] = [];
  const scleraPixels: number[] = [];
  for (const [opening, iris] of [[RIGHT_EYE_OPENING, RIGHT_IRIS], [LEFT_EYE_OPENING, LEFT_IRIS]] as const) {
    const inEye = new Set(polygonPixels(pick(points, opening), width, height));
    const centre: Point2 = [points[iris[0]][0], points[iris[0]][1]];
    const radius = iris.slice(1).reduce((sum, i) => sum + distance(centre, [points[i][0], points[i][1]]), 0) / 4;
    const pupil = new Set(discPixels(centre, 0.35 * radius, width, height));
    for (const p of discPixels(centre, 0.9 * radius, width, height)) if (inEye.has(p) && !pupil.has(p)) irisPixels.push(p);
    const irisDisc = new Set(discPixels(centre, 1.15 * radius, width, height));
    for (const p of inEye) if (!irisDisc.has(p)) scleraPixels.push(p);
  }
  const iris = robustMedian(image.data, irisPixels, 0.15, 0.85) ?? centreColor(image, points[RIGHT_IRIS[0]]);
  const sclera = robustMedian(image.data, scleraPixels, 0.5, 1) ?? DEFAULT_SCLERA;

  const inner = new Set(polygonPixels(pick(points, LIPS_INNER), width, height));
  const lipPixels = polygonPixels(pick(points, LIPS_OUTER), width, height).filter((p) => !inner.has(p));
  const lips = robustMedian(image.data, lipPixels, 0.1, 0.9) ?? centreColor(image, points[LIPS_OUTER[15]]);

  const hairPixels: number[] = [];
  for (let i = 0; i < hairMask.data.length; i++) if (hairMask.data[i] >= 128) hairPixels.push(i);
  const hair = hairPixels.length >= 10 ? robustMedian(image.data, hairPixels, 0.1, 0.9) ?? skin : skin;

  return { skin, hair, iris, sclera, lips };
}

/** The skin colour alone (see {@link sampleColors}); the hair mask needs it first. */
export function skinColor(image: RgbImage, points: ReadonlyArray<Point3>): Rgb {
  const skinPixels = [RIGHT_CHEEK, LEFT_CHEEK, FOREHEAD].flatMap((patch) => polygonPixels(convexHull(pick(points, patch)), image.width, image.height));
  return robustMedian(image.data, skinPixels, 0.1, 0.9) ?? centreColor(image, points[1]);
}

/**
 * Per-channel median of the pixels whose luminance rank lies between the `from` and `to` fractions
 * (0..1); null for no pixels.
 */
export function robustMedian(rgb: Uint8Array, pixels: ReadonlyArray<number>, from: number, to: number): Rgb | null {
  if (pixels.length === 0) return null;
  const lum = (p: number): number => 0.299 * rgb[p * 3] + 0.587 * rgb[p * 3 + 1] + 0.114 * rgb[p * 3 + 2];
  const sorted = [...pixels].sort((a, b) => lum(a) - lum(b));
  const lo = Math.min(sorted.length - 1, Math.floor(from * sorted.length));
  const hi = Math.max(lo + 1, Math.ceil(to * sorted.length));
  const kept = sorted.slice(lo, hi);
  const channel = (c: number): number => {
    const values = kept.map((p) => rgb[p * 3 + c]).sort((a, b) => a - b);
    const mid = values.length >> 1;
    return values.length % 2 ? values[mid] : Math.round((values[mid - 1] + values[mid]) / 2);
  };
  return { red: channel(0), green: channel(1), blue: channel(2) };
}

function centreColor(image: RgbImage, p: Readonly<Point3>): Rgb {
  const x = Math.min(image.width - 1, Math.max(0, Math.floor(p[0])));
  const y = Math.min(image.height - 1, Math.max(0, Math.floor(p[1])));
  const i = (y * image.width + x) * 3;
  return { red: image.data[i], green: image.data[i + 1], blue: image.data[i + 2] };
}
