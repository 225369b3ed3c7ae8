import type { MainFace } from '../analysis/types.js';
import { MEAN_FACE } from './meanFace.js';
import { photoCamera, type PhotoCamera } from '../core/camera.js';
import { angleBetween, bestRotation, poseRotation, transpose, type Mat3 } from './rotation.js';
import { smoothstep } from '../core/smoothstep.js';

/** Landmark count of the face mesh with irises. */
export const LANDMARK_COUNT = 478;
/** Centres of the irises: the person's right eye (468) and left eye (473). */
export const RIGHT_IRIS_CENTRE = 468;
export const LEFT_IRIS_CENTRE = 473;

/**
 * Landmarks that expressions hardly move: eye corners, nose bridge and tip, nostril wings, forehead,
 * temples and cheekbones (no mouth, jaw or eyebrows). The rigid alignment uses only these.
 */
export const RIGID_LANDMARKS: readonly number[] = [
  33, 133, 362, 263, 168, 6, 197, 195, 5, 4, 1, 98, 327, 2, 10, 151, 9, 108, 337, 109, 338, 67, 297,
  69, 299, 54, 284, 21, 251, 162, 389, 127, 356, 234, 454, 93, 323, 116, 345, 123, 352, 50, 280,
];

/** Options of {@link canonicalFace}. */
export interface CanonicalFaceOptions {
  /**
   * Distance between the iris centres (468, 473) the face is scaled to, in metres. 63 mm is the
   * usual adult mean (about 61.7 mm for women, 64 mm for men), so every head gets the same
   * eye spacing and the rest of the face keeps its proportions to it.
   */
  interpupillaryDistance?: number;
  /**
   * Reference face in the canonical frame (478 × xyz, metres), normally the mean face the head
   * templates are built around. When given, the rotation read from the head pose is refined by a
   * least-squares rigid fit of {@link RIGID_LANDMARKS} to it, and the origin is placed so that the
   * face sits where the reference does (the template's origin: between the ears at eye height).
   * Empty: pose rotation only, origin at the midpoint of the iris centres.
   */
  reference?: Float32Array;
  /**
   * Largest correction, in radians, the rigid fit may make to the head-pose rotation; beyond it the
   * fit is distrusted and the pose rotation kept.
   */
  maxRotationCorrection?: number;
  /**
   * Yaws, radians, over which the scale moves from the interpupillary distance to the face's height
   * (see {@link turnedFaceScale}): below the first it is the interpupillary distance alone, past the
   * second the height alone.
   */
  turnedScaleYaw?: readonly [number, number];
}

export const CANONICAL_FACE_DEFAULTS: Required<CanonicalFaceOptions> = {
  interpupillaryDistance: 0.063,
  reference: MEAN_FACE,
  maxRotationCorrection: (25 * Math.PI) / 180,
  turnedScaleYaw: [(20 * Math.PI) / 180, (40 * Math.PI) / 180],
};

/**
 * Midline spans (nasal bridge to below the nose, nasal bridge to chin) that turning the head does not
 * foreshorten: they run up and down the face, square to the axis of yaw.
 */
const HEIGHT_SPANS: readonly [number, number][] = [[168, 2], [168, 152]];

/** A face's landmarks in the canonical head frame, and the camera back to the photo. */
export interface CanonicalFace {
  /** 478 × xyz in metres: upright, frontal, +Y up, face towards +Z, origin as the reference's. */
  points: Float32Array;
  /** Canonical frame → photo pixels (see {@link PhotoCamera}). */
  camera: PhotoCamera;
}

/**
 * Brings the detected landmarks to the canonical head frame: undoes the head rotation (so a tilted
 * or turned head becomes upright and frontal), scales to metres by the interpupillary distance, and
 * places the face where the reference face is.
 *
 * The landmarks are first put in a right-handed view frame in pixels (x right, y up, z towards the
 * camera, z scaled by `zScale`), where V = s·R·X + t with R from {@link poseRotation}.
 *
 * ```ts
 * const { points, camera } = canonicalFace(analysis.face);
 * ```
 */
export function canonicalFace(face: MainFace, options: CanonicalFaceOptions = {}): CanonicalFace {
  const o = { ...CANONICAL_FACE_DEFAULTS, ...options };
  const l = face.landmarks;
  if (l.length !== LANDMARK_COUNT * 3) throw new Error(`expected ${LANDMARK_COUNT} landmarks, got ${l.length / 3}`);
  const view = new Float64Array(LANDMARK_COUNT * 3);
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    view[i * 3] = l[i * 3];
    view[i * 3 + 1] = -l[i * 3 + 1];
    view[i * 3 + 2] = -l[i * 3 + 2] * face.zScale;
  }
  const ipd = Math.hypot(
    view[RIGHT_IRIS_CENTRE * 3] - view[LEFT_IRIS_CENTRE * 3],
    view[RIGHT_IRIS_CENTRE * 3 + 1] - view[LEFT_IRIS_CENTRE * 3 + 1],
    view[RIGHT_IRIS_CENTRE * 3 + 2] - view[LEFT_IRIS_CENTRE * 3 + 2],
  );
  const s = (ipd / o.interpupillaryDistance) * turnedFaceScale(view, face.pose.yaw, o);
  let rotation = poseRotation(face.pose);
  let t: [number, number, number];
  if (o.reference.length === LANDMARK_COUNT * 3) {
    const ids = RIGID_LANDMARKS;
    const cv = centroid(view, ids);
    const cr = centroid(o.reference, ids);
    const a = new Float64Array(ids.length * 3);
    const b = new Float64Array(ids.length * 3);
    ids.forEach((id, k) => {
      for (let c = 0; c < 3; c++) {
        a[k * 3 + c] = o.reference[id * 3 + c] - cr[c];
        b[k * 3 + c] = (view[id * 3 + c] - cv[c]) / s;
      }
    });
    const fitted = bestRotation(a, b);
    if (angleBetween(fitted, rotation) <= o.maxRotationCorrection) rotation = fitted;
    const rc = apply(rotation, cr);
    t = [cv[0] - s * rc[0], cv[1] - s * rc[1], cv[2] - s * rc[2]];
  } else {
    t = [0, 1, 2].map((c) => (view[RIGHT_IRIS_CENTRE * 3 + c] + view[LEFT_IRIS_CENTRE * 3 + c]) / 2) as [number, number, number];
  }
  const inverse = transpose(rotation);
  const points = new Float32Array(LANDMARK_COUNT * 3);
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    const p = apply(inverse, [view[i * 3] - t[0], view[i * 3 + 1] - t[1], view[i * 3 + 2] - t[2]]);
    points[i * 3] = p[0] / s;
    points[i * 3 + 1] = p[1] / s;
    points[i * 3 + 2] = p[2] / s;
  }
  return { points, camera: photoCamera(s, rotation, t) };
}

/**
 * The correction of the interpupillary scale for a turned face. The iris-to-iris span of a turned
 * face lies largely in depth, which the face mesh flattens on the far side: at 35–55° of yaw the
 * face came out 20–40 % too large (and headScale then clamps it). The face's height does not
 * foreshorten, so a turned face is sized by it instead, relative to the reference's: such a face
 * keeps the reference's height and its own proportions. Frontal faces keep their own height and
 * the 63 mm eyes.
 */
function turnedFaceScale(view: Float64Array, yaw: number, o: Required<CanonicalFaceOptions>): number {
  const [start, end] = o.turnedScaleYaw;
  const w = smoothstep(start, end, Math.abs(yaw));
  if (w === 0 || o.reference.length !== LANDMARK_COUNT * 3) return 1;
  const ipd = span(view, RIGHT_IRIS_CENTRE, LEFT_IRIS_CENTRE);
  const referenceIpd = span(o.reference, RIGHT_IRIS_CENTRE, LEFT_IRIS_CENTRE);
  let ratio = 0;
  for (const [a, b] of HEIGHT_SPANS) ratio += (span(view, a, b) / ipd) / (span(o.reference, a, b) / referenceIpd) / HEIGHT_SPANS.length;
  return ratio ** w;
}

function span(points: ArrayLike<number>, a: number, b: number): number {
  return Math.hypot(points[a * 3] - points[b * 3], points[a * 3 + 1] - points[b * 3 + 1], points[a * 3 + 2] - points[b * 3 + 2]);
}

function centroid(points: ArrayLike<number>, ids: readonly number[]): [number, number, number] {
  const c: [number, number, number] = [0, 0, 0];
  for (const id of ids) for (let k = 0; k < 3; k++) c[k] += points[id * 3 + k] / ids.length;
  return c;
}

function apply(m: Mat3, p: ArrayLike<number>): [number, number, number] {
  return [
    m[0] * p[0] + m[1] * p[1] + m[2] * p[2],
    m[3] * p[0] + m[4] * p[1] + m[5] * p[2],
    m[6] * p[0] + m[7] * p[1] + m[8] * p[2],
  ];
}
