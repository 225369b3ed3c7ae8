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
  const { emptyLook } = await load('look.js');
  assert.deepEqual(readExportParameters({ eventName: 'set_export_parameters', format: 'fbx', lod: 1, textureProfile: '2K.webp', useZip: false, typo: 1 }, 'mobile'), { format: 'fbx', lod: 1, textureProfile: '2K.webp', useZip: false });
  assert.deepEqual(readExportParameters({ headOnly: true }, 'mobile'), {}, 'Mobile has no headOnly');
  assert.deepEqual(readExportParameters({ headOnly: true }, 'desktop'), { headOnly: true });
  assert.throws(() => readExportParameters({ lod: 3 }, 'desktop'), /lod must be 1 or 2/);
  assert.throws(() => readExportParameters({ textureProfile: '8K.png' }, 'desktop'), /textureProfile must be one of/);
  const values = { customisation: { JawLine: 1 } };
  const all = ['AvatarBody', 'AvatarLeftCornea', 'AvatarRightCornea', 'AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarEyelashes', 'AvatarHead', 'AvatarTeethLower', 'AvatarTeethUpper'];
  assert.deepEqual(restParameters({ format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: false }, { look: emptyLook(), values }), {
    format: 'glb', lod: 'LOD2', embed: true, textures: { profile: '1K.jpg', embed: true }, avatar: { list: all },
    haircuts: { list: ['HaircutGenerated'], embed: true }, blendshapes: { list: [], values, embed: true }, make_public_direct: true,
  });
  const base = { format: 'fbx', lod: 1, textureProfile: '1K.jpg', useZip: true };
  const none = { look: emptyLook(), values: null };
  assert.equal(restParameters(base, none).make_public, true);
  // gltf behind one link is one self-contained .gltf (textures and buffer as data: URIs), in the zip or alone.
  assert.deepEqual([restParameters({ ...base, format: 'gltf' }, none).make_public, restParameters({ ...base, format: 'gltf' }, none).textures.embed], [true, true]);
  assert.equal(restParameters({ ...base, format: 'gltf', useZip: false }, none).make_public_direct, true);
});

test('Desktop overrides: each onto its REST key or our extension', async () => {
  const { readExportParameters, restParameters } = await load('exportParameters.js');
  const { emptyLook, wear, withColor } = await load('look.js');
  const base = { format: 'glb', lod: 1, textureProfile: '1K.jpg', useZip: true };
  const none = { look: emptyLook(), values: null };
  const rest = (m: Record<string, unknown>, extra: Record<string, unknown> = {}) => restParameters({ ...base, ...readExportParameters(m, 'desktop') }, { ...none, ...extra });
  // headOnly and removeTransparentCornea pick parts; removeNeckLayers is ours and needs headOnly.
  const head = rest({ headOnly: true, removeTransparentCornea: true, removeNeckLayers: 12 });
  assert.deepEqual(head.avatar, { list: ['AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarEyelashes', 'AvatarHead', 'AvatarTeethLower', 'AvatarTeethUpper'], remove_neck_layers: 12 });
  assert.throws(() => rest({ removeNeckLayers: 2 }), /needs headOnly/);
  assert.throws(() => rest({ headOnly: true, removeNeckLayers: 9, lod: 2 }), /\[0, 8\] at LOD2, got 9/);
  assert.throws(() => readExportParameters({ removeNeckLayers: 13 }, 'desktop'), /\[0, 12\]/);
  // animationName is what plays unless the message names one; a face demo brings mobile_51.
  assert.deepEqual(rest({ animationAsBindPose: true }, { playing: 'Male_Pose_03' }).animations, { list: ['Male_Pose_03'], bind_pose: true });
  assert.deepEqual(rest({ animationName: 'Male_Pose_A' }, { playing: 'Male_Pose_03' }).animations, { list: ['Male_Pose_A'], bind_pose: false });
  assert.equal(rest({}).animations, undefined, 'nothing playing, nothing named: every clip, as REST does');
  assert.deepEqual(rest({ animationName: 'FaceDemo_002' }).blendshapes.list, ['mobile_51']);
  assert.throws(() => rest({ animationAsBindPose: true }), /set animationName, or play an animation/);
  // exportModelInfo is model.json in the zip.
  assert.equal(rest({ exportModelInfo: true }).model_json, true);
  assert.throws(() => rest({ exportModelInfo: true, useZip: false }), /set useZip to true/);
  assert.deepEqual(readExportParameters({ exportModelInfo: true, headOnly: true, exportTemplateJson: '{}' }, 'mobile'), { exportModelInfo: true }, 'Mobile: no headOnly, no template');
  // exportTemplateJson: slots onto their sections, textures embedded as a public export needs.
  const template = JSON.stringify({ avatar: { textures: { profile: '2K.png', list: ['Color', 'Normal'] } }, haircuts: { textures: { list: ['Color', 'Alpha'] } }, outfits: { apply_visibility_masks: false }, hats: { textures: { profile: '1K.png' } } });
  const templated = rest({ exportTemplateJson: template });
  assert.deepEqual(templated.avatar.textures, { profile: '2K.png', list: ['Color', 'Normal'], embed: true });
  assert.deepEqual(templated.haircuts, { list: ['HaircutGenerated'], embed: true, textures: { list: ['Color', 'Alpha'], embed: true } });
  assert.deepEqual(templated.outfits, { list: [], apply_visibility_masks: false });
  // An accessory slot with nothing worn is an empty section, valid and applying to nothing; with a hat worn, the hat's textures.
  assert.deepEqual(templated.hats, { list: [], textures: { profile: '1K.png', embed: true } });
  const hat = withColor(wear(emptyLook(), 'hats', 'felt_fedora'), 'hats', '#c81e28');
  const worn = rest({ exportTemplateJson: JSON.stringify({ hats: { textures: { profile: '1K.png', list: ['Color', 'Normal'] } }, glasses: { textures: { list: ['Color'] } } }) }, { look: wear(hat, 'glasses', 'round_metal') });
  assert.deepEqual(worn.hats, { list: ['felt_fedora'], embed: true, color: { red: 200, green: 30, blue: 40 }, textures: { profile: '1K.png', list: ['Color', 'Normal'], embed: true } });
  assert.deepEqual(worn.glasses, { list: ['round_metal'], embed: true, textures: { list: ['Color'], embed: true } });
  assert.throws(() => readExportParameters({ exportTemplateJson: '{"shoes": {}}' }, 'desktop'), /unknown slot "shoes"/);
  assert.throws(() => readExportParameters({ exportTemplateJson: '{"avatar": {"format": "fbx"}}' }, 'desktop'), /avatar.format is not a template key/);
  assert.throws(() => readExportParameters({ exportTemplateJson: '{"avatar": {"textures": {"profile": "8K.png"}}}' }, 'desktop'), /textures.profile must be one of/);
  assert.throws(() => readExportParameters({ exportTemplateJson: '{' }, 'desktop'), /not JSON/);
  assert.equal(readExportParameters({ exportTemplateJson: '' }, 'desktop').exportTemplate, null);
});
