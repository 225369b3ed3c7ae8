import { PIPELINES } from '../catalogue/pipelines.js';
import { ANALYSIS_ONLY } from '../compute.js';
import type { Pipeline } from '../pipeline.js';

/**
 * persona_2.0: face and body blendshapes, skeleton, PBR textures. This server does not make its mesh
 * yet: an avatar is its face analysis (model_info); its export parameters are checked in full, then
 * refused, and exports answer 501.
 */
export const PERSONA_2_0: Pipeline<'persona_2.0'> = {
  ...PIPELINES['persona_2.0'],
  name: 'persona_2.0',
  ...ANALYSIS_ONLY,
  exportFamily: 'persona',
  exportTemplates: null,
  outfits: { worn: true, ownTextures: false },
  export: { available: false, notImplemented: (subtype) => `Exporting persona_2.0 ${subtype} avatars` },
};
