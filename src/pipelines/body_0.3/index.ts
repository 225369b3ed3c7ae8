import { PIPELINES } from '../catalogue/pipelines.js';
import { ANALYSIS_ONLY } from '../compute.js';
import type { Pipeline } from '../pipeline.js';

/**
 * body_0.3: bald head and full body with outfits and a skeleton. This server does not make its mesh
 * yet: an avatar is its face analysis (model_info), and exports answer 501.
 */
export const BODY_0_3: Pipeline<'body_0.3'> = {
  ...PIPELINES['body_0.3'],
  name: 'body_0.3',
  ...ANALYSIS_ONLY,
  exportFamily: 'standard',
  // The default body template, and the `head` template of the spec's LOD table.
  exportTemplates: ['', 'default', 'head'],
  // Each outfit comes with its own maps (body visibility mask, roughness, metalness, normals).
  outfits: { worn: true, ownTextures: true },
  export: { available: false, notImplemented: (subtype) => `Exporting body_0.3 ${subtype} avatars` },
};
