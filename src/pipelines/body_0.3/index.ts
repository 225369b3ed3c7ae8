import { PIPELINES } from '../catalogue/pipelines.js';
import { computeBody } from '../compute.js';
import { BODY_EXPORT } from '../exports/bodyExport.js';
import type { Pipeline } from '../pipeline.js';
import { FULL_BODY } from '../body/bodyHead.js';

/**
 * body_0.3: a bald head/mobile head (haircuts come through export parameters) joined to our
 * parametric body, shaped by `body_shape`, with a Mixamo-named skeleton and skin (docs/bodies.md).
 */
export const BODY_0_3: Pipeline<'body_0.3'> = {
  ...PIPELINES['body_0.3'],
  name: 'body_0.3',
  lodCount: 8,
  ...FULL_BODY,
  exportFamily: 'standard',
  // The default body template, and the `head` template of the spec's LOD table.
  exportTemplates: ['', 'default', 'head'],
  // Each outfit comes with its own maps (body visibility mask, roughness, metalness, normals).
  outfits: { worn: true, ownTextures: true, sets: ['base', 'base_lowpoly', 'meta', 'meta_lowpoly'] },
  compute: (input, ctx) => computeBody(BODY_0_3, input, ctx),
  export: BODY_EXPORT,
};
