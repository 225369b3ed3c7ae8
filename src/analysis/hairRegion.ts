import { fillMaskHoles } from './fillMaskHoles.js';
import { MIN_HAIR_SKIN_DISTANCE } from './hair.js';
import { fillPolygon, rgbUnder } from './raster.js';
import type { FaceAnalysis, Mask, Rgb } from './types.js';

/** Options of {@link hairRegion}. */
export interface HairRegionOptions {
  /**
   * A forehead pixel is fringe when its colour is nearer the hair colour than this fraction of its
   * distance to the skin colour: stricter than the mask's own rule, as a shadowed forehead is darker.
   */
  fringeRatio?: number;
  /**
   * How far above the brows the fringe may reach down to, as a fraction of the way from each brow
   * point to the top of the forehead: brows are as dark as hair, and must not be taken for it.
   */
  browMargin?: number;
  /** Holes in the mask up to this area (square metres at the face) are hair: highlights, strands of light. */
  maxHole?: number;
  /** Distance between the iris centres, metres: what turns the face's pixels into metres. */
  interpupillaryDistance?: number;
}

export const HAIR_REGION_DEFAULTS: Required<HairRegionOptions> = {
  fringeRatio: 0.8,
  browMargin: 0.3,
  maxHole: 0.0016,
  interpupillaryDistance: 0.063,
};


/**
 * The forehead between the face oval's top and the brows (MediaPipe indices): from the right temple
 * over the top to the left temple, back along the left brow and the right brow.
 */
const FOREHEAD = [162, 21, 54, 103, 67, 109, 10, 338, 297, 332, 284, 251, 389, 300, 293, 334, 296, 336, 107, 66, 105, 63, 70];
const BROWS = new Set([300, 293, 334, 296, 336, 107, 66, 105, 63, 70]);
const FOREHEAD_TOP = 10, RIGHT_IRIS = 468, LEFT_IRIS = 473;

/**
 * The photo's hair region for head_1.2's hair volume and texture: the analysis' hair mask, plus
 *
 * - a fringe: the mask leaves the face's convex hull out (hair there is not told from the forehead
 *   by position), so forehead pixels above the brows are added by the mask's own colour rule, nearer
 *   the hair colour than the skin colour (by `fringeRatio`);
 * - its holes filled: the mask is made by colour, so a highlight in the hair leaves a hole, and the
 *   face, which hair may surround, is far larger than any highlight.
 *
 * `photo` is the analysed photo as 8-bit RGB (any resolution: the mask's pixels are looked up in it).
 *
 * ```ts
 * const hair = hairRegion(await decodeRgb(photo), analysis);
 * ```
 */
export function hairRegion(
  photo: { width: number; height: number; data: Uint8Array },
  analysis: Pick<FaceAnalysis, 'face' | 'colors' | 'segmentation' | 'width' | 'height'>,
  options: HairRegionOptions = {},
): Mask {
  const o = { ...HAIR_REGION_DEFAULTS, ...options };
  const { hair, person } = analysis.segmentation;
  const mw = hair.width, mh = hair.height;
  const sx = mw / analysis.width, sy = mh / analysis.height;
  const lm = analysis.face.landmarks;
  const out: Mask = { width: mw, height: mh, channels: 1, data: hair.data.slice() };
  const { hair: hc, skin: sc } = analysis.colors;
  if (distance2(hc, sc) >= MIN_HAIR_SKIN_DISTANCE ** 2) {
    const forehead = new Uint8Array(mw * mh);
    const topX = lm[FOREHEAD_TOP * 3], topY = lm[FOREHEAD_TOP * 3 + 1];
    const corner = (i: number): [number, number] => {
      const t = BROWS.has(i) ? o.browMargin : 0;
      return [(lm[i * 3] + t * (topX - lm[i * 3])) * sx, (lm[i * 3 + 1] + t * (topY - lm[i * 3 + 1])) * sy];
    };
    fillPolygon(forehead, mw, mh, FOREHEAD.map(corner), 1);
    const ratio2 = o.fringeRatio ** 2;
    for (let y = 0; y < mh; y++) {
      for (let x = 0; x < mw; x++) {
        const i = y * mw + x;
        if (!forehead[i] || person.data[Math.floor((y * person.height) / mh) * person.width + Math.floor((x * person.width) / mw)] < 128) continue;
        const k = rgbUnder(photo, mw, mh, x, y);
        const c = { red: photo.data[k], green: photo.data[k + 1], blue: photo.data[k + 2] };
        if (distance2(c, hc) < ratio2 * distance2(c, sc)) out.data[i] = 255;
      }
    }
  }
  const ipd = Math.hypot((lm[LEFT_IRIS * 3] - lm[RIGHT_IRIS * 3]) * sx, (lm[LEFT_IRIS * 3 + 1] - lm[RIGHT_IRIS * 3 + 1]) * sy);
  const pixelsPerMetre = ipd / o.interpupillaryDistance;
  return fillMaskHoles(out, o.maxHole * pixelsPerMetre * pixelsPerMetre);
}

function distance2(a: Rgb, b: Rgb): number {
  return (a.red - b.red) ** 2 + (a.green - b.green) ** 2 + (a.blue - b.blue) ** 2;
}
