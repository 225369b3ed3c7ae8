import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';

/**
 * The creator's look (creator/src/look.js) and avatarState (avatarState.js), run here as plain ES
 * modules: the outfit conflict rule, outfitsBlackList, colours to export sections, and avatarState
 * written and read back.
 */
const load = (name: string) => import(pathToFileURL(join(process.cwd(), 'creator', 'src', name)).href);

test('the conflict rule: a full outfit takes the place of top, bottom and shoes; they combine', async () => {
  const { emptyLook, wear, withColor } = await load('look.js');
  let look = wear(wear(wear(emptyLook(), 'outfits_top', 'top_navy_polo'), 'outfits_bottom', 'bottom_khaki_chinos'), 'outfits_shoes', 'shoes_tan_loafers');
  assert.deepEqual([look.items.outfits, look.items.outfits_top, look.items.outfits_bottom, look.items.outfits_shoes], [null, 'top_navy_polo', 'bottom_khaki_chinos', 'shoes_tan_loafers']);
  look = withColor(look, 'outfits_top', '#C81E28');
  assert.equal(look.colors.outfits_top, '#c81e28');
  look = wear(look, 'hats', 'knit_beanie');
  const full = wear(look, 'outfits', 'persona_winter_coat');
  assert.deepEqual([full.items.outfits, full.items.outfits_top, full.items.outfits_bottom, full.items.outfits_shoes, full.items.hats], ['persona_winter_coat', null, null, null, 'knit_beanie']);
  assert.equal(full.colors.outfits_top, undefined, 'an item taken off loses its colour');
  // Shoes on a full outfit take its place: the full outfit goes.
  const shoes = wear(full, 'outfits_shoes', 'shoes_hiking_boots');
  assert.deepEqual([shoes.items.outfits, shoes.items.outfits_shoes], [null, 'shoes_hiking_boots']);
  // Taking a top off leaves the rest.
  assert.deepEqual(wear(look, 'outfits_top', null).items.outfits_bottom, 'bottom_khaki_chinos');
  assert.throws(() => wear(look, 'belts', 'x'), /unknown slot "belts"/);
  assert.throws(() => withColor(look, 'hair', 'red'), /colour hair must be "#rrggbb"/);
  assert.throws(() => withColor(look, 'teeth', '#000000'), /unknown colour "teeth"/);
});

test('a look as export sections, its key, and outfitsBlackList', async () => {
  const { emptyLook, wear, withColor, withHaircut, lookSections, lookKey, offered, blacklisted } = await load('look.js');
  let look = withHaircut(emptyLook(), 'chin_bob');
  look = withColor(withColor(wear(wear(look, 'outfits', 'persona_summer_dress'), 'necklaces', 'pearl_strand'), 'hair', '#3b2418'), 'skin', '#d29f7c');
  look = withColor(withColor(look, 'necklaces', '#ffffff'), 'eyes', '#4f86c0');
  assert.deepEqual(lookSections(look), {
    haircuts: { list: ['chin_bob'], embed: true, color: { red: 59, green: 36, blue: 24 } },
    outfits: { list: ['persona_summer_dress'], embed: true },
    necklaces: { list: ['pearl_strand'], embed: true, color: { red: 255, green: 255, blue: 255 } },
    avatar: { colors: { skin: { red: 210, green: 159, blue: 124 }, eyes: { red: 79, green: 134, blue: 192 } } },
  });
  assert.deepEqual(lookSections(emptyLook()), { haircuts: { list: ['HaircutGenerated'], embed: true } });
  // The same look, however it was reached, has the same key; another look another.
  const again = withColor(withColor(wear(withColor(wear(withHaircut(emptyLook(), 'chin_bob'), 'necklaces', 'pearl_strand'), 'necklaces', '#ffffff'), 'outfits', 'persona_summer_dress'), 'eyes', '#4f86c0'), 'skin', '#d29f7c');
  assert.equal(lookKey(withColor(again, 'hair', '#3b2418')), lookKey(look));
  assert.notEqual(lookKey(withColor(look, 'hair', '#3b2419')), lookKey(look));
  const hidden = new Set(['persona_summer_dress', 'top_grey_hoodie']);
  assert.deepEqual(offered(['persona_summer_dress', 'persona_winter_coat'], 'outfits', hidden), ['persona_winter_coat']);
  assert.deepEqual(offered(['top_grey_hoodie', 'top_navy_polo'], 'outfits_top', hidden), ['top_navy_polo']);
  assert.deepEqual(offered(['round_metal'], 'glasses', new Set(['round_metal'])), ['round_metal'], 'the black list is of outfits');
  assert.equal(blacklisted(look, hidden), 'persona_summer_dress');
  assert.equal(blacklisted(emptyLook(), hidden), null);
});

test('avatarState: written and read back exactly; bad states refused with a reason', async () => {
  const { emptyLook, wear, withColor, withHaircut } = await load('look.js');
  const { withMakeup } = await load('makeup.js');
  const { encodeAvatarState, readAvatarState } = await load('avatarState.js');
  const sets = { outfits: ['persona_business_suit'], outfits_top: ['top_oxford_shirt'], outfits_bottom: ['bottom_khaki_chinos'], outfits_shoes: ['shoes_leather_derby'], hats: ['felt_fedora'], glasses: ['round_metal'], earrings: [], necklaces: [] };
  let look = wear(wear(wear(withHaircut(emptyLook(), 'chin_bob'), 'outfits_top', 'top_oxford_shirt'), 'outfits_shoes', 'shoes_leather_derby'), 'glasses', 'round_metal');
  look = withColor(withColor(look, 'outfits_top', '#2b3a67'), 'lips', '#a8323e');
  look = withMakeup(withMakeup(withMakeup(look, 'blush', {}), 'lipstick', { color: '#8A2D3B' }), 'lipstick', { opacity: 0.456 });
  const text = encodeAvatarState({ values: { NoseLength: 0.5, Body: -0.25 }, look, animation: 'Male_Pose_03', lighting: 'evening' });
  assert.deepEqual(JSON.parse(text), {
    version: 3, lighting: 'evening', blends: { NoseLength: 0.5, Body: -0.25 }, haircut: 'chin_bob',
    items: { outfits_top: 'top_oxford_shirt', outfits_shoes: 'shoes_leather_derby', glasses: 'round_metal' },
    colors: { lips: '#a8323e', outfits_top: '#2b3a67' }, makeup: { lipstick: { color: '#8a2d3b', opacity: 0.46 }, blush: { color: '#de786e', opacity: 0.3 } }, animation: 'Male_Pose_03', facialAnimation: null,
  });
  const read = readAvatarState(text);
  assert.deepEqual([read.blends, read.animation, read.lighting], [{ NoseLength: 0.5, Body: -0.25 }, 'Male_Pose_03', 'evening']);
  assert.deepEqual(read.look(sets), look);
  // A face demo over the body's clip; a state that wrote the face demo as its animation reads as the face demo alone.
  const both = readAvatarState(encodeAvatarState({ values: {}, look, animation: 'Male_Animation_Walk', facialAnimation: 'FaceDemo_002' }));
  assert.deepEqual([both.animation, both.facialAnimation], ['Male_Animation_Walk', 'FaceDemo_002']);
  const older = readAvatarState('{"version": 3, "blends": {}, "items": {}, "colors": {}, "makeup": {}, "animation": "FaceDemo_004", "lighting": "studio"}');
  assert.deepEqual([older.animation, older.facialAnimation], [null, 'FaceDemo_004']);
  assert.throws(() => readAvatarState('{"version": 3, "animation": null, "facialAnimation": "Male_Pose_01"}'), /facialAnimation must be a face demo/);
  // Version 1 (blends, haircut, animation) still reads; nothing, the bare avatar.
  assert.deepEqual(readAvatarState('{"version": 1, "blends": {}, "haircut": "HaircutGenerated", "animation": null}').look(sets), emptyLook());
  assert.deepEqual(readAvatarState('').look(sets), emptyLook());
  // Versions 1 and 2 had no lighting: they are lit by the studio preset, as before.
  assert.equal(readAvatarState('{"version": 1, "blends": {}, "haircut": "HaircutGenerated", "animation": null}').lighting, 'studio');
  assert.equal(readAvatarState('{"version": 2, "blends": {}, "items": {}, "colors": {}, "animation": null}').lighting, 'studio');
  // Version 2 (no makeup) reads as no makeup.
  assert.deepEqual(readAvatarState('{"version": 2, "blends": {}, "haircut": "HaircutGenerated", "items": {}, "colors": {}, "animation": null}').look(sets).makeup, {});
  const bad: Array<[unknown, RegExp]> = [
    ['{', /not JSON/],
    ['[1]', /must be a JSON object/],
    ['{"version": 9}', /version 9/],
    ['{"items": {"outfits": "persona_business_suit", "outfits_top": "top_oxford_shirt"}}', /full outfit "persona_business_suit" has its own top, bottom and shoes/],
    ['{"items": {"belts": "x"}}', /unknown slot "belts"/],
    ['{"colors": {"hats": "#000000"}}', /nothing is worn in hats/],
    ['{"colors": {"hair": "black"}}', /colour hair must be "#rrggbb"/],
    ['{"blends": {"Squint": 2}}', /Squint must be a number in \[0, 1\]/],
    ['{"version": 3, "lighting": "disco"}', /lighting must be one of studio, daylight, warm_indoor, evening, dramatic_rim, got "disco"/],
    ['{"makeup": {"mascara": {}}}', /unknown makeup layer "mascara"/],
    ['{"makeup": {"lipstick": {"opacity": 2}}}', /lipstick: opacity must be a number in \[0, 1\]/],
  ];
  for (const [state, reason] of bad) assert.throws(() => readAvatarState(state), reason, String(state));
  // Items are checked against the avatar's sets once they are known.
  assert.throws(() => readAvatarState('{"items": {"hats": "top_hat"}}').look(sets), /"top_hat" is not in the hats set/);
});

test('makeup: the viewer\'s model and the export carry the same avatar.makeup, in the service\'s words', async () => {
  const { emptyLook, withColor } = await load('look.js');
  const { withMakeup } = await load('makeup.js');
  const { restParameters, viewerParameters } = await load('exportParameters.js');
  const look = withMakeup(withMakeup(withColor(emptyLook(), 'lips', '#a8323e'), 'eyeliner', {}), 'lipstick', { color: '#c0545e', opacity: 0.5 });
  const makeup = [{ name: 'lipstick', color: { red: 0xc0, green: 0x54, blue: 0x5e }, opacity: 0.5 }, { name: 'eyeliner', color: { red: 0x1c, green: 0x16, blue: 0x18 }, opacity: 0.8 }];
  assert.deepEqual(viewerParameters(look).avatar, { colors: { lips: { red: 0xa8, green: 0x32, blue: 0x3e } }, makeup });
  const rest = restParameters({ format: 'glb', lod: 2, textureProfile: '1K.jpg' }, { look, values: {} });
  assert.deepEqual(rest.avatar.makeup, makeup);
  assert.equal(viewerParameters(withMakeup(look, 'lipstick', null)).avatar.makeup.length, 1, 'a layer turned off leaves the export');
  assert.equal(viewerParameters(emptyLook()).avatar, undefined, 'no makeup, no colours: no avatar section');
});

test('tattoos: the viewer\'s model and the export carry the same avatar.tattoos; the state keeps them and reads old states as none', async () => {
  const { emptyLook, lookState } = await load('look.js');
  const { withTattoo } = await load('tattoo.js');
  const { readAvatarState } = await load('avatarState.js');
  const { restParameters, viewerParameters } = await load('exportParameters.js');
  const look = withTattoo(withTattoo(emptyLook(), 'upper_back', 'compass'), 'left_forearm', 'rose');
  const tattoos = [{ name: 'rose', placement: 'left_forearm' }, { name: 'compass', placement: 'upper_back' }];
  assert.deepEqual(viewerParameters(look).avatar, { tattoos });
  assert.deepEqual(restParameters({ format: 'glb', lod: 2, textureProfile: '1K.jpg' }, { look, values: {} }).avatar.tattoos, tattoos);
  assert.deepEqual(lookState(look).tattoos, { left_forearm: 'rose', upper_back: 'compass' });
  assert.equal('tattoos' in lookState(emptyLook()), false, 'no tattoos: the state is as before');
  assert.equal(viewerParameters(withTattoo(look, 'left_forearm', null)).avatar.tattoos.length, 1, 'a tattoo taken off leaves the export');
  assert.deepEqual(readAvatarState('{"version": 3, "blends": {}, "haircut": "HaircutGenerated", "items": {}, "colors": {}, "makeup": {}, "tattoos": {"left_calf": "anchor"}, "animation": null}').look({}).tattoos, { left_calf: { name: 'anchor' } });
  assert.deepEqual(readAvatarState('{"version": 3, "blends": {}, "haircut": "HaircutGenerated", "items": {}, "colors": {}, "makeup": {}, "animation": null}').look({}).tattoos, {});
  assert.throws(() => withTattoo(emptyLook(), 'forehead', 'rose'), /unknown tattoo placement "forehead"/);
  assert.throws(() => withTattoo(emptyLook(), 'left_calf', 'skull'), /unknown tattoo design "skull"/);
});

test('tattoos\' ink, opacity and size: sent as avatar.tattoos takes them, kept in the state, kept when the design changes; a design alone stays a plain name', async () => {
  const { emptyLook, lookKey, lookState } = await load('look.js');
  const { withTattoo } = await load('tattoo.js');
  const { encodeAvatarState, readAvatarState } = await load('avatarState.js');
  const { restParameters, viewerParameters } = await load('exportParameters.js');
  let look = withTattoo(withTattoo(emptyLook(), 'left_calf', 'anchor'), 'right_forearm', 'rose');
  look = withTattoo(look, 'right_forearm', { color: '#7A1E24' });
  look = withTattoo(look, 'right_forearm', { opacity: 0.5 });
  look = withTattoo(look, 'right_forearm', { scale: 0.6 });
  const tattoos = [
    { name: 'rose', placement: 'right_forearm', color: { red: 122, green: 30, blue: 36 }, opacity: 0.5, scale: 0.6 },
    { name: 'anchor', placement: 'left_calf' },
  ];
  assert.deepEqual(viewerParameters(look).avatar, { tattoos });
  assert.deepEqual(restParameters({ format: 'glb', lod: 2, textureProfile: '1K.jpg' }, { look, values: {} }).avatar.tattoos, tattoos);
  // Another design keeps the ink and size set for the placement.
  assert.deepEqual(withTattoo(look, 'right_forearm', 'swallow').tattoos.right_forearm, { name: 'swallow', color: '#7a1e24', opacity: 0.5, scale: 0.6 });
  const state = lookState(look).tattoos;
  assert.deepEqual(state, { right_forearm: { name: 'rose', color: '#7a1e24', opacity: 0.5, scale: 0.6 }, left_calf: 'anchor' });
  // Written and read back whole, through avatarState's own JSON.
  const json = encodeAvatarState({ values: {}, look, animation: null });
  assert.deepEqual(JSON.parse(json).tattoos, state);
  const again = readAvatarState(json).look({});
  assert.deepEqual(again.tattoos, look.tattoos);
  assert.equal(lookKey(again), lookKey(look), 'the same look, the same viewer export');
  assert.notEqual(lookKey(look), lookKey(withTattoo(look, 'right_forearm', { opacity: 0.55 })), 'another opacity is another export');
  assert.throws(() => withTattoo(look, 'right_forearm', { opacity: 2 }), /opacity must be a number in \[0, 1\]/);
  assert.throws(() => withTattoo(look, 'right_forearm', { scale: 0.1 }), /scale must be a number in \[0.25, 1\]/);
  assert.throws(() => withTattoo(look, 'right_forearm', { color: 'red' }), /colour must be "#rrggbb"/);
  assert.throws(() => withTattoo(emptyLook(), 'upper_back', { opacity: 0.5 }), /unknown tattoo design undefined/, 'no ink without a design');
});

test('the viewer model bakes no blend, dressed or not: the body blends move body and cloth as morph targets', async () => {
  const { morphWeights } = await load('blends.js');
  const { viewerKey, viewerParameters } = await load('exportParameters.js');
  const { emptyLook, wear } = await load('look.js');
  const weights = morphWeights({ Body: 0.5, Legs: -0.25, NoseLength: 0.5 });
  assert.deepEqual([weights.Body_increase, weights.Body_decrease, weights.Legs_increase, weights.Legs_decrease, weights.NoseLength], [0.5, 0, 0, 0.25, 0.5]);
  const look = wear(emptyLook(), 'outfits', 'persona_winter_coat');
  assert.deepEqual(viewerParameters(look).blendshapes, { list: ['customisation', 'body_shape'], embed: true }, 'the outfit carries body_shape: nothing to bake');
  assert.equal(viewerKey(look), 'haircut=HaircutGenerated;outfits=persona_winter_coat');
});

test('the viewer model asks for mobile_51 or visemes_15 only when told, and such a model is a look of its own', async () => {
  const { viewerKey, viewerParameters, restParameters, DEFAULT_EXPORT } = await load('exportParameters.js');
  const { emptyLook } = await load('look.js');
  assert.deepEqual(viewerParameters(emptyLook()).blendshapes.list, ['customisation', 'body_shape'], 'loading stays light by default');
  assert.deepEqual(viewerParameters(emptyLook(), ['mobile_51', 'visemes_15']).blendshapes.list, ['customisation', 'body_shape', 'mobile_51', 'visemes_15']);
  assert.notEqual(viewerKey(emptyLook(), ['mobile_51']), viewerKey(emptyLook()));
  assert.equal(viewerKey(emptyLook(), ['visemes_15', 'mobile_51']), viewerKey(emptyLook(), ['mobile_51', 'visemes_15']));
  // The face demo playing is what the export carries, with the blendshapes it plays.
  const exported = restParameters(DEFAULT_EXPORT, { look: emptyLook(), values: null, face: 'FaceDemo_003' });
  assert.deepEqual([exported.animations.list, exported.blendshapes.list], [['FaceDemo_003'], ['mobile_51']]);
  // Over a walk: both clips, the body's first (its first frame is the bind pose when asked).
  const both = restParameters({ ...DEFAULT_EXPORT, animationAsBindPose: true }, { look: emptyLook(), values: null, playing: 'Female_Animation_WalkRelaxed', face: 'FaceDemo_003' });
  assert.deepEqual([both.animations, both.blendshapes.list], [{ list: ['Female_Animation_WalkRelaxed', 'FaceDemo_003'], bind_pose: true }, ['mobile_51']]);
  // animationName names the one clip wanted.
  assert.deepEqual(restParameters({ ...DEFAULT_EXPORT, animationName: 'Female_Pose_A' }, { look: emptyLook(), values: null, playing: 'Female_Animation_WalkRelaxed', face: 'FaceDemo_003' }).animations.list, ['Female_Pose_A']);
});

test('styles: each dresses every slot it names from the sets offered, and only items the library has', async () => {
  const { STYLES, STYLE_NAMES, styleItems, styled, currentStyle } = await load('styles.js');
  const { emptyLook, wear, withColor } = await load('look.js');
  const { PERSONA_OUTFITS } = await import('../src/library/outfits/personaOutfits.js');
  const { ACCESSORIES } = await import('../src/library/accessories/accessoryLibrary.js');
  const sets: Record<string, string[]> = { outfits: [], outfits_top: [], outfits_bottom: [], outfits_shoes: [] };
  for (const o of PERSONA_OUTFITS) (sets[o.set === 'persona' ? 'outfits' : o.set] ??= []).push(o.identity);
  for (const a of ACCESSORIES) (sets[a.slot] ??= []).push(a.identity);
  // A name the library lacks would be skipped silently: every candidate must exist.
  for (const style of STYLE_NAMES) for (const [slot, names] of Object.entries(STYLES[style] as Record<string, string[]>)) {
    for (const name of names) assert.ok(sets[slot]?.includes(name), `${style}: ${slot} ${name} is in the persona sets`);
  }
  const none = new Set<string>();
  // Worn over a look: items go, the haircut, body colours and makeup stay; the style is then the current one.
  let look = withColor(wear(emptyLook(), 'hats', 'felt_fedora'), 'skin', '#d29f7c');
  look = { ...look, haircut: 'messy_bun', makeup: { lipstick: { color: '#a8323e', opacity: 0.6 } } };
  const business = styled(look, 'business', sets, none);
  assert.deepEqual(Object.fromEntries(Object.entries(business.items).filter(([, v]) => v)), styleItems('business', sets, none));
  assert.equal(business.items.hats, null);
  assert.deepEqual([business.haircut, business.colors.skin, business.makeup.lipstick.opacity], ['messy_bun', '#d29f7c', 0.6]);
  assert.equal(currentStyle(business, sets, none), 'business');
  assert.equal(currentStyle(wear(business, 'rings', null), sets, none), null);
  // A full outfit, when offered, stands for the top and bottom; hidden, the separates come back.
  assert.deepEqual([styleItems('summer', sets, none).outfits, styleItems('summer', sets, none).outfits_top], ['persona_summer_dress', undefined]);
  const hidden = styleItems('summer', sets, new Set(['persona_summer_dress', 'bottom_chino_shorts']));
  assert.deepEqual([hidden.outfits, hidden.outfits_top, hidden.outfits_bottom], [undefined, 'top_navy_polo', 'bottom_denim_shorts']);
  assert.throws(() => styleItems('gothic', sets, none), /unknown style "gothic"/);
});
