import type { Rgb } from '../../analysis/types.js';
import type { eyeColours } from './eyeColours.js';
import { circularNoise, compositeEye, eyeCanvas, normaliseMean, type EyeCanvas } from './eyeCanvas.js';
import { smoothstep } from '../../core/smoothstep.js';
import { checkLayout, type FaceLayout } from '../layout/faceLayout.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';

/** Options of {@link parametricEyes}. */
export interface ParametricEyesOptions {
  /** Mean colour of the iris: `eye_iris_color`, else the analysis' through {@link eyeColours}. */
  iris?: Rgb;
  /** Mean colour of the white of the eye: `eye_sclera_color`, else the analysis' through {@link eyeColours}. */
  sclera?: Rgb;
  /** `add_glare`: a small specular highlight on each iris, on the same side in both eyes. */
  glare?: boolean;
  /** `add_eyelid_shadow`: the upper lid's shadow across the top of the eye. */
  eyelidShadow?: boolean;
  /** Pupil radius as a fraction of the iris radius. */
  pupil?: number;
}

export const PARAMETRIC_EYES_DEFAULTS: Required<ParametricEyesOptions> = {
  iris: { red: 96, green: 70, blue: 45 },
  sclera: { red: 235, green: 230, blue: 225 },
  glare: true,
  eyelidShadow: false,
  pupil: 0.4,
};

/**
 * `parametric_eyes_texture`: the photo's eyes replaced by generated ones, clean at any distance.
 * In each eye opening (and its soft edge, nowhere else): a sclera in the sclera colour, darker
 * towards the corners where the eyeball turns away and along the lids that overhang it; an iris
 * where the photo's is, its size, in the iris colour on average, drawn with radial fibres (value
 * noise around the circle, so the same every time), a brighter collarette, a dark limbal ring and a
 * pupil; the lids clip it as they did in the photo. Optionally a glare, a small highlight up and to
 * one side of the pupil, the same in both eyes (one light), and the upper lid's shadow.
 *
 * ```ts
 * const eyes = parametricEyes(texture, layout, { iris: analysis.colors.iris, sclera: analysis.colors.sclera, glare: true });
 * ```
 */
export function parametricEyes(texture: RgbImage, layout: FaceLayout, options: ParametricEyesOptions = {}): RgbImage {
  const o = { ...PARAMETRIC_EYES_DEFAULTS, ...options };
  checkRgbImage(texture);
  checkLayout(texture, layout);
  const data = texture.data.slice();
  layout.eyes.forEach((eye, index) => {
    const canvas = eyeCanvas(eye);
    const { colour, opacity } = paintEye(canvas, o, index);
    compositeEye(data, texture.width, canvas, colour, opacity);
  });
  return { width: texture.width, height: texture.height, channels: 3, data };
}

const PUPIL: [number, number, number] = [14, 11, 11];

function paintEye(canvas: EyeCanvas, o: Required<ParametricEyesOptions>, seed: number): { colour: Float32Array; opacity: Float32Array } {
  const { box, stride, mask, inside, upperLid, iris, width, height, axis, centre, inner } = canvas;
  const count = mask.length;
  const sclera = new Float32Array(count * 3), irisColour = new Float32Array(count * 3);
  const irisCover = new Float32Array(count), pupilCover = new Float32Array(count);
  const scleraWeight = new Float32Array(count), irisWeight = new Float32Array(count), opacity = new Float32Array(count);
  const R = Math.max(1, iris.radius);
  const aa = 1.2 / R; // a texel and a bit, in units of the iris radius
  const fibres = Math.round(Math.min(160, Math.max(24, (2 * Math.PI * R) / 2.5)));
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const k = (y - box.y0) * stride + (x - box.x0);
      if (mask[k] === 0) continue;
      // The eyeball turns away towards the corners; lids and corners occlude it, the upper lid most.
      const along = Math.abs((x - centre[0]) * axis[0] + (y - centre[1]) * axis[1]) / (width / 2);
      const ball = 1 - 0.28 * smoothstep(0.3, 1.05, along);
      const occlusion = (1 - 0.25 * Math.exp(-inside[k] / Math.max(1, 0.08 * width))) * (1 - 0.4 * Math.exp(-upperLid[k] / Math.max(1, 0.05 * width)));
      // The inner corner's caruncle: pink flesh, not white; the photo's own shows through there.
      const caruncle = Math.exp(-(((x - inner[0]) ** 2 + (y - inner[1]) ** 2) / Math.max(1, 0.08 * width) ** 2));
      opacity[k] = 1 - 0.8 * caruncle;
      const dx = (x - iris.x) / R, dy = (y - iris.y) / R;
      const r = Math.hypot(dx, dy);
      irisCover[k] = 1 - smoothstep(1 - aa, 1 + aa, r);
      const base = ball * occlusion;
      sclera[k * 3] = base * (1 - 0.1 * caruncle);
      sclera[k * 3 + 1] = sclera[k * 3 + 2] = base * (1 - 0.35 * caruncle);
      scleraWeight[k] = (mask[k] / 255) * opacity[k] * (1 - irisCover[k]);
      if (irisCover[k] === 0) continue;
      const a = Math.atan2(dy, dx) / (2 * Math.PI) + 0.5;
      const fibre = 0.6 * circularNoise(a * fibres + 3 * r, fibres, seed) + 0.4 * circularNoise(a * fibres * 2.3 - 2 * r, Math.round(fibres * 2.3), seed + 31);
      const collarette = 0.14 * Math.exp(-(((r - 0.55) / 0.09) ** 2));
      const limbus = 1 - 0.6 * smoothstep(0.72, 1, r);
      const pupillary = 1 - 0.2 * smoothstep(o.pupil + 0.12, o.pupil, r);
      irisColour.fill((0.72 + 0.56 * fibre + collarette) * limbus * pupillary * occlusion, k * 3, k * 3 + 3);
      pupilCover[k] = 1 - smoothstep(o.pupil - aa, o.pupil + aa, r);
      irisWeight[k] = (mask[k] / 255) * irisCover[k] * (1 - pupilCover[k]);
    }
  }
  normaliseMean(sclera, scleraWeight, o.sclera);
  normaliseMean(irisColour, irisWeight, o.iris);
  // A light above and to one side of the camera: the same offset in both eyes, as in a photo.
  const glare = o.glare ? [iris.x - 0.3 * R, iris.y - 0.36 * R, 0.17 * R] : null;
  const colour = sclera;
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const k = (y - box.y0) * stride + (x - box.x0);
      if (mask[k] === 0) continue;
      const ai = irisCover[k], ap = pupilCover[k];
      const shadow = o.eyelidShadow ? 1 - 0.5 * smoothstep(0.5 * height, 0, upperLid[k]) : 1;
      for (let c = 0; c < 3; c++) {
        const irisValue = irisColour[k * 3 + c] * (1 - ap) + PUPIL[c] * ap;
        colour[k * 3 + c] = (sclera[k * 3 + c] * (1 - ai) + irisValue * ai) * shadow;
      }
      if (glare) {
        const g = 0.9 * (1 - smoothstep(glare[2] * 0.55, glare[2] + 0.6, Math.hypot(x - glare[0], y - glare[1])));
        for (let c = 0; c < 3; c++) colour[k * 3 + c] += (250 - colour[k * 3 + c]) * g;
      }
    }
  }
  return { colour, opacity };
}
