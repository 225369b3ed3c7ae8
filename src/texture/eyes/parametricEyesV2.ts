import type { Rgb } from '../../analysis/types.js';
import type { eyeColours } from './eyeColours.js';
import { circularNoise, compositeEye, eyeCanvas, normaliseMean, polarNoise, type EyeCanvas } from './eyeCanvas.js';
import { smoothstep } from '../../core/smoothstep.js';
import { checkLayout, type FaceLayout } from '../layout/faceLayout.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { PARAMETRIC_EYES_DEFAULTS } from './parametricEyes.js';

/** Options of {@link parametricEyesV2}. */
export interface ParametricEyesV2Options {
  /** Mean colour of the iris: `eye_iris_color`, else the analysis' through {@link eyeColours}. */
  iris?: Rgb;
  /** Mean colour of the white of the eye: `eye_sclera_color`, else the analysis' through {@link eyeColours}. */
  sclera?: Rgb;
}

export const PARAMETRIC_EYES_V2_DEFAULTS: Required<ParametricEyesV2Options> = {
  iris: PARAMETRIC_EYES_DEFAULTS.iris,
  sclera: PARAMETRIC_EYES_DEFAULTS.sclera,
};

/**
 * `parametric_eyes_texture_v2`: generated eyes in a more natural style than {@link parametricEyes}
 * (whose glare and eyelid-shadow flags do not apply: this style has its own lighting). The sclera
 * is warmer and pinker towards the corners with faint vessels, shadowed softly by the upper lid and
 * a little by the lower one; the iris has two zones, a lighter, warmer one around the pupil inside
 * a wavy collarette and the outer one in the iris colour with fine fibres and darker crypts, a wide
 * soft limbal ring that melts into the sclera, and a smaller pupil with a dark ruff; a soft window
 * reflection instead of a spot. Means of sclera and iris are the colours asked for.
 *
 * ```ts
 * const eyes = parametricEyesV2(texture, layout, { iris: analysis.colors.iris, sclera: analysis.colors.sclera });
 * ```
 */
export function parametricEyesV2(texture: RgbImage, layout: FaceLayout, options: ParametricEyesV2Options = {}): RgbImage {
  const o = { ...PARAMETRIC_EYES_V2_DEFAULTS, ...options };
  checkRgbImage(texture);
  checkLayout(texture, layout);
  const data = texture.data.slice();
  layout.eyes.forEach((eye, index) => {
    const canvas = eyeCanvas(eye);
    const { colour, opacity } = paintEye(canvas, o, 101 + index);
    compositeEye(data, texture.width, canvas, colour, opacity);
  });
  return { width: texture.width, height: texture.height, channels: 3, data };
}

const PUPIL = 0.34;
const PUPIL_COLOUR = [10, 8, 8];
/** Tint of the pupillary zone relative to the outer iris: lighter and warmer (amber). */
const INNER_TINT = [1.2, 1.05, 0.78];

function paintEye(canvas: EyeCanvas, o: Required<ParametricEyesV2Options>, seed: number): { colour: Float32Array; opacity: Float32Array } {
  const { box, stride, mask, inside, upperLid, iris, width, height, axis, centre, inner } = canvas;
  const count = mask.length;
  const sclera = new Float32Array(count * 3), irisColour = new Float32Array(count * 3);
  const irisCover = new Float32Array(count), pupilCover = new Float32Array(count), shade = new Float32Array(count);
  const scleraWeight = new Float32Array(count), irisWeight = new Float32Array(count), opacity = new Float32Array(count);
  const R = Math.max(1, iris.radius);
  const aa = 1.5 / R;
  const fibres = Math.round(Math.min(200, Math.max(24, (2 * Math.PI * R) / 2)));
  const vessels = 23;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const k = (y - box.y0) * stride + (x - box.x0);
      if (mask[k] === 0) continue;
      const along = Math.abs((x - centre[0]) * axis[0] + (y - centre[1]) * axis[1]) / (width / 2);
      const caruncle = Math.exp(-(((x - inner[0]) ** 2 + (y - inner[1]) ** 2) / Math.max(1, 0.1 * width) ** 2));
      opacity[k] = 1 - 0.85 * caruncle;
      // Light: a soft shadow from the upper lid over the top of the opening, a little from the lower
      // one, the eyeball turning away towards the corners.
      const lids = (1 - 0.38 * smoothstep(0.55 * height, 0, upperLid[k])) * (1 - 0.18 * Math.exp(-inside[k] / Math.max(1, 0.05 * width)));
      shade[k] = lids * (1 - 0.3 * smoothstep(0.2, 1.1, along) ** 1.5);
      const dx = (x - iris.x) / R, dy = (y - iris.y) / R;
      const r = Math.hypot(dx, dy);
      const a = Math.atan2(dy, dx) / (2 * Math.PI) + 0.5;
      // Sclera: warmer and pinker towards the corners; faint vessels running in from them.
      const warm = smoothstep(0.35, 1.05, along);
      const vessel = (1 - Math.abs(2 * polarNoise(a * vessels, r * 1.3, vessels, seed + 5) - 1)) ** 12 * smoothstep(1.4, 2.6, r) * warm;
      sclera[k * 3] = 1 - 0.04 * warm;
      sclera[k * 3 + 1] = 1 - 0.1 * warm - 0.25 * vessel - 0.25 * caruncle;
      sclera[k * 3 + 2] = 1 - 0.12 * warm - 0.25 * vessel - 0.25 * caruncle;
      for (let c = 0; c < 3; c++) sclera[k * 3 + c] *= shade[k];
      irisCover[k] = 1 - smoothstep(1 - aa - 0.03, 1 + aa, r);
      scleraWeight[k] = (mask[k] / 255) * opacity[k] * (1 - irisCover[k]);
      if (irisCover[k] === 0) continue;
      // Iris: fine fibres in two octaves, crypts, a wavy collarette between a warm inner zone and
      // the outer one, a soft limbal ring.
      const fibre = 0.55 * circularNoise(a * fibres + 2 * r, fibres, seed) + 0.45 * circularNoise(a * fibres * 2.7 - 3 * r, Math.round(fibres * 2.7), seed + 13);
      const crypt = smoothstep(0.6, 0.85, polarNoise(a * 28, r * 6, 28, seed + 29)) * smoothstep(PUPIL + 0.1, 0.5, r) * smoothstep(0.95, 0.75, r);
      const collar = 0.52 + 0.06 * (circularNoise(a * 14, 14, seed + 3) - 0.5);
      const innerZone = smoothstep(collar + 0.04, collar - 0.04, r);
      const ring = 0.18 * Math.exp(-(((r - collar) / 0.05) ** 2));
      const limbus = 1 - 0.55 * smoothstep(0.68, 1, r);
      const ruff = 1 - 0.45 * Math.exp(-(((r - PUPIL - 0.03) / 0.035) ** 2));
      const v = (0.78 + 0.44 * fibre + ring - 0.35 * crypt) * limbus * ruff * lids;
      for (let c = 0; c < 3; c++) irisColour[k * 3 + c] = v * (1 + (INNER_TINT[c] - 1) * innerZone);
      pupilCover[k] = 1 - smoothstep(PUPIL - aa, PUPIL + aa, r);
      irisWeight[k] = (mask[k] / 255) * irisCover[k] * (1 - pupilCover[k]);
    }
  }
  normaliseMean(sclera, scleraWeight, o.sclera);
  normaliseMean(irisColour, irisWeight, o.iris);
  // A soft reflection of a window up and to one side, the same in both eyes.
  const wx = iris.x - 0.32 * R, wy = iris.y - 0.34 * R;
  const colour = new Float32Array(count * 3);
  for (let k = 0; k < count; k++) {
    if (mask[k] === 0) continue;
    const x = box.x0 + (k % stride), y = box.y0 + Math.floor(k / stride);
    const ai = irisCover[k], ap = pupilCover[k];
    // A rounded rectangle (superellipse), soft-edged.
    const window = Math.sqrt(Math.sqrt(((x - wx) / (0.17 * R)) ** 4 + ((y - wy) / (0.13 * R)) ** 4));
    const reflection = 0.7 * smoothstep(1, 0.55, window) * shade[k];
    for (let c = 0; c < 3; c++) {
      const irisValue = irisColour[k * 3 + c] * (1 - ap) + PUPIL_COLOUR[c] * ap * shade[k];
      const v = sclera[k * 3 + c] * (1 - ai) + irisValue * ai;
      colour[k * 3 + c] = v + (245 - v) * reflection * ai;
    }
  }
  return { colour, opacity };
}
