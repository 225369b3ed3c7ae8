import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  availableExportParameters,
  exportContext,
  exportParameterDefaults,
  PERSONA_EXPORT_SCHEMA,
  PIPELINES,
  resolveExportParameters,
  STANDARD_EXPORT_SCHEMA,
  type ExportContext,
  type ResolvedExport,
  type SectionField,
} from '../src/pipelines/catalogue/index.js';
import { haircutSet } from '../src/assets/haircuts/index.js';

/** An avatar as export parameters see it; the sets share `smile` to exercise qualified names. */
function context(over: Partial<ExportContext> = {}): ExportContext {
  return {
    pipeline: 'head_2.0',
    subtype: 'bust/mobile',
    plan: 'pro',
    haircuts: ['generated', 'chin_bob', 'ponytail', 'buzz_cut'],
    blendshapeSets: { mobile_51: ['jawOpen', 'eyeBlinkLeft', 'smile'], visemes_15: ['AA', 'sil', 'smile'] },
    textures: ['model', 'lips_mask', 'metallic_map', 'roughness_map'],
    lods: 8,
    ...over,
  };
}

function resolved(input: unknown, ctx = context()): ResolvedExport {
  const result = resolveExportParameters(input, ctx);
  assert.deepEqual(result.ok ? {} : result.errors, {});
  return (result as { value: ResolvedExport }).value;
}

function errorsOf(input: unknown, ctx = context()): Record<string, string[]> {
  const result = resolveExportParameters(input, ctx);
  assert.equal(result.ok, false, `expected errors for ${JSON.stringify(input)}`);
  return result.ok ? {} : result.errors;
}

describe('export parameter defaults', () => {
  test('head_1.2, head_2.0 and body_0.3 defaults are the spec table, with make_public and blendshapes.values added', () => {
    for (const pipeline of ['head_1.2', 'head_2.0', 'body_0.3'] as const) {
      for (const subtype of PIPELINES[pipeline].subtypes) {
        assert.deepEqual(exportParameterDefaults(pipeline, subtype), {
          format: 'gltf',
          embed: true,
          pointclouds: false,
          additional_textures: [],
          embed_textures: false,
          texture_size: null,
          template: '',
          lod: 0,
          make_public: false,
          haircuts: { list: [], format: null, embed: null, pointclouds: null, color: null, texture_size: null, embed_textures: null },
          outfits: { list: [], format: null, embed: null, pointclouds: null, additional_textures: [], texture_size: null, embed_textures: null },
          blendshapes: { list: [], format: null, embed: null, pointclouds: null, values: null },
        });
      }
    }
  });

  test('persona_2.0 defaults are the spec table', () => {
    const outfit = { list: [], format: null, embed: null, lod: null, textures: null, apply_visibility_masks: true };
    assert.deepEqual(exportParameterDefaults('persona_2.0', 'female'), {
      format: 'gltf',
      embed: true,
      lod: 'LOD1',
      split_vertices: false,
      export_quads: false,
      finalize: false,
      apply_visibility_masks: true,
      make_public: false,
      make_public_direct: false,
      textures: { list: [], profile: '2K.png', embed: false },
      avatar: {
        list: ['AvatarBody', 'AvatarLeftCornea', 'AvatarRightCornea', 'AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarEyelashes', 'AvatarHead', 'AvatarTeethLower', 'AvatarTeethUpper'],
        format: null,
        embed: null,
        lod: null,
        apply_visibility_masks: true,
        textures: { list: ['Color', 'GltfMetallicRoughness', 'Normal'], embed: null },
        remove_neck_layers: 0,
        colors: null,
        makeup: [],
        tattoos: [],
      },
      haircuts: { list: [], format: null, embed: null, lod: null, textures: null, color: null },
      outfits: outfit,
      outfits_top: outfit,
      outfits_bottom: outfit,
      outfits_shoes: outfit,
      // The persona glasses set and the creator's other slots, shaped as haircuts (docs/accessories.md).
      ...Object.fromEntries(['glasses', 'hats', 'earrings', 'necklaces', 'watches', 'bracelets', 'rings'].map((slot) => [slot, { list: [], format: null, embed: null, lod: null, textures: null, color: null }])),
      blendshapes: { list: [], values: null, embed: true },
      // Ours, for the creator's export overrides.
      animations: { list: null, bind_pose: false },
      model_json: false,
    });
  });

  test('the defaults are a copy: editing them does not change the next answer', () => {
    (exportParameterDefaults('head_1.2', 'base/mobile').haircuts as { list: string[] }).list.push('x');
    assert.deepEqual((exportParameterDefaults('head_1.2', 'base/mobile').haircuts as { list: string[] }).list, []);
  });

  test('sending the defaults back is the same as sending nothing', () => {
    assert.deepEqual(resolved(exportParameterDefaults('head_2.0', 'bust/mobile')), resolved({}));
    const ctx = context({ pipeline: 'persona_2.0', subtype: 'male', haircuts: ['HaircutGenerated'] });
    assert.deepEqual(resolveExportParameters(exportParameterDefaults('persona_2.0', 'male'), ctx), resolveExportParameters({}, ctx));
  });

  test('no parameters resolve to gltf, embedded, separate textures, source size, LOD 0 and nothing extra', () => {
    const part = { format: 'gltf', embed: true, embedTextures: false, pointclouds: false, textureSize: null, lod: 0, additionalTextures: [] };
    assert.deepEqual(resolved({}), {
      avatar: { ...part, template: '' },
      haircuts: { ...part, list: [], color: null },
      blendshapes: { ...part, list: [], values: null },
      outfits: { ...part, list: [] },
      makePublic: false,
    });
  });
});

describe('inheritance', () => {
  test('a top-level flag applies to every category and a category flag overrides it', () => {
    const value = resolved({ format: 'fbx', haircuts: { list: ['chin_bob'], format: 'glb' } });
    assert.equal(value.avatar.format, 'fbx');
    assert.equal(value.haircuts.format, 'glb');
    assert.equal(value.outfits.format, 'fbx');
    assert.equal(value.blendshapes.format, 'fbx');
  });

  test('null in a category inherits the top-level value', () => {
    const value = resolved({ format: 'fbx', embed: false, texture_size: { width: 1024, height: 512 }, haircuts: { format: null, embed: null, texture_size: null } });
    assert.equal(value.haircuts.format, 'fbx');
    assert.equal(value.haircuts.embed, false);
    assert.deepEqual(value.haircuts.textureSize, { width: 1024, height: 512 });
  });

  test('lod and pointclouds reach every part', () => {
    const value = resolved({ lod: 3, pointclouds: true, blendshapes: { pointclouds: false } });
    assert.deepEqual([value.avatar.lod, value.haircuts.lod, value.outfits.lod, value.blendshapes.lod], [3, 3, 3, 3]);
    assert.deepEqual([value.avatar.pointclouds, value.haircuts.pointclouds, value.blendshapes.pointclouds], [true, true, false]);
  });

  test('embed_textures is ignored for gltf, which always writes textures as separate files', () => {
    const value = resolved({ format: 'gltf', embed_textures: true, haircuts: { format: 'glb' } });
    assert.equal(value.avatar.embedTextures, false);
    assert.equal(value.haircuts.embedTextures, true);
  });

  test('lod and template are top-level only: a category is told so', () => {
    const errors = errorsOf({ haircuts: { lod: 2 }, blendshapes: { template: 'head' } });
    assert.match(errors['parameters.haircuts.lod'][0], /top-level key only/);
    assert.match(errors['parameters.blendshapes.template'][0], /top-level key only/);
  });
});

describe('lists and the conflict rule', () => {
  test('one haircut is exported, with its colour', () => {
    const value = resolved({ haircuts: { list: ['ponytail'], color: { red: 90, green: 50, blue: 20 } } });
    assert.deepEqual(value.haircuts.list, ['ponytail']);
    assert.deepEqual(value.haircuts.color, [90, 50, 20]);
  });

  test('two haircuts at once are refused on the list', () => {
    const errors = errorsOf({ haircuts: { list: ['generated', 'chin_bob'] } });
    assert.match(errors['parameters.haircuts.list'][0], /^only one haircut can be exported at a time, got 2: "/);
  });

  test('an unknown haircut is refused at its place in the list, with the name it most likely meant', () => {
    const errors = errorsOf({ haircuts: { list: ['chin_bop'] } });
    assert.deepEqual(errors, { 'parameters.haircuts.list[0]': ['unknown haircut "chin_bop"; did you mean "chin_bob"?'] });
    assert.match(errorsOf({ haircuts: { list: ['zzzzzzzzz'] } })['parameters.haircuts.list[0]'][0], /known: "generated", "chin_bob"/);
  });

  test('a haircut outside what the avatar can export is unknown to it', () => {
    const errors = errorsOf({ haircuts: { list: ['generated'] } }, context({ haircuts: ['chin_bob'] }));
    assert.match(errors['parameters.haircuts.list[0]'][0], /unknown haircut "generated"/);
  });

  test('without outfits to wear an avatar is told so, and head pipelines that they have none; two outfits name both', () => {
    assert.match(errorsOf({ outfits: { list: ['dress'] } })['parameters.outfits.list[0]'][0], /head_2\.0 avatars have no outfits/);
    const body = context({ pipeline: 'body_0.3', subtype: 'male' });
    assert.match(errorsOf({ outfits: { list: ['dress'] } }, body)['parameters.outfits.list[0]'][0], /no outfit library/);
    assert.deepEqual(errorsOf({ outfits: { list: ['a', 'b'] } }, context({ outfits: ['a', 'b'] })), {
      'parameters.outfits.list': ['only one outfit can be exported at a time, got 2: "a" and "b"'],
    });
    assert.deepEqual(resolved({ outfits: { list: ['a'] } }, context({ outfits: ['a', 'b'] })).outfits.list, ['a']);
  });

  test('a list must be an array, not null', () => {
    assert.match(errorsOf({ haircuts: { list: 'chin_bob' } })['parameters.haircuts.list'][0], /array of haircut names, got string/);
    assert.match(errorsOf({ haircuts: { list: null } })['parameters.haircuts.list'][0], /must not be null/);
  });
});

describe('blendshapes', () => {
  test('a list holds set names and single blendshapes, read as set/name', () => {
    const value = resolved({ blendshapes: { list: ['visemes_15', 'jawOpen', 'mobile_51/smile'] } });
    assert.deepEqual(value.blendshapes.list, ['visemes_15', 'mobile_51/jawOpen', 'mobile_51/smile']);
  });

  test('a bare name two sets hold must be qualified, and the error names both sets', () => {
    const errors = errorsOf({ blendshapes: { list: ['smile'] } });
    assert.deepEqual(errors, {
      'parameters.blendshapes.list[0]': ['"smile" is in several sets (mobile_51, visemes_15); name one, e.g. "mobile_51/smile"'],
    });
  });

  test('a single blendshape of a listed set adds nothing; the same entry twice is an error', () => {
    assert.deepEqual(resolved({ blendshapes: { list: ['mobile_51', 'jawOpen'] } }).blendshapes.list, ['mobile_51']);
    assert.match(errorsOf({ blendshapes: { list: ['jawOpen', 'mobile_51/jawOpen'] } })['parameters.blendshapes.list[1]'][0], /duplicate/);
  });

  test('unknown sets and names are refused with suggestions', () => {
    const errors = errorsOf({ blendshapes: { list: ['mobile_52', 'jawOpn', 'visemes_15/AAA', 'face/x'] } });
    assert.match(errors['parameters.blendshapes.list[0]'][0], /did you mean "mobile_51"/);
    assert.match(errors['parameters.blendshapes.list[1]'][0], /did you mean "jawOpen"/);
    assert.match(errors['parameters.blendshapes.list[2]'][0], /set "visemes_15" has no blendshape "AAA"; did you mean "AA"/);
    assert.match(errors['parameters.blendshapes.list[3]'][0], /unknown blendshape set "face"/);
  });

  test('values deform by set and name, within [-1, 2]', () => {
    const value = resolved({ blendshapes: { values: { mobile_51: { jawOpen: 0.3, smile: -1 }, visemes_15: {} } } });
    assert.deepEqual(value.blendshapes.values, { mobile_51: { jawOpen: 0.3, smile: -1 } });
    assert.equal(resolved({ blendshapes: { values: {} } }).blendshapes.values, null);
    const errors = errorsOf({ blendshapes: { values: { mobile_51: { jawOpen: 3, eyeBlinkLeftt: 0.5, smile: '1' }, mobile_5: {} } } });
    assert.deepEqual(errors['parameters.blendshapes.values.mobile_51.jawOpen'], ['must be a number in [-1, 2], got 3']);
    assert.match(errors['parameters.blendshapes.values.mobile_51.eyeBlinkLeftt'][0], /set "mobile_51" has no blendshape "eyeBlinkLeftt"; did you mean "eyeBlinkLeft"/);
    assert.deepEqual(errors['parameters.blendshapes.values.mobile_51.smile'], ['must be a number in [-1, 2], got string']);
    assert.match(errors['parameters.blendshapes.values.mobile_5'][0], /unknown blendshape set "mobile_5"; did you mean "mobile_51"/);
  });
});

describe('values and keys', () => {
  test('lod is an integer in [0, LODs - 1]', () => {
    assert.equal(resolved({ lod: 7 }).avatar.lod, 7);
    assert.deepEqual(errorsOf({ lod: 8 }), { 'parameters.lod': ['must be an integer in [0, 7] (0 is the most detailed), got 8'] });
    assert.match(errorsOf({ lod: -1 })['parameters.lod'][0], /\[0, 7\]/);
    assert.match(errorsOf({ lod: 1.5 })['parameters.lod'][0], /got number/);
    assert.match(errorsOf({ lod: 'LOD1' })['parameters.lod'][0], /got string/);
    assert.match(errorsOf({ lod: 3 }, context({ lods: 3 }))['parameters.lod'][0], /\[0, 2\]/);
  });

  test('wrong types name the expected type', () => {
    const errors = errorsOf({ embed: 'yes', texture_size: 1024, format: 7, haircuts: { color: { red: 256, green: 0, blue: 0 } } });
    assert.deepEqual(errors['parameters.embed'], ['must be true or false, got string']);
    assert.deepEqual(errors['parameters.texture_size'], ['must be a Size object {width, height}, got integer']);
    assert.deepEqual(errors['parameters.format'], ['must be one of "gltf", "glb", "fbx", got integer']);
    assert.deepEqual(errors['parameters.haircuts.color.red'], ['must be an integer in [0, 255]']);
  });

  test('unknown keys and values are errors with the one meant', () => {
    const errors = errorsOf({ fromat: 'glb', haircuts: { colour: null }, 'odd key': 1 });
    assert.deepEqual(errors['parameters.fromat'], ['unknown key; did you mean "format"?']);
    assert.deepEqual(errors['parameters.haircuts.colour'], ['unknown key; did you mean "color"?']);
    assert.match(errors['parameters["odd key"]'][0], /unknown key; keys: format, embed/);
    assert.deepEqual(errorsOf({ format: 'GLB' }), { 'parameters.format': ['unknown format "GLB"; did you mean "glb"?'] });
  });

  test('persona keys sent to another pipeline say where they belong', () => {
    assert.match(errorsOf({ textures: { list: [] } })['parameters.textures'][0], /persona_2\.0.*additional_textures/);
  });

  test('parameters must be an object', () => {
    assert.deepEqual(errorsOf([]), { parameters: ['must be a JSON object, got array'] });
  });

  test('templates: body_0.3 has default and head, head pipelines only the default', () => {
    assert.equal(resolved({ template: 'head' }, context({ pipeline: 'body_0.3', subtype: 'female' })).avatar.template, 'head');
    assert.match(errorsOf({ template: 'head' })['parameters.template'][0], /unknown template "head"; must be one of ""$/);
  });

  test('additional textures: unknown ones are errors, ones a part lacks are skipped', () => {
    assert.match(errorsOf({ additional_textures: ['glow_map'] })['parameters.additional_textures[0]'][0], /unknown texture "glow_map"/);
    const value = resolved({ additional_textures: ['model', 'lips_mask', 'metallic_map'] });
    assert.deepEqual(value.avatar.additionalTextures, ['lips_mask', 'metallic_map'], 'model is always there');
    assert.deepEqual(value.haircuts.additionalTextures, []);
    assert.deepEqual(value.outfits.additionalTextures, []);
    const body = context({ pipeline: 'body_0.3', subtype: 'male', textures: ['model', 'metallic_map'] });
    const bodyValue = resolved({ additional_textures: ['metallic_map', 'body_visibility_mask'] }, body);
    assert.deepEqual(bodyValue.avatar.additionalTextures, ['metallic_map']);
    assert.deepEqual(bodyValue.outfits.additionalTextures, ['metallic_map', 'body_visibility_mask']);
  });

  test('a pipeline without export parameters is refused', () => {
    assert.deepEqual(errorsOf({}, context({ pipeline: 'animated_face', subtype: 'base/legacy' })), { parameters: ['animated_face does not use export parameters'] });
  });
});

describe('make_public', () => {
  const MESSAGE = /^a public export is a single file, so it needs embed and embed_textures/;

  test('the defaults (gltf) cannot be public, and the error names what to change', () => {
    const [message] = errorsOf({ make_public: true })['parameters.make_public'];
    assert.match(message, MESSAGE);
    assert.match(message, /set format to "glb" or "fbx"/);
    assert.match(message, /set embed_textures to true/);
  });

  test('a haircut stored as its own file keeps an export from being public, naming the key that set it', () => {
    const own = errorsOf({ make_public: true, format: 'glb', embed_textures: true, haircuts: { list: ['chin_bob'], embed: false } });
    assert.match(own['parameters.make_public'][0], /set haircuts\.embed to true/);
    const inherited = errorsOf({ make_public: true, format: 'glb', embed_textures: true, embed: false, haircuts: { list: ['chin_bob'] } });
    assert.match(inherited['parameters.make_public'][0], /set embed to true/);
    const format = errorsOf({ make_public: true, format: 'glb', embed_textures: true, haircuts: { list: ['chin_bob'], format: 'gltf' } });
    assert.match(format['parameters.make_public'][0], /set haircuts\.format to "glb" or "fbx"/);
  });

  test('glb or fbx with embedded parts and textures can be public', () => {
    assert.equal(resolved({ make_public: true, format: 'glb', embed_textures: true }).makePublic, true);
    const value = resolved({ make_public: true, format: 'fbx', embed_textures: true, haircuts: { list: ['generated'] }, blendshapes: { list: ['mobile_51'] } });
    assert.equal(value.makePublic, true);
    // A category that exports nothing does not matter.
    assert.equal(resolved({ make_public: true, format: 'glb', embed_textures: true, outfits: { embed: false } }).makePublic, true);
  });
});

describe('persona_2.0 export parameters', () => {
  const persona = context({ pipeline: 'persona_2.0', subtype: 'female', plan: 'enterprise', haircuts: ['HaircutGenerated'] });

  test('a valid request resolves by the spec\'s rules: textures inherited from the top level and overridden per category, the top-level embed not the textures\'', () => {
    const input = {
      format: 'glb',
      lod: 'LOD2',
      textures: { list: ['Color', 'Normal', 'AO'], profile: '1K.webp', embed: true },
      avatar: { list: ['AvatarBody', 'AvatarHead'], textures: { list: ['Color'] } },
      haircuts: { list: ['HaircutGenerated'], color: { red: 1, green: 2, blue: 3 }, format: 'fbx' },
      outfits_top: { list: [], apply_visibility_masks: false },
      blendshapes: { list: ['mobile_51'], values: { mobile_51: { jawOpen: 1 } }, embed: false },
    };
    const result = resolveExportParameters(input, persona);
    assert.ok(result.ok);
    const p = result.value.persona!;
    assert.deepEqual(p.avatar.list, ['AvatarBody', 'AvatarHead']);
    assert.equal(p.avatar.lod, 'LOD2');
    assert.equal(p.avatar.format, 'glb');
    // The category's own list wins; its profile and embed come from the top level's section.
    assert.deepEqual(p.avatar.textures, { list: ['Color'], profile: '1K.webp', embed: true });
    // A category without a textures section takes the top level's whole.
    assert.deepEqual(p.haircuts.textures, { list: ['Color', 'Normal', 'AO'], profile: '1K.webp', embed: true });
    assert.equal(p.haircuts.format, 'fbx');
    assert.deepEqual(p.haircuts.color, [1, 2, 3]);
    assert.deepEqual(p.blendshapes, { list: ['mobile_51'], values: { mobile_51: { jawOpen: 1 } }, embed: false });
    // Nothing given: the spec's table.
    const none = resolveExportParameters({}, persona);
    assert.ok(none.ok);
    assert.deepEqual(none.value.persona!.avatar.textures, { list: ['Color', 'GltfMetallicRoughness', 'Normal'], profile: '2K.png', embed: false });
    assert.equal(none.value.persona!.avatar.lod, 'LOD1');
    assert.equal(none.value.persona!.avatar.format, 'gltf');
    // embed: true at the top level embeds the parts, not the textures.
    const embedded = resolveExportParameters({ format: 'glb', embed: true }, persona);
    assert.ok(embedded.ok);
    assert.equal(embedded.value.persona!.avatar.textures.embed, false);
  });

  test('our extensions: remove_neck_layers on a head-only export within its level\'s range, animations by gender, bind_pose naming a clip, model_json', () => {
    const head = ['AvatarHead', 'AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarEyelashes', 'AvatarTeethLower', 'AvatarTeethUpper'];
    const ok = resolveExportParameters({ lod: 'LOD1', avatar: { list: head, remove_neck_layers: 12 }, animations: { list: ['Female_Pose_03', 'Female_Animation_Idle'], bind_pose: true }, model_json: true }, persona);
    assert.ok(ok.ok);
    const p = ok.value.persona!;
    assert.deepEqual([p.avatar.removeNeckLayers, p.animations, p.modelJson], [12, { list: ['Female_Pose_03', 'Female_Animation_Idle'], bindPose: true }, true]);
    assert.deepEqual(p.request.animations, { list: ['Female_Pose_03', 'Female_Animation_Idle'], bind_pose: true });
    assert.match(errorsOf({ lod: 'LOD2', avatar: { list: head, remove_neck_layers: 9 } }, persona)['parameters.avatar.remove_neck_layers'][0], /\[0, 8\] at LOD2, got 9/);
    assert.match(errorsOf({ avatar: { list: head, remove_neck_layers: 13 } }, persona)['parameters.avatar.remove_neck_layers'][0], /integer in \[0, 12\], got 13/);
    assert.match(errorsOf({ avatar: { remove_neck_layers: 2 } }, persona)['parameters.avatar.remove_neck_layers'][0], /head-only export: leave AvatarBody out/);
    assert.match(errorsOf({ animations: { list: ['Male_Pose_07'] } }, persona)['parameters.animations.list[0]'][0], /unknown animation "Male_Pose_07"/);
    assert.match(errorsOf({ animations: { bind_pose: true } }, persona)['parameters.animations.bind_pose'][0], /first clip of animations.list/);
    assert.match(errorsOf({ animations: { list: ['FaceDemo_002'] } }, persona)['parameters.animations.list'][0], /FaceDemo_002 plays the head's mobile_51/);
    assert.equal(resolveExportParameters({ animations: { list: ['FaceDemo_002'] }, blendshapes: { list: ['mobile_51'] } }, persona).ok, true);
    assert.match(errorsOf({ model_json: 'yes' }, persona)['parameters.model_json'][0], /true or false/);
  });

  test('persona outfit sections: one item of their own set, inheriting lod, format, embed and textures as the avatar does; a full outfit with a top, bottom or shoes is a 400 naming both', () => {
    const ctx = exportContext('persona_2.0', 'female', 'enterprise');
    const result = resolveExportParameters({
      format: 'glb', lod: 'LOD2', apply_visibility_masks: false, textures: { list: ['Normal'], profile: '1K.jpg', embed: true },
      outfits_top: { list: ['top_navy_polo'], color: { red: 10, green: 20, blue: 30 }, apply_visibility_masks: true },
      outfits_bottom: { list: ['bottom_denim_shorts'], lod: 'LOD1', format: 'fbx', embed: false, textures: { profile: '4K.png' } },
      outfits_shoes: { list: ['shoes_tan_loafers'], textures: { list: ['RecoloringMask'], embed: false } },
    }, ctx);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.errors));
    const [top, bottom, shoes] = result.value.persona!.outfits;
    assert.deepEqual([top.section, top.identity, top.lod, top.format, top.embed, top.applyVisibilityMasks, top.color], ['outfits_top', 'top_navy_polo', 'LOD2', 'glb', true, true, [10, 20, 30]]);
    assert.deepEqual(top.textures, { list: ['Normal'], profile: '1K.jpg', embed: true });
    assert.deepEqual([bottom.lod, bottom.format, bottom.embed, bottom.applyVisibilityMasks, bottom.color], ['LOD1', 'fbx', false, false, null]);
    // The section's own textures keys win one by one; the rest come from the top level's section.
    assert.deepEqual(bottom.textures, { list: ['Normal'], profile: '4K.png', embed: true });
    assert.deepEqual(shoes.textures, { list: ['RecoloringMask'], profile: '1K.jpg', embed: false });
    // Rule 4, and each section's own set.
    const conflict = errorsOf({ outfits: { list: ['persona_summer_dress'] }, outfits_bottom: { list: ['bottom_khaki_chinos'] }, outfits_shoes: { list: ['shoes_tan_loafers'] } }, ctx);
    assert.deepEqual(Object.keys(conflict).sort(), ['parameters.outfits_bottom.list', 'parameters.outfits_shoes.list']);
    assert.match(conflict['parameters.outfits_bottom.list'][0], /"persona_summer_dress" \(outfits\) and "bottom_khaki_chinos" \(outfits_bottom\)/);
    assert.match(errorsOf({ outfits_top: { list: ['top_navy_polo', 'top_denim_shirt'] } }, ctx)['parameters.outfits_top.list'][0], /"top_navy_polo" and "top_denim_shirt"/);
    assert.match(errorsOf({ outfits_shoes: { list: ['top_navy_polo'] } }, ctx)['parameters.outfits_shoes.list[0]'][0], /unknown shoes "top_navy_polo"/);
    assert.match(errorsOf({ format: 'glb', make_public: true, textures: { embed: true }, outfits_top: { list: ['top_navy_polo'], embed: false } }, ctx)['parameters.make_public'][0], /outfits_top\.embed/);
  });

  test('finalize makes one file: parts, haircut and textures embedded, in any format; split_vertices changes nothing; export_quads and make_public_direct are taken', () => {
    const result = resolveExportParameters({ format: 'fbx', finalize: true, haircuts: { list: ['HaircutGenerated'], format: 'glb', embed: false } }, persona);
    assert.ok(result.ok);
    const p = result.value.persona!;
    assert.equal(p.avatar.embed, true);
    assert.equal(p.avatar.textures.embed, true);
    assert.deepEqual([p.haircuts.embed, p.haircuts.format], [true, 'fbx']);
    const gltf = resolveExportParameters({ finalize: true }, persona);
    assert.ok(gltf.ok && gltf.value.persona!.avatar.textures.embed && gltf.value.avatar.embedTextures, 'a finalized .gltf carries its textures as data: URIs');
    assert.equal(resolveExportParameters({ split_vertices: true }, persona).ok, true);
    const quads = resolveExportParameters({ export_quads: true, format: 'fbx' }, persona);
    assert.ok(quads.ok && quads.value.persona!.exportQuads);
    assert.equal(resolveExportParameters({ make_public_direct: true, format: 'glb', textures: { embed: true } }, persona).ok, true);
  });

  test('a public persona export must embed its textures, which gltf does as data: URIs', () => {
    const errors = errorsOf({ make_public: true }, persona);
    assert.match(errors['parameters.make_public'][0], /set textures\.embed to true/);
    assert.doesNotMatch(errors['parameters.make_public'][0], /format/);
    for (const format of ['gltf', 'glb', 'fbx']) assert.equal(resolveExportParameters({ make_public: true, format, textures: { embed: true } }, persona).ok, true, format);
  });

  test('shape errors come first, with paths', () => {
    const errors = errorsOf({ lod: 'LOD3', embed_textures: true, textures: { profile: '8K.png' }, avatar: { list: ['AvatarTail'] } }, persona);
    assert.match(errors['parameters.lod'][0], /unknown lod "LOD3"/);
    assert.match(errors['parameters.embed_textures'][0], /use textures\.embed/);
    assert.match(errors['parameters.textures.profile'][0], /4K, 2K or 1K/);
    assert.match(errors['parameters.avatar.list[0]'][0], /unknown avatar part "AvatarTail"/);
  });
});

describe('available export parameters', () => {
  test('they list formats, templates, the LOD range, textures, haircuts and blendshape sets', () => {
    const available = availableExportParameters(context()) as Record<string, any>;
    assert.deepEqual(available.format, ['gltf', 'glb', 'fbx']);
    assert.deepEqual(available.lod, [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.deepEqual(available.template, ['']);
    assert.deepEqual(available.additional_textures, ['lips_mask', 'metallic_map', 'roughness_map']);
    assert.deepEqual(available.haircuts.list, ['generated', 'chin_bob', 'ponytail', 'buzz_cut']);
    assert.deepEqual(available.blendshapes.list, ['mobile_51', 'visemes_15']);
    assert.deepEqual(available.blendshapes.values.visemes_15, ['AA', 'sil', 'smile']);
  });

  test('every value they offer is accepted', () => {
    for (const ctx of [context(), context({ pipeline: 'body_0.3', subtype: 'mobile' })]) {
      const a = availableExportParameters(ctx) as Record<string, any>;
      for (const format of a.format) {
        for (const lod of a.lod) {
          resolved({ format, lod, template: a.template.at(-1), additional_textures: a.additional_textures, haircuts: { list: [a.haircuts.list.at(-1)] }, blendshapes: { list: a.blendshapes.list }, outfits: { additional_textures: a.outfits.additional_textures } }, ctx);
        }
      }
    }
  });

  test('the schemas and the defaults agree: every default key is a schema key', () => {
    const keysOf = (schema: SectionField, value: Record<string, unknown>, path: string) => {
      for (const [k, v] of Object.entries(value)) {
        assert.ok(Object.hasOwn(schema.keys, k), `${path}.${k}`);
        const field = schema.keys[k];
        if (field.type === 'section' && v && typeof v === 'object') keysOf(field, v as Record<string, unknown>, `${path}.${k}`);
      }
    };
    keysOf(STANDARD_EXPORT_SCHEMA, exportParameterDefaults('head_1.2', 'base/legacy'), 'parameters');
    keysOf(PERSONA_EXPORT_SCHEMA, exportParameterDefaults('persona_2.0', 'male'), 'parameters');
  });
});

describe('docs/exports.md', () => {
  test('names every key of both schemas', () => {
    const doc = readFileSync(new URL('../../docs/exports.md', import.meta.url), 'utf8');
    const walk = (schema: SectionField) => {
      for (const [k, field] of Object.entries(schema.keys)) {
        assert.ok(doc.includes(`\`${k}\``) || doc.includes(`${k}:`), k);
        if (field.type === 'section') walk(field);
      }
    };
    walk(STANDARD_EXPORT_SCHEMA);
    walk(PERSONA_EXPORT_SCHEMA);
    assert.match(doc, /^## Export parameters$/m);
  });
});
