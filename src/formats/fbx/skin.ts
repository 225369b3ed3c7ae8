import type { SceneJoint, SceneSkin } from '../scene.js';
import { block, double, doubles, long, node, objectName, type FbxNode } from './node.js';
import { modelRecord } from './model.js';
import type { ObjectGraph } from './objectGraph.js';
import { IDENTITY, invertRigid, multiply, quaternionToEuler, rigidMatrix, type Matrix } from './transform.js';

export interface SkeletonIds {
  /** Model id per joint, in Scene.skeleton order. */
  models: number[];
  /** Rest-pose world matrix per joint (metres). */
  worlds: Matrix[];
  names: string[];
}

/**
 * Joints as `LimbNode` models, each with a `Skeleton` node attribute (what makes Blender build an
 * armature and Unity a rig), parented by connections; the root joint hangs under `parent`.
 * Rest pose: `Lcl Translation` and `Lcl Rotation` (Euler XYZ degrees) relative to the parent joint.
 */
export function addSkeleton(graph: ObjectGraph, joints: SceneJoint[], parent: number): SkeletonIds {
  const models: number[] = [];
  const worlds: Matrix[] = [];
  joints.forEach((joint, i) => {
    if (joint.parent >= i) throw new Error(`joint ${joint.name} comes before its parent`);
    const model = graph.add((id) =>
      modelRecord(id, joint.name, 'LimbNode', joint.translation, quaternionToEuler(joint.rotation)),
    );
    const attribute = graph.add((id) =>
      block('NodeAttribute', [id, objectName(joint.name, 'NodeAttribute'), 'LimbNode'], [node('TypeFlags', ['Skeleton'])]),
    );
    graph.connect(attribute, model);
    graph.connect(model, joint.parent < 0 ? parent : models[joint.parent]);
    const local = rigidMatrix(joint.translation, joint.rotation);
    worlds.push(joint.parent < 0 ? local : multiply(worlds[joint.parent], local));
    models.push(model);
  });
  return { models, worlds, names: joints.map((j) => j.name) };
}

/**
 * A `Skin` deformer on the geometry with one `Cluster` per joint: the vertices it moves (`Indexes`,
 * `Weights`), the joint's world matrix at bind time (`TransformLink`) and the mesh's relative to it
 * (`Transform`; the mesh sits at the origin). Every joint gets a cluster, weighted or not, so that
 * readers that build the skeleton from clusters (three.js) see all joints.
 */
export function addSkin(graph: ObjectGraph, meshName: string, skin: SceneSkin, geometry: number, skeleton: SkeletonIds): void {
  const deformer = graph.add((id) =>
    block('Deformer', [id, objectName(meshName, 'Deformer'), 'Skin'], [
      node('Version', [101]),
      node('Link_DeformAcuracy', [double(50)]),
      node('SkinningType', ['Linear']),
    ]),
  );
  graph.connect(deformer, geometry);
  const influences = jointInfluences(skin, skeleton.models.length);
  skeleton.models.forEach((joint, j) => {
    const { indexes, weights } = influences[j];
    const cluster = graph.add((id) =>
      block('Deformer', [id, objectName(`${meshName} ${skeleton.names[j]}`, 'SubDeformer'), 'Cluster'], [
        node('Version', [100]),
        node('UserData', ['', '']),
        node('Indexes', [{ type: 'i', value: Int32Array.from(indexes) }]),
        node('Weights', [doubles(weights)]),
        node('Transform', [doubles(invertRigid(skeleton.worlds[j]))]),
        node('TransformLink', [doubles(skeleton.worlds[j])]),
      ]),
    );
    graph.connect(cluster, deformer);
    graph.connect(joint, cluster);
  });
}

/** Per joint, the vertices it weighs on and how much (a joint listed twice for a vertex is summed). */
function jointInfluences(skin: SceneSkin, jointCount: number): Array<{ indexes: number[]; weights: number[] }> {
  const out = Array.from({ length: jointCount }, () => ({ indexes: [] as number[], weights: [] as number[] }));
  const vertices = skin.joints.length / 4;
  for (let v = 0; v < vertices; v++) {
    for (let k = 0; k < 4; k++) {
      const weight = skin.weights[v * 4 + k];
      if (!(weight > 0)) continue;
      const joint = skin.joints[v * 4 + k];
      if (joint >= jointCount) throw new Error(`skin refers to joint ${joint} of ${jointCount}`);
      const entry = out[joint];
      if (entry.indexes[entry.indexes.length - 1] === v) entry.weights[entry.weights.length - 1] += weight;
      else {
        entry.indexes.push(v);
        entry.weights.push(weight);
      }
    }
  }
  return out;
}

/** The `BindPose`: world matrices of the skinned meshes (identity) and of every joint at bind time. */
export function addBindPose(graph: ObjectGraph, name: string, meshModels: number[], skeleton: SkeletonIds): void {
  const poseNode = (model: number, matrix: Matrix): FbxNode =>
    node('PoseNode', [], [node('Node', [long(model)]), node('Matrix', [doubles(matrix)])]);
  const nodes = [
    ...meshModels.map((model) => poseNode(model, IDENTITY)),
    ...skeleton.models.map((model, j) => poseNode(model, skeleton.worlds[j])),
  ];
  graph.add((id) =>
    block('Pose', [id, objectName(name, 'Pose'), 'BindPose'], [
      node('Type', ['BindPose']),
      node('Version', [100]),
      node('NbPoseNodes', [nodes.length]),
      ...nodes,
    ]),
  );
}
