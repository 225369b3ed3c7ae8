import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import type { Scene, SceneJoint } from './scene.js';

/** Local rest matrices composed down the skeleton (parents come first). */
function worldMatrices(skeleton: readonly SceneJoint[]): Matrix4[] {
  const world: Matrix4[] = [];
  for (const joint of skeleton) {
    const local = new Matrix4().compose(new Vector3(...joint.translation), new Quaternion(...joint.rotation), new Vector3(1, 1, 1));
    world.push(joint.parent < 0 ? local : new Matrix4().multiplyMatrices(world[joint.parent], local));
  }
  return world;
}

/**
 * The scene with the first frame of clip `clip` as its bind pose (the creator's animationAsBindPose):
 * the joints' rest transforms become that frame's, and every skinned mesh is skinned into it, so the
 * file opens in the pose instead of the T-pose and its clips still play (their keys are the joints'
 * own transforms, which do not depend on the rest pose). Positions take the blended joint matrices,
 * normals and morph target offsets their linear part (normals renormalised). Throws when the scene
 * has no skeleton or no such clip.
 *
 * ```ts
 * const posed = sceneBindPose(scene, 'Male_Pose_03');
 * ```
 */
export function sceneBindPose(scene: Scene, clip: string): Scene {
  const skeleton = scene.skeleton;
  if (!skeleton?.length) throw new Error('the scene has no skeleton to pose');
  const animation = scene.animations?.find((a) => a.name === clip);
  if (!animation) throw new Error(`the scene has no clip "${clip}"`);
  const posed: SceneJoint[] = skeleton.map((j) => ({ ...j, translation: [...j.translation], rotation: [...j.rotation] }));
  for (const channel of animation.channels) {
    const joint = posed[channel.joint];
    if (channel.rotations) joint.rotation = [channel.rotations[0], channel.rotations[1], channel.rotations[2], channel.rotations[3]];
    if (channel.translations) joint.translation = [channel.translations[0], channel.translations[1], channel.translations[2]];
  }
  const rest = worldMatrices(skeleton);
  const pose = worldMatrices(posed);
  // What each joint does to a vertex bound at rest: from rest space into the pose.
  const skinning = pose.map((m, i) => new Matrix4().multiplyMatrices(m, rest[i].clone().invert()));
  const meshes = scene.meshes.map((part) => {
    if (!part.skin) return part;
    const { joints, weights } = part.skin;
    const { positions, normals } = part.mesh;
    const count = positions.length / 3;
    const outPositions = new Float32Array(positions.length);
    const outNormals = normals && new Float32Array(normals.length);
    const targets = part.morphTargets.map((t) => ({ ...t, positions: new Float32Array(t.positions.length), normals: t.normals && new Float32Array(t.normals.length) }));
    const blended = new Matrix4();
    const linear = new Matrix3();
    const v = new Vector3();
    for (let i = 0; i < count; i++) {
      const e = blended.elements.fill(0);
      for (let k = 0; k < 4; k++) {
        const w = weights[i * 4 + k];
        if (w === 0) continue;
        const m = skinning[joints[i * 4 + k]].elements;
        for (let c = 0; c < 16; c++) e[c] += w * m[c];
      }
      linear.setFromMatrix4(blended);
      v.fromArray(positions, i * 3).applyMatrix4(blended).toArray(outPositions, i * 3);
      if (normals && outNormals) v.fromArray(normals, i * 3).applyMatrix3(linear).normalize().toArray(outNormals, i * 3);
      part.morphTargets.forEach((t, n) => {
        v.fromArray(t.positions, i * 3).applyMatrix3(linear).toArray(targets[n].positions, i * 3);
        const tn = t.normals, out = targets[n].normals;
        if (tn && out) v.fromArray(tn, i * 3).applyMatrix3(linear).toArray(out, i * 3);
      });
    }
    return { ...part, mesh: { ...part.mesh, positions: outPositions, normals: outNormals }, morphTargets: targets };
  });
  return { ...scene, meshes, skeleton: posed };
}
