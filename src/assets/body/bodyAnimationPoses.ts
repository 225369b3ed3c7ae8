import type { Vec3 } from './bodyProportions.js';
import { mul, rotX, rotY, rotZ, type Quat } from './bodyAnimationQuaternion.js';
import { sampleBodyAnimation, type BodyAnimation, type BodyAnimationPose } from './bodyAnimation.js';
import { footOnFloor, highestRoot, legPose, legRig } from './bodyAnimationLegs.js';
import { relaxedArms, relaxedHands } from './bodyAnimationArms.js';
import type { Skeleton } from './skeleton.js';

/**
 * A held pose: the upper body's local rotations (bones not named keep the bind pose), the hips'
 * turn and sideways shift (the feet stay planted: the legs are solved for them), and how far the
 * fingers curl.
 */
export interface HeldPose {
  upper: Record<string, Quat>;
  hips?: Quat;
  /** Metres the hips shift to the side (+x: onto the left foot). */
  sway?: number;
  curl?: number;
}

/** Arms at the sides, a little bent: the base most poses change. */
const atSides = (down = 70, bend = 12): Record<string, Quat> => relaxedArms({ down, swingLeft: -2, swingRight: -2, elbowBend: [bend, bend] });

/** An arm brought `down` degrees from the T-pose, swung `forward` degrees, the elbow bent `bend` forward; side L or R. */
function arm(side: 'Left' | 'Right', down: number, forward: number, bend: number, twist = 0): Record<string, Quat> {
  const s = side === 'Left' ? 1 : -1;
  return {
    // A turn about x mirrors to itself across the body's midplane; about y and z it changes sign.
    [`${side}Arm`]: mul(rotY(-s * forward), rotZ(-s * down), rotX(twist)),
    [`${side}ForeArm`]: rotY(-s * bend),
  };
}

/**
 * The creator's held poses (creator.md's animation names), as ours: each distinct at a glance.
 * A: the A-pose; Idle: standing at rest; the numbered ones are everyday stances.
 */
export const HELD_POSES: Readonly<Record<string, HeldPose>> = {
  Pose_A: { upper: atSides(45, 0), curl: 0.3 },
  Pose_Idle: { upper: atSides(), curl: 1 },
  // Hands on the hips, elbows out.
  Pose_01: { upper: { ...arm('Left', 62, -20, 95, 80), ...arm('Right', 62, -20, 95, 80), Spine2: rotX(-3) }, curl: 1.6 },
  // Waving with the right hand, weight on the left foot.
  Pose_02: { upper: { ...arm('Right', -55, 10, 70), ...arm('Left', 76, 0, 12), Head: rotZ(-4), Spine1: rotZ(3) }, hips: rotZ(3), sway: 0.03, curl: 0.2 },
  // Arms crossed over the chest.
  Pose_03: { upper: { ...arm('Left', 70, 50, 100), ...arm('Right', 66, 52, 96), Spine2: rotX(-4), Head: rotX(-4) }, curl: 1.4 },
  // Thinking: the right hand at the chin, the left arm across the waist.
  Pose_04: { upper: { ...arm('Right', 70, 50, 135), ...arm('Left', 74, 45, 95), Head: mul(rotX(6), rotY(-8)), Spine1: rotY(-5) }, curl: 1.5 },
  // Victory: both arms up in a V.
  Pose_05: { upper: { ...arm('Left', -45, 5, 8), ...arm('Right', -45, 5, 8), Head: rotX(-8), Spine2: rotX(-4) }, curl: 1.8 },
  // Pointing ahead with the right arm, weight on the right foot.
  Pose_06: { upper: { ...arm('Right', 8, 80, 5), ...arm('Left', 76, -5, 15), Spine1: rotY(-12), Head: rotY(-6) }, hips: rotZ(-3), sway: -0.03, curl: 0.4 },
  // A shrug: shoulders up, forearms out, palms up.
  Pose_07: { upper: { ...arm('Left', 70, 20, 80, -60), ...arm('Right', 70, 20, 80, -60), LeftShoulder: rotZ(10), RightShoulder: rotZ(-10), Head: rotZ(5) }, curl: 0.2 },
  // Leaning into the left hip, the hand on it, the head turned.
  Pose_08: { upper: { ...arm('Left', 62, -20, 95, 80), ...arm('Right', 78, 0, 8), Head: mul(rotY(15), rotZ(5)), Spine: rotZ(-4) }, hips: rotZ(5), sway: 0.05, curl: 1.4 },
};

/**
 * The held poses each gender's clips are named by (creator.md: `Male_Pose_01`…`08`, `Female_Pose_01`…`05`,
 * `_A`, `_Idle`), clip name → pose of HELD_POSES: the women's five are five of the stances.
 */
export const HELD_POSE_NAMES: Readonly<Record<'female' | 'male', Readonly<Record<string, string>>>> = {
  male: Object.fromEntries(['Pose_01', 'Pose_02', 'Pose_03', 'Pose_04', 'Pose_05', 'Pose_06', 'Pose_07', 'Pose_08', 'Pose_A', 'Pose_Idle'].map((p) => [`Male_${p}`, p])),
  female: {
    Female_Pose_01: 'Pose_08', Female_Pose_02: 'Pose_02', Female_Pose_03: 'Pose_04', Female_Pose_04: 'Pose_05', Female_Pose_05: 'Pose_03',
    Female_Pose_A: 'Pose_A', Female_Pose_Idle: 'Pose_Idle',
  },
};

/**
 * A held pose as a clip: 2 s of the pose, breathing once, the feet planted (the legs solved for the
 * hips' turn and shift, as the idle's), so a game can loop it or take its first frame as a bind pose.
 *
 * ```ts
 * const clip = heldPoseAnimation(skeleton, HELD_POSES.Pose_03, 'Male_Pose_03');
 * ```
 */
export function heldPoseAnimation(skeleton: Skeleton, pose: HeldPose, name: string): BodyAnimation {
  const left = legRig(skeleton, 'Left'), right = legRig(skeleton, 'Right');
  const hipsHead = skeleton.bones[0].head;
  const hips = pose.hips ?? [0, 0, 0, 1];
  const at = (phase: number): BodyAnimationPose => {
    const inhale = (1 - Math.cos(2 * Math.PI * phase)) / 2;
    const rootOffset: Vec3 = [pose.sway ?? 0, 0, 0];
    rootOffset[1] = Math.min(...[left, right].map((rig) =>
      highestRoot(rig, hipsHead, hips, rootOffset, footOnFloor(rig, 'heel', rig.heelContact, 0), 0.9995)));
    const breathe = (bone: string, degrees: number) => mul(pose.upper[bone] ?? [0, 0, 0, 1], rotX(-degrees * inhale));
    const rotations: Record<string, Quat> = {
      ...relaxedHands(pose.curl ?? 1),
      ...pose.upper,
      Hips: hips,
      Spine1: breathe('Spine1', 0.8),
      Spine2: breathe('Spine2', 1.2),
      ...legPose(left, hipsHead, hips, rootOffset, footOnFloor(left, 'heel', left.heelContact, 0)),
      ...legPose(right, hipsHead, hips, rootOffset, footOnFloor(right, 'heel', right.heelContact, 0)),
    };
    return { rotations, rootOffset };
  };
  return sampleBodyAnimation(name, skeleton, 2, 10, 0, at);
}
