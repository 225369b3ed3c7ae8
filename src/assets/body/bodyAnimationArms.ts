import { mul, rotX, rotY, rotZ, type Quat } from './bodyAnimationQuaternion.js';
import { smoothstep } from '../../core/smoothstep.js';
import { FINGER_NAMES } from './skeleton.js';

/**
 * Arms out of the T-pose: each brought down by `down` degrees to the side (palms then face the
 * thighs), swung about the shoulder's side axis by `swingLeft` / `swingRight` degrees (positive is
 * back), the elbows bent forward from `elbowBend[0]` with the arm back to `elbowBend[1]` with it
 * forward. Local rotations, as every clip's.
 */
export function relaxedArms(a: { down: number; swingLeft: number; swingRight: number; elbowBend: [number, number] }): Record<string, Quat> {
  const bend = (swing: number): number => a.elbowBend[0] + (a.elbowBend[1] - a.elbowBend[0]) * smoothstep(20, -20, swing);
  return {
    LeftArm: mul(rotX(a.swingLeft), rotZ(-a.down)),
    RightArm: mul(rotX(a.swingRight), rotZ(a.down)),
    LeftForeArm: rotY(-bend(a.swingLeft)),
    RightForeArm: rotY(bend(a.swingRight)),
  };
}

/** Fingers a little curled, as a hand at rest: the knuckles most, the last joint least, the little finger a bit more. */
export function relaxedHands(curl = 1): Record<string, Quat> {
  const out: Record<string, Quat> = {};
  FINGER_NAMES.forEach((f, i) => {
    const extra = 1 + 0.15 * i;
    [14, 20, 10].forEach((deg, j) => {
      out[`LeftHand${f}${j + 1}`] = rotZ(-deg * extra * curl);
      out[`RightHand${f}${j + 1}`] = rotZ(deg * extra * curl);
    });
  });
  out.LeftHandThumb2 = rotY(-8 * curl);
  out.RightHandThumb2 = rotY(8 * curl);
  return out;
}
