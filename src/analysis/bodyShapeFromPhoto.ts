import type { BodyProportions } from './bodyProportionsFromPhoto.js';
import type { Gender } from './types.js';

/**
 * The body model's controls a photo can set (the fields of `BodyShape` in src/assets/body, which
 * the analysis layer may not import; same names and units). Absent: the photo does not tell.
 */
export interface BodyShapeFromPhoto {
  /** Stature in cm. */
  height?: number;
  /** Hip circumference in cm, from the silhouette's hip width. */
  hips?: number;
  /** Biacromial breadth factor, 1 = the mean for the gender and height. */
  shoulderWidth?: number;
  /** Crotch height factor, 1 = mean; the model keeps the height by giving the torso the rest. */
  legLength?: number;
}

/** Options of {@link bodyShapeFromPhoto}; see {@link BODY_SHAPE_FROM_PHOTO_DEFAULTS}. */
export interface BodyShapeFromPhotoOptions {
  /** Measurements less trusted than this are left out. */
  minConfidence?: number;
  /** Factors are kept within 1 ± this: photos of clothed people in varied poses say no more. */
  maxFactorChange?: number;
}

export const BODY_SHAPE_FROM_PHOTO_DEFAULTS: Required<BodyShapeFromPhotoOptions> = {
  minConfidence: 0.5,
  maxFactorChange: 0.15,
};

/**
 * The photo's ratios of the body model's mean body of each gender, as bodyProportionsFromPhoto
 * measures them: the mean avatars (body_0.3 from upper-body photos, which set no proportion),
 * exported and rendered from the front with their arms down, measured by the same face analysis,
 * BlazePose and silhouette code as a photo (bench/quality/bodyPhotoSheets.ts; docs/bodies.md). So
 * the mapping is closed over one instrument: a photo that measures like the mean avatar gives the
 * mean avatar, and the instrument's biases (BlazePose's hip keypoints sit above the skeleton's hip
 * joints, the silhouette's shoulders include the deltoids) cancel. An earlier table from ANSUR
 * breadths over stature (0.265 / 0.285 for the shoulders) left avatars' shoulders 5–14 % narrower
 * than their photos'. `hipToHeight` is for reading the bench's figures: the mapping takes the hip
 * width in cm, and `hipsPerHipWidth` turns it into a circumference.
 */
export const MEAN_PHOTO_RATIOS: Record<Gender, { shoulderToHeight: number; hipToHeight: number; legToHeight: number; hipsPerHipWidth: number }> = {
  female: { shoulderToHeight: 0.244, hipToHeight: 0.209, legToHeight: 0.516, hipsPerHipWidth: 2.78 },
  male: { shoulderToHeight: 0.245, hipToHeight: 0.202, legToHeight: 0.521, hipsPerHipWidth: 2.9 },
};

/**
 * How much the measured leg-to-height ratio moves per unit of `legLength` (measured as above: a
 * factor of 0.945 moved it by about 2 %, since the solver keeps the stature and the render's hip
 * keypoints do not follow the joints one for one). The factor is the ratio's change over this.
 */
export const LEG_RATIO_GAIN = 0.35;

/**
 * The body controls the photo's proportions imply, for the body model's `gender` (`non_binary`:
 * the even blend of the female and male means, as the model blends its bodies). Pure; only what was measured with enough
 * confidence is set, so `{ ...fromPhoto, ...given }` lets the client's `body_shape` win.
 * - `height` ← the stature estimate (cm);
 * - `shoulderWidth` ← shoulder-to-height over the gender's mean;
 * - `legLength` ← leg-to-height over the mean (the torso takes the rest, as in the model);
 * - `hips` ← the hip width in cm × the gender's ratio of hip circumference to hip breadth.
 *
 * ```ts
 * const shape = bodyShapeFromPhoto(bodyProportionsFromPhoto(pose, analysis), analysis.face.gender);
 * solveBodyShape({ gender: analysis.face.gender, ...shape, ...givenBodyShape });
 * ```
 */
export function bodyShapeFromPhoto(
  p: BodyProportions, gender: Gender | 'non_binary', options: BodyShapeFromPhotoOptions = {},
): BodyShapeFromPhoto {
  const o = { ...BODY_SHAPE_FROM_PHOTO_DEFAULTS, ...options };
  const mean = gender === 'non_binary' ? evenBlend(MEAN_PHOTO_RATIOS.female, MEAN_PHOTO_RATIOS.male) : MEAN_PHOTO_RATIOS[gender];
  const trusted = <T extends { confidence: number }>(m: T | undefined): T | undefined => (m && m.confidence >= o.minConfidence ? m : undefined);
  const factor = (v: number): number => Math.round(Math.min(1 + o.maxFactorChange, Math.max(1 - o.maxFactorChange, v)) * 1000) / 1000;
  const shape: BodyShapeFromPhoto = {};
  const stature = trusted(p.stature);
  if (stature?.cm !== undefined) shape.height = stature.cm;
  const hip = trusted(p.hipWidth);
  if (hip?.cm !== undefined) shape.hips = Math.round(hip.cm * mean.hipsPerHipWidth * 10) / 10;
  const shoulders = trusted(p.shoulderToHeight);
  if (shoulders) shape.shoulderWidth = factor(shoulders.value / mean.shoulderToHeight);
  const leg = trusted(p.legToHeight);
  if (leg) shape.legLength = factor(1 + (leg.value / mean.legToHeight - 1) / LEG_RATIO_GAIN);
  return shape;
}

type PhotoRatios = (typeof MEAN_PHOTO_RATIOS)[Gender];
function evenBlend(a: PhotoRatios, b: PhotoRatios): PhotoRatios {
  return {
    shoulderToHeight: (a.shoulderToHeight + b.shoulderToHeight) / 2,
    hipToHeight: (a.hipToHeight + b.hipToHeight) / 2,
    legToHeight: (a.legToHeight + b.legToHeight) / 2,
    hipsPerHipWidth: (a.hipsPerHipWidth + b.hipsPerHipWidth) / 2,
  };
}
