import { Matrix4, Quaternion, Vector3 } from 'three';
import type { Buffer, Document, Node, Skin } from '@gltf-transform/core';
import type { SceneAnimation, SceneJoint } from '../scene.js';

/** The joint nodes of a skeleton, in Scene.skeleton order, and their inverse bind matrices. */
export interface GltfSkeleton {
  joints: Node[];
  /** Joints without a parent joint; the caller hangs them under the model's root node. */
  roots: Node[];
  /** Column-major 4×4 per joint: the inverse of its rest-pose world matrix. */
  inverseBind: Float32Array;
}

/**
 * Joint nodes with their rest-pose TRS, parented as in the skeleton. The inverse bind matrices are the
 * inverses of the joints' rest-pose world matrices; the root node above them carries no transform.
 */
export function createSkeleton(document: Document, skeleton: SceneJoint[]): GltfSkeleton {
  const joints = skeleton.map((joint) =>
    document.createNode(joint.name).setTranslation(joint.translation).setRotation(joint.rotation),
  );
  const roots: Node[] = [];
  const world: Matrix4[] = [];
  const inverseBind = new Float32Array(skeleton.length * 16);
  skeleton.forEach((joint, i) => {
    if (joint.parent >= i) throw new Error(`glTF: joint "${joint.name}" comes before its parent`);
    const local = new Matrix4().compose(
      new Vector3(...joint.translation),
      new Quaternion(...joint.rotation),
      new Vector3(1, 1, 1),
    );
    if (joint.parent < 0) {
      roots.push(joints[i]);
      world.push(local);
    } else {
      joints[joint.parent].addChild(joints[i]);
      world.push(new Matrix4().multiplyMatrices(world[joint.parent], local));
    }
    // three.js and glTF both store matrices column-major.
    inverseBind.set(world[i].clone().invert().elements, i * 16);
  });
  return { joints, roots, inverseBind };
}

/** The one skin all skinned meshes share; its joint order is the skeleton order, so SceneSkin.joints index it directly. */
export function createSkin(document: Document, buffer: Buffer, skeleton: GltfSkeleton): Skin {
  const skin = document
    .createSkin('skeleton')
    .setInverseBindMatrices(document.createAccessor().setType('MAT4').setArray(skeleton.inverseBind).setBuffer(buffer));
  for (const joint of skeleton.joints) skin.addJoint(joint);
  if (skeleton.roots.length === 1) skin.setSkeleton(skeleton.roots[0]);
  return skin;
}

/**
 * glTF animations of the joint nodes and the meshes' blendshapes: one LINEAR sampler per rotation or
 * translation track, and per morph channel one on the mesh node's `weights`, whose output holds every
 * target's weight at each key (glTF wants them all, in the mesh's order).
 */
export function createAnimations(
  document: Document, buffer: Buffer, animations: SceneAnimation[], joints: Node[], meshes: ReadonlyMap<string, { node: Node; targets: number }>,
): void {
  for (const source of animations) {
    const animation = document.createAnimation(source.name);
    for (const channel of source.morphChannels ?? []) {
      const mesh = meshes.get(channel.mesh);
      if (!mesh || mesh.targets === 0) throw new Error(`glTF: animation "${source.name}" drives the blendshapes of "${channel.mesh}", which has none`);
      if (channel.weights.length !== channel.times.length * mesh.targets) {
        throw new Error(`glTF: animation "${source.name}" has ${channel.weights.length} weights for "${channel.mesh}", not ${channel.times.length} keys × ${mesh.targets} targets`);
      }
      const sampler = document
        .createAnimationSampler()
        .setInput(document.createAccessor().setType('SCALAR').setArray(channel.times).setBuffer(buffer))
        .setOutput(document.createAccessor().setType('SCALAR').setArray(channel.weights).setBuffer(buffer))
        .setInterpolation('LINEAR');
      animation.addSampler(sampler);
      animation.addChannel(document.createAnimationChannel().setTargetNode(mesh.node).setTargetPath('weights').setSampler(sampler));
    }
    for (const channel of source.channels) {
      const node = joints[channel.joint];
      if (!node) throw new Error(`glTF: animation "${source.name}" moves joint ${channel.joint}, which does not exist`);
      const times = document.createAccessor().setType('SCALAR').setArray(channel.times).setBuffer(buffer);
      const tracks: ['rotation' | 'translation', Float32Array | undefined, 'VEC4' | 'VEC3'][] = [
        ['rotation', channel.rotations, 'VEC4'],
        ['translation', channel.translations, 'VEC3'],
      ];
      for (const [path, values, type] of tracks) {
        if (!values) continue;
        const sampler = document
          .createAnimationSampler()
          .setInput(times)
          .setOutput(document.createAccessor().setType(type).setArray(values).setBuffer(buffer))
          .setInterpolation('LINEAR');
        animation.addSampler(sampler);
        animation.addChannel(document.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
      }
    }
  }
}
