import { hasSubtype, PIPELINES } from '../catalogue/pipelines.js';
import { computeHead } from '../compute.js';
import { HEAD_EXPORT } from '../exports/headExport.js';
import type { Pipeline } from '../pipeline.js';

/** bust/static keeps the hair in the head mesh, as head_1.2 does. */
const MERGED_HAIR = 'bust/static';

/**
 * head_2.0: the hairstyle is a separate mesh (the generated haircut), except in bust/static; no bust
 * in head/mobile. predict_haircut chooses among the base and plus sets and reports every weight.
 */
export const HEAD_2_0: Pipeline<'head_2.0'> = {
  ...PIPELINES['head_2.0'],
  name: 'head_2.0',
  lodCount: 8,
  headModel: (subtype) => hasSubtype('head_2.0', subtype) ? `head_2.0 ${subtype}` : undefined,
  hairMode: (subtype) => (subtype === MERGED_HAIR ? 'merged' : 'separate'),
  mayHaveGeneratedHaircut: (subtype) => subtype !== MERGED_HAIR,
  makes: ['analysis', 'masks', 'mesh', 'textures', 'preview', 'haircuts', 'blendshapes', 'modifications'],
  textureSize: { width: 4096, height: 2048 },
  haircutPrediction: { sets: ['base', 'plus'], fullInfo: true },
  // "Tolerates rotated persons": a profile gives the visible half and its mirror image.
  maxYaw: null,
  undetectedLandmarks: [],
  exportFamily: 'standard',
  exportTemplates: [''],
  outfits: { worn: false, ownTextures: false, sets: [] },
  compute: (input, ctx) => computeHead(HEAD_2_0, input, ctx),
  export: HEAD_EXPORT,
};
