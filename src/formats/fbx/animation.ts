import type { SceneAnimation, SceneAnimationChannel } from '../scene.js';
import { block, double, ints, node, objectName, type FbxValue } from './node.js';
import type { ObjectGraph } from './objectGraph.js';
import { P, properties70 } from './properties.js';
import type { SkeletonIds } from './skin.js';
import type { BlendShapeChannel } from './blendShapes.js';
import { quaternionToEuler, type Vec3 } from './transform.js';

/** FBX time unit (KTime): ticks per second. */
export const KTIME_PER_SECOND = 46_186_158_000;
/** FbxAnimCurveDef::eInterpolationLinear: keys come from glTF's linear samplers. */
const INTERPOLATION_LINEAR = 0x4;

/** What `Takes` and `GlobalSettings` need to know of a written animation. */
export interface StackTimes {
  name: string;
  /** End of the animation in KTime ticks. */
  stop: bigint;
}

/**
 * One animation as an `AnimationStack` with one `AnimationLayer`; per animated joint an
 * `AnimationCurveNode` on its `Lcl Rotation` (Euler XYZ degrees, unwrapped so that consecutive keys
 * take the short way) and/or `Lcl Translation` (metres), each with one linear `AnimationCurve` per axis.
 * Linear Euler interpolation between keys is not quaternion slerp: dense keys (as from a glTF sampler)
 * keep the difference invisible. Blendshape weights go, as the FBX SDK and Blender write them, to an
 * `AnimationCurveNode` on the `BlendShapeChannel`'s `DeformPercent` (0 to 100), one curve each; a
 * target whose weight stays at its resting weight throughout gets none. `blendShapeChannels` are
 * the written channels per mesh name, in the targets' order (addBlendShapes).
 */
export function addAnimation(
  graph: ObjectGraph, animation: SceneAnimation, skeleton: SkeletonIds | undefined, blendShapeChannels: ReadonlyMap<string, readonly BlendShapeChannel[]> = new Map(),
): StackTimes {
  let stop = 0;
  for (const channel of [...animation.channels, ...(animation.morphChannels ?? [])]) if (channel.times.length) stop = Math.max(stop, channel.times[channel.times.length - 1]);
  const stopTicks = ticks(stop);
  const stack = graph.add((id) =>
    block('AnimationStack', [id, objectName(animation.name, 'AnimStack'), ''], [
      properties70(
        P.time('LocalStart', 0n), P.time('LocalStop', stopTicks),
        P.time('ReferenceStart', 0n), P.time('ReferenceStop', stopTicks),
      ),
    ]),
  );
  const layer = graph.add((id) => block('AnimationLayer', [id, objectName('BaseLayer', 'AnimLayer'), '']));
  graph.connect(layer, stack);
  for (const channel of animation.channels) {
    const model = skeleton?.models[channel.joint];
    if (model === undefined) throw new Error(`animation ${animation.name} moves joint ${channel.joint}, which does not exist`);
    if (channel.rotations) addCurves(graph, layer, model, 'R', 'Lcl Rotation', channel.times, eulerKeys(channel));
    if (channel.translations) addCurves(graph, layer, model, 'T', 'Lcl Translation', channel.times, channel.translations);
  }
  for (const channel of animation.morphChannels ?? []) {
    const targets = blendShapeChannels.get(channel.mesh) ?? [];
    if (!targets.length || channel.weights.length !== channel.times.length * targets.length) {
      throw new Error(`animation ${animation.name} has ${channel.weights.length} weights for ${channel.mesh}, which has ${targets.length} blend shapes over ${channel.times.length} keys`);
    }
    const keyTimes = BigInt64Array.from(channel.times, (t) => ticks(t));
    targets.forEach((target, i) => {
      const percent = Float32Array.from(channel.times, (_, k) => channel.weights[k * targets.length + i] * 100);
      if (percent.every((p) => p === Math.fround(target.weight * 100))) return;
      const curveNode = graph.add((id) =>
        block('AnimationCurveNode', [id, objectName('DeformPercent', 'AnimCurveNode'), ''], [properties70(P.number('d|DeformPercent', percent[0]))]),
      );
      graph.connect(curveNode, layer);
      graph.connect(curveNode, target.id, 'DeformPercent');
      const curve = graph.add((id) => curveRecord(id, keyTimes, percent));
      graph.connect(curve, curveNode, 'd|DeformPercent');
    });
  }
  return { name: animation.name, stop: stopTicks };
}

function eulerKeys(channel: SceneAnimationChannel): Float32Array {
  const q = channel.rotations!;
  const out = new Float32Array(channel.times.length * 3);
  let previous: Vec3 | undefined;
  for (let k = 0; k < channel.times.length; k++) {
    const euler = quaternionToEuler([q[k * 4], q[k * 4 + 1], q[k * 4 + 2], q[k * 4 + 3]], previous);
    out.set(euler, k * 3);
    previous = euler;
  }
  return out;
}

/** A curve node with three curves (x, y, z) from interleaved values, on one property of a model. */
function addCurves(
  graph: ObjectGraph, layer: number, model: number, nodeName: 'R' | 'T', property: string,
  times: Float32Array, xyz: Float32Array,
): void {
  const keyTimes = BigInt64Array.from(times, (t) => ticks(t));
  const axes = ['X', 'Y', 'Z'];
  const curveNode = graph.add((id) =>
    block('AnimationCurveNode', [id, objectName(nodeName, 'AnimCurveNode'), ''], [
      properties70(...axes.map((axis, a) => P.number(`d|${axis}`, xyz[a] ?? 0))),
    ]),
  );
  graph.connect(curveNode, layer);
  graph.connect(curveNode, model, property);
  axes.forEach((axis, a) => {
    const values = new Float32Array(times.length);
    for (let k = 0; k < times.length; k++) values[k] = xyz[k * 3 + a];
    const curve = graph.add((id) => curveRecord(id, keyTimes, values));
    graph.connect(curve, curveNode, `d|${axis}`);
  });
}

function curveRecord(id: FbxValue, keyTimes: BigInt64Array, values: Float32Array) {
  return block('AnimationCurve', [id, objectName('', 'AnimCurve'), ''], [
    node('Default', [double(values[0] ?? 0)]),
    node('KeyVer', [4009]),
    node('KeyTime', [{ type: 'l', value: keyTimes }]),
    node('KeyValueFloat', [{ type: 'f', value: values }]),
    // One attribute shared by all keys: flags, then four floats of tangent data (unused when linear).
    node('KeyAttrFlags', [ints([INTERPOLATION_LINEAR])]),
    node('KeyAttrDataFloat', [{ type: 'f', value: new Float32Array(4) }]),
    node('KeyAttrRefCount', [ints([values.length])]),
  ]);
}

function ticks(seconds: number): bigint {
  return BigInt(Math.round(seconds * KTIME_PER_SECOND));
}
