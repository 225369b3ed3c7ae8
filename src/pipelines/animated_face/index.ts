import { PIPELINES } from '../catalogue/pipelines.js';
import { GENERATED_HAIRCUT } from '../catalogue/haircuts.js';
import type { EffectiveParameters } from '../catalogue/index.js';
import { computeHead } from '../compute.js';
import { HEAD_EXPORT } from '../exports/headExport.js';
import type { Pipeline } from '../pipeline.js';

/**
 * indie/legacy_styled "has cartoonish styling": cartoonish_v0.3 at this amount unless the request
 * gives its own cartoonish amounts.
 */
const LEGACY_STYLED_CARTOONISH = 0.6;

function legacyStyled(parameters: EffectiveParameters, subtype: string): EffectiveParameters {
  const shapes = parameters.shape_modifications;
  if (subtype !== 'indie/legacy_styled' || shapes['cartoonish_v0.3'] !== undefined || shapes['cartoonish_v1.0'] !== undefined) return parameters;
  return { ...parameters, shape_modifications: { ...shapes, 'cartoonish_v0.3': LEGACY_STYLED_CARTOONISH } };
}

/**
 * animated_face: a bald head with blendshapes, whose haircuts are separate and must each be named at
 * creation. Its styled subtype is its base head, restyled. The spec has the jaw line (landmarks 0–7
 * and 9–16) undetected here, and one more level of detail: LOD8 is LOD7 without teeth.
 */
export const ANIMATED_FACE: Pipeline<'animated_face'> = {
  ...PIPELINES.animated_face,
  name: 'animated_face',
  lodCount: 9,
  headModel: () => 'animated_face base/legacy',
  // Bald: it has the generated haircut only when the request names it.
  hairMode: (_subtype, haircuts) => (haircuts.some((h) => h.name === GENERATED_HAIRCUT) ? 'separate' : 'none'),
  mayHaveGeneratedHaircut: () => false,
  makes: ['analysis', 'masks', 'mesh', 'textures', 'preview', 'haircuts', 'blendshapes', 'modifications'],
  textureSize: { width: 4096, height: 2048 },
  haircutPrediction: { sets: ['base', 'facegen'], fullInfo: false },
  maxYaw: null,
  undetectedLandmarks: [0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16],
  exportFamily: 'standard',
  exportTemplates: null,
  outfits: { worn: false, ownTextures: false, sets: [] },
  compute: (input, ctx) => computeHead(ANIMATED_FACE, input, ctx, legacyStyled),
  export: HEAD_EXPORT,
};
