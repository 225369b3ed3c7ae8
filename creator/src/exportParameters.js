/**
 * set_export_parameters (and Desktop's per-export overrides) checked and turned into the REST export
 * parameters of persona_2.0 (docs/exports.md). The link handed to the host is the export's public
 * link: `make_public` (a zip) when useZip, else `make_public_direct` (the .glb, .fbx or self-contained .gltf itself).
 * Overrides without a key in the spec's REST table use our documented extensions
 * (`avatar.remove_neck_layers`, `animations`, `model_json`), which REST clients may send too.
 */
import { lookKey, lookSections } from './look.js';

const PROFILES = ['4K.png', '2K.png', '1K.png', '4K.jpg', '2K.jpg', '1K.jpg', '4K.webp', '2K.webp', '1K.webp'];
const PARTS = ['AvatarBody', 'AvatarLeftCornea', 'AvatarRightCornea', 'AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarEyelashes', 'AvatarHead', 'AvatarTeethLower', 'AvatarTeethUpper'];
const CORNEAS = ['AvatarLeftCornea', 'AvatarRightCornea'];
const NECK_LAYERS = { 1: 12, 2: 8 };
/** The export template's slots (the creator spec): those the REST export has a section for, and the accessory slots. */
const TEMPLATE_SECTIONS = ['avatar', 'haircuts', 'outfits', 'outfits_top', 'outfits_bottom', 'outfits_shoes'];
// Ours as well: watches, bracelets and rings (docs/accessories.md).
const ACCESSORY_SLOTS = ['hats', 'glasses', 'earrings', 'necklaces', 'watches', 'bracelets', 'rings'];
const OUTFIT_SLOTS = ['outfits', 'outfits_top', 'outfits_bottom', 'outfits_shoes'];

export const DEFAULT_EXPORT = { format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: true };

const flag = (message, key) => {
  if (typeof message[key] !== 'boolean') throw new Error(`${key} must be true or false`);
  return message[key];
};

/** The keys this message sets, checked; unknown keys are ignored (hosts misspell them). Throws a reason. */
export function readExportParameters(message, variant) {
  const out = {};
  if (message.format !== undefined) {
    if (!['gltf', 'glb', 'fbx'].includes(message.format)) throw new Error(`format must be gltf, glb or fbx, got ${JSON.stringify(message.format)}`);
    out.format = message.format;
  }
  if (message.lod !== undefined) {
    if (message.lod !== 1 && message.lod !== 2) throw new Error(`lod must be 1 or 2, got ${JSON.stringify(message.lod)}`);
    out.lod = message.lod;
  }
  if (message.textureProfile !== undefined) {
    if (!PROFILES.includes(message.textureProfile)) throw new Error(`textureProfile must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(message.textureProfile)}`);
    out.textureProfile = message.textureProfile;
  }
  if (message.useZip !== undefined) out.useZip = flag(message, 'useZip');
  if (message.exportModelInfo !== undefined) out.exportModelInfo = flag(message, 'exportModelInfo');
  // Mobile has none of these (the spec): they are ignored there like any unknown key.
  if (variant !== 'desktop') return out;
  if (message.exportTemplateJson !== undefined) {
    if (typeof message.exportTemplateJson !== 'string') throw new Error('exportTemplateJson must be the export template as JSON text');
    out.exportTemplate = readTemplate(message.exportTemplateJson);
  }
  for (const key of ['headOnly', 'removeTransparentCornea', 'animationAsBindPose']) if (message[key] !== undefined) out[key] = flag(message, key);
  if (message.removeNeckLayers !== undefined) {
    const n = message.removeNeckLayers;
    if (!Number.isInteger(n) || n < 0 || n > 12) throw new Error(`removeNeckLayers must be an integer in [0, 12] (at LOD1; [0, 8] at LOD2), got ${JSON.stringify(n)}`);
    out.removeNeckLayers = n;
  }
  if (message.animationName !== undefined) {
    if (typeof message.animationName !== 'string') throw new Error('animationName must be an animation name such as Male_Pose_03');
    out.animationName = message.animationName;
  }
  return out;
}

/** exportTemplateJson: `{slot: {textures: {profile, list}, apply_visibility_masks}}`, checked. Empty text is no template. */
export function readTemplate(text) {
  if (text.trim() === '') return null;
  let template;
  try {
    template = JSON.parse(text);
  } catch {
    throw new Error('exportTemplateJson is not JSON');
  }
  if (!template || typeof template !== 'object' || Array.isArray(template)) throw new Error('exportTemplateJson must be a JSON object of slots');
  for (const [slot, value] of Object.entries(template)) {
    if (!TEMPLATE_SECTIONS.includes(slot) && !ACCESSORY_SLOTS.includes(slot)) throw new Error(`exportTemplateJson: unknown slot ${JSON.stringify(slot)}; slots are ${[...TEMPLATE_SECTIONS, ...ACCESSORY_SLOTS].join(', ')}`);
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`exportTemplateJson.${slot} must be an object`);
    for (const key of Object.keys(value)) {
      const allowed = OUTFIT_SLOTS.includes(slot) || slot === 'avatar' ? ['textures', 'apply_visibility_masks'] : ['textures'];
      if (!allowed.includes(key)) throw new Error(`exportTemplateJson.${slot}.${key} is not a template key of that slot; it takes ${allowed.join(' and ')}`);
    }
    if (value.apply_visibility_masks !== undefined && typeof value.apply_visibility_masks !== 'boolean') throw new Error(`exportTemplateJson.${slot}.apply_visibility_masks must be true or false`);
    const t = value.textures;
    if (t === undefined) continue;
    if (!t || typeof t !== 'object' || Array.isArray(t)) throw new Error(`exportTemplateJson.${slot}.textures must be {profile, list}`);
    for (const key of Object.keys(t)) if (key !== 'profile' && key !== 'list') throw new Error(`exportTemplateJson.${slot}.textures takes profile and list, not ${JSON.stringify(key)}`);
    if (t.profile !== undefined && !PROFILES.includes(t.profile)) throw new Error(`exportTemplateJson.${slot}.textures.profile must be one of ${PROFILES.join(', ')}, got ${JSON.stringify(t.profile)}`);
    if (t.list !== undefined && !(Array.isArray(t.list) && t.list.every((x) => typeof x === 'string'))) throw new Error(`exportTemplateJson.${slot}.textures.list must be an array of texture names`);
  }
  return template;
}

/** What this creator cannot export answers with a reason instead of a file that ignores the request. */
function refuse(p) {
  if (p.exportModelInfo && !p.useZip) throw new Error('exportModelInfo adds model.json to the zip: set useZip to true');
  if (p.removeNeckLayers && !p.headOnly) throw new Error('removeNeckLayers cuts the neck where the body meets the head: it needs headOnly');
  if (p.removeNeckLayers > NECK_LAYERS[p.lod]) throw new Error(`removeNeckLayers must be in [0, ${NECK_LAYERS[p.lod]}] at LOD${p.lod}, got ${p.removeNeckLayers}`);
  if (p.animationAsBindPose && !p.animationName) throw new Error('animationAsBindPose takes the first frame of the exported animation: set animationName, or play an animation');
}

/**
 * REST parameters of the export of the avatar as shown: its look (haircut, items, colours), its
 * blends baked in, and the clips playing (WYSIWYG: the body's and a face demo over it) unless
 * animationName names another.
 */
export function restParameters(p, { look, values, playing = null, face = null }) {
  // The clips playing (the body's, then a face demo over it), unless animationName names the one wanted.
  const clips = p.animationName ? [p.animationName] : [playing, face].filter(Boolean);
  const q = { ...p, animationName: clips[0] };
  refuse(q);
  const parts = PARTS.filter((part) => !(q.headOnly && part === 'AvatarBody') && !(q.removeTransparentCornea && CORNEAS.includes(part)));
  const sections = lookSections(look);
  const out = {
    format: q.format,
    lod: `LOD${q.lod}`,
    embed: true,
    textures: { profile: q.textureProfile, embed: true },
    ...sections,
    avatar: { list: parts, ...(q.removeNeckLayers ? { remove_neck_layers: q.removeNeckLayers } : {}), ...sections.avatar },
    blendshapes: { list: [], values, embed: true },
    ...(q.useZip ? { make_public: true } : { make_public_direct: true }),
  };
  if (clips.length) {
    // The bind pose is the first clip's first frame: the body's clip, when one plays.
    out.animations = { list: clips, bind_pose: q.animationAsBindPose === true };
    // A face demo plays the head's mobile_51 blendshapes, which the export then carries.
    if (clips.some((c) => c.startsWith('FaceDemo_'))) out.blendshapes.list = ['mobile_51'];
  }
  if (q.exportModelInfo) out.model_json = true;
  for (const [slot, value] of Object.entries(q.exportTemplate ?? {})) {
    // A slot with nothing worn gets an empty section: valid, and it applies to nothing.
    const section = (out[slot] ??= { list: [] });
    if (value.apply_visibility_masks !== undefined) section.apply_visibility_masks = value.apply_visibility_masks;
    // A public export embeds its textures; the template picks which and at what profile.
    if (value.textures) section.textures = { ...value.textures, embed: true };
  }
  return out;
}

/**
 * The viewer's own model of a look: small and quick (LOD2, 1K JPEG), with the blends as morph
 * targets to drag (the outfits and body items carry the body's too, so they follow it).
 * `shapes`: blendshape sets beyond the blends' (`mobile_51` for the face demos, `visemes_15` for lip
 * sync), asked for only once the user wants them, since they make the model larger.
 */
export function viewerParameters(look, shapes = []) {
  return {
    format: 'glb',
    lod: 'LOD2',
    embed: true,
    textures: { profile: '1K.jpg', embed: true },
    ...lookSections(look),
    blendshapes: { list: ['customisation', 'body_shape', ...shapes], embed: true },
    make_public_direct: true,
  };
}

/** The viewer model's cache key: the look and the extra blendshape sets. */
export function viewerKey(look, shapes = []) {
  return [lookKey(look), ...(shapes.length ? [`shapes:${[...shapes].sort().join(',')}`] : [])].join(';');
}
