import type { Vec3 } from './bodyProportions.js';
import { mul, rotX, rotY, rotZ, type Quat } from './bodyAnimationQuaternion.js';
import { sampleBodyAnimation, type BodyAnimation, type BodyAnimationPose } from './bodyAnimation.js';
import { footOnFloor, highestRoot, legPose, legReach, legRig, type FootPlacement, type LegRig } from './bodyAnimationLegs.js';
import { relaxedArms, relaxedHands } from './bodyAnimationArms.js';
import type { Skeleton } from './skeleton.js';
import { smoothstep } from '../../core/smoothstep.js';

export interface WalkAnimationOptions {
  /** Seconds for one cycle: two steps, left heel strike to the next. */
  period?: number;
  /** Length of one cycle (two steps) as a multiple of the leg's reach, hip to ankle. */
  strideShare?: number;
  /** Keys per second. */
  fps?: number;
  /** Share of the cycle a foot is on the floor (heel strike to toe-off). */
  stance?: number;
  /** Degrees the toes are up at heel strike, and the heel up at toe-off. */
  heelStrikePitch?: number;
  toeOffPitch?: number;
  /** Highest lift of the ankle in swing above the line from toe-off to heel strike, metres. */
  swingLift?: number;
  /**
   * How straight the standing knee may get: the hips ride at this share of the leg's reach above the
   * standing foot (0.999 bends the knee about 5° past straight), which makes the bob.
   */
  kneeSlack?: number;
  /** Side-to-side sway of the hips over the foot on the floor, metres either way. */
  sway?: number;
  /** Turn of the pelvis about the vertical (the swinging leg's hip forward), degrees either way. */
  pelvisTurn?: number;
  /** Drop of the swinging leg's hip, degrees either way. */
  pelvisList?: number;
  /** Opposite turn of the shoulders about the vertical, degrees either way. */
  shoulderTurn?: number;
  /** Forward lean of the trunk, degrees. */
  lean?: number;
  /** Arm swing about the shoulder, degrees either way of hanging, and the elbow's bend at the back and front of it. */
  armSwing?: number;
  elbowBend?: [number, number];
  /**
   * How far the arms come down from the T-pose, degrees (90 would be straight down, into the hips).
   * 68, below the idle's 70: swinging, a skinned arm at 74 folded into the torso under the armpit and
   * took the sleeve's underside with it (docs/outfits.md: the body through a shirt in the walk,
   * 122 → 33 covered vertices on the female body).
   */
  armsDown?: number;
}

export const WALK_ANIMATION_DEFAULTS: Required<WalkAnimationOptions> = {
  period: 1.1,
  strideShare: 1.3,
  fps: 30,
  stance: 0.62,
  heelStrikePitch: 18,
  toeOffPitch: 35,
  swingLift: 0.045,
  kneeSlack: 0.999,
  sway: 0.02,
  pelvisTurn: 5,
  pelvisList: 3,
  shoulderTurn: 4,
  lean: 2,
  armSwing: 12,
  elbowBend: [8, 20],
  armsDown: 68,
};

/** Phase of the cycle at which the standing leg is vertical under its hip. */
const MID_STANCE = 0.28;

/** Where one foot is at its own phase (0 = its heel strike): heel rocker, flat, ball rocker, swing. */
function footAt(rig: LegRig, phase: number, stride: number, o: Required<WalkAnimationOptions>): FootPlacement {
  const heelRock = 0.1, heelOff = 0.4;
  // The floor moves back under the body (the clip is in place): a point of the floor at the heel at
  // strike is at z0 − stride × phase. The foot is flat and vertical under its hip at mid-stance.
  const z0 = rig.heelContact[2] + stride * MID_STANCE;
  const floor = (ph: number): number => z0 - stride * ph;
  const stanceAt = (ph: number): FootPlacement => {
    if (ph < heelRock) {
      const pitch = -o.heelStrikePitch * (1 - smoothstep(0, heelRock, ph));
      return footOnFloor(rig, 'heel', [rig.heelContact[0], 0, floor(ph)], pitch, pitch);
    }
    if (ph < heelOff) return footOnFloor(rig, 'heel', [rig.heelContact[0], 0, floor(ph)], 0);
    const pitch = o.toeOffPitch * smoothstep(heelOff, o.stance, ph);
    return footOnFloor(rig, 'ball', [rig.ballContact[0], 0, floor(ph) + rig.ballContact[2] - rig.heelContact[2]], pitch, 0);
  };
  if (phase < o.stance) return stanceAt(phase);
  const u = (phase - o.stance) / (1 - o.stance);
  const from = stanceAt(o.stance), to = stanceAt(0);
  // Forward fast after toe-off and easing into heel strike; lifted most a third of the way, where the
  // toes pass the standing foot, and coming down so that the knee straightens before the strike.
  const e = 0.5 * (1 - (1 - u) ** 2) + 0.5 * (u - Math.sin(2 * Math.PI * u) / (2 * Math.PI));
  const lift = o.swingLift * (27 / 4) * u * (1 - u) ** 2;
  const ankle: Vec3 = [
    from.ankle[0] + (to.ankle[0] - from.ankle[0]) * e,
    from.ankle[1] + (to.ankle[1] - from.ankle[1]) * e + lift,
    from.ankle[2] + (to.ankle[2] - from.ankle[2]) * e,
  ];
  const pitch = o.toeOffPitch + (-o.heelStrikePitch - o.toeOffPitch) * smoothstep(0, 0.8, u);
  // The toes leave the floor bent up and straighten in the first third of the swing.
  const toePitch = pitch + (0 - pitch) * (1 - smoothstep(0, 0.35, u)) * 1;
  return { ankle, pitch, toePitch: u < 0.35 ? toePitch : pitch };
}

/**
 * A walk cycle for a skeleton of ours, in place: two steps in `period` seconds, starting at the left
 * heel strike. Feet are placed (heel strike, flat foot, push-off on the ball with the toes bent,
 * swing) and the legs solved to them; the hips ride as high as the standing leg allows (so they bob, lowest at double support) and sway over the
 * standing foot, the pelvis turns and drops on the swinging side, the trunk turns against it, and
 * the arms hang from the T-pose to the sides and swing against the legs with a little elbow bend.
 * The floor under the standing foot moves back at `rootSpeed`: move the character forward at that
 * speed and the feet stay planted.
 *
 * ```ts
 * const walk = walkAnimation(bodySkeleton(body.proportions));
 * const scene: Scene = { name: 'body', meshes, skeleton: sceneJoints(skeleton), animations: [walk] };
 * ```
 */
export function walkAnimation(skeleton: Skeleton, options: WalkAnimationOptions = {}): BodyAnimation {
  const o = { ...WALK_ANIMATION_DEFAULTS, ...options };
  const left = legRig(skeleton, 'Left'), right = legRig(skeleton, 'Right');
  const stride = o.strideShare * legReach(left);
  const hipsHead = skeleton.bones[0].head;
  const tau = 2 * Math.PI;
  const pelvis = (phase: number): Quat =>
    mul(rotY(-o.pelvisTurn * Math.cos(tau * phase)), rotZ(o.pelvisList * Math.sin(tau * phase)));
  const sway = (phase: number): number => o.sway * Math.sin(tau * (phase - MID_STANCE + 0.25));

  // The hips ride as high as the standing legs let them, knees all but straight: they rise over the
  // standing foot and come down at double support (the bob).
  const keys = Math.round(o.period * o.fps);
  const raw = Array.from({ length: keys }, (_, k) => {
    const ph = k / keys;
    let highest = Infinity;
    for (const [rig, own] of [[left, ph], [right, (ph + 0.5) % 1]] as const) {
      if (own >= o.stance) continue;
      const foot = footAt(rig, own, stride, o);
      highest = Math.min(highest, highestRoot(rig, hipsHead, pelvis(ph), [sway(ph), 0, 0], foot, o.kneeSlack));
    }
    return highest;
  });
  // A bob, c + b cos(4π(phase − peak)), as high as it can ride under those heights: the best of a
  // small grid of amplitudes and peaks.
  let best = { c: -Infinity, b: 0, peak: MID_STANCE };
  for (let b = 0; b <= 0.03; b += 0.001) {
    for (let peak = 0.15; peak <= 0.35; peak += 0.01) {
      const c = Math.min(...raw.map((h, k) => h - b * Math.cos(2 * tau * (k / keys - peak))));
      if (c > best.c) best = { c, b, peak };
    }
  }
  const hipsHeight = (phase: number): number => best.c + best.b * Math.cos(2 * tau * (phase - best.peak));

  const pose = (phase: number): BodyAnimationPose => {
    const hipsRotation = pelvis(phase);
    const rootOffset: Vec3 = [sway(phase), hipsHeight(phase), 0];
    const c = Math.cos(tau * phase), s = Math.sin(tau * phase);
    // The trunk turns the shoulders against the pelvis and levels them; the neck keeps the head forward.
    const trunk = mul(rotY((o.shoulderTurn + o.pelvisTurn) * c / 3), rotZ(-o.pelvisList * s / 3));
    const rotations: Record<string, Quat> = {
      Hips: hipsRotation,
      Spine: mul(rotX(o.lean / 2), trunk),
      Spine1: mul(rotX(o.lean / 2), trunk),
      Spine2: trunk,
      Neck: rotY(-o.shoulderTurn * c / 2),
      Head: mul(rotX(-o.lean * 0.8), rotY(-o.shoulderTurn * c / 2)),
      ...legPose(left, hipsHead, hipsRotation, rootOffset, footAt(left, phase, stride, o)),
      ...legPose(right, hipsHead, hipsRotation, rootOffset, footAt(right, (phase + 0.5) % 1, stride, o)),
      // The left arm is back when the left leg is forward (the left heel strikes at phase 0).
      ...relaxedArms({ down: o.armsDown, swingLeft: o.armSwing * c - 3, swingRight: -o.armSwing * c - 3, elbowBend: o.elbowBend }),
      ...relaxedHands(),
    };
    return { rotations, rootOffset };
  };
  return sampleBodyAnimation('walk', skeleton, o.period, o.fps, stride / o.period, pose);
}
