import { COLOR, EXPORT_TEMPLATES, exportTextures, FLAG, FORMAT, noOutfits, outfitsOf, SIZE } from './parts.js';
import type { Field, SectionField } from './schema.js';

/**
 * The export parameters of head_1.2, head_2.0 and body_0.3: the spec's defaults table as a
 * schema. `blendshapes.values` and a top-level `make_public` are ours: the spec's flag table
 * describes both without placing them in this table.
 */

/** The flags a part inherits from the top level (rule 1), with their defaults. */
export const EXPORT_PART_DEFAULTS = {
  format: 'gltf',
  embed: true,
  embed_textures: false,
  pointclouds: false,
  texture_size: null,
  lod: 0,
  additional_textures: [] as string[],
} as const;

export type PartFlag = keyof typeof EXPORT_PART_DEFAULTS;
export const PART_FLAGS = Object.keys(EXPORT_PART_DEFAULTS) as readonly PartFlag[];

/** The spec's table, in request shape; null in a category means "inherit from the top level". */
export const STANDARD_EXPORT_DEFAULTS = {
  ...EXPORT_PART_DEFAULTS,
  template: '',
  make_public: false,
  haircuts: { list: [], format: null, embed: null, pointclouds: null, color: null, texture_size: null, embed_textures: null },
  outfits: { list: [], format: null, embed: null, pointclouds: null, additional_textures: [], texture_size: null, embed_textures: null },
  blendshapes: { list: [], format: null, embed: null, pointclouds: null, values: null },
} as const;

const TEXTURES: Field = { type: 'names', noun: 'texture', known: exportTextures };

/** Keys of persona_2.0 a client may bring here by mistake, and what to write instead. */
const PERSONA_ONLY: Readonly<Record<string, string>> = {
  textures: 'textures is a persona_2.0 section; here use additional_textures',
  split_vertices: 'split_vertices is a persona_2.0 export parameter',
  export_quads: 'export_quads is a persona_2.0 export parameter',
  finalize: 'finalize is a persona_2.0 export parameter',
  apply_visibility_masks: 'apply_visibility_masks is a persona_2.0 export parameter',
  make_public_direct: 'make_public_direct is a persona_2.0 export parameter',
  avatar: 'the avatar section is persona_2.0 only; here avatar options are the top-level keys',
  outfits_top: 'outfits_top is a persona_2.0 section; here use outfits',
  outfits_bottom: 'outfits_bottom is a persona_2.0 section; here use outfits',
  outfits_shoes: 'outfits_shoes is a persona_2.0 section; here use outfits',
};

/** A category may not set these; they are top-level only and apply to every part. */
function topLevelOnly(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((n) => [n, `${n} is a top-level key only; it applies to every part`]));
}

export const STANDARD_EXPORT_SCHEMA: SectionField = {
  type: 'section',
  keys: {
    format: FORMAT,
    embed: FLAG,
    embed_textures: FLAG,
    pointclouds: FLAG,
    texture_size: SIZE,
    lod: { type: 'lod' },
    additional_textures: TEXTURES,
    template: { type: 'choice', noun: 'template', choices: (ctx) => EXPORT_TEMPLATES[ctx.pipeline] ?? [''] },
    make_public: FLAG,
    haircuts: {
      type: 'section',
      keys: {
        list: { type: 'names', noun: 'haircut', known: (ctx) => ctx.haircuts, one: true, none: () => 'this avatar has no haircuts to export', notNull: true },
        format: FORMAT,
        embed: FLAG,
        pointclouds: FLAG,
        color: COLOR,
        texture_size: SIZE,
        embed_textures: FLAG,
      },
      hints: topLevelOnly('lod', 'template', 'additional_textures'),
    },
    outfits: {
      type: 'section',
      keys: {
        list: { type: 'names', noun: 'outfit', known: outfitsOf, one: true, none: (ctx) => noOutfits(ctx.pipeline), notNull: true },
        format: FORMAT,
        embed: FLAG,
        pointclouds: FLAG,
        additional_textures: TEXTURES,
        texture_size: SIZE,
        embed_textures: FLAG,
      },
      hints: topLevelOnly('lod', 'template'),
    },
    blendshapes: {
      type: 'section',
      keys: { list: { type: 'blendshapes', notNull: true }, format: FORMAT, embed: FLAG, pointclouds: FLAG, values: { type: 'blendshapeValues' } },
      hints: topLevelOnly('lod', 'template', 'texture_size', 'embed_textures', 'additional_textures'),
    },
  },
  hints: PERSONA_ONLY,
};
