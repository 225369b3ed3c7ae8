import { EXPORT_FORMAT_NAMES } from './formats.js';
import { EXPORT_TEMPLATES, MODEL_TEXTURE, outfitsOf, outfitTextures, exportTextures, sectionOutfits } from './parts.js';
import { PERSONA_AVATAR_PARTS, PERSONA_LODS, PERSONA_OUTFIT_SECTIONS, PERSONA_OUTFIT_TEXTURES, PERSONA_TEXTURE_PROFILES, PERSONA_TEXTURES } from './persona.js';
import type { ExportContext } from './types.js';
import { accessoryNames, PERSONA_ACCESSORY_SECTIONS } from './personaAccessories.js';
import { pipelineOf } from '../../registry.js';

function blendshapes(ctx: ExportContext) {
  return {
    list: Object.keys(ctx.blendshapeSets),
    values: Object.fromEntries(Object.entries(ctx.blendshapeSets).map(([set, names]) => [set, [...names]])),
  };
}

/**
 * Backs `GET /export_parameters/available/{pipeline}/`: every enumerable value a request may
 * use, in request shape (key → the values it takes; flags, sizes and colours are left out as
 * they are not enumerable). `blendshapes.list` names sets; single blendshapes are under
 * `blendshapes.values`, by set.
 *
 * @example
 * availableExportParameters(ctx).haircuts.list   // → ['generated', 'base_m_short', ...]
 */
export function availableExportParameters(ctx: ExportContext): Record<string, unknown> {
  const formats = [...EXPORT_FORMAT_NAMES];
  if (pipelineOf(ctx.pipeline).exportFamily === 'persona') {
    const textures = { list: [...PERSONA_TEXTURES], profile: PERSONA_TEXTURE_PROFILES };
    const lod = [...PERSONA_LODS];
    return {
      format: formats,
      lod,
      textures,
      avatar: { list: [...PERSONA_AVATAR_PARTS], format: formats, lod },
      haircuts: { list: [...ctx.haircuts], format: formats, lod },
      ...Object.fromEntries(PERSONA_OUTFIT_SECTIONS.map((s) => [s, { list: [...sectionOutfits(ctx, s)], format: formats, lod, textures: { list: [...PERSONA_OUTFIT_TEXTURES] } }])),
      ...Object.fromEntries(PERSONA_ACCESSORY_SECTIONS.map((s) => [s, { list: accessoryNames(s), format: formats, lod }])),
      blendshapes: blendshapes(ctx),
    };
  }
  return {
    format: formats,
    template: [...(EXPORT_TEMPLATES[ctx.pipeline] ?? [''])],
    lod: Array.from({ length: ctx.lods }, (_, i) => i),
    additional_textures: exportTextures(ctx).filter((t) => t !== MODEL_TEXTURE),
    haircuts: { list: [...ctx.haircuts], format: formats },
    outfits: { list: [...outfitsOf(ctx)], format: formats, additional_textures: [...outfitTextures(ctx)] },
    blendshapes: { ...blendshapes(ctx), format: formats },
  };
}
