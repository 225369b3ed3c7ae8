import { poseBody, poseSkeleton, type BoneRotations, type Skeleton, type SkinWeights, type Vec3 } from '../../src/assets/body/index.js';

export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const at = (p: Float32Array, v: number): Vec3 => [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]];
/** A triangle's normal, unnormalised (twice its area). */
export const faceNormal = (p: Float32Array, t: Uint32Array, f: number): Vec3 =>
  cross(sub(at(p, t[f * 3 + 1]), at(p, t[f * 3])), sub(at(p, t[f * 3 + 2]), at(p, t[f * 3])));

/**
 * Triangles of a body (body-vertex positions and triangles) that a pose turns over: the posed face
 * normal against the rest normal carried by the skin's blend of its corners' bone rotations, so a
 * triangle that merely turns with its limb does not count. Shared by the joint-range and clip tests.
 */
export function flippedByPose(positions: Float32Array, triangles: Uint32Array, skeleton: Skeleton, weights: SkinWeights, pose: BoneRotations): number {
  const posed = poseBody(positions, skeleton, weights, pose);
  const { rotations } = poseSkeleton(skeleton, pose);
  let count = 0;
  for (let f = 0; f < triangles.length / 3; f++) {
    const rest = faceNormal(positions, triangles, f);
    const expected: Vec3 = [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      const v = triangles[f * 3 + i];
      for (let k = 0; k < 4; k++) {
        const w = weights.weights[v * 4 + k];
        if (!w) continue;
        const m = rotations[weights.joints[v * 4 + k]];
        for (let r = 0; r < 3; r++) expected[r] += w * (m[r * 3] * rest[0] + m[r * 3 + 1] * rest[1] + m[r * 3 + 2] * rest[2]);
      }
    }
    if (dot(faceNormal(posed, triangles, f), expected) < 0) count++;
  }
  return count;
}
