import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { faceDemo, FACE_DEMO_NAMES, type FaceDemo } from '../src/assets/face/index.js';
import { faceDemoAnimations, faceDemosOverBody } from '../src/pipelines/exports/personaFaceDemos.js';
import type { SceneAnimation } from '../src/formats/scene.js';
import { MOBILE_51 } from '../src/library/blendshapeNames.js';
import type { SceneMesh } from '../src/formats/scene.js';

const peak = (demo: FaceDemo, name: string) => Math.max(0, ...(demo.weights.get(name as never) ?? []));
/** Local maxima above `floor`: how many times a weight comes up and goes down again. */
const rises = (values: Float32Array, floor: number) => {
  let count = 0;
  for (let k = 1; k + 1 < values.length; k++) if (values[k] > floor && values[k] >= values[k - 1] && values[k] > values[k + 1]) count++;
  return count;
};

describe('face demos', () => {
  test('each starts and ends on the face at rest and the head unturned, with every weight in [0, 1], at 30 keys a second', () => {
    for (const name of FACE_DEMO_NAMES) {
      const demo = faceDemo(name);
      assert.ok(demo.duration >= 3 && demo.duration <= 6, `${name} lasts ${demo.duration} s`);
      assert.equal(demo.times.length, Math.round(demo.duration * 30) + 1);
      for (const [shape, values] of demo.weights) {
        assert.ok(MOBILE_51.includes(shape));
        assert.equal(values[0], 0, `${name} ${shape} starts at ${values[0]}`);
        assert.equal(values[values.length - 1], 0, `${name} ${shape} ends at ${values[values.length - 1]}`);
        assert.ok(values.every((w) => w >= 0 && w <= 1), `${name} ${shape} leaves [0, 1]`);
      }
      const last = demo.head.length - 4;
      assert.deepEqual([...demo.head.subarray(0, 4)], [0, 0, 0, 1]);
      assert.deepEqual([...demo.head.subarray(last)], [0, 0, 0, 1]);
      for (let k = 0; k < demo.head.length; k += 4) assert.ok(Math.abs(Math.hypot(...demo.head.subarray(k, k + 4)) - 1) < 1e-6);
    }
  });

  test('each blinks, fully, at least once', () => {
    for (const name of FACE_DEMO_NAMES) {
      const demo = faceDemo(name);
      assert.ok(rises(demo.weights.get('eyeBlinkLeft')!, 0.9) >= 1 && peak(demo, 'eyeBlinkRight') === 1, name);
    }
  });

  test('001 smiles, 002 talks, 003 is surprised, 004 looks around, 005 frowns', () => {
    const [smile, talk, surprise, look, frown] = FACE_DEMO_NAMES.map(faceDemo);
    assert.ok(peak(smile, 'mouthSmileLeft') > 0.6 && peak(smile, 'cheekSquintRight') > 0.3);
    // Speech opens and closes the jaw syllable by syllable, and rounds and presses the lips.
    assert.ok(rises(talk.weights.get('jawOpen')!, 0.15) >= 8, `the jaw opens ${rises(talk.weights.get('jawOpen')!, 0.15)} times`);
    assert.ok(peak(talk, 'mouthPucker') > 0.5 && peak(talk, 'mouthPressLeft') > 0.3 && peak(talk, 'mouthRollLower') > 0.3);
    assert.ok(peak(surprise, 'browInnerUp') > 0.8 && peak(surprise, 'eyeWideLeft') > 0.6 && peak(surprise, 'jawOpen') > 0.3);
    // Both ways across: the left eye out and in, the right eye in and out; up and down.
    for (const shape of ['eyeLookOutLeft', 'eyeLookInLeft', 'eyeLookInRight', 'eyeLookOutRight', 'eyeLookUpLeft', 'eyeLookDownRight']) assert.ok(peak(look, shape) > 0.4, shape);
    assert.ok(peak(frown, 'mouthFrownLeft') > 0.8 && peak(frown, 'browDownRight') > 0.6);
  });

  test('as clips: every part with the names is driven, each key weighs every target of the part, others stay at rest', () => {
    const part = (name: string, targets: string[], rest: number[] = []): SceneMesh => ({
      name, mesh: { positions: new Float32Array(3), indices: new Uint32Array(0) },
      morphTargets: targets.map((t) => ({ name: t, positions: Float32Array.of(0, still.includes(t) ? 0 : 0.001, 0) })), morphWeights: rest,
    });
    let still: string[] = [];
    const head = part('AvatarHead', ['HeadHeight', ...MOBILE_51], [0.5]);
    const eye = part('AvatarLeftEyeball', ['eyeLookUpLeft', 'eyeLookDownLeft', 'eyeLookOutLeft', 'eyeLookInLeft']);
    const body = part('AvatarBody', ['Waist_increase']);
    const clips = faceDemoAnimations([head, eye, body], [{ name: 'Hips', parent: -1, translation: [0, 1, 0], rotation: [0, 0, 0, 1] }, { name: 'Head', parent: 0, translation: [0, 0.6, 0], rotation: [0, 0, 0, 1] }]);
    assert.deepEqual(clips.map((c) => c.name), [...FACE_DEMO_NAMES]);
    const look = clips[3];
    assert.deepEqual(look.morphChannels!.map((c) => c.mesh), ['AvatarHead', 'AvatarLeftEyeball']);
    const [onHead, onEye] = look.morphChannels!;
    assert.equal(onHead.weights.length, onHead.times.length * head.morphTargets.length);
    // HeadHeight, not in the demo, keeps its resting 0.5 at every key.
    for (let k = 0; k < onHead.times.length; k++) assert.equal(onHead.weights[k * head.morphTargets.length], 0.5);
    const demo = faceDemo('FaceDemo_004');
    const k = demo.times.findIndex((t) => t >= 1);
    assert.equal(onEye.weights[k * 4 + 2], demo.weights.get('eyeLookOutLeft')![k]);
    assert.deepEqual(look.channels.map((c) => c.joint), [1]);
    // A head without every name a demo moves gets no demo: the blink-only head has none.
    assert.deepEqual(faceDemoAnimations([part('AvatarHead', ['eyeBlinkLeft', 'eyeBlinkRight'])]), []);
    assert.deepEqual(faceDemoAnimations([eye]), []);
    // A part whose targets move nothing (the upper teeth's jawOpen) is not driven.
    still = [...MOBILE_51];
    const teeth = part('AvatarTeethUpper', [...MOBILE_51]);
    assert.deepEqual(faceDemoAnimations([head, teeth])[1].morphChannels!.map((c) => c.mesh), ['AvatarHead']);
  });

  test('over a body clip a demo keeps its blendshape weights and gives up its head turn; alone it keeps both', () => {
    const demo: SceneAnimation = { name: 'FaceDemo_002', channels: [{ joint: 1, times: Float32Array.of(0, 1), rotations: new Float32Array(8) }], morphChannels: [{ mesh: 'AvatarHead', times: Float32Array.of(0, 1), weights: new Float32Array(2) }] };
    const walk: SceneAnimation = { name: 'Female_Animation_WalkRelaxed', channels: [{ joint: 1, times: Float32Array.of(0, 1), rotations: new Float32Array(8) }] };
    const [alone] = faceDemosOverBody([demo]);
    assert.equal(alone.channels.length, 1);
    const [body, over] = faceDemosOverBody([walk, demo]);
    assert.equal(body, walk);
    assert.deepEqual([over.name, over.channels.length, over.morphChannels], ['FaceDemo_002', 0, demo.morphChannels]);
  });
});
