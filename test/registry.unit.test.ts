import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { PIPELINE_NAMES, PIPELINES } from '../src/pipelines/catalogue/index.js';
import { pipelineOf, REGISTRY } from '../src/pipelines/registry.js';
import { checkYaw } from '../src/pipelines/turnedFace.js';
import { PipelineFailure } from '../src/pipelines/failure.js';
import { readHaircutIndex, readTextureIndex, readBlendshapeIndex } from '../src/pipelines/files.js';
import { exportFiles, exportParameters } from '../src/store/exports.js';
import { readBlendshapeTarget, writeBlendshapeTarget } from '../src/jobs/blendshapeTarget.js';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('the pipeline registry', () => {
  test('has one Pipeline per pipeline of the catalogue, under its own name, with the catalogue\'s subtypes and plan', () => {
    assert.deepEqual(Object.keys(REGISTRY), [...PIPELINE_NAMES]);
    for (const name of PIPELINE_NAMES) {
      const pipeline = pipelineOf(name);
      assert.equal(pipeline.name, name);
      assert.deepEqual(pipeline.subtypes, PIPELINES[name].subtypes);
      assert.equal(pipeline.plan, PIPELINES[name].plan);
    }
  });

  test('head_1.2 and head_2.0 bust/static merge the hair into the head; head_2.0\'s other subtypes and the full bodies make it a haircut; animated_face only when named', () => {
    for (const subtype of PIPELINES['head_1.2'].subtypes) assert.equal(pipelineOf('head_1.2').hairMode(subtype, []), 'merged');
    assert.equal(pipelineOf('head_2.0').hairMode('bust/static', []), 'merged');
    assert.equal(pipelineOf('head_2.0').hairMode('bust/mobile', []), 'separate');
    assert.equal(pipelineOf('head_2.0').hairMode('head/mobile', []), 'separate');
    assert.equal(pipelineOf('animated_face').hairMode('base/legacy', []), 'none');
    assert.equal(pipelineOf('animated_face').hairMode('base/legacy', [{ name: 'generated' }]), 'separate');
    // What an export may name before the avatar is computed follows the same rule.
    assert.deepEqual(PIPELINE_NAMES.flatMap((p) => PIPELINES[p].subtypes.filter((s) => pipelineOf(p).mayHaveGeneratedHaircut(s)).map((s) => `${p} ${s}`)),
      ['head_2.0 bust/mobile', 'head_2.0 head/mobile', 'body_0.3 female', 'body_0.3 male', 'body_0.3 mobile', 'persona_2.0 female', 'persona_2.0 male']);
  });

  test('animated_face has 9 levels of detail and both its subtypes use its base head; persona_2.0 stores one (its LOD1 and LOD2 are made at export); the others 8', () => {
    assert.equal(pipelineOf('animated_face').lodCount, 9);
    assert.equal(pipelineOf('animated_face').headModel('indie/legacy_styled'), 'animated_face base/legacy');
    assert.equal(pipelineOf('persona_2.0').lodCount, 1);
    for (const name of PIPELINE_NAMES.filter((p) => p !== 'animated_face' && p !== 'persona_2.0')) assert.equal(pipelineOf(name).lodCount, 8);
  });

  test('every pipeline makes a mesh and can be exported', () => {
    for (const name of ['animated_face', 'head_1.2', 'head_2.0', 'body_0.3', 'persona_2.0'] as const) {
      const pipeline = pipelineOf(name);
      assert.ok(pipeline.subtypes.every((s) => pipeline.headModel(s) !== undefined));
      assert.equal(pipeline.export.available, true);
    }
  });

  test('every full-body subtype has the bald head/mobile head, the photo\'s hair a haircut of its own: haircuts come through export parameters', () => {
    for (const body of [pipelineOf('body_0.3'), pipelineOf('persona_2.0')]) {
      for (const subtype of body.subtypes) {
        assert.equal(body.headModel(subtype), 'head_2.0 head/mobile');
        assert.equal(body.hairMode(subtype, []), 'separate');
      }
    }
  });
});

describe('stored JSON is read back through typed readers', () => {
  test('haircuts/index.json in its first form (identities only) reads as entries without gender', () => {
    assert.deepEqual(readHaircutIndex(json(['generated'])), [{ identity: 'generated', gender: null }]);
    assert.deepEqual(readHaircutIndex(json([{ identity: 'crew_cut', gender: 'male' }])), [{ identity: 'crew_cut', gender: 'male' }]);
  });

  test('a file of another shape fails with its name, not later with an undefined field', () => {
    assert.throws(() => readTextureIndex(json({ identity: 'model' })), /textures\/index\.json/);
    assert.throws(() => readTextureIndex(json([{ identity: 'model', extension: 'gif' }])), /textures\/index\.json/);
    assert.throws(() => readBlendshapeIndex(json([1])), /blendshapes\/index\.json/);
    assert.throws(() => exportParameters({ parameters: '{"avatar": {}}' }), /exports\.parameters/);
    assert.throws(() => exportFiles({ files: '[{"identity": "avatar"}]' }), /exports\.files/);
  });

  test('an export without files yet has none; a blendshapes job\'s target reads back as written', () => {
    assert.deepEqual(exportFiles({ files: null }), []);
    assert.deepEqual(readBlendshapeTarget(writeBlendshapeTarget({ fmt: 'glb', lod: 2 })), { fmt: 'glb', lod: 2 });
  });
});

describe('turned faces', () => {
  const degrees = (d: number): number => (d * Math.PI) / 180;

  test('head_1.2 ends Failed past 50° of yaw, naming the yaw and suggesting head_2.0 or a frontal photo', () => {
    assert.doesNotThrow(() => checkYaw(pipelineOf('head_1.2'), degrees(45)));
    assert.doesNotThrow(() => checkYaw(pipelineOf('head_1.2'), degrees(-50)));
    for (const yaw of [53, -53]) {
      assert.throws(() => checkYaw(pipelineOf('head_1.2'), degrees(yaw)), (err: Error) => {
        assert.ok(err instanceof PipelineFailure);
        assert.match(err.message, /turned 53°/);
        assert.match(err.message, /head_2\.0/);
        assert.match(err.message, /frontal photo/);
        return true;
      });
    }
  });

  test('head_2.0, which tolerates rotated persons, takes a profile', () => {
    assert.doesNotThrow(() => checkYaw(pipelineOf('head_2.0'), degrees(90)));
  });
});
