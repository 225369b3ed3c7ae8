import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  BODY_BLENDS, BODY_SHAPE_BLENDSHAPES, bodyAnimationPoseAt, bodyBlendAmount, bodyBlendMeasurement, bodyShapeBlendshapeDeltas,
  bodyShapeBlendshapes, bodySkeleton, bodySkinWeights, bodyTopology, heldPoseAnimation, HELD_POSES, idleAnimation, poseBody, poseSkeleton, solveBodyShape, walkAnimation,
  type BodyAnimation, type BodyBlendshapeDelta, type BoneRotations, type Skeleton, type SkinWeights, type SolvedBody, type Vec3,
} from '../src/assets/body/index.js';
import { meshSkinWeights, sceneJoints } from '../src/assets/body/index.js';
import { writeGltf } from '../src/formats/gltf/index.js';
import { validateGltf } from './support/models.js';
import { at, dot, faceNormal, flippedByPose as flippedBy, sub } from './support/bodyPose.js';


/** Triangles whose normal turned against their rest normal (a morph at rest: no bones involved). */
function flippedByMorph(rest: Float32Array, morphed: Float32Array, triangles: Uint32Array): number {
  let count = 0;
  for (let f = 0; f < triangles.length / 3; f++) if (dot(faceNormal(rest, triangles, f), faceNormal(morphed, triangles, f)) <= 0) count++;
  return count;
}

function morph(base: Float32Array, deltas: BodyBlendshapeDelta[], weight: (d: BodyBlendshapeDelta) => number): Float32Array {
  const out = Float32Array.from(base);
  for (const d of deltas) {
    const w = weight(d);
    if (w) for (let i = 0; i < out.length; i++) out[i] += w * d.delta[i];
  }
  return out;
}

interface Rig { label: string; solved: SolvedBody; skeleton: Skeleton; weights: SkinWeights; deltas: BodyBlendshapeDelta[] }
let rigs: Rig[];

before(() => {
  rigs = (['female', 'male'] as const).map((gender) => {
    const solved = solveBodyShape({ gender });
    const skeleton = bodySkeleton(solved.body.proportions);
    return { label: `mean ${gender}`, solved, skeleton, weights: bodySkinWeights(solved.body, skeleton), deltas: bodyShapeBlendshapeDeltas(solved) };
  });
});

describe('body_shape blendshapes', () => {
  test('there are 16, an increase and a decrease for each of the creator\'s 8 body blends, in its order', () => {
    assert.deepEqual(BODY_BLENDS, ['Body', 'Neck', 'Shoulders', 'Chest', 'Forearms', 'Waist', 'Hips', 'Legs']);
    assert.equal(BODY_SHAPE_BLENDSHAPES.length, 16);
    assert.deepEqual(BODY_SHAPE_BLENDSHAPES.slice(0, 4), ['Body_increase', 'Body_decrease', 'Neck_increase', 'Neck_decrease']);
    assert.deepEqual(rigs[0].deltas.map((d) => d.name), BODY_SHAPE_BLENDSHAPES);
  });

  test('as morph targets they cover every mesh vertex, with normal offsets, and follow the body vertices across UV seams', () => {
    const { solved, deltas } = rigs[0];
    const targets = bodyShapeBlendshapes(solved);
    assert.deepEqual(targets.map((t) => t.name), BODY_SHAPE_BLENDSHAPES);
    const { mesh, vertexOf } = solved.body;
    for (const [i, t] of targets.entries()) {
      assert.equal(t.positions.length, mesh.positions.length);
      assert.equal(t.normals!.length, mesh.positions.length);
      for (let m = 0; m < vertexOf.length; m += 97) {
        for (let k = 0; k < 3; k++) assert.equal(t.positions[m * 3 + k], deltas[i].delta[vertexOf[m] * 3 + k]);
      }
      // Moved normals stay unit-length.
      for (let m = 0; m < vertexOf.length; m += 97) {
        const n = [0, 1, 2].map((k) => mesh.normals![m * 3 + k] + t.normals![m * 3 + k]);
        assert.ok(Math.abs(Math.hypot(...n) - 1) < 1e-3);
      }
    }
  });

  test('every blend but Neck is zero on the neck ring, so the head weld never opens; Neck moves it', () => {
    const ring = bodyTopology().neckRing;
    for (const { deltas } of rigs) {
      for (const d of deltas) {
        const largest = Math.max(...ring.map((v) => Math.hypot(...at(d.delta, v))));
        if (d.blend === 'Neck') assert.ok(largest > 0.003, `${d.name} moves the ring by ${largest} m`);
        else assert.equal(largest, 0, d.name);
      }
    }
  });

  test('at weight 1 each changes its measurement by its documented amount (±20 %), and the other way for _decrease', () => {
    for (const { label, solved, deltas } of rigs) {
      const base = solved.body.positions, p = solved.body.proportions;
      for (const d of deltas) {
        const amount = d.sign * bodyBlendAmount(d.blend, solved);
        const change = bodyBlendMeasurement(d.blend, morph(base, [d], () => 1), p) - bodyBlendMeasurement(d.blend, base, p);
        assert.ok(Math.abs(change / amount - 1) <= 0.2, `${label} ${d.name}: ${change.toFixed(2)} cm for ${amount.toFixed(2)} cm`);
      }
    }
  });

  test('no triangle flips at ±1 for each blend, nor with all at +1, all at −1, or alternating', () => {
    for (const { label, solved, deltas } of rigs) {
      const { positions, triangles } = solved.body;
      for (const d of deltas) assert.equal(flippedByMorph(positions, morph(positions, [d], () => 1), triangles), 0, `${label} ${d.name}`);
      const mixes: [string, (d: BodyBlendshapeDelta) => number][] = [
        ['all +1', (d) => (d.sign > 0 ? 1 : 0)],
        ['all −1', (d) => (d.sign < 0 ? 1 : 0)],
        ['alternating', (d) => (BODY_BLENDS.indexOf(d.blend) % 2 === (d.sign > 0 ? 0 : 1) ? 1 : 0)],
        ['alternating the other way', (d) => (BODY_BLENDS.indexOf(d.blend) % 2 === (d.sign > 0 ? 1 : 0) ? 1 : 0)],
      ];
      for (const [name, weight] of mixes) assert.equal(flippedByMorph(positions, morph(positions, deltas, weight), triangles), 0, `${label} ${name}`);
    }
  });
});

/**
 * A triangle is flipped when its posed normal points against where its vertices' bones would carry
 * its rest normal (the same definition as the joint-range tests of bodyModel.unit.test.ts).
 */
function flippedByPose(rig: Rig, pose: BoneRotations): number {
  return flippedBy(rig.solved.body.positions, rig.solved.body.triangles, rig.skeleton, rig.weights, pose);
}

describe('procedural animations', () => {
  const clips = (rig: Rig): BodyAnimation[] => [walkAnimation(rig.skeleton), idleAnimation(rig.skeleton)];

  test('keys are unit quaternions at increasing times, on joints of the skeleton, and the root carries a translation', () => {
    for (const rig of rigs) {
      for (const clip of clips(rig)) {
        assert.ok(clip.channels.length > 20, clip.name);
        for (const c of clip.channels) {
          assert.ok(c.joint >= 0 && c.joint < rig.skeleton.bones.length);
          for (let k = 1; k < c.times.length; k++) assert.ok(c.times[k] > c.times[k - 1]);
          assert.ok(Math.abs(c.times[c.times.length - 1] - clip.duration) < 1e-6);
          const r = c.rotations!;
          for (let k = 0; k < r.length; k += 4) assert.ok(Math.abs(Math.hypot(r[k], r[k + 1], r[k + 2], r[k + 3]) - 1) < 1e-5);
        }
        assert.ok(clip.channels.find((c) => c.joint === 0)?.translations, `${clip.name}: Hips translation`);
      }
    }
  });

  test('each clip loops seamlessly: the last key is the first, and no key jumps from the one before', () => {
    for (const clip of clips(rigs[1])) {
      for (const c of clip.channels) {
        for (const values of [c.rotations, c.translations]) {
          if (!values) continue;
          const n = values.length / c.times.length;
          for (let i = 0; i < n; i++) assert.equal(values[values.length - n + i], values[i], `${clip.name} joint ${c.joint}`);
          if (values === c.rotations) {
            for (let k = 1; k < c.times.length; k++) {
              const d = [0, 1, 2, 3].reduce((s, i) => s + values[k * 4 + i] * values[k * 4 - 4 + i], 0);
              assert.ok(d > Math.cos((15 * Math.PI) / 360), `${clip.name} joint ${c.joint} key ${k}: a turn of more than 15° in one key`);
            }
          }
        }
      }
    }
  });

  test('the walk and the idle play without flipped triangles, with the soles never far below the floor and on it', () => {
    for (const rig of rigs) {
      for (const clip of clips(rig)) {
        const frames = clip.name === 'walk' ? 12 : 4;
        for (let i = 0; i < frames; i++) {
          const time = (clip.duration * i) / frames;
          const { rotations, rootOffset } = bodyAnimationPoseAt(clip, rig.skeleton, time);
          assert.equal(flippedByPose(rig, rotations), 0, `${rig.label} ${clip.name} at ${time.toFixed(2)} s`);
          const posed = poseBody(rig.solved.body.positions, rig.skeleton, rig.weights, rotations);
          let lowest = Infinity;
          for (let v = 1; v < posed.length; v += 3) lowest = Math.min(lowest, posed[v] + rootOffset[1]);
          assert.ok(lowest > -0.015, `${rig.label} ${clip.name} at ${time.toFixed(2)} s: ${(lowest * 100).toFixed(1)} cm below the floor`);
          assert.ok(lowest < 0.015, `${rig.label} ${clip.name} at ${time.toFixed(2)} s: floating ${(lowest * 100).toFixed(1)} cm above the floor`);
        }
      }
    }
  });

  test('every held pose (the creator\'s Pose names) holds without flipped triangles, feet on the floor, and differs from the others', () => {
    for (const rig of rigs) {
      const seen: string[] = [];
      for (const [name, pose] of Object.entries(HELD_POSES)) {
        const clip = heldPoseAnimation(rig.skeleton, pose, name);
        const { rotations, rootOffset } = bodyAnimationPoseAt(clip, rig.skeleton, 0.5);
        assert.equal(flippedByPose(rig, rotations), 0, `${rig.label} ${name}`);
        const posed = poseBody(rig.solved.body.positions, rig.skeleton, rig.weights, rotations);
        let lowest = Infinity;
        for (let v = 1; v < posed.length; v += 3) lowest = Math.min(lowest, posed[v] + rootOffset[1]);
        assert.ok(Math.abs(lowest) < 0.015, `${rig.label} ${name}: the soles ${(lowest * 100).toFixed(1)} cm from the floor`);
        // Distinct: the hands stand at least 10 cm from where every other pose puts them.
        const wrists = ['LeftHand', 'RightHand'].map((bone) => Array.from(poseSkeleton(rig.skeleton, rotations).heads[rig.skeleton.index.get(bone)!])).flat().join(',');
        for (const other of seen) {
          const a = wrists.split(',').map(Number), b = other.split(',').map(Number);
          assert.ok(Math.max(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]), Math.hypot(a[3] - b[3], a[4] - b[4], a[5] - b[5])) > 0.1, `${rig.label} ${name} looks like another pose`);
        }
        seen.push(wrists);
      }
    }
  });

  test('the walk and the idle play without flipped triangles on the spec\'s largest man with every body_shape blend at +1, and at −1', () => {
    const solved = solveBodyShape({ gender: 'male', height: 187, weight: 112, chest: 125, waist: 118, hips: 119 });
    const skeleton = bodySkeleton(solved.body.proportions);
    const deltas = bodyShapeBlendshapeDeltas(solved);
    const rig: Rig = { label: 'largest man', solved, skeleton, weights: bodySkinWeights(solved.body, skeleton), deltas };
    for (const sign of [1, -1]) {
      const morphed: Rig = { ...rig, solved: { ...solved, body: { ...solved.body, positions: morph(solved.body.positions, deltas, (d) => (d.sign === sign ? 1 : 0)) } } };
      for (const clip of [walkAnimation(skeleton), idleAnimation(skeleton)]) {
        for (let i = 0; i < 6; i++) {
          const time = (clip.duration * i) / 6;
          assert.equal(flippedByPose(morphed, bodyAnimationPoseAt(clip, skeleton, time).rotations), 0, `${clip.name} at ${time.toFixed(2)} s, all at ${sign}`);
        }
      }
    }
  });

  test('in the walk a flat standing foot moves back at the root speed, so with the root moving forward it stays planted', () => {
    const rig = rigs[1];
    const walk = walkAnimation(rig.skeleton);
    const foot = rig.skeleton.index.get('LeftFoot')!;
    // The left foot is flat from about 0.1 to 0.4 of the cycle.
    const placed = [0.14, 0.22, 0.3, 0.38].map((phase) => {
      const time = phase * walk.duration;
      const { rotations, rootOffset } = bodyAnimationPoseAt(walk, rig.skeleton, time);
      const ankle = poseSkeleton(rig.skeleton, rotations).heads[foot];
      return [ankle[0] + rootOffset[0], ankle[1] + rootOffset[1], ankle[2] + rootOffset[2] + walk.rootSpeed * time];
    });
    for (const p of placed) {
      assert.ok(Math.hypot(p[1] - placed[0][1], p[2] - placed[0][2]) < 0.01, `the ankle slides: ${JSON.stringify(placed)}`);
    }
    assert.ok(walk.rootSpeed > 0.7 && walk.rootSpeed < 1.5, `${walk.rootSpeed} m/s`);
  });

  test('in the walk the arms swing against the legs, and both come down from the T-pose', () => {
    for (const rig of rigs) {
      const walk = walkAnimation(rig.skeleton);
      const s = rig.skeleton;
      for (const phase of [0, 0.5]) {
        const { rotations } = bodyAnimationPoseAt(walk, s, phase * walk.duration);
        const heads = poseSkeleton(s, rotations).heads;
        const z = (name: string): number => heads[s.index.get(name)!][2];
        const leftLegAhead = z('LeftFoot') > z('RightFoot');
        assert.equal(z('LeftHand') < z('RightHand'), leftLegAhead, `${rig.label} at phase ${phase}`);
        for (const side of ['Left', 'Right']) {
          const shoulder = heads[s.index.get(`${side}Arm`)!], hand = heads[s.index.get(`${side}Hand`)!];
          assert.ok(shoulder[1] - hand[1] > 0.4, `${rig.label} ${side} hand is ${(shoulder[1] - hand[1]).toFixed(2)} m below the shoulder`);
        }
      }
    }
  });
});

describe('export', () => {
  test('a GLB of the body with its skin, the 16 body_shape morph targets and both clips passes the Khronos validator with 0 errors', async () => {
    const { solved, skeleton, weights } = rigs[0];
    const [file] = await writeGltf({
      name: 'body',
      meshes: [{ name: 'body', mesh: solved.body.mesh, morphTargets: bodyShapeBlendshapes(solved), skin: meshSkinWeights(weights, solved.body.vertexOf) }],
      skeleton: sceneJoints(skeleton),
      animations: [walkAnimation(skeleton), idleAnimation(skeleton)],
    }, { binary: true });
    const report = await validateGltf({ [file.name]: file.data }, file.name);
    assert.equal(report.errors, 0, report.messages.join('\n'));
  });
});
