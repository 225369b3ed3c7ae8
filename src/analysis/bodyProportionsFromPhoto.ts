/**
 * What a photo shows of the body, and the proportions measured off it: from BlazePose keypoints
 * (bodyKeypoints.ts), the person mask and the face of the face analysis. Pure: no model runs here.
 * Nothing is guessed for parts the photo does not show: their fields are undefined.
 */
import type { BodyKeypoint, BodyKeypoints, BodyPart } from './bodyKeypoints.js';
import { spanThrough, topOfSilhouette, type SilhouetteSpan } from './bodySilhouette.js';
import { distance, type Point2 } from './mesh.js';
import type { FaceAnalysis, Mask } from './types.js';

/** How much of the body the photo shows. */
export type BodyView = 'whole-body' | 'upper-body' | 'head-and-shoulders' | 'none';

/** A ratio of two lengths in the photo, with how far to trust it (0..1). */
export interface BodyRatio {
  value: number;
  confidence: number;
}

/** A width across the silhouette. */
export interface BodyWidth extends SilhouetteSpan {
  /** In cm, when the face gave the photo a scale. */
  cm?: number;
  confidence: number;
}

export interface BodyProportions {
  view: BodyView;
  /** Which parts are in view: both keypoints of a pair scored and inside the photo (and, with a mask, on the silhouette). */
  visible: {
    head: boolean;
    shoulders: boolean;
    hips: boolean;
    knees: boolean;
    ankles: boolean;
    /**
     * Ankles in view and both toes inside the photo. A photo cut at the shins gets ankles from
     * BlazePose on the shins, with good scores; its toes then fall below the photo.
     */
    feet: boolean;
    /** Head, shoulders, hips, knees, ankles and feet all in view. */
    wholeBody: boolean;
  };
  /** Whole body in view, upright and with straight legs: the condition for heights and stature. */
  standing: boolean;
  /**
   * Why the keypoints were set aside, when they do not fit the face: `another-person` (BlazePose's
   * nose is more than half a face width from the face mesh's), `shoulders-at-the-face` (its
   * shoulders are less than a quarter of the face's height below the chin: BlazePose squeezing a
   * whole body into a bust, as on astronaut.png, where it puts the shoulders on the suit's neck ring
   * and the hips on the chest).
   */
  poseMismatch?: 'another-person' | 'shoulders-at-the-face';
  /** Lowest score among the keypoints `view` rests on (0 for `none`). */
  confidence: number;
  /** Photo pixels per cm from the face's interpupillary distance; undefined without a face. */
  scale?: {
    pixelsPerCm: number;
    /** The distance between the iris centres in photo pixels, corrected for the head's yaw. */
    interpupillaryPixels: number;
    /** One standard deviation, relative (0.06 = 6 %): the spread of adult IPDs and the landmarks' pixel error. */
    uncertainty: number;
  };
  /** Silhouette width at the shoulder joints' height (bideltoid-like, with clothes and hair). */
  shoulderWidth?: BodyWidth;
  /** Silhouette width at the hip joints' height, arms excluded as far as the keypoints tell. */
  hipWidth?: BodyWidth;
  /**
   * Leg length over torso length (shoulder midpoint to hip midpoint). The leg is measured along it,
   * hip to knee to ankle, plus the ankle's height (0.3 of the shin), so that bent knees keep it.
   */
  legToTorso?: BodyRatio;
  /** `shoulderWidth` over stature. Standing bodies only. */
  shoulderToHeight?: BodyRatio;
  /** `hipWidth` over stature. Standing bodies only. */
  hipToHeight?: BodyRatio;
  /** Height of the hip joints (their midpoint) above the sole, over stature. Standing bodies only. */
  legToHeight?: BodyRatio;
  /** Sole to vertex (silhouette top, hair included), standing bodies only. */
  stature?: {
    pixels: number;
    /** With a face for scale. */
    cm?: number;
    /** One standard deviation of `cm`. */
    uncertaintyCm?: number;
    /** Top of the head and the sole, photo pixels, for drawing. */
    top: Point2;
    sole: Point2;
    confidence: number;
  };
}

/** Options of {@link bodyProportionsFromPhoto}; see {@link BODY_PROPORTIONS_DEFAULTS}. */
export interface BodyProportionsOptions {
  /** Lowest BlazePose visibility for a keypoint to count as seen. */
  minKeypointScore?: number;
  /** The adult mean interpupillary distance in mm that gives the photo its scale. */
  interpupillaryMm?: number;
  /** Relative standard deviation of adult IPDs (about 3.5 mm over 63 mm). */
  interpupillarySpread?: number;
  /** Largest lean of the torso from vertical, in degrees, for a body to count as standing. */
  maxLeanDegrees?: number;
  /** Smallest knee angle (180 = straight), in degrees, for a body to count as standing. */
  minKneeDegrees?: number;
}

export const BODY_PROPORTIONS_DEFAULTS: Required<BodyProportionsOptions> = {
  minKeypointScore: 0.5,
  interpupillaryMm: 63,
  interpupillarySpread: 0.055,
  maxLeanDegrees: 15,
  minKneeDegrees: 155,
};

/** Iris centres of the face mesh (MediaPipe order with refined irises), see MainFace.landmarks. */
const RIGHT_IRIS = 468;
const LEFT_IRIS = 473;

/**
 * ```ts
 * const analysis = await faceAnalyzer.analyze(photo);
 * const pose = await bodyDetector.detect(photo, analysis.segmentation.person);
 * const body = bodyProportionsFromPhoto(pose, analysis);
 * if (body.standing) console.log(body.legToHeight?.value, body.stature?.cm);
 * ```
 * `analysis` may be null (no face found): there is then no scale, so no cm, but the ratios still come
 * from the keypoints and the detector's own person mask.
 */
export function bodyProportionsFromPhoto(
  pose: BodyKeypoints | null, analysis: FaceAnalysis | null, options: BodyProportionsOptions = {},
): BodyProportions {
  const o = { ...BODY_PROPORTIONS_DEFAULTS, ...options };
  const scale = analysis ? faceScale(analysis, o) : undefined;
  const none: BodyProportions = {
    view: analysis ? 'head-and-shoulders' : 'none',
    visible: { head: !!analysis, shoulders: false, hips: false, knees: false, ankles: false, feet: false, wholeBody: false },
    standing: false,
    confidence: analysis ? analysis.face.score : 0,
    ...(scale ? { scale } : {}),
  };
  if (!pose) return none;
  const mismatch = analysis ? poseMismatch(pose, analysis, o.minKeypointScore) : undefined;
  if (mismatch) return { ...none, poseMismatch: mismatch };
  const { width, height } = pose;
  const mask = analysis?.segmentation.person ?? pose.person;
  const hair = analysis?.segmentation.hair ?? null;
  const kp = pose.keypoints;
  const seen = (part: BodyPart): boolean => isSeen(kp[part], width, height, mask, o.minKeypointScore);
  const pair = (l: BodyPart, r: BodyPart): boolean => seen(l) && seen(r);

  const visible = {
    head: !!analysis || (seen('nose') && pair('leftEye', 'rightEye')),
    shoulders: pair('leftShoulder', 'rightShoulder'),
    hips: pair('leftHip', 'rightHip'),
    knees: pair('leftKnee', 'rightKnee'),
    ankles: pair('leftAnkle', 'rightAnkle'),
    feet: false,
    wholeBody: false,
  };
  // A lower part counts only with the parts above it: BlazePose predicts legs for a portrait too.
  visible.hips &&= visible.shoulders;
  visible.knees &&= visible.hips;
  visible.ankles &&= visible.knees;
  visible.feet = visible.ankles && feetInPhoto(kp, width, height, o.minKeypointScore);
  visible.wholeBody = visible.head && visible.feet;
  const view: BodyView = visible.wholeBody ? 'whole-body' : visible.hips ? 'upper-body' : visible.shoulders || visible.head ? 'head-and-shoulders' : 'none';
  const parts: BodyPart[] = ['leftShoulder', 'rightShoulder'];
  if (visible.hips) parts.push('leftHip', 'rightHip');
  if (visible.knees) parts.push('leftKnee', 'rightKnee');
  if (visible.ankles) parts.push('leftAnkle', 'rightAnkle');
  const confidence = view === 'none' ? 0 : visible.shoulders ? minScore(kp, parts) : none.confidence;
  const result: BodyProportions = { view, visible, standing: false, confidence, ...(scale ? { scale } : {}) };
  if (!visible.shoulders) return result;

  const p = (part: BodyPart): Point2 => [kp[part].x, kp[part].y];
  const shoulderMid = mid(p('leftShoulder'), p('rightShoulder'));
  const shoulderSpan = distance(p('leftShoulder'), p('rightShoulder'));
  const toCm = (pixels: number): number | undefined => (scale ? round1(pixels / scale.pixelsPerCm) : undefined);

  if (mask) {
    // Deltoids and sleeves reach past the joints by a fifth of the joints' span or so on each side
    // (1.25-1.4 spans in all on the bench photos); much further, and the row runs along an arm held
    // away from the body.
    const reach = 0.3 * shoulderSpan;
    const xs = [kp.leftShoulder.x, kp.rightShoulder.x];
    const span = spanThrough(mask, width, height, shoulderMid, shoulderMid[0] - Math.min(...xs) + reach, Math.max(...xs) - shoulderMid[0] + reach, hair);
    if (span) {
      const c = minScore(kp, ['leftShoulder', 'rightShoulder']) * (span.clipped ? CLIPPED : 1);
      result.shoulderWidth = { ...roundSpan(span), ...cmField(toCm(span.pixels)), confidence: round2(c) };
    }
  }
  if (!visible.hips) return result;

  const hipMid = mid(p('leftHip'), p('rightHip'));
  const torso = distance(shoulderMid, hipMid);
  if (mask) {
    // An arm hanging against the hip merges with it in the mask: stop at the arm's inner edge.
    const armHalf = 0.1 * shoulderSpan;
    const limits = [Infinity, Infinity];
    let touching = false;
    for (const side of ['left', 'right'] as const) {
      const chain: Point2[] = [p(`${side}Shoulder`), p(`${side}Elbow`), p(`${side}Wrist`), p(`${side}Index`)];
      for (let i = 0; i + 1 < chain.length; i++) {
        const x = crossingX(chain[i], chain[i + 1], hipMid[1]);
        if (x === null) continue;
        const d = x - hipMid[0];
        const k = d < 0 ? 0 : 1;
        limits[k] = Math.min(limits[k], Math.max(0, Math.abs(d) - armHalf));
        touching = true;
      }
    }
    const span = spanThrough(mask, width, height, hipMid, Math.min(limits[0], 1.2 * shoulderSpan), Math.min(limits[1], 1.2 * shoulderSpan), hair);
    if (span) {
      const c = minScore(kp, ['leftHip', 'rightHip']) * (span.clipped ? CLIPPED : touching ? ARM_TOUCHING : 1);
      result.hipWidth = { ...roundSpan(span), ...cmField(toCm(span.pixels)), confidence: round2(c) };
    }
  }
  if (!visible.ankles) return result;

  // Along the leg for leg-to-torso, which bent knees should not change; heights are vertical below.
  const leg = (side: 'left' | 'right'): number => {
    const hip = p(`${side}Hip`), knee = p(`${side}Knee`), ankle = p(`${side}Ankle`);
    return distance(hip, knee) + distance(knee, ankle) + ANKLE_HEIGHT_OF_SHIN * distance(knee, ankle);
  };
  const legPixels = (leg('left') + leg('right')) / 2;
  // Without the feet in frame the ankles may be BlazePose's guess on the shins.
  result.legToTorso = { value: round3(legPixels / torso), confidence: round2(confidence * (visible.feet ? 1 : 0.5)) };

  const lean = Math.abs((Math.atan2(hipMid[0] - shoulderMid[0], hipMid[1] - shoulderMid[1]) * 180) / Math.PI);
  const knees = Math.min(angle(p('leftHip'), p('leftKnee'), p('leftAnkle')), angle(p('rightHip'), p('rightKnee'), p('rightAnkle')));
  result.standing = visible.wholeBody && lean <= o.maxLeanDegrees && knees >= o.minKneeDegrees && kp.leftAnkle.y > hipMid[1];
  if (!result.standing || !mask) return result;

  // The sole of each foot: its lowest seen heel or toe, else its ankle plus the ankle's height. The
  // two soles are averaged: in a step the front foot stands lower in the photo than the back one.
  const sole = (side: 'left' | 'right'): { y: number; seen: boolean } => {
    const ys = ([`${side}Heel`, `${side}Foot`] as const).filter((f) => kp[f].score >= o.minKeypointScore && kp[f].y < height).map((f) => kp[f].y);
    const ankle = kp[`${side}Ankle`], knee = kp[`${side}Knee`];
    return ys.length ? { y: Math.max(...ys), seen: true } : { y: ankle.y + ANKLE_HEIGHT_OF_SHIN * Math.abs(ankle.y - knee.y), seen: false };
  };
  const soles = [sole('left'), sole('right')];
  const soleY = (soles[0].y + soles[1].y) / 2;
  const feetSeen = soles.every((s) => s.seen);
  const headX = analysis ? analysis.face.box.x + analysis.face.box.width / 2 : kp.nose.x;
  const band = 0.35 * shoulderSpan;
  const headY = analysis ? analysis.face.box.y + analysis.face.box.height / 2 : kp.nose.y;
  const topY = topOfSilhouette(mask, width, height, headX - band, headX + band, headY);
  if (topY === null) return result;
  const staturePixels = soleY - topY;
  const cStature = round2(confidence * (feetSeen ? 1 : 0.7));
  const statureCm = toCm(staturePixels);
  result.stature = {
    pixels: round1(staturePixels),
    ...(statureCm !== undefined && scale ? { cm: statureCm, uncertaintyCm: round1(statureCm * Math.hypot(scale.uncertainty, STATURE_POSE_SPREAD)) } : {}),
    top: [round1(headX), round1(topY)],
    sole: [round1(headX), round1(soleY)],
    confidence: cStature,
  };
  // The hip joints' height above the sole, as the avatar's skeleton gives it (its LeftUpLeg/RightUpLeg).
  result.legToHeight = { value: round3((soleY - hipMid[1]) / staturePixels), confidence: cStature };
  if (result.shoulderWidth) {
    result.shoulderToHeight = { value: round3(result.shoulderWidth.pixels / staturePixels), confidence: round2(Math.min(cStature, result.shoulderWidth.confidence)) };
  }
  if (result.hipWidth) {
    result.hipToHeight = { value: round3(result.hipWidth.pixels / staturePixels), confidence: round2(Math.min(cStature, result.hipWidth.confidence)) };
  }
  return result;
}

/**
 * Confidence factors of a width: cut at a limit rather than at the silhouette's edge (the arm's
 * inner edge is only guessed from its keypoints), or with an arm crossing the row yet apart from
 * the body in the mask. Both leave the width under bodyShapeFromPhoto's default threshold.
 */
const CLIPPED = 0.4;
const ARM_TOUCHING = 0.5;

/** Ankle joint to sole over knee to ankle: about 0.07 / 0.23 of stature (ANSUR-like proportions). */
const ANKLE_HEIGHT_OF_SHIN = 0.3;

/**
 * The relative error stature takes on besides the scale: hair above the vertex, shoes below the
 * sole, a slight lean or a camera above or below the waist (perspective); about 2.5 %.
 */
const STATURE_POSE_SPREAD = 0.025;

/** Photo pixels per cm from the iris centres, and its relative uncertainty. */
function faceScale(analysis: FaceAnalysis, o: Required<BodyProportionsOptions>): BodyProportions['scale'] {
  const l = analysis.face.landmarks;
  const right: Point2 = [l[RIGHT_IRIS * 3], l[RIGHT_IRIS * 3 + 1]];
  const left: Point2 = [l[LEFT_IRIS * 3], l[LEFT_IRIS * 3 + 1]];
  // A face turned by `yaw` shows its eyes cos(yaw) closer together.
  const ipd = distance(left, right) / Math.max(0.5, Math.cos(analysis.face.pose.yaw));
  if (!(ipd > 0)) return undefined;
  // About one pixel of error on the distance between two landmarks, relative to it.
  const uncertainty = Math.hypot(o.interpupillarySpread, 1 / ipd);
  return { pixelsPerCm: round3(ipd / (o.interpupillaryMm / 10)), interpupillaryPixels: round2(ipd), uncertainty: round3(uncertainty) };
}

/** Mesh landmarks: the nose tip and the chin's lowest point. */
const NOSE_TIP = 1;
const CHIN = 152;

/** Whether the keypoints are those of the face's person, with the shoulders where a body has them. */
function poseMismatch(pose: BodyKeypoints, analysis: FaceAnalysis, minScore: number): BodyProportions['poseMismatch'] {
  const { landmarks: l, box } = analysis.face;
  const kp = pose.keypoints;
  const noseOff = Math.hypot(kp.nose.x - l[NOSE_TIP * 3], kp.nose.y - l[NOSE_TIP * 3 + 1]);
  if (noseOff > 0.5 * box.width) return 'another-person';
  if (kp.leftShoulder.score < minScore || kp.rightShoulder.score < minScore) return undefined;
  const shoulderY = (kp.leftShoulder.y + kp.rightShoulder.y) / 2;
  // 0.35-0.9 face heights on the bench photos (0.35 with the arms raised over the head).
  if (shoulderY - l[CHIN * 3 + 1] < 0.25 * box.height) return 'shoulders-at-the-face';
  return undefined;
}

/**
 * Whether both feet are in the photo: each toe (BlazePose's foot index) scored and at least 1 % of
 * the photo's height above its bottom edge. BlazePose puts the toes of feet cut off below the photo
 * there, with good scores, and its ankles on the shins (the leaning photo of the bench).
 */
function feetInPhoto(kp: Record<BodyPart, BodyKeypoint>, width: number, height: number, minScore: number): boolean {
  return (['leftFoot', 'rightFoot'] as const).every((f) => {
    const k = kp[f];
    return k.score >= minScore && k.x >= 0 && k.x < width && k.y < 0.99 * height;
  });
}

function isSeen(k: BodyKeypoint, width: number, height: number, mask: Mask | null, minScore: number): boolean {
  if (k.score < minScore || k.x < 0 || k.y < 0 || k.x >= width || k.y >= height) return false;
  if (!mask) return true;
  // On the silhouette, or near it: joints sit inside the body, but ankles and wrists come close to the edge.
  const r = 0.02 * Math.hypot(width, height);
  for (const [dx, dy] of [[0, 0], [r, 0], [-r, 0], [0, r], [0, -r]]) {
    const x = Math.floor(((k.x + dx) * mask.width) / width);
    const y = Math.floor(((k.y + dy) * mask.height) / height);
    if (x >= 0 && y >= 0 && x < mask.width && y < mask.height && mask.data[y * mask.width + x] >= 128) return true;
  }
  return false;
}

/** x where segment a–b crosses row y, or null. */
function crossingX(a: Point2, b: Point2, y: number): number | null {
  if ((a[1] - y) * (b[1] - y) > 0 || a[1] === b[1]) return null;
  return a[0] + ((y - a[1]) / (b[1] - a[1])) * (b[0] - a[0]);
}

/** The angle at b of a–b–c, in degrees. */
function angle(a: Point2, b: Point2, c: Point2): number {
  const u = [a[0] - b[0], a[1] - b[1]], v = [c[0] - b[0], c[1] - b[1]];
  const cos = (u[0] * v[0] + u[1] * v[1]) / (Math.hypot(u[0], u[1]) * Math.hypot(v[0], v[1]) || 1);
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

function minScore(kp: Record<BodyPart, BodyKeypoint>, parts: readonly BodyPart[]): number {
  return round2(Math.min(...parts.map((p) => kp[p].score)));
}
function mid(a: Point2, b: Point2): Point2 {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}
function roundSpan(s: SilhouetteSpan): SilhouetteSpan {
  return { from: [round1(s.from[0]), round1(s.from[1])], to: [round1(s.to[0]), round1(s.to[1])], pixels: round1(s.pixels), clipped: s.clipped };
}
function cmField(cm: number | undefined): { cm?: number } {
  return cm === undefined ? {} : { cm };
}
function round1(v: number): number {
  return Math.round(v * 10) / 10;
}
function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
