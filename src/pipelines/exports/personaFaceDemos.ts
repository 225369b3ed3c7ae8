import { faceDemo, FACE_DEMO_NAMES } from '../../assets/face/index.js';
import type { SceneAnimation, SceneJoint, SceneMesh, SceneMorphChannel } from '../../formats/scene.js';

/** The part whose blendshapes a face demo needs: without it, or without them, the demo is left out. */
const FACE = 'AvatarHead';

/** The index of an ARKit name among a mesh's targets: plain, or `mobile_51.<name>` when another set has the same name. */
function targetIndex(mesh: SceneMesh, name: string): number {
  return mesh.morphTargets.findIndex((t) => t.name === name || t.name === `mobile_51.${name}`);
}

/**
 * The creator's face demos (`FaceDemo_001` to `FaceDemo_005`, assets/face) as clips of an export's
 * parts: each drives the mobile_51 weights of every part that carries them (the head, the lashes,
 * the teeth, the eyeballs and corneas with their eyeLook* turns; a part none of whose targets the
 * demo moves anything with is left out), every other target held at its resting weight, and turns
 * the `Head` joint. A demo is made only when `AvatarHead` is exported with
 * every blendshape it moves (the export listed `mobile_51`): the demo is those weights, and adding
 * blendshapes the export did not ask for would change what it is.
 *
 * ```ts
 * scene.animations.push(...faceDemoAnimations(scene.meshes, scene.skeleton));
 * ```
 */
export function faceDemoAnimations(meshes: readonly SceneMesh[], joints: readonly SceneJoint[] = []): SceneAnimation[] {
  const face = meshes.find((m) => m.name === FACE);
  if (!face) return [];
  const headJoint = joints.findIndex((j) => j.name === 'Head');
  // A target that moves nothing (the upper teeth's jawOpen: they stay on the skull) needs no keys.
  const moves = new Map(meshes.map((m) => [m, m.morphTargets.map((t) => t.positions.some((d) => d !== 0))]));
  const out: SceneAnimation[] = [];
  for (const name of FACE_DEMO_NAMES) {
    const demo = faceDemo(name);
    if ([...demo.weights.keys()].some((shape) => targetIndex(face, shape) < 0)) continue;
    const keys = demo.times.length;
    const morphChannels: SceneMorphChannel[] = [];
    for (const mesh of meshes) {
      const driven = [...demo.weights].map(([shape, values]) => [targetIndex(mesh, shape), values] as const).filter(([i]) => i >= 0 && moves.get(mesh)![i]);
      if (!driven.length) continue;
      const count = mesh.morphTargets.length;
      const weights = new Float32Array(keys * count);
      for (let k = 0; k < keys; k++) for (let i = 0; i < count; i++) weights[k * count + i] = mesh.morphWeights?.[i] ?? 0;
      for (const [i, values] of driven) for (let k = 0; k < keys; k++) weights[k * count + i] = values[k];
      morphChannels.push({ mesh: mesh.name, times: demo.times, weights });
    }
    const channels = headJoint >= 0 ? [{ joint: headJoint, times: demo.times, rotations: demo.head }] : [];
    out.push({ name, channels, morphChannels });
  }
  return out;
}

/**
 * The clips of an export as chosen. A face demo listed with a body clip keeps only its blendshape
 * weights: both turn the `Head` joint, and an engine playing two clips at once would mix the two
 * head turns as it likes. Without its head turn the demo touches no channel of the body clip, so
 * any engine plays the two together the same way: the body's head with the demo's face. This is
 * what the creator's viewer shows when a demo plays over a walk.
 */
export function faceDemosOverBody(clips: readonly SceneAnimation[]): SceneAnimation[] {
  const isDemo = (c: SceneAnimation) => (FACE_DEMO_NAMES as readonly string[]).includes(c.name);
  if (!clips.some((c) => !isDemo(c))) return [...clips];
  return clips.map((c) => (isDemo(c) ? { ...c, channels: [] } : c));
}
