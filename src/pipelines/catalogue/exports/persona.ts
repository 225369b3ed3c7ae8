import { COLOR, FLAG, FORMAT, noOutfits, sectionOutfits } from './parts.js';
import type { Field, SectionField } from './schema.js';
import { ACCESSORY_DEFAULTS, accessorySection, PERSONA_ACCESSORY_SECTIONS } from './personaAccessories.js';

/**
 * The export parameters of persona_2.0, from the spec's defaults and flag tables. They are
 * validated in full; exporting itself waits for the persona pipeline.
 */

export const PERSONA_LODS = ['LOD1', 'LOD2'] as const;

/** The meshes of a persona avatar, the default `avatar.list`. */
export const PERSONA_AVATAR_PARTS = [
  'AvatarBody',
  'AvatarLeftCornea',
  'AvatarRightCornea',
  'AvatarLeftEyeball',
  'AvatarRightEyeball',
  'AvatarEyelashes',
  'AvatarHead',
  'AvatarTeethLower',
  'AvatarTeethUpper',
] as const;

/** The generated haircut's name in persona_2.0 export parameters. */
export const PERSONA_GENERATED_HAIRCUT = 'HaircutGenerated';

/**
 * Texture names of `textures.list`: the avatar's and outfits', then the haircuts' (spec, flag
 * table). One list for every section: a texture a part does not have is skipped (rule 3).
 */
export const PERSONA_TEXTURES = [
  'Color',
  'Normal',
  'Roughness',
  'UnityMetallicSmoothness',
  'GltfMetallicRoughness',
  'RecoloringMask',
  'body_visibility_mask',
  'AO',
  'Alpha',
  'Depth',
  'Root',
  'ScalpShade',
  'ScalpShadeAOAlpha',
  'ScalpShadeAlpha',
  'Shade',
  'UniqueID',
] as const;

/** `textures.profile`: a resolution and an image format. */
export const PERSONA_TEXTURE_PROFILES = ['4K', '2K', '1K'].flatMap((size) => ['png', 'jpg', 'webp'].map((ext) => `${size}.${ext}`));

export const PERSONA_OUTFIT_SECTIONS = ['outfits', 'outfits_top', 'outfits_bottom', 'outfits_shoes'] as const;
export type PersonaOutfitSection = (typeof PERSONA_OUTFIT_SECTIONS)[number];

/** The textures a persona outfit item has (others in `textures.list` are skipped for it). */
export const PERSONA_OUTFIT_TEXTURES = ['Color', 'Normal', 'Roughness', 'GltfMetallicRoughness', 'UnityMetallicSmoothness', 'RecoloringMask', 'body_visibility_mask'] as const;

/** The parts of a head-only export (the creator's headOnly): everything but the body. */
export const PERSONA_HEAD_PARTS = PERSONA_AVATAR_PARTS.filter((p) => p !== 'AvatarBody');

/** The clear shells over the eyeballs (the creator's removeTransparentCornea leaves them out). */
export const PERSONA_CORNEAS = ['AvatarLeftCornea', 'AvatarRightCornea'] as const;

/** The face demos, which play mobile_51: an export has them only when its head carries that set. */
export const PERSONA_FACE_DEMOS = ['FaceDemo_001', 'FaceDemo_002', 'FaceDemo_003', 'FaceDemo_004', 'FaceDemo_005'] as const;

/**
 * The clips of a persona_2.0 export by gender, in the order the export writes them: the walk, the
 * idle, the held poses (the creator spec's animation names), then the face demos.
 */
export const PERSONA_ANIMATIONS: Readonly<Record<'female' | 'male', readonly string[]>> = {
  male: ['Male_Animation_Walk', 'Male_Animation_Idle', ...['01', '02', '03', '04', '05', '06', '07', '08', 'A', 'Idle'].map((p) => `Male_Pose_${p}`), ...PERSONA_FACE_DEMOS],
  female: ['Female_Animation_WalkRelaxed', 'Female_Animation_Idle', ...['01', '02', '03', '04', '05', 'A', 'Idle'].map((p) => `Female_Pose_${p}`), ...PERSONA_FACE_DEMOS],
};

/** Polygon layers of the neck a head-only export may drop, by level of detail (the creator spec's removeNeckLayers). */
export const PERSONA_NECK_LAYERS: Readonly<Record<'LOD1' | 'LOD2', number>> = { LOD1: 12, LOD2: 8 };

/** Ours: the layers of `avatar.makeup`, each painted where the face's landmarks put it (texture/edits/makeupAreas.ts). */
export const PERSONA_MAKEUP_LAYERS = ['lipstick', 'eyeshadow', 'eyeliner', 'blush'] as const;
export type PersonaMakeupLayer = (typeof PERSONA_MAKEUP_LAYERS)[number];

/** One `avatar.makeup` entry: which layer, its colour (else the layer's own), how strong. */
const MAKEUP_LAYER: SectionField = {
  type: 'section',
  keys: {
    name: { type: 'choice', noun: 'makeup layer', choices: () => PERSONA_MAKEUP_LAYERS, notNull: true },
    color: COLOR,
    opacity: { type: 'number', min: 0, max: 1 },
  },
  required: ['name'],
};

/** Ours: the designs of `avatar.tattoos`, drawn by code as vector paths (texture/edits/tattooDesigns.ts). */
export const PERSONA_TATTOO_DESIGNS = ['rose', 'tribal_band', 'swallow', 'anchor', 'script_heart', 'compass'] as const;
export type PersonaTattooDesign = (typeof PERSONA_TATTOO_DESIGNS)[number];

/** Ours: where on the body a tattoo goes, each found from the AvatarBody's skinning and laid on its surface (pipelines/exports/tattooPlacements.ts). */
export const PERSONA_TATTOO_PLACEMENTS = ['left_forearm', 'right_forearm', 'left_upper_arm', 'right_upper_arm', 'chest_left', 'upper_back', 'left_calf', 'right_calf'] as const;
export type PersonaTattooPlacement = (typeof PERSONA_TATTOO_PLACEMENTS)[number];

/** At most this many `avatar.tattoos`: more would crowd one body's few placements. */
export const PERSONA_TATTOOS_MAX = 6;

/** One `avatar.tattoos` entry: which design, where, its ink, how strong, how big in its place. */
const TATTOO: SectionField = {
  type: 'section',
  keys: {
    name: { type: 'choice', noun: 'tattoo design', choices: () => PERSONA_TATTOO_DESIGNS, notNull: true },
    placement: { type: 'choice', noun: 'tattoo placement', choices: () => PERSONA_TATTOO_PLACEMENTS, notNull: true },
    color: COLOR,
    opacity: { type: 'number', min: 0, max: 1 },
    scale: { type: 'number', min: 0.25, max: 1 },
  },
  required: ['name', 'placement'],
};

const animationsOf = (ctx: { subtype: string }): readonly string[] => PERSONA_ANIMATIONS[ctx.subtype === 'female' ? 'female' : 'male'];

const LOD: Field = { type: 'choice', noun: 'lod', choices: () => PERSONA_LODS };

const TEXTURES: Field = {
  type: 'section',
  keys: {
    list: { type: 'names', noun: 'texture', known: () => PERSONA_TEXTURES },
    profile: { type: 'pattern', pattern: /^(4K|2K|1K)\.(png|jpg|webp)$/, expected: 'a texture profile such as "2K.png" (4K, 2K or 1K; png, jpg or webp)' },
    embed: FLAG,
  },
};

/** An outfit section: one item of its own set (spec rule 4). */
const outfitSection = (section: string): Field => ({
  type: 'section',
  keys: {
    list: { type: 'names', noun: section === 'outfits' ? 'outfit' : section.replace('outfits_', ''), known: (ctx) => sectionOutfits(ctx, section), one: true, none: (ctx) => noOutfits(ctx.pipeline), notNull: true },
    format: FORMAT,
    embed: FLAG,
    lod: LOD,
    textures: TEXTURES,
    apply_visibility_masks: FLAG,
    color: COLOR,
  },
});

/** Keys of the other pipelines a client may bring here by mistake, and what to write instead. */
const NOT_PERSONA: Readonly<Record<string, string>> = {
  embed_textures: 'embed_textures is not available for persona_2.0; use textures.embed',
  additional_textures: 'additional_textures is not available for persona_2.0; use textures.list',
  texture_size: 'texture_size is not available for persona_2.0; use textures.profile',
  pointclouds: 'pointclouds is not available for persona_2.0',
  template: 'template is not available for persona_2.0',
};

export const PERSONA_EXPORT_SCHEMA: SectionField = {
  type: 'section',
  keys: {
    format: FORMAT,
    embed: FLAG,
    lod: LOD,
    split_vertices: FLAG,
    export_quads: FLAG,
    finalize: FLAG,
    apply_visibility_masks: FLAG,
    make_public: FLAG,
    make_public_direct: FLAG,
    textures: TEXTURES,
    avatar: {
      type: 'section',
      keys: {
        list: { type: 'names', noun: 'avatar part', known: () => PERSONA_AVATAR_PARTS, notNull: true },
        format: FORMAT,
        embed: FLAG,
        lod: LOD,
        apply_visibility_masks: FLAG,
        textures: TEXTURES,
        // Ours (the creator's removeNeckLayers): rings of the head's neck dropped, head-only exports only.
        remove_neck_layers: { type: 'integer', min: 0, max: PERSONA_NECK_LAYERS.LOD1 },
        // Ours (the creator's colour panel): the skin, lips and eyebrows recoloured in the head's and body's textures,
        // the eyes' iris in the eyeballs'.
        colors: { type: 'section', keys: { skin: COLOR, lips: COLOR, eyebrows: COLOR, eyes: COLOR } },
        // Ours (the creator's makeup panel): layers painted over the head's Color map, after colors.
        makeup: { type: 'list', item: MAKEUP_LAYER, max: PERSONA_MAKEUP_LAYERS.length, unique: 'name' },
        // Ours (the creator's tattoo panel): designs inked into the body's Color map, after colors.
        tattoos: { type: 'list', item: TATTOO, max: PERSONA_TATTOOS_MAX, unique: 'placement' },
      },
      hints: NOT_PERSONA,
    },
    haircuts: {
      type: 'section',
      keys: {
        list: { type: 'names', noun: 'haircut', known: (ctx) => ctx.haircuts, one: true, none: () => 'this avatar has no haircuts to export', notNull: true },
        format: FORMAT,
        embed: FLAG,
        lod: LOD,
        textures: TEXTURES,
        color: COLOR,
      },
      hints: NOT_PERSONA,
    },
    ...Object.fromEntries(PERSONA_OUTFIT_SECTIONS.map((s) => [s, outfitSection(s)])),
    ...Object.fromEntries(PERSONA_ACCESSORY_SECTIONS.map((s) => [s, accessorySection(s, { format: FORMAT, embed: FLAG, lod: LOD, textures: TEXTURES, color: COLOR }, NOT_PERSONA)])),
    blendshapes: {
      type: 'section',
      keys: { list: { type: 'blendshapes', notNull: true }, values: { type: 'blendshapeValues' }, embed: FLAG },
    },
    // Ours (the creator's animationName and animationAsBindPose): which clips, and a clip's first frame as the bind pose.
    animations: {
      type: 'section',
      keys: { list: { type: 'names', noun: 'animation', known: animationsOf }, bind_pose: FLAG },
    },
    // Ours (the creator's exportModelInfo): model.json with the avatar's colours in the zip.
    model_json: FLAG,
  },
  hints: NOT_PERSONA,
};

// `color` (the flag table's recolouring, for RecoloringMask) is accepted but, as in the spec's table, not listed.
const OUTFIT_DEFAULTS = { list: [], format: null, embed: null, lod: null, textures: null, apply_visibility_masks: true } as const;

/** The spec's persona_2.0 table, in request shape. */
export const PERSONA_EXPORT_DEFAULTS = {
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
    list: PERSONA_AVATAR_PARTS,
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
  ...Object.fromEntries(PERSONA_OUTFIT_SECTIONS.map((s) => [s, OUTFIT_DEFAULTS])),
  ...Object.fromEntries(PERSONA_ACCESSORY_SECTIONS.map((s) => [s, ACCESSORY_DEFAULTS])),
  blendshapes: { list: [], values: null, embed: true },
  animations: { list: null, bind_pose: false },
  model_json: false,
} as const;
