import { PIPELINE_NAMES, type PipelineName } from '../pipelines.js';
import { pipelineOf } from '../../registry.js';
import { EXPORT_FORMAT_NAMES } from './formats.js';
import type { Field } from './schema.js';
import type { ExportContext } from './types.js';

/**
 * What the parts of an export are made of, shared by the schemas of both pipeline families:
 * value fields, the textures each part can carry, the templates.
 */

export const FLAG: Field = { type: 'flag' };
export const SIZE: Field = { type: 'size' };
export const COLOR: Field = { type: 'color' };
export const FORMAT: Field = { type: 'choice', noun: 'format', choices: () => EXPORT_FORMAT_NAMES };

/** Pipelines whose avatars wear outfits (spec: "For body_0.3 and persona_2.0, outfits are chosen through export parameters"). */
export const OUTFIT_PIPELINES: readonly PipelineName[] = PIPELINE_NAMES.filter((p) => pipelineOf(p).outfits.worn);

/**
 * The maps every body_0.3 outfit comes with besides its texture. The spec lists them ("body
 * visibility mask, roughness, metalness and normals map") without identities; body_visibility_mask
 * is its name in persona_2.0, the others follow the avatar's metallic_map and roughness_map.
 */
export const OUTFIT_TEXTURES = ['body_visibility_mask', 'roughness_map', 'metallic_map', 'normal_map'] as const;

/** The default texture, always exported; naming it among additional textures is allowed and changes nothing. */
export const MODEL_TEXTURE = 'model';

/**
 * `template` values. The empty string is the default template: the subtype's own. body_0.3 also
 * has the `default` body template and the `head` template (see the spec's LOD table); head
 * pipelines have one template only.
 */
export const EXPORT_TEMPLATES: { readonly [P in PipelineName]?: readonly string[] } = Object.fromEntries(
  PIPELINE_NAMES.flatMap((p) => {
    const templates = pipelineOf(p).exportTemplates;
    return templates ? [[p, templates]] : [];
  }),
);

/** Textures the outfits of this pipeline carry. */
export function outfitTextures(ctx: ExportContext): readonly string[] {
  return pipelineOf(ctx.pipeline).outfits.ownTextures ? OUTFIT_TEXTURES : [];
}

/**
 * Every texture identity a request may name in additional_textures: the avatar's and its
 * outfits'. Textures a part does not have are skipped for that part (spec, Errors), so all may
 * be listed at the top level.
 */
export function exportTextures(ctx: ExportContext): readonly string[] {
  return [...new Set([...ctx.textures, ...outfitTextures(ctx)])];
}

/** The outfits an avatar can wear; the message when there are none says why. */
export function outfitsOf(ctx: ExportContext): readonly string[] {
  return ctx.outfits ?? [];
}

/** The items one persona_2.0 outfit section (`outfits`, `outfits_top`, …) chooses from. */
export function sectionOutfits(ctx: ExportContext, section: string): readonly string[] {
  return ctx.outfitSections?.[section] ?? [];
}

export function noOutfits(pipeline: PipelineName): string {
  return OUTFIT_PIPELINES.includes(pipeline) ? 'no outfit library is installed yet' : `${pipeline} avatars have no outfits`;
}
