import { landmark } from './frame.js';
import type { Primitive } from './primitive.js';
import { FACE_SHAPES, faceHeight, faceWeight, middle, sides } from './faceShape.js';
import { weights } from './rig.js';
import { smoothstep } from '../../core/smoothstep.js';
import type { CUSTOMISATION } from '../../library/blendshapeNames.js';

/**
 * `customisation`: persona_2.0's face blends under the creator's names (creator.md, blends), each
 * a smooth field over the head (the face_modifications' machinery, faceShape.ts) scaled by the
 * head's own size. Weight 1 is the end of the creator's range away from the default:
 * - HeadHeight, UpperHeadVolume, UpperHeadWidth, LowerHeadWidth, JawLine (creator [0, 1], 1 the
 *   default size): weight 1 is the creator's 0, the smaller head; the creator's value v is weight 1 − v;
 * - EyesSize, NoseLength, NosePosition, NoseTip*, NoseWings*, LipsSize (creator [−1, 1]): weight is
 *   the value, negative the other way;
 * - Monolid, Squint, NoseWidth, NoseSharp (creator [0, 1], 0 the default): weight is the value.
 */

/** A field of the head above `from(frame)` (the brow or the eyes), fading in over `fade` metres, moving each vertex by `move`. */
function above(key: string, landmarkId: number, fade: number, move: (p: [number, number, number], origin: number) => [number, number, number]): Primitive {
  return (rig, frame, out) => {
    const y0 = rig.l0[landmarkId * 3 + 1];
    const w = weights(rig, key, 1, (v, o) => { o[0] = smoothstep(y0, y0 + fade, rig.p0[v * 3 + 1]); });
    const origin = landmark(frame, landmarkId)[1];
    const p = frame.positions;
    for (let i = 0; i < w.vertices.length; i++) {
      const v = w.vertices[i];
      const d = move([p[v * 3], p[v * 3 + 1], p[v * 3 + 2]], origin);
      for (let k = 0; k < 3; k++) out[v * 3 + k] += w.w[i] * d[k];
    }
  };
}

/** The face below the eyes (the cheeks and the jaw), `factor` narrower about the middle. */
const lowerWidth = (factor: number): Primitive => (rig, frame, out) => {
  const face = faceWeight(rig);
  const eyes = rig.l0[33 * 3 + 1];
  const p = frame.positions;
  for (let i = 0; i < face.vertices.length; i++) {
    const v = face.vertices[i];
    const w = face.w[i] * (1 - smoothstep(eyes - 0.03, eyes, rig.p0[v * 3 + 1]));
    out[v * 3] += w * factor * p[v * 3];
  }
};

/** Two primitives at once. */
const both = (a: Primitive, b: Primitive, wa = 1, wb = 1): Primitive => (rig, frame, out) => {
  const one = new Float32Array(out.length), two = new Float32Array(out.length);
  a(rig, frame, one);
  b(rig, frame, two);
  for (let k = 0; k < out.length; k++) out[k] += wa * one[k] + wb * two[k];
};

export const CUSTOMISATION_SHAPES: Readonly<Record<(typeof CUSTOMISATION)[number], Primitive>> = {
  /** The cranium above the brows 12 % lower. */
  HeadHeight: above('customHeadHeight', 9, 0.03, ([, y], brow) => [0, -0.12 * Math.max(0, y - brow), 0]),
  /** The cranium above the eyes 8 % smaller about the head's vertical axis. */
  UpperHeadVolume: above('customUpperVolume', 33, 0.05, ([x, , z]) => [-0.08 * x, 0, -0.08 * z]),
  /** The head above the eyes 10 % narrower. */
  UpperHeadWidth: above('customUpperWidth', 33, 0.04, ([x]) => [-0.1 * x, 0, 0]),
  /** The cheeks and the jaw 10 % narrower. */
  LowerHeadWidth: lowerWidth(-0.1),
  /** The jaw's angles drawn in: a softer, narrower jaw line. */
  JawLine: sides('customJaw', 172, [0.035, 0.03, 0.06], [-0.05, 0, 0]),
  // face_modifications' eye_size twice over: the creator's slider reads at a glance.
  EyesSize: both(FACE_SHAPES.eye_size, FACE_SHAPES.eye_size),
  /** The upper lids' fold lowered over the lids. */
  Monolid: sides('customMonolid', 27, [0.018, 0.007, 0.03], [0, -0.012, 0.004], [0, 0.004, 0]),
  /** The lower lids raised. */
  Squint: sides('customSquint', 145, [0.016, 0.006, 0.03], [0, 0.012, 0.002]),
  NoseWidth: FACE_SHAPES.nose_width,
  /** The bridge and the tip forward and the wings in: a sharper nose. */
  NoseSharp: both(middle('customNoseSharp', [6, 197, 1], [0.01, 0.03, 0.04], (f) => [0, 0, 0.03 * faceHeight(f)]), FACE_SHAPES.nose_width, 1, -0.6),
  NoseLength: FACE_SHAPES.nose_length,
  /** The whole nose up. */
  NosePosition: middle('customNose', [1, 2, 98, 327, 6], [0.022, 0.035, 0.05], (f) => [0, 0.03 * faceHeight(f), 0]),
  NoseTipUpDown: middle('customNoseTip', [1, 4], [0.012, 0.012, 0.03], (f) => [0, 0.03 * faceHeight(f), 0]),
  NoseTipLeftRight: middle('customNoseTip', [1, 4], [0.012, 0.012, 0.03], (f) => [0.03 * faceHeight(f), 0, 0]),
  NoseWingsUpDown: sides('customNoseWings', 129, [0.012, 0.012, 0.03], [0, 0.02, 0]),
  NoseWingsInOut: sides('customNoseWings', 129, [0.012, 0.012, 0.03], [0.02, 0, 0]),
  /** Fuller, wider lips. */
  LipsSize: both(FACE_SHAPES.lip_fullness, FACE_SHAPES.mouth_width, 1, 0.5),
};
