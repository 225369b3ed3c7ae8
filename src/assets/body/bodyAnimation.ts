import type { SceneAnimation } from '../../formats/scene.js';
import type { Vec3 } from './bodyProportions.js';
import { normalize, toAxisAngle, type Quat } from './bodyAnimationQuaternion.js';
import type { BoneRotations } from './linearBlendSkinning.js';
import type { Skeleton } from './skeleton.js';

/**
 * A clip for our skeleton, as the export writers take it (formats/scene.ts): per joint, rotations
 * relative to the parent in the bind pose's frame (every rest rotation is the identity, so these are
 * the glTF nodes' rotations), and the root's (`Hips`) translation. Keys are evenly spaced and the
 * last equals the first, so the clip loops seamlessly.
 */
export interface BodyAnimation extends SceneAnimation {
  /** Seconds; the time of the last key. */
  duration: number;
  /**
   * Metres per second the character should travel forward (+z) while the clip plays: the clip itself
   * is in place, so a game moves the root at this speed for the feet to stay planted. 0 for clips
   * that stand still.
   */
  rootSpeed: number;
}

/** One pose of a clip: local rotations by bone name (bones not named keep the bind pose) and the root's offset from its rest place. */
export interface BodyAnimationPose {
  rotations: Record<string, Quat>;
  rootOffset: Vec3;
}

/**
 * Samples a periodic pose function at `fps` over one period into a clip. `pose(phase)` takes a phase
 * in [0, 1) and must be periodic; the last key is the first one again.
 */
export function sampleBodyAnimation(
  name: string, skeleton: Skeleton, duration: number, fps: number, rootSpeed: number, pose: (phase: number) => BodyAnimationPose,
): BodyAnimation {
  const count = Math.max(2, Math.round(duration * fps)) + 1;
  const frames = Array.from({ length: count - 1 }, (_, k) => pose(k / (count - 1)));
  frames.push(frames[0]);
  const times = Float32Array.from({ length: count }, (_, k) => (k / (count - 1)) * duration);
  const animated = new Set(frames.flatMap((f) => Object.keys(f.rotations)));
  const channels: BodyAnimation['channels'] = [];
  for (const bone of skeleton.bones) {
    const joint = skeleton.index.get(bone.name)!;
    const isRoot = bone.parent < 0;
    if (!animated.has(bone.name) && !isRoot) continue;
    const rotations = new Float32Array(count * 4);
    let previous: Quat | undefined;
    frames.forEach((f, k) => {
      let q = normalize(f.rotations[bone.name] ?? [0, 0, 0, 1]);
      // Consecutive keys in the same hemisphere, so interpolation takes the short way.
      if (previous && q[0] * previous[0] + q[1] * previous[1] + q[2] * previous[2] + q[3] * previous[3] < 0) q = [-q[0], -q[1], -q[2], -q[3]];
      rotations.set(q, k * 4);
      previous = q;
    });
    const channel: BodyAnimation['channels'][number] = { joint, times, rotations };
    if (isRoot) {
      const translations = new Float32Array(count * 3);
      frames.forEach((f, k) => translations.set([bone.head[0] + f.rootOffset[0], bone.head[1] + f.rootOffset[1], bone.head[2] + f.rootOffset[2]], k * 3));
      channel.translations = translations;
    }
    channels.push(channel);
  }
  return { name, channels, duration, rootSpeed };
}

/**
 * The pose of a clip at a time (keys interpolated as glTF's LINEAR does, rotations normalised), as
 * poseBody takes it, with the root's offset from its rest place: poseBody then adding the offset to
 * every vertex gives the frame.
 *
 * ```ts
 * const { rotations, rootOffset } = bodyAnimationPoseAt(walk, skeleton, 0.4);
 * const posed = poseBody(body.positions, skeleton, weights, rotations);
 * ```
 */
export function bodyAnimationPoseAt(animation: BodyAnimation, skeleton: Skeleton, time: number): { rotations: BoneRotations; rootOffset: Vec3 } {
  const rotations: BoneRotations = {};
  let rootOffset: Vec3 = [0, 0, 0];
  for (const channel of animation.channels) {
    const { times } = channel;
    const t = ((time % animation.duration) + animation.duration) % animation.duration;
    let k = 0;
    while (k + 2 < times.length && times[k + 1] <= t) k++;
    const s = Math.min(1, Math.max(0, (t - times[k]) / (times[k + 1] - times[k])));
    const bone = skeleton.bones[channel.joint];
    if (channel.rotations) {
      const r = channel.rotations;
      const q: Quat = normalize([0, 1, 2, 3].map((i) => r[k * 4 + i] * (1 - s) + r[k * 4 + 4 + i] * s) as Quat);
      rotations[bone.name] = toAxisAngle(q);
    }
    if (channel.translations) {
      const tr = channel.translations;
      rootOffset = [0, 1, 2].map((i) => tr[k * 3 + i] * (1 - s) + tr[k * 3 + 3 + i] * s - bone.head[i]) as Vec3;
    }
  }
  return { rotations, rootOffset };
}

