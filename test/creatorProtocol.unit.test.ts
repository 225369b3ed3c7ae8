import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

/**
 * The creator's pure modules (creator/src, browser code run here as plain ES modules): the blends
 * table against the spec's ranges, creator values to morph weights and to `blendshapes.values`, and
 * set_export_parameters to REST export parameters.
 */
const load = (name: string) => import(pathToFileURL(join(process.cwd(), 'creator', 'src', name)).href);

test('blends: the spec ranges, morph weights and the values an export bakes', async () => {
  const { BLENDS, morphWeights, exportValues, readBlends } = await load('blends.js');
  assert.equal(BLENDS.length, 25);
  // Neutral everywhere: every weight 0, nothing to bake.
  assert.ok(Object.values(morphWeights({})).every((w) => w === 0));
  assert.equal(exportValues({}), null);
  assert.deepEqual(exportValues({ JawLine: 0, Body: -0.5, Legs: 1, NoseLength: -1, Squint: 0.25 }), {
    customisation: { JawLine: 1, NoseLength: -1, Squint: 0.25 },
    body_shape: { Body_decrease: 0.5, Legs_increase: 1 },
  });
  assert.deepEqual(readBlends([{ name: 'HeadHeight', value: 0 }, { name: 'EyesSize', value: -1 }]), { HeadHeight: 0, EyesSize: -1 });
  const outside: Array<[string, unknown, string]> = [['HeadHeight', -0.1, '0, 1'], ['Monolid', 1.5, '0, 1'], ['Waist', -1.01, '-1, 1'], ['LipsSize', '1', '-1, 1']];
  for (const [name, value, range] of outside) {
    assert.throws(() => readBlends([{ name, value }]), new RegExp(`${name} must be a number in \\[${range}\\]`));
  }
  assert.throws(() => readBlends([{ name: 'Nose', value: 0 }]), /unknown blend "Nose"/);
  assert.throws(() => readBlends({ name: 'Body' }), /blends must be an array/);
});

test('export parameters: checked keys, Desktop-only keys, REST parameters with a public link', async () => {
  const { readExportParameters, restParameters } = await load('exportParameters.js');
  assert.deepEqual(readExportParameters({ eventName: 'set_export_parameters', format: 'fbx', lod: 1, textureProfile: '2K.webp', useZip: false, typo: 1 }, 'mobile'), { format: 'fbx', lod: 1, textureProfile: '2K.webp', useZip: false });
  assert.deepEqual(readExportParameters({ headOnly: true }, 'mobile'), {}, 'Mobile has no headOnly');
  assert.deepEqual(readExportParameters({ headOnly: true }, 'desktop'), { headOnly: true });
  assert.throws(() => readExportParameters({ lod: 3 }, 'desktop'), /lod must be 1 or 2/);
  assert.throws(() => readExportParameters({ textureProfile: '8K.png' }, 'desktop'), /textureProfile must be one of/);
  const values = { customisation: { JawLine: 1 } };
  assert.deepEqual(restParameters({ format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: false }, { haircut: 'HaircutGenerated', values }), {
    format: 'glb', lod: 'LOD2', embed: true, textures: { profile: '1K.jpg', embed: true },
    haircuts: { list: ['HaircutGenerated'], embed: true }, blendshapes: { list: [], values, embed: true }, make_public_direct: true,
  });
  assert.equal(restParameters({ format: 'fbx', lod: 1, textureProfile: '1K.jpg', useZip: true }, { haircut: null, values: null }).make_public, true);
  assert.throws(() => restParameters({ format: 'gltf', lod: 1, textureProfile: '1K.jpg', useZip: true }, { haircut: null, values: null }), /gltf exports are not available/);
  assert.throws(() => restParameters({ format: 'glb', lod: 1, textureProfile: '1K.jpg', useZip: true, headOnly: true, animationName: 'Male_Pose_01' }, { haircut: null, values: null }), /not supported by the creator yet: headOnly, animationName/);
});
