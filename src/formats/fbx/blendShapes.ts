import type { SceneMesh, SceneMorphTarget } from '../scene.js';
import { block, double, doubles, node, objectName, type FbxNode, type FbxValue } from './node.js';
import type { ObjectGraph } from './objectGraph.js';

/**
 * Offsets below this (metres, per axis) count as unmoved and are left out of a shape: a micrometre,
 * well below float noise on a head-sized mesh, and it keeps ARKit shapes (which move a few thousand
 * vertices each) small.
 */
const MOVED = 1e-6;

/**
 * Morph targets as FBX blend shapes: a `BlendShape` deformer on the geometry, one `BlendShapeChannel`
 * per target (its name, exactly as given, is what Blender, Unity and three.js show), and under each
 * channel a `Shape` geometry holding only the moved vertices: their `Indexes` and `Vertices` offsets,
 * plus `Normals` offsets when the target has them. Returns the channels (id and resting
 * weight), in the targets' order: an animation keys their `DeformPercent`.
 */
export function addBlendShapes(graph: ObjectGraph, mesh: SceneMesh, geometry: number): BlendShapeChannel[] {
  if (mesh.morphTargets.length === 0) return [];
  const deformer = graph.add((id) =>
    block('Deformer', [id, objectName(mesh.name, 'Deformer'), 'BlendShape'], [node('Version', [100])]),
  );
  graph.connect(deformer, geometry);
  return mesh.morphTargets.map((target, i) => {
    const weight = mesh.morphWeights?.[i] ?? 0;
    const channel = graph.add((id) =>
      block('Deformer', [id, objectName(target.name, 'SubDeformer'), 'BlendShapeChannel'], [
        node('Version', [100]),
        node('DeformPercent', [double(weight * 100)]),
        node('FullWeights', [doubles([100])]),
      ]),
    );
    graph.connect(channel, deformer);
    const shape = graph.add((id) => shapeRecord(id, target));
    graph.connect(shape, channel);
    return { id: channel, weight };
  });
}

/** A written `BlendShapeChannel`: its object id and its weight at rest (0 to 1). */
export interface BlendShapeChannel {
  id: number;
  weight: number;
}

function shapeRecord(id: FbxValue, target: SceneMorphTarget): FbxNode {
  const { positions, normals } = target;
  const moved = new Int32Array(positions.length / 3);
  let count = 0;
  for (let v = 0, p = 0; p < positions.length; v++, p += 3) {
    if (Math.abs(positions[p]) > MOVED || Math.abs(positions[p + 1]) > MOVED || Math.abs(positions[p + 2]) > MOVED) moved[count++] = v;
  }
  // A shape that moves nothing still lists one vertex (0): readers handle empty index arrays unevenly.
  const indexes = moved.slice(0, Math.max(count, 1));
  const children = [
    node('Version', [100]),
    node('Indexes', [{ type: 'i', value: indexes }]),
    node('Vertices', [{ type: 'd', value: gather(positions, indexes) }]),
  ];
  if (normals) children.push(node('Normals', [{ type: 'd', value: gather(normals, indexes) }]));
  return block('Geometry', [id, objectName(target.name, 'Geometry'), 'Shape'], children);
}

function gather(values: Float32Array, indexes: Int32Array): Float64Array {
  const out = new Float64Array(indexes.length * 3);
  for (let i = 0; i < indexes.length; i++) {
    const from = indexes[i] * 3;
    out[i * 3] = values[from];
    out[i * 3 + 1] = values[from + 1];
    out[i * 3 + 2] = values[from + 2];
  }
  return out;
}
