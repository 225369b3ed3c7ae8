import type { SceneJoint } from '../../formats/scene.js';
import type { BodyProportions, Vec3 } from './bodyProportions.js';
import { HEAD_SHARE_OF_STATURE } from './bodyProportions.js';
import { FINGER_JOINTS, fingerDirection, THUMB_JOINTS, thumbCurve } from './bodyHand.js';

/** One joint of the skeleton: its name, its parent's index (−1 for the root) and where it sits at rest. */
export interface Bone {
  name: string;
  parent: number;
  /** World position of the joint in the bind pose (a T-pose; every bone's rest rotation is identity). */
  head: Vec3;
}

export interface Skeleton {
  bones: Bone[];
  /** Index of a bone by name. */
  index: Map<string, number>;
}

/** Share of the radius by which elbow and knee pivots move towards the inside of the bend. */
export const PIVOT_SHIFT = 0.45;

export const FINGER_NAMES = ['Index', 'Middle', 'Ring', 'Pinky'] as const;

/**
 * Bone names, parents before children: Mixamo's without the `mixamorig:` prefix, so Mixamo clips
 * and the Unity, Unreal and Godot humanoid retargeters find them with no manual mapping. `Jaw` is
 * ours (Mixamo has none); VRM and Unity take it as their optional jaw bone.
 */
export const BONE_NAMES: readonly string[] = (() => {
  const names = ['Hips', 'Spine', 'Spine1', 'Spine2', 'Neck', 'Head', 'LeftEye', 'RightEye', 'Jaw'];
  for (const side of ['Left', 'Right']) {
    names.push(`${side}Shoulder`, `${side}Arm`, `${side}ForeArm`, `${side}Hand`);
    for (const f of ['Thumb', ...FINGER_NAMES]) for (let i = 1; i <= 3; i++) names.push(`${side}Hand${f}${i}`);
  }
  for (const side of ['Left', 'Right']) names.push(`${side}UpLeg`, `${side}Leg`, `${side}Foot`, `${side}ToeBase`);
  return names;
})();

function parentOf(name: string): string | null {
  if (name === 'Hips') return null;
  const chain: Record<string, string> = { Spine: 'Hips', Spine1: 'Spine', Spine2: 'Spine1', Neck: 'Spine2', Head: 'Neck', LeftEye: 'Head', RightEye: 'Head', Jaw: 'Head' };
  if (chain[name]) return chain[name];
  const side = name.startsWith('Left') ? 'Left' : 'Right';
  const rest = name.slice(side.length);
  const limb: Record<string, string> = {
    Shoulder: 'Spine2', Arm: `${side}Shoulder`, ForeArm: `${side}Arm`, Hand: `${side}ForeArm`,
    UpLeg: 'Hips', Leg: `${side}UpLeg`, Foot: `${side}Leg`, ToeBase: `${side}Foot`,
  };
  if (limb[rest]) return limb[rest];
  const digit = /^Hand(\w+?)(\d)$/.exec(rest);
  if (!digit) throw new Error(`no parent for bone ${name}`);
  return Number(digit[2]) === 1 ? `${side}Hand` : `${side}Hand${digit[1]}${Number(digit[2]) - 1}`;
}

/**
 * The skeleton of a body: joints placed from its proportions, so a taller body has longer bones.
 * The head's joints (Head, eyes, jaw) are estimated from the head's share of stature until the head
 * is joined.
 *
 * ```ts
 * const skeleton = bodySkeleton(body.proportions);
 * ```
 */
export function bodySkeleton(p: BodyProportions): Skeleton {
  const y = p.y;
  const head = p.stature * HEAD_SHARE_OF_STATURE;
  const at: Record<string, Vec3> = {
    Hips: [0, p.hipJoint[1] + 0.02, -0.005],
    Spine: [0, y.hips + (y.waist - y.hips) * 0.6, -0.02],
    Spine1: [0, y.waist + (y.chest - y.waist) * 0.45, -0.025],
    Spine2: [0, y.chest + (y.armpit - y.chest) * 0.5, -0.025],
    Neck: [0, y.neckBase, -0.02],
    Head: [0, y.neckTop + head * 0.12, -0.01],
    Jaw: [0, y.neckTop + head * 0.3, 0.01],
    LeftEye: [0.032, y.neckTop + head * 0.58, 0.075],
  };
  at.RightEye = [-0.032, at.LeftEye[1], at.LeftEye[2]];
  // Elbow and knee pivots sit towards the inside of their bend (the front of the elbow, the back of
  // the knee): the skin there, which blending squeezes, then has less far to travel.
  const elbowR = p.armGirth.elbow / (2 * Math.PI), kneeR = p.legGirth.knee / (2 * Math.PI);
  const left: Record<string, Vec3> = {
    Shoulder: p.clavicle, Arm: p.shoulder, ForeArm: [p.elbow[0], p.elbow[1], p.elbow[2] + PIVOT_SHIFT * elbowR], Hand: p.wrist,
    UpLeg: p.hipJoint, Leg: [p.knee[0], p.knee[1], p.knee[2] - PIVOT_SHIFT * kneeR], Foot: p.ankle, ToeBase: p.ball,
  };
  FINGER_NAMES.forEach((f, i) => {
    const k = p.hand.knuckles[i], d = fingerDirection(p, i), L = p.hand.fingerLengths[i];
    left[`Hand${f}1`] = k;
    left[`Hand${f}2`] = [k[0] + d[0] * L * FINGER_JOINTS[0], k[1] + d[1] * L * FINGER_JOINTS[0], k[2] + d[2] * L * FINGER_JOINTS[0]];
    left[`Hand${f}3`] = [k[0] + d[0] * L * FINGER_JOINTS[1], k[1] + d[1] * L * FINGER_JOINTS[1], k[2] + d[2] * L * FINGER_JOINTS[1]];
  });
  const thumb = thumbCurve(p);
  left.HandThumb1 = thumb.cmc;
  left.HandThumb2 = thumb.at(THUMB_JOINTS[0]);
  left.HandThumb3 = thumb.at(THUMB_JOINTS[1]);
  for (const [name, q] of Object.entries(left)) {
    at[`Left${name}`] = q;
    at[`Right${name}`] = [-q[0], q[1], q[2]];
  }
  const index = new Map(BONE_NAMES.map((n, i) => [n, i]));
  const bones = BONE_NAMES.map((name) => {
    const parent = parentOf(name);
    return { name, parent: parent === null ? -1 : index.get(parent)!, head: at[name] };
  });
  return { bones, index };
}

/**
 * The skeleton as the export writers take it (formats/scene.ts): each joint's rest translation
 * relative to its parent, identity rotations (the bind pose is the T-pose in world axes).
 *
 * ```ts
 * const scene: Scene = { name: 'avatar', meshes, skeleton: sceneJoints(bodySkeleton(body.proportions)) };
 * ```
 */
export function sceneJoints(skeleton: Skeleton): SceneJoint[] {
  return skeleton.bones.map((b) => {
    const origin = b.parent >= 0 ? skeleton.bones[b.parent].head : [0, 0, 0];
    return {
      name: b.name,
      parent: b.parent,
      translation: [b.head[0] - origin[0], b.head[1] - origin[1], b.head[2] - origin[2]],
      rotation: [0, 0, 0, 1],
    };
  });
}
