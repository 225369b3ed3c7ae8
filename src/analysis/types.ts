import type { Mask } from '../core/image.js';

export type { Mask } from '../core/image.js';

/** An sRGB colour, each channel an integer 0..255. */
export interface Rgb {
  red: number;
  green: number;
  blue: number;
}

/** An axis-aligned rectangle in photo pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Head rotation in radians, 0/0/0 for a face looking straight into the camera.
 * - `yaw`: turn about the vertical axis, positive when the person turns towards their own left
 *   (the nose moves towards the right of the photo).
 * - `pitch`: nod, positive when the person looks up (the nose moves towards the top of the photo).
 * - `roll`: in-plane tilt, positive when the head leans towards the person's left shoulder
 *   (clockwise as seen in the photo).
 * Composed as R = Ry(yaw) · Rx(-pitch) · Rz(-roll) in a right-handed frame with x to the photo's
 * right, y up and z towards the camera (see headPose.ts).
 */
export interface HeadPose {
  pitch: number;
  yaw: number;
  roll: number;
}

export type Gender = 'male' | 'female';
export type Race = 'asian' | 'black' | 'white';

/** Confidence per race, each in [0, 1], summing to 1 (see race.ts for how they are derived). */
export interface RaceConfidences {
  asian: number;
  black: number;
  white: number;
}

/** Representative colours of the main face, sampled from face-mesh regions (see colors.ts). */
export interface FaceColors {
  skin: Rgb;
  hair: Rgb;
  iris: Rgb;
  sclera: Rgb;
  lips: Rgb;
  /** The eyebrows; absent from analyses stored before it was sampled. */
  brows?: Rgb;
}

/** The face the avatar is made of, and what was estimated from it. */
export interface MainFace {
  /** Tight bounding box of the face-mesh landmarks, in photo pixels. */
  box: Box;
  /** Face detector confidence in [0, 1]. */
  score: number;
  /**
   * The 478 face-mesh landmarks as a flat [x0, y0, z0, x1, y1, z1, ...] array (478 * 3 numbers).
   * Indices follow MediaPipe Face Mesh with refined irises: 0..467 the mesh, 468..472 the iris of the
   * person's right eye (left in the photo; 468 its centre), 473..477 the iris of the person's left eye
   * (473 its centre). x and y are photo pixels; z is depth as the `human` face mesh gives it: relative
   * to the centre of the head, negative towards the camera, in units of its 192-pixel face crop
   * (multiply by `zScale` to get photo pixels).
   */
  landmarks: number[];
  /** Factor that turns a landmark's z into photo pixels, like x and y. */
  zScale: number;
  /** Head rotation, see {@link HeadPose}. */
  pose: HeadPose;
  /** Estimated age in years. */
  age: number;
  gender: Gender;
  /** Confidence of `gender`, in [0.5, 1]. */
  genderConfidence: number;
  /** Confidence of each race, summing to 1 (see race.ts). */
  races: RaceConfidences;
  /** The most probable of `races`. */
  race: Race;
  /** Confidence of `race`, i.e. `races[race]`. */
  raceConfidence: number;
}

/** Everything the avatar pipeline needs to know about a photo. Plain JSON apart from `segmentation`. */
export interface FaceAnalysis {
  /** Photo width in pixels, after applying its EXIF orientation. */
  width: number;
  /** Photo height in pixels, after applying its EXIF orientation. */
  height: number;
  /** Number of faces found in the photo (at most the analyzer's `maxFaces`). */
  faceCount: number;
  /** The main face: the largest and most central one (see mainFace.ts). */
  face: MainFace;
  colors: FaceColors;
  /**
   * The 68-point iBUG 300-W layout as a flat [x, y, z] * 68 array, taken from the face mesh
   * (see landmarks68.ts); same units as `face.landmarks`.
   */
  landmarks68: number[];
  /**
   * Person and hair masks (typed arrays: leave them out of JSON, store them with `encodeMaskPng`).
   * They cover the whole photo, at a lower resolution than the photo when it was larger than the
   * analyzer's `maxImageSize`.
   */
  segmentation: {
    person: Mask;
    hair: Mask;
  };
}
