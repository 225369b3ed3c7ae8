import { COLOR, FLAG, FORMAT, noOutfits, outfitsOf } from './parts.js';
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

const LOD: Field = { type: 'choice', noun: 'lod', choices: () => PERSONA_LODS };

const TEXTURES: Field = {
  type: 'section',
  keys: {
    list: { type: 'names', noun: 'texture', known: () => PERSONA_TEXTURES },
    profile: { type: 'pattern', pattern: /^(4K|2K|1K)\.(png|jpg|webp)$/, expected: 'a texture profile such as "2K.png" (4K, 2K or 1K; png, jpg or webp)' },
    embed: FLAG,
  },
};

const OUTFITS: Field = {
  type: 'section',
  keys: {
    list: { type: 'names', noun: 'outfit', known: outfitsOf, one: true, none: (ctx) => noOutfits(ctx.pipeline), notNull: true },
    format: FORMAT,
    embed: FLAG,
    lod: LOD,
    textures: TEXTURES,
    apply_visibility_masks: FLAG,
  },
};

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
    ...Object.fromEntries(PERSONA_OUTFIT_SECTIONS.map((s) => [s, OUTFITS])),
    ...Object.fromEntries(PERSONA_ACCESSORY_SECTIONS.map((s) => [s, accessorySection(s, { format: FORMAT, embed: FLAG, lod: LOD, textures: TEXTURES, color: COLOR }, NOT_PERSONA)])),
    blendshapes: {
      type: 'section',
      keys: { list: { type: 'blendshapes', notNull: true }, values: { type: 'blendshapeValues' }, embed: FLAG },
    },
  },
  hints: NOT_PERSONA,
};

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
  },
  haircuts: { list: [], format: null, embed: null, lod: null, textures: null, color: null },
  ...Object.fromEntries(PERSONA_OUTFIT_SECTIONS.map((s) => [s, OUTFIT_DEFAULTS])),
  ...Object.fromEntries(PERSONA_ACCESSORY_SECTIONS.map((s) => [s, ACCESSORY_DEFAULTS])),
  blendshapes: { list: [], values: null, embed: true },
} as const;
