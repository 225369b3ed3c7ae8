import { PIPELINES } from '../catalogue/pipelines.js';
import { computeBody } from '../compute.js';
import { BODY_MAPS } from '../body/bodyMapNames.js';
import { FULL_BODY } from '../body/bodyHead.js';
import type { Pipeline } from '../pipeline.js';

/**
 * persona_2.0: body_0.3's avatar (the person's head joined to our parametric body, docs/bodies.md)
 * with its PBR maps always made, exported in the spec's named parts (AvatarBody, AvatarHead, the
 * teeth…) at `LOD1` or `LOD2`, with textures at a profile (docs/persona.md). The subtype (female,
 * male) is the body's gender.
 */
export const PERSONA_2_0: Pipeline<'persona_2.0'> = {
  ...PIPELINES['persona_2.0'],
  name: 'persona_2.0',
  // The stored mesh is the joined avatar at full detail; the parts' levels are made at export.
  lodCount: 1,
  ...FULL_BODY,
  exportFamily: 'persona',
  exportTemplates: null,
  outfits: { worn: true, ownTextures: false, sets: ['persona', 'outfits_top', 'outfits_bottom', 'outfits_shoes'] },
  compute: (input, ctx) => computeBody(PERSONA_2_0, input, ctx, { maps: BODY_MAPS, bodyFromPhoto: false }),
  export: {
    available: true,
    build: async (input, progress) => (await import('../exports/personaBuild.js')).buildPersonaExport(input, progress),
    blendshapeArchive: async (input) => (await import('../exports/bodyBuild.js')).bodyBlendshapeArchive(input),
    outfitFiles: async (input) => (await import('../exports/outfitFiles.js')).personaOutfitFiles(input),
  },
};
