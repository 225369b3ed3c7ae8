import type { Vec3 } from './bodyProportions.js';
import { mul, rotX, rotY, rotZ, type Quat } from './bodyAnimationQuaternion.js';
import { sampleBodyAnimation, type BodyAnimation, type BodyAnimationPose } from './bodyAnimation.js';
import { footOnFloor, highestRoot, legPose, legRig } from './bodyAnimationLegs.js';
import { relaxedArms, relaxedHands } from './bodyAnimationArms.js';
import type { Skeleton } from './skeleton.js';

export interface IdleAnimationOptions {
  /** Seconds of the loop: one shift of the weight to the left foot and back over the right. */
  period?: number;
  /** Breaths in one loop. */
  breaths?: number;
  /** Keys per second. */
  fps?: number;
  /** Side-to-side shift of the hips, metres either way. */
  sway?: number;
  /** How straight the knees may get: the hips ride at this share of the leg's reach above the feet. */
  kneeSlack?: number;
  /** Chest lift of a breath, degrees over the two upper spine joints. */
  breath?: number;
  /**
   * How far the arms come down from the T-pose, degrees. 70, not 76: at 76 a skinned upper arm
   * folds into the torso under the armpit and takes a sleeve's underside with it (docs/outfits.md:
   * the body through a zip jacket in the idle, 346 → 193 covered vertices on the female body).
   */
  armsDown?: number;
}

export const IDLE_ANIMATION_DEFAULTS: Required<IdleAnimationOptions> = {
  period: 6,
  breaths: 2,
  fps: 20,
  sway: 0.018,
  kneeSlack: 0.9995,
  breath: 2,
  armsDown: 70,
};

/**
 * Standing at rest, in place: feet planted where the bind pose has them, the hips shifting the
 * weight from one foot to the other and back (the pelvis dropping on the unloaded side, the spine
 * levelling the shoulders), breathing (the chest lifts, the shoulders rise a little), the head
 * looking slightly about, the arms hanging relaxed from the T-pose with soft elbows and fingers.
 * Loops seamlessly.
 *
 * ```ts
 * const idle = idleAnimation(bodySkeleton(body.proportions));
 * ```
 */
export function idleAnimation(skeleton: Skeleton, options: IdleAnimationOptions = {}): BodyAnimation {
  const o = { ...IDLE_ANIMATION_DEFAULTS, ...options };
  const left = legRig(skeleton, 'Left'), right = legRig(skeleton, 'Right');
  const hipsHead = skeleton.bones[0].head;
  const tau = 2 * Math.PI;
  const pose = (phase: number): BodyAnimationPose => {
    const shift = Math.sin(tau * phase);
    const inhale = (1 - Math.cos(tau * o.breaths * phase)) / 2;
    const hipsRotation = mul(rotY(1.5 * Math.sin(tau * phase + 0.6)), rotZ(2 * shift));
    // The hips ride as high as both legs let them, knees soft: lower when shifted over one foot.
    const rootOffset: Vec3 = [o.sway * shift, 0, 0];
    rootOffset[1] = Math.min(...[left, right].map((rig) =>
      highestRoot(rig, hipsHead, hipsRotation, rootOffset, footOnFloor(rig, 'heel', rig.heelContact, 0), o.kneeSlack)));
    const level = rotZ((-2 * shift) / 3);
    const rotations: Record<string, Quat> = {
      Hips: hipsRotation,
      Spine: level,
      Spine1: mul(rotX(-o.breath * 0.4 * inhale), level),
      Spine2: mul(rotX(-o.breath * 0.6 * inhale), level),
      Neck: rotX(o.breath * 0.5 * inhale),
      Head: mul(rotY(4 * Math.sin(tau * phase + 1.2)), rotX(o.breath * 0.5 * inhale + 1.5 * Math.sin(tau * 2 * phase))),
      LeftShoulder: rotZ(1.5 * inhale),
      RightShoulder: rotZ(-1.5 * inhale),
      ...legPose(left, hipsHead, hipsRotation, rootOffset, footOnFloor(left, 'heel', left.heelContact, 0)),
      ...legPose(right, hipsHead, hipsRotation, rootOffset, footOnFloor(right, 'heel', right.heelContact, 0)),
      ...relaxedArms({
        down: o.armsDown - 1.5 * inhale,
        swingLeft: -2 + 1.5 * Math.sin(tau * phase + 0.8),
        swingRight: -2 - 1.5 * Math.sin(tau * phase + 0.8),
        elbowBend: [10, 16],
      }),
      ...relaxedHands(),
    };
    return { rotations, rootOffset };
  };
  return sampleBodyAnimation('idle', skeleton, o.period, o.fps, 0, pose);
}
