import type { Primitive } from './primitive.js';
import { addWeighted, bump, ellipse, weights, type FaceRig, type Sparse } from './rig.js';
import { smoothstep } from '../../core/smoothstep.js';

/**
 * Shapes that move a mouth corner: smile, frown, dimple, stretch. The corner's neighbourhood follows
 * it: fully at the corner, less along the lips towards the other corner, fading over the cheek,
 * the nasolabial fold and the chin. The weight is by position alone, so both lips go with the
 * corner and the mouth stays shut. Motions are fractions of the head's own mouth width: each
 * person's smile is as wide as their mouth.
 */
function cornerWeight(rig: FaceRig, sign: 1 | -1): Sparse {
  return weights(rig, sign > 0 ? 'cornerLeft' : 'cornerRight', 1, (v, o) => {
    const along = sign * rig.u[v], dy = rig.dy[v];
    const lengthwise = along <= 1 ? smoothstep(-0.6, 1, along) : 1 - smoothstep(1, 2.8, along);
    // A bell over 2 widths either way, nothing beyond (the neck stays).
    const vertical = bump(Math.abs(dy) / (2 * (dy > 0 ? 0.017 : 0.014)));
    o[0] = lengthwise * vertical;
  });
}

/**
 * The cheek over a smiling corner bunches up and forward: a bump above and outside the corner
 * (the mean face's corner, 1.2 cm out and 2 cm up).
 */
function cheekWeight(rig: FaceRig, sign: 1 | -1): Sparse {
  const corner = sign > 0 ? 291 : 61;
  const centre = [rig.l0[corner * 3] + sign * 0.012, rig.l0[corner * 3 + 1] + 0.02, rig.l0[corner * 3 + 2] - 0.01];
  return weights(rig, sign > 0 ? 'smileCheekLeft' : 'smileCheekRight', 1, (v, o) => {
    o[0] = bump(ellipse(rig.p0, v, centre, [0.024, 0.024, 0.05]));
  });
}

/** A corner shape: the corner's motion as fractions of the mouth width (x towards the person's left). */
function cornerShape(sign: 1 | -1, motion: [number, number, number], cheek?: [number, number, number]): Primitive {
  return (rig, frame, out) => {
    const W = frame.mouthWidth;
    addWeighted(out, cornerWeight(rig, sign), [sign * motion[0] * W, motion[1] * W, motion[2] * W]);
    if (cheek) addWeighted(out, cheekWeight(rig, sign), [sign * cheek[0] * W, cheek[1] * W, cheek[2] * W]);
  };
}

/** mouthSmileLeft / Right: the corner up, out and back; the cheek above it bunches. */
export const mouthSmile = (sign: 1 | -1): Primitive => cornerShape(sign, [0.12, 0.15, -0.07], [0.01, 0.07, 0.05]);
/** mouthFrownLeft / Right: the corner down. */
export const mouthFrown = (sign: 1 | -1): Primitive => cornerShape(sign, [0.03, -0.11, -0.01]);
/** mouthDimpleLeft / Right: the corner back into the cheek, a little out. */
export const mouthDimple = (sign: 1 | -1): Primitive => cornerShape(sign, [0.06, 0.005, -0.09]);
/** mouthStretchLeft / Right: the corner straight out and a little down. */
export const mouthStretch = (sign: 1 | -1): Primitive => cornerShape(sign, [0.14, -0.04, -0.04]);
