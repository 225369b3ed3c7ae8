import type { Vec3 } from './bodyProportions.js';
import { conjugate, fromTo, mul, rotate, rotX, type Quat } from './bodyAnimationQuaternion.js';
import type { Skeleton } from './skeleton.js';

/**
 * Legs placed by their feet: where each foot is and how it is pitched, then a two-bone solve for the
 * hip and the knee. The clips (walk, idle) say where the feet are; this turns it into rotations.
 */

/** One leg's rest geometry, from the skeleton (the bind pose's soles are at y = 0). */
export interface LegRig {
  side: 'Left' | 'Right';
  hip: Vec3;
  ankle: Vec3;
  /** The ball of the foot, where the toes bend (ToeBase's joint). */
  ball: Vec3;
  /** Where the heel meets the floor, and where the ball does. */
  heelContact: Vec3;
  ballContact: Vec3;
  /** Hip to knee and knee to ankle at rest. */
  thigh: Vec3;
  shank: Vec3;
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const length = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);

export function legRig(skeleton: Skeleton, side: 'Left' | 'Right'): LegRig {
  const at = (name: string): Vec3 => skeleton.bones[skeleton.index.get(`${side}${name}`)!].head;
  const hip = at('UpLeg'), knee = at('Leg'), ankle = at('Foot'), ball = at('ToeBase');
  // bodyProportions puts the ankle 0.2 of the foot's length ahead of the heel and the ball 0.74.
  const footLength = (ball[2] - ankle[2]) / 0.54;
  const heelZ = ankle[2] - 0.2 * footLength;
  return {
    side, hip, ankle, ball,
    heelContact: [ankle[0], 0, heelZ + 0.012],
    ballContact: [ball[0], 0, ball[2]],
    thigh: sub(knee, hip),
    shank: sub(ankle, knee),
  };
}

/** The knee's turn about x, degrees, that puts the shank in line with the thigh (seen from the side). */
export function straightKnee(rig: LegRig): number {
  return (Math.atan2(rig.thigh[2], -rig.thigh[1]) - Math.atan2(rig.shank[2], -rig.shank[1])) * (-180 / Math.PI);
}

/** The longest the leg reaches, hip to ankle (knee straight). */
export function legReach(rig: LegRig): number {
  return length(add(rig.thigh, rotate(rotX(straightKnee(rig)), rig.shank)));
}

/** Where a foot is: its ankle joint, its pitch about x (negative lifts the toes) and its toes' own pitch, in world degrees. */
export interface FootPlacement {
  ankle: Vec3;
  pitch: number;
  toePitch: number;
}

/**
 * The foot rotated by `pitch` about a point of its sole that sits at `contact` on the floor: the
 * heel at heel strike, the ball at push-off, the heel for a flat foot.
 */
export function footOnFloor(rig: LegRig, pivot: 'heel' | 'ball', contact: Vec3, pitch: number, toePitch = 0): FootPlacement {
  const rest = pivot === 'heel' ? rig.heelContact : rig.ballContact;
  return { ankle: add(contact, rotate(rotX(pitch), sub(rig.ankle, rest))), pitch, toePitch };
}

/**
 * Local rotations of the leg's four bones that put its foot at `foot`, with the pelvis (`Hips`)
 * turned by `hipsRotation` and moved by `rootOffset`. The knee bends only about its own x axis; the
 * thigh takes the smallest turn that then brings the ankle to its place. Out of reach, the leg is
 * straight and points at it.
 */
export function legPose(rig: LegRig, hipsHead: Vec3, hipsRotation: Quat, rootOffset: Vec3, foot: FootPlacement): Record<string, Quat> {
  const hipWorld = add(add(hipsHead, rootOffset), rotate(hipsRotation, sub(rig.hip, hipsHead)));
  const d = sub(foot.ankle, hipWorld);
  const want = length(d);
  const reach = (beta: number): number => length(add(rig.thigh, rotate(rotX(beta), rig.shank)));
  // The knee's pivot sits behind the bone line (skeleton.ts), so the rest leg is a little over-straight:
  // the leg is longest with the shank turned in line with the thigh, and bends from there.
  let lo = straightKnee(rig), hi = 160;
  if (reach(lo) <= want) hi = lo;
  else for (let i = 0; i < 40; i++) { const mid = (lo + hi) / 2; if (reach(mid) > want) lo = mid; else hi = mid; }
  const knee = rotX(hi);
  const thighWorld = fromTo(add(rig.thigh, rotate(knee, rig.shank)), d);
  const shankWorld = mul(thighWorld, knee);
  const footWorld = rotX(foot.pitch);
  const toeWorld = rotX(foot.toePitch);
  return {
    [`${rig.side}UpLeg`]: mul(conjugate(hipsRotation), thighWorld),
    [`${rig.side}Leg`]: knee,
    [`${rig.side}Foot`]: mul(conjugate(shankWorld), footWorld),
    [`${rig.side}ToeBase`]: mul(conjugate(footWorld), toeWorld),
  };
}

/**
 * The highest the root may be offset (metres, from its rest height) for the leg to still reach its
 * foot at `slack` of its reach, with the pelvis turned by `hipsRotation` and moved by `rootOffset` in
 * x and z (its y is what is asked).
 */
export function highestRoot(rig: LegRig, hipsHead: Vec3, hipsRotation: Quat, rootOffset: Vec3, foot: FootPlacement, slack: number): number {
  const hip = rotate(hipsRotation, sub(rig.hip, hipsHead));
  const dx = foot.ankle[0] - (hipsHead[0] + rootOffset[0] + hip[0]), dz = foot.ankle[2] - (hipsHead[2] + rootOffset[2] + hip[2]);
  const reach = legReach(rig) * slack;
  return foot.ankle[1] + Math.sqrt(Math.max(0, reach * reach - dx * dx - dz * dz)) - (hipsHead[1] + hip[1]);
}
