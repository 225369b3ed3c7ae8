import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  availableParameters,
  CATEGORIES,
  checkValue,
  defaultParameters,
  effectiveParameters,
  GROUP_NAMES,
  MODEL_INFO_FLAGS,
  modelInfoKeys,
  parametersOf,
  PARAMETERS,
  parseParametersField,
  PIPELINE_NAMES,
  PIPELINES,
  planAtLeast,
  planName,
  PLANS,
  validateParameters,
  type Category,
  type Plan,
  type ValueType,
} from '../src/pipelines/catalogue/index.js';
import { renderParametersMarkdown } from '../src/pipelines/catalogue/docs.js';
import { haircutSet } from '../src/assets/haircuts/index.js';

const head12 = (plan: Plan = 'plus', subtype = 'base/legacy') => ({ pipeline: 'head_1.2', subtype, plan });

function errorsOf(input: unknown, ctx: { pipeline: string; subtype: string; plan: Plan }): string[] {
  const result = validateParameters(input, ctx);
  assert.equal(result.ok, false, `expected errors for ${JSON.stringify(input)}`);
  return result.ok ? [] : result.errors;
}

function accepted(input: unknown, ctx: { pipeline: string; subtype: string; plan: Plan }) {
  const result = validateParameters(input, ctx);
  assert.deepEqual(result.ok ? [] : result.errors, []);
  return result.ok ? result.value : {};
}

/** A valid value of each type, to build requests from what the catalogue offers. */
function sample(t: ValueType): unknown {
  switch (t.type) {
    case 'flag': return true;
    case 'number': return 0.5;
    case 'integer': return 1000;
    case 'color': return { red: 10, green: 20, blue: 30 };
    case 'size': return { width: 512, height: 512 };
    case 'enum': return t.values[0];
  }
}

describe('plans', () => {
  test('plans are Plus, Pro and Enterprise, ascending', () => {
    assert.deepEqual([...PLANS], ['plus', 'pro', 'enterprise']);
    assert.deepEqual(PLANS.map(planName), ['Plus', 'Pro', 'Enterprise']);
    assert.ok(planAtLeast('pro', 'plus') && planAtLeast('pro', 'pro') && !planAtLeast('pro', 'enterprise'));
    assert.ok(planAtLeast('enterprise', 'plus') && !planAtLeast('plus', 'pro'));
  });
});

describe('pipelines', () => {
  test('the pipeline table lists subtypes, lowest plan and status as the spec does, chronologically', () => {
    assert.deepEqual(
      PIPELINE_NAMES.map((p) => [p, PIPELINES[p].subtypes.join(','), PIPELINES[p].plan, PIPELINES[p].status]),
      [
        ['animated_face', 'base/legacy,indie/legacy_styled', 'plus', 'deprecated'],
        ['head_1.2', 'base/legacy,base/mobile,base/static', 'plus', 'current'],
        ['head_2.0', 'bust/mobile,bust/static,head/mobile', 'pro', 'deprecated'],
        ['body_0.3', 'female,male,mobile', 'pro', 'deprecated'],
        ['persona_2.0', 'female,male', 'enterprise', 'current'],
      ],
    );
  });

  test('head_1.2, head_2.0, body_0.3 and persona_2.0 use export parameters; only body_0.3 omits the group level', () => {
    assert.deepEqual(PIPELINE_NAMES.filter((p) => PIPELINES[p].exportParameters), ['head_1.2', 'head_2.0', 'body_0.3', 'persona_2.0']);
    assert.deepEqual(PIPELINE_NAMES.filter((p) => !PIPELINES[p].groupLevel), ['body_0.3']);
  });
});

describe('the catalogue', () => {
  test('key-value parameters have a value type and enumerable names have none', () => {
    for (const p of PARAMETERS) assert.equal(p.value !== undefined, CATEGORIES[p.category].kind === 'key-value', `${p.category}.${p.name}`);
  });

  test('a name is unique within its category and never a group name, so body_0.3 can tell groups from names', () => {
    for (const category of Object.keys(CATEGORIES) as Category[]) {
      const names = parametersOf(category).map((p) => p.name);
      assert.equal(new Set(names).size, names.length, category);
      for (const name of names) assert.ok(!(GROUP_NAMES as readonly string[]).includes(name), `${category}.${name}`);
    }
  });

  test('every default is a valid value of its parameter', () => {
    for (const p of PARAMETERS.filter((p) => p.value && p.default !== undefined)) assert.deepEqual(checkValue(p.default, p.value!, p.name), []);
  });

  test('model_info flags are the eleven of the spec', () => {
    assert.deepEqual([...MODEL_INFO_FLAGS].sort(), [
      'age', 'body_shape_coeffs_10', 'eye_iris_color', 'eye_sclera_color', 'facial_landmarks_68', 'gender',
      'hair_color', 'lips_color', 'predict_haircut', 'race', 'skin_color',
    ]);
  });

  test('race reports race, race_confidence and races; haircut_full_info comes with predict_haircut on head_2.0 only', () => {
    assert.deepEqual(modelInfoKeys('head_1.2', ['race']), ['race', 'race_confidence', 'races']);
    assert.deepEqual(modelInfoKeys('head_2.0', ['predict_haircut']), ['haircut_name', 'haircut_full_info']);
    assert.deepEqual(modelInfoKeys('head_1.2', ['predict_haircut']), ['haircut_name']);
    assert.deepEqual(modelInfoKeys('head_1.2', [], { remove_smile: true, remove_glasses: false }), ['remove_smile']);
  });
});

describe('validating parameters', () => {
  test('a valid full head_1.2 request passes and comes back in catalogue order', () => {
    const input = {
      additional_textures: { base: ['lips_mask'], plus: ['metallic_map'] },
      model_info: { plus: ['age', 'race', 'facial_landmarks_68'] },
      blendshapes: { public: ['mobile_51', 'visemes_15'] },
      avatar_modifications: {
        plus: { add_glare: false, caricature_amount: 2.5, hair_color: { red: 0, green: 128, blue: 255 }, texture_size: { width: 2048, height: 1024 }, parametric_eyes_texture: true },
        pro: { remove_smile: true, remove_glasses: true },
      },
      shape_modifications: { indie: { 'cartoonish_v0.3': 0.4 }, plus: { 'cartoonish_v1.0': 0 } },
    };
    const value = accepted(input, head12('pro', 'base/mobile'));
    assert.deepEqual(Object.keys(value), ['blendshapes', 'model_info', 'avatar_modifications', 'shape_modifications', 'additional_textures']);
    assert.deepEqual(value.avatar_modifications, input.avatar_modifications);
  });

  test('absent or blank parameters mean {}, and invalid JSON says "not valid JSON"', () => {
    assert.deepEqual(parseParametersField(undefined), { ok: true, value: {} });
    assert.deepEqual(parseParametersField('  '), { ok: true, value: {} });
    const bad = parseParametersField('{"model_info":');
    assert.ok(!bad.ok && bad.errors.length === 1 && bad.errors[0].startsWith('not valid JSON: '), JSON.stringify(bad));
    assert.deepEqual(accepted({}, head12()), {});
  });

  test('the top level must be a JSON object', () => {
    assert.deepEqual(errorsOf([], head12()), ['must be a JSON object, got array']);
    assert.deepEqual(errorsOf('x', head12()), ['must be a JSON object, got string']);
    assert.deepEqual(errorsOf(null, head12()), ['must be a JSON object, got null']);
  });

  test('an unknown category is named', () => {
    assert.deepEqual(errorsOf({ modelinfo: {} }, head12()), ['modelinfo: unknown category; did you mean "model_info"?']);
    assert.match(errorsOf({ colors: {} }, head12())[0], /^colors: unknown category; categories: haircuts, /);
  });

  test('a category needs its group level: an array where groups are expected is refused', () => {
    assert.deepEqual(errorsOf({ model_info: ['age'] }, head12()), ['model_info: must be an object of availability groups, e.g. {"plus": [...]}, got array']);
    assert.deepEqual(errorsOf({ model_info: { plus: { age: true } } }, head12()), ['model_info.plus: must be an array of names, got object']);
    assert.deepEqual(errorsOf({ avatar_modifications: { plus: ['add_glare'] } }, head12()), ['avatar_modifications.plus: must be an object of name → value, got array']);
  });

  test('an unknown group is named, and a parameter written without its group is told where it goes', () => {
    assert.deepEqual(errorsOf({ avatar_modifications: { gold: {} } }, head12()), ['avatar_modifications: unknown group "gold"; groups of avatar_modifications: plus, pro']);
    assert.deepEqual(errorsOf({ avatar_modifications: { add_glare: true } }, head12()), [
      'avatar_modifications: unknown group "add_glare"; "add_glare" is a parameter of group "plus", write it inside {"plus": ...}',
    ]);
  });

  test('an unknown name is refused at its exact index, with a suggestion when one is close', () => {
    assert.deepEqual(errorsOf({ model_info: { plus: ['age', 'gender', 'agee'] } }, head12()), ['model_info.plus[2]: unknown flag "agee"; did you mean "age"?']);
    assert.deepEqual(errorsOf({ avatar_modifications: { plus: { add_glaer: true } } }, head12()), ['avatar_modifications.plus.add_glaer: unknown parameter; did you mean "add_glare"?']);
    assert.deepEqual(errorsOf({ blendshapes: { public: ['arkit'] } }, head12()), ['blendshapes.public[0]: unknown blendshape set "arkit"']);
  });

  test('a name placed in another group is told which group it belongs to', () => {
    assert.deepEqual(errorsOf({ model_info: { base: ['age'] } }, head12()), ['model_info.base[0]: "age" belongs to group "plus", not "base"']);
    assert.deepEqual(errorsOf({ avatar_modifications: { pro: { hair_color: { red: 1, green: 1, blue: 1 } } } }, head12('pro')), [
      'avatar_modifications.pro.hair_color: belongs to group "plus", not "pro"',
    ]);
  });

  test('names in an array must be strings and given once', () => {
    assert.deepEqual(errorsOf({ model_info: { plus: ['age', 3, 'age'] } }, head12()), [
      'model_info.plus[1]: must be a flag name (a string), got integer',
      'model_info.plus[2]: duplicate "age", already at model_info.plus[0]',
    ]);
  });

  test('a Pro parameter on the Plus plan is refused and the message names Pro', () => {
    const input = { avatar_modifications: { pro: { remove_smile: true } } };
    assert.deepEqual(errorsOf(input, head12('plus')), ['avatar_modifications.pro.remove_smile: needs the Pro plan']);
    accepted(input, head12('pro'));
    accepted(input, head12('enterprise'));
    assert.deepEqual(errorsOf({ avatar_modifications: { plus: { remove_smile: true } } }, head12('plus')), [
      'avatar_modifications.plus.remove_smile: belongs to group "pro" (needs the Pro plan), not "plus"',
    ]);
  });

  test('a Color channel is an integer in [0, 255]: 256, -1 and 1.5 are refused at the channel', () => {
    const color = (c: unknown) => ({ avatar_modifications: { plus: { hair_color: c } } });
    assert.deepEqual(errorsOf(color({ red: 256, green: -1, blue: 1.5 }), head12()), [
      'avatar_modifications.plus.hair_color.red: must be an integer in [0, 255]',
      'avatar_modifications.plus.hair_color.green: must be an integer in [0, 255]',
      'avatar_modifications.plus.hair_color.blue: must be an integer in [0, 255]',
    ]);
    assert.deepEqual(errorsOf(color({ red: '255', green: 0, blue: 0 }), head12()), ['avatar_modifications.plus.hair_color.red: must be an integer in [0, 255], got string']);
    accepted(color({ red: 255, green: 0, blue: 0 }), head12());
  });

  test('a Color has exactly red, green and blue', () => {
    const color = (c: unknown) => ({ avatar_modifications: { plus: { lips_color: c } } });
    assert.deepEqual(errorsOf(color({ red: 1, green: 2, blue: 3, alpha: 4 }), head12()), ['avatar_modifications.plus.lips_color.alpha: unknown key; a Color has only red, green, blue']);
    assert.deepEqual(errorsOf(color({ red: 1, green: 2 }), head12()), ['avatar_modifications.plus.lips_color: missing "blue"']);
    assert.deepEqual(errorsOf(color('#ff0000'), head12()), ['avatar_modifications.plus.lips_color: must be a Color object {red, green, blue}, got string']);
  });

  test('a Size has positive integer width and height: 0 is refused', () => {
    const size = (s: unknown) => ({ avatar_modifications: { plus: { texture_size: s } } });
    assert.deepEqual(errorsOf(size({ width: 0, height: 512 }), head12()), ['avatar_modifications.plus.texture_size.width: must be a positive integer']);
    assert.deepEqual(errorsOf(size({ width: 512, height: 512, depth: 1 }), head12()), ['avatar_modifications.plus.texture_size.depth: unknown key; a Size has only width, height']);
  });

  test('flags are booleans and numbers are numbers, strictly', () => {
    const mods = (m: unknown) => ({ avatar_modifications: { plus: m } });
    assert.deepEqual(errorsOf(mods({ add_glare: 1 }), head12()), ['avatar_modifications.plus.add_glare: must be true or false, got integer']);
    assert.deepEqual(errorsOf(mods({ caricature_amount: true }), head12()), ['avatar_modifications.plus.caricature_amount: must be a number in [0, +inf), got boolean']);
    assert.deepEqual(errorsOf(mods({ caricature_amount: -0.1 }), head12()), ['avatar_modifications.plus.caricature_amount: must be a number in [0, +inf)']);
    assert.deepEqual(errorsOf(mods({ caricature_amount: Number.NaN }), head12()), ['avatar_modifications.plus.caricature_amount: must be a number in [0, +inf), got number']);
    assert.deepEqual(errorsOf(mods({ add_glare: null }), head12()), ['avatar_modifications.plus.add_glare: must be true or false, got null']);
  });

  test('cartoonish on head_1.2 base/legacy is refused, naming the subtypes that support it', () => {
    const input = { shape_modifications: { indie: { 'cartoonish_v0.3': 0.5 } } };
    assert.deepEqual(errorsOf(input, head12()), [
      'shape_modifications.indie.cartoonish_v0.3: not available for head_1.2 base/legacy; supported on animated_face indie/legacy_styled, head_1.2 base/mobile, head_2.0 head/mobile, body_0.3 (all subtypes)',
    ]);
    accepted(input, head12('plus', 'base/mobile'));
  });

  test('an unknown pipeline or subtype is reported before the parameters', () => {
    assert.deepEqual(errorsOf({}, { pipeline: 'head_3.0', subtype: 'x', plan: 'plus' }), ['pipeline: unknown pipeline "head_3.0"']);
    assert.deepEqual(errorsOf({}, { pipeline: 'head_1.2', subtype: 'bust/mobile', plan: 'plus' }), [
      'pipeline_subtype: "bust/mobile" is not a subtype of head_1.2; subtypes: base/legacy, base/mobile, base/static',
    ]);
  });
});

describe('body_0.3 parameters', () => {
  const body = (subtype = 'male') => ({ pipeline: 'body_0.3', subtype, plan: 'pro' as Plan });

  test('body_0.3 omits the group level, and values are stored under their group', () => {
    const value = accepted({ body_shape: { gender: 'male', height: 182.5, weight: 80 }, blendshapes: ['body_shape', 'mobile_51'], model_info: ['body_shape_coeffs_10'] }, body());
    assert.deepEqual(value, {
      blendshapes: { public: ['mobile_51'], plus: ['body_shape'] },
      model_info: { plus: ['body_shape_coeffs_10'] },
      body_shape: { plus: { gender: 'male', height: 182.5, weight: 80 } },
    });
  });

  test('body_shape nested under plus is still accepted, as in the spec sample', () => {
    const value = accepted({ body_shape: { plus: { gender: 'female', height: 165, chest: 92, waist: 75, hips: 95 } } }, body('female'));
    assert.deepEqual(value, { body_shape: { plus: { gender: 'female', height: 165, chest: 92, waist: 75, hips: 95 } } });
  });

  test('body_shape values outside the spec intervals are accepted, but types are checked', () => {
    accepted({ body_shape: { height: 210, weight: 40 } }, body());
    assert.deepEqual(errorsOf({ body_shape: { gender: 'other', height: '180', weight: 0 } }, body()), [
      'body_shape.gender: must be one of "female", "male", "non_binary"',
      'body_shape.height: must be a number in (0, +inf), got string',
      'body_shape.weight: must be a number in (0, +inf)',
    ]);
  });

  test('a body_shape value given both with and without the group is a duplicate', () => {
    assert.deepEqual(errorsOf({ body_shape: { height: 180, plus: { height: 181 } } }, body()), ['body_shape.plus.height: duplicate, already at body_shape.height']);
  });

  test('body_shape is only for body_0.3', () => {
    assert.deepEqual(errorsOf({ body_shape: { plus: { height: 180 } } }, head12()), ['body_shape.plus.height: not available for head_1.2 base/legacy; supported on body_0.3 (all subtypes)']);
    assert.deepEqual(errorsOf({ blendshapes: { plus: ['body_shape'] } }, head12()), [
      'blendshapes.plus[0]: "body_shape" is not available for head_1.2 base/legacy; supported on body_0.3 (all subtypes), persona_2.0 (all subtypes)',
    ]);
  });
});

describe('haircuts', () => {
  const face = { pipeline: 'animated_face', subtype: 'base/legacy', plan: 'plus' as Plan };

  test('pipelines using export parameters do not name haircuts at creation', () => {
    for (const pipeline of ['head_1.2', 'head_2.0', 'body_0.3', 'persona_2.0']) {
      const ctx = { pipeline, subtype: PIPELINES[pipeline as 'head_1.2'].subtypes[0], plan: 'enterprise' as Plan };
      assert.deepEqual(errorsOf({ haircuts: { base: ['generated'] } }, ctx), [
        `haircuts: ${pipeline} uses export parameters, so haircuts are chosen in export parameters and not named at creation`,
      ]);
      accepted({ haircuts: {} }, ctx);
    }
  });

  test('animated_face names each haircut; the generated haircut is in the base set', () => {
    assert.deepEqual(accepted({ haircuts: { base: ['generated'] } }, face), { haircuts: { base: ['generated'] } });
    assert.deepEqual(errorsOf({ haircuts: { plus: ['generated'] } }, face), ['haircuts.plus[0]: "generated" belongs to group "base", not "plus"']);
  });

  test('library haircuts are named by identity in their set; unknown names are refused with the closest one', () => {
    const plus = { ...face, plan: 'plus' as const };
    assert.deepEqual(accepted({ haircuts: { base: ['chin_bob', 'generated'] } }, plus), { haircuts: { base: ['chin_bob', 'generated'] } });
    assert.deepEqual(errorsOf({ haircuts: { base: ['chin_bobb'] } }, plus), ['haircuts.base[0]: unknown haircut "chin_bobb" in set "base"; did you mean "chin_bob"?']);
    assert.deepEqual(errorsOf({ haircuts: { facegen: ['chin_bob'] } }, plus), ['haircuts.facegen[0]: "chin_bob" belongs to group "base", not "facegen"']);
  });

  test('haircut groups are the sets, and the persona set is only for persona_2.0', () => {
    assert.deepEqual(errorsOf({ haircuts: { public: ['generated'] } }, face), ['haircuts: unknown haircut set "public"; haircut sets: base, facegen, plus, persona']);
    assert.deepEqual(errorsOf({ haircuts: { persona: ['x'] } }, face), [
      'haircuts.persona: the persona haircut set is not available for animated_face base/legacy; it is for persona_2.0 (all subtypes)',
    ]);
  });
});

describe('available and default parameters', () => {
  test('available parameters for Plus lack the Pro-only names, and Enterprise has them', () => {
    const plus = availableParameters('head_1.2', 'base/legacy', 'plus');
    const enterprise = availableParameters('head_1.2', 'base/legacy', 'enterprise');
    assert.deepEqual(plus.avatar_modifications && 'pro' in plus.avatar_modifications, false);
    assert.deepEqual((enterprise.avatar_modifications as Record<string, string[]>).pro, ['remove_glasses', 'remove_smile', 'remove_stubble']);
    assert.ok((plus.avatar_modifications as Record<string, string[]>).plus.includes('hair_color'));
  });

  test('available parameters list names in every group, key-value ones included, and no haircuts for export pipelines', () => {
    const available = availableParameters('head_1.2', 'base/mobile', 'pro');
    assert.equal(available.haircuts, undefined);
    assert.deepEqual(available.shape_modifications, { indie: ['cartoonish_v0.3'], plus: ['cartoonish_v1.0'] });
    const haircuts = availableParameters('animated_face', 'base/legacy', 'plus').haircuts as Record<string, string[]>;
    assert.deepEqual(haircuts.base, ['generated', ...haircutSet('base').map((h) => h.identity)]);
    assert.equal(haircuts.facegen.length, 39);
    assert.equal(haircuts.plus.length, 50);
  });

  test('body_0.3 available parameters have no group level', () => {
    const available = availableParameters('body_0.3', 'mobile', 'pro');
    assert.deepEqual(available.body_shape, ['gender', 'height', 'weight', 'chest', 'waist', 'hips']);
    assert.ok(Array.isArray(available.model_info) && available.model_info.includes('body_shape_coeffs_10'));
  });

  test('everything offered to a plan validates for that plan, on every pipeline and subtype', () => {
    for (const pipeline of PIPELINE_NAMES) {
      for (const subtype of PIPELINES[pipeline].subtypes) {
        for (const plan of PLANS.filter((p) => planAtLeast(p, PIPELINES[pipeline].plan))) {
          const request: Record<string, unknown> = {};
          for (const [category, content] of Object.entries(availableParameters(pipeline, subtype, plan))) {
            const fill = (names: string[]) =>
              CATEGORIES[category as Category].kind === 'enumerable'
                ? names
                : Object.fromEntries(names.map((n) => [n, sample(parametersOf(category as Category).find((p) => p.name === n)!.value!)]));
            request[category] = Array.isArray(content) ? fill(content) : Object.fromEntries(Object.entries(content).map(([g, names]) => [g, fill(names)]));
          }
          accepted(request, { pipeline, subtype, plan });
        }
      }
    }
  });

  test('defaults include add_glare true, and the always-set flags of their subtypes', () => {
    assert.deepEqual(defaultParameters('head_1.2', 'base/legacy'), { avatar_modifications: { plus: { add_glare: true } } });
    assert.deepEqual(defaultParameters('animated_face', 'indie/legacy_styled'), {
      haircuts: { base: ['generated'] },
      avatar_modifications: { plus: { add_glare: true, parametric_eyes_texture: true } },
    });
    assert.deepEqual(defaultParameters('head_2.0', 'head/mobile'), { avatar_modifications: { plus: { repack_texture: true } } });
    assert.deepEqual(defaultParameters('persona_2.0', 'male'), { avatar_modifications: { plus: { age: 'adult', enhance_lighting: true }, pro: { remove_smile: true } } });
  });

  test('the default request of every pipeline and subtype validates on its lowest plan', () => {
    for (const pipeline of PIPELINE_NAMES) {
      for (const subtype of PIPELINES[pipeline].subtypes) accepted(defaultParameters(pipeline, subtype), { pipeline, subtype, plan: PIPELINES[pipeline].plan });
    }
  });

  test('add_glare is on unless turned off, and always-set flags win over false', () => {
    const ctx = { pipeline: 'animated_face', subtype: 'indie/legacy_styled', plan: 'plus' as Plan };
    const quiet = effectiveParameters(accepted({}, ctx), 'animated_face', 'indie/legacy_styled');
    assert.deepEqual(quiet.avatar_modifications, { add_glare: true, parametric_eyes_texture: true });
    const value = accepted({ avatar_modifications: { plus: { add_glare: false, parametric_eyes_texture: false } }, haircuts: { base: ['generated'] } }, ctx);
    const effective = effectiveParameters(value, 'animated_face', 'indie/legacy_styled');
    assert.deepEqual(effective.avatar_modifications, { add_glare: false, parametric_eyes_texture: true });
    assert.deepEqual(effective.haircuts, [{ set: 'base', name: 'generated' }]);
  });
});

describe('docs/parameters.md', () => {
  test('names every parameter of the catalogue', () => {
    const doc = renderParametersMarkdown();
    for (const p of PARAMETERS) assert.ok(doc.includes(`\`${p.name}\``), p.name);
  });

  test('is regenerated from the catalogue (node dist/src/pipelines/catalogue/docs.js)', () => {
    const committed = readFileSync(new URL('../../docs/parameters.md', import.meta.url), 'utf8');
    assert.equal(committed, renderParametersMarkdown());
  });
});
