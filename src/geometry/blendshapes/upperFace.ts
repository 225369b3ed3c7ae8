import { RIGHT_BROW } from '../../analysis/regions.js';
import { LANDMARK_MIRROR } from '../meanFace.js';
import { landmark, type HeadFrame } from './frame.js';
import type { Primitive } from './primitive.js';
import { addWeighted, bump, ellipse, weights, type FaceRig } from './rig.js';
import { smoothstep } from '../../core/smoothstep.js';

/**
 * Brows, cheeks and nose: smooth bumps of weight around a point of the mean face (given by the
 * person's-right landmarks; the left side mirrors them), moved by a vector scaled by the head's own
 * measures: the brows by how high they sit over the eye, the nose by its width, the cheeks by the
 * mouth's width.
 */

/** Mean of some template landmarks (mirrored for the person's left, sign +1), plus an offset. */
function centre(rig: FaceRig, ids: number[], sign: 1 | -1, offset: [number, number, number] = [0, 0, 0]): number[] {
  const list = sign > 0 ? ids.map((i) => LANDMARK_MIRROR[i]) : ids;
  return [0, 1, 2].map((k) => list.reduce((s, i) => s + rig.l0[i * 3 + k], 0) / list.length + (k === 0 ? sign * offset[0] : offset[k]));
}

/**
 * A bump of weight. `keepEye`: nothing at or under the upper lid's margin of that side, so brows
 * do not drag the eye along (full weight from 9 mm above the margin's top).
 */
function bumpWeight(rig: FaceRig, key: string, c: number[], radii: [number, number, number], keepEye = false) {
  const eyeTop = rig.l0[159 * 3 + 1];
  return weights(rig, key, 1, (v, o) => {
    const w = bump(ellipse(rig.p0, v, c, radii));
    o[0] = keepEye ? w * smoothstep(eyeTop + 0.002, eyeTop + 0.009, rig.p0[v * 3 + 1]) : w;
  });
}

/** Height of the brow over the eye on one side: brow's middle (105) over the upper lid's margin (159). */
function browHeight(frame: HeadFrame, sign: 1 | -1): number {
  return Math.max(0.008, landmark(frame, 105, sign > 0)[1] - landmark(frame, 159, sign > 0)[1]);
}

const INNER_BROW = [107, 55, 66, 65];
const OUTER_BROW = [70, 46, 63];

/** browDownLeft / Right: the whole brow down and a little in (a frown's brows). */
export const browDown = (sign: 1 | -1): Primitive => (rig, frame, out) => {
  const w = bumpWeight(rig, sign > 0 ? 'browDownLeft' : 'browDownRight', centre(rig, RIGHT_BROW, sign), [0.034, 0.022, 0.05], true);
  const h = browHeight(frame, sign);
  addWeighted(out, w, [-sign * 0.1 * h, -0.24 * h, 0.04 * h]);
};

/** browInnerUp: the inner ends of both brows up, the middle of the forehead with them. */
export const browInnerUp: Primitive = (rig, frame, out) => {
  for (const sign of [1, -1] as const) {
    const w = bumpWeight(rig, sign > 0 ? 'browInnerUpLeft' : 'browInnerUpRight', centre(rig, INNER_BROW, sign), [0.022, 0.026, 0.05], true);
    addWeighted(out, w, [sign * 0.02 * browHeight(frame, sign), 0.3 * browHeight(frame, sign), 0]);
  }
};

/** browOuterUpLeft / Right: the outer end of one brow up. */
export const browOuterUp = (sign: 1 | -1): Primitive => (rig, frame, out) => {
  const w = bumpWeight(rig, sign > 0 ? 'browOuterUpLeft' : 'browOuterUpRight', centre(rig, OUTER_BROW, sign), [0.022, 0.022, 0.05], true);
  addWeighted(out, w, [0, 0.28 * browHeight(frame, sign), 0]);
};

/** cheekPuff: both cheeks blown out beside the mouth, the lips pushed a little forward. */
export const cheekPuff: Primitive = (rig, frame, out) => {
  const W = frame.mouthWidth;
  for (const sign of [1, -1] as const) {
    const c = centre(rig, [61], sign, [0.02, 0.006, -0.014]);
    const w = bumpWeight(rig, sign > 0 ? 'cheekPuffLeft' : 'cheekPuffRight', c, [0.026, 0.028, 0.05]);
    addWeighted(out, w, [sign * 0.08 * W, 0, 0.07 * W]);
  }
  const lips = bumpWeight(rig, 'cheekPuffLips', centre(rig, [13, 14], 1), [0.03, 0.022, 0.05]);
  addWeighted(out, lips, [0, 0, 0.03 * W]);
};

/** cheekSquintLeft / Right: the cheek under the eye raised, pushing the lower lid up a little. */
export const cheekSquint = (sign: 1 | -1): Primitive => (rig, frame, out) => {
  const c = centre(rig, [145, 50], sign);
  const w = bumpWeight(rig, sign > 0 ? 'cheekSquintLeft' : 'cheekSquintRight', c, [0.026, 0.022, 0.05]);
  addWeighted(out, w, [0, 0.06 * frame.mouthWidth, 0.02 * frame.mouthWidth]);
};

/** noseSneerLeft / Right: the nose's wing and the skin beside it pulled up, the upper lip a little with them. */
export const noseSneer = (sign: 1 | -1): Primitive => (rig, frame, out) => {
  const wing = bumpWeight(rig, sign > 0 ? 'noseSneerLeft' : 'noseSneerRight', centre(rig, [129], sign, [0, 0.002, 0]), [0.016, 0.02, 0.04]);
  addWeighted(out, wing, [sign * 0.01 * frame.noseWidth, 0.08 * frame.noseWidth, 0.01 * frame.noseWidth]);
  const lip = bumpWeight(rig, sign > 0 ? 'noseSneerLipLeft' : 'noseSneerLipRight', centre(rig, [129, 61], sign), [0.02, 0.02, 0.05]);
  addWeighted(out, lip, [0, 0.03 * frame.noseWidth, 0]);
};
