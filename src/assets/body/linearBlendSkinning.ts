import type { Vec3 } from './bodyProportions.js';
import type { Skeleton } from './skeleton.js';
import type { SkinWeights } from './skinWeights.js';

/** A bone's rotation relative to its parent, about an axis given in the bind pose's (world) frame. */
export interface BoneRotation {
  axis: Vec3;
  degrees: number;
}

/** A pose: rotations by bone name; bones not named keep their bind pose. */
export type BoneRotations = Record<string, BoneRotation>;

/** Row-major 3 × 3. */
export type Matrix3 = Float64Array;

export function rotationMatrix({ axis, degrees }: BoneRotation): Matrix3 {
  const n = Math.hypot(axis[0], axis[1], axis[2]) || 1;
  const [x, y, z] = [axis[0] / n, axis[1] / n, axis[2] / n];
  const a = (degrees * Math.PI) / 180, c = Math.cos(a), s = Math.sin(a), t = 1 - c;
  return Float64Array.from([
    t * x * x + c, t * x * y - s * z, t * x * z + s * y,
    t * x * y + s * z, t * y * y + c, t * y * z - s * x,
    t * x * z - s * y, t * y * z + s * x, t * z * z + c,
  ]);
}

function multiply(a: Matrix3, b: Matrix3): Matrix3 {
  const out = new Float64Array(9);
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) out[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
  return out;
}

function apply(m: Matrix3, v: Vec3): Vec3 {
  return [m[0] * v[0] + m[1] * v[1] + m[2] * v[2], m[3] * v[0] + m[4] * v[1] + m[5] * v[2], m[6] * v[0] + m[7] * v[1] + m[8] * v[2]];
}

/** Each bone's world rotation and posed joint position. */
export interface PosedSkeleton {
  rotations: Matrix3[];
  heads: Vec3[];
}

/**
 * Forward kinematics from the T-pose: a bone's world rotation is its parent's times its own, and its
 * joint swings with its parent. The bind pose has identity rotations, so local axes are world axes.
 */
export function poseSkeleton(skeleton: Skeleton, pose: BoneRotations): PosedSkeleton {
  const identity = Float64Array.from([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const rotations: Matrix3[] = [];
  const heads: Vec3[] = [];
  for (const bone of skeleton.bones) {
    const local = pose[bone.name] ? rotationMatrix(pose[bone.name]) : identity;
    if (bone.parent < 0) {
      rotations.push(local);
      heads.push(bone.head);
      continue;
    }
    const pr = rotations[bone.parent], ph = heads[bone.parent], rest = skeleton.bones[bone.parent].head;
    const offset = apply(pr, [bone.head[0] - rest[0], bone.head[1] - rest[1], bone.head[2] - rest[2]]);
    heads.push([ph[0] + offset[0], ph[1] + offset[1], ph[2] + offset[2]]);
    rotations.push(multiply(pr, local));
  }
  return { rotations, heads };
}

/**
 * Linear blend skinning: each vertex moves with the weighted sum of its bones' rigid motions.
 * Returns new positions (three per vertex, as given).
 *
 * ```ts
 * const posed = poseBody(body.positions, skeleton, weights, { LeftForeArm: { axis: [0, 1, 0], degrees: -90 } });
 * ```
 */
export function poseBody(positions: Float32Array, skeleton: Skeleton, weights: SkinWeights, pose: BoneRotations): Float32Array {
  const posed = poseSkeleton(skeleton, pose);
  const out = new Float32Array(positions.length);
  const n = positions.length / 3;
  for (let v = 0; v < n; v++) {
    let x = 0, y = 0, z = 0;
    for (let i = 0; i < 4; i++) {
      const w = weights.weights[v * 4 + i];
      if (w === 0) continue;
      const b = weights.joints[v * 4 + i];
      const m = posed.rotations[b], rest = skeleton.bones[b].head, h = posed.heads[b];
      const dx = positions[v * 3] - rest[0], dy = positions[v * 3 + 1] - rest[1], dz = positions[v * 3 + 2] - rest[2];
      x += w * (m[0] * dx + m[1] * dy + m[2] * dz + h[0]);
      y += w * (m[3] * dx + m[4] * dy + m[5] * dz + h[1]);
      z += w * (m[6] * dx + m[7] * dy + m[8] * dz + h[2]);
    }
    out[v * 3] = x;
    out[v * 3 + 1] = y;
    out[v * 3 + 2] = z;
  }
  return out;
}
