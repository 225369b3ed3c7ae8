import type { RgbImage } from '../core/image.js';
import { distance, pick, type Point2, type Point3 } from './mesh.js';
import { convexHull, discPixels, polygonPixels } from './raster.js';
import {
  FOREHEAD, LEFT_BROW, LEFT_CHEEK, LEFT_EYE_OPENING, LEFT_IRIS, LIPS_INNER, LIPS_OUTER, RIGHT_BROW, RIGHT_CHEEK, RIGHT_EYE_OPENING, RIGHT_IRIS,
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
 *   empty, e.g. a shaved head;
 * - brows: the hull of each brow's upper and lower contour, darkest half (the skin between the hairs
 *   is lighter than they are).
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

  const browPixels = [RIGHT_BROW, LEFT_BROW].flatMap((brow) => polygonPixels(convexHull(pick(points, brow)), width, height));
  const brows = robustMedian(image.data, browPixels, 0, 0.5) ?? hair;

  return { skin, hair, iris, sclera, lips, brows };
}

/** The skin colour alone (see {@link sampleColors}); the hair mask needs it first. */
export function skinColor(image: RgbImage, points: ReadonlyArray<Point3>): Rgb {
  const skinPixels = [RIGHT_CHEEK, LEFT_CHEEK, FOREHEAD].flatMap((patch) => polygonPixels(convexHull(pick(points, patch)), image.width, image.height));
  return robustMedian(image.data, skinPixels, 0.1, 0.9) ?? centreColor(image, points[1]);
}

/**
 * Per-channel median of the pixels whose luminance rank lies between the `from` and `to` fractions
 * (0..1), e.g. 0.1 and 0.9 drop the darkest and brightest tenth; null for no pixels. Histogram-based,
 * linear in the number of pixels (pixels tied at a cut-off luminance are kept).
 */
export function robustMedian(rgb: Uint8Array, pixels: ReadonlyArray<number>, from: number, to: number): Rgb | null {
  const n = pixels.length;
  if (n === 0) return null;
  const lum = new Uint8Array(n);
  const lumCount = new Uint32Array(256);
  for (let k = 0; k < n; k++) {
    const o = pixels[k] * 3;
    const l = (77 * rgb[o] + 150 * rgb[o + 1] + 29 * rgb[o + 2]) >> 8;
    lum[k] = l;
    lumCount[l]++;
  }
  const firstRank = Math.min(n - 1, Math.floor(from * n));
  const lastRank = Math.max(firstRank, Math.ceil(to * n) - 1);
  let low = 0;
  let high = 255;
  for (let l = 0, seen = 0; l < 256; l++) {
    seen += lumCount[l];
    if (seen > firstRank && low === 0 && seen - lumCount[l] <= firstRank) low = l;
    if (seen > lastRank) {
      high = l;
      break;
    }
  }
  const hist = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  let kept = 0;
  for (let k = 0; k < n; k++) {
    if (lum[k] < low || lum[k] > high) continue;
    const o = pixels[k] * 3;
    hist[0][rgb[o]]++;
    hist[1][rgb[o + 1]]++;
    hist[2][rgb[o + 2]]++;
    kept++;
  }
  const median = (h: Uint32Array): number => {
    const half = (kept + 1) / 2;
    for (let v = 0, seen = 0; v < 256; v++) {
      seen += h[v];
      if (seen >= half) return v;
    }
    return 255;
  };
  return { red: median(hist[0]), green: median(hist[1]), blue: median(hist[2]) };
}

function centreColor(image: RgbImage, p: Readonly<Point3>): Rgb {
  const x = Math.min(image.width - 1, Math.max(0, Math.floor(p[0])));
  const y = Math.min(image.height - 1, Math.max(0, Math.floor(p[1])));
  const i = (y * image.width + x) * 3;
  return { red: image.data[i], green: image.data[i + 1], blue: image.data[i + 2] };
}
