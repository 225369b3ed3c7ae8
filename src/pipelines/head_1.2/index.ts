import { hasSubtype, PIPELINES } from '../catalogue/pipelines.js';
import { computeHead } from '../compute.js';
import { HEAD_EXPORT } from '../exports/headExport.js';
import type { Pipeline } from '../pipeline.js';

/** head_1.2: "head, haircut and bust as one model": the photo's hair goes into the head mesh. */
export const HEAD_1_2: Pipeline<'head_1.2'> = {
  ...PIPELINES['head_1.2'],
  name: 'head_1.2',
  lodCount: 8,
  headModel: (subtype) => hasSubtype('head_1.2', subtype) ? `head_1.2 ${subtype}` : undefined,
  hairMode: () => 'merged',
  mayHaveGeneratedHaircut: () => false,
  makes: ['analysis', 'masks', 'mesh', 'textures', 'preview', 'haircuts', 'blendshapes', 'modifications'],
  textureSize: { width: 4096, height: 2048 },
  haircutPrediction: { sets: ['base', 'facegen'], fullInfo: false },
  // Past about 50° the face mesh misplaces even the visible half of the face (camera.png measures
  // 53°, really nearer 70°), and head_1.2, unlike head_2.0, is not meant for rotated persons.
  maxYaw: 50,
  undetectedLandmarks: [],
  exportFamily: 'standard',
  exportTemplates: [''],
  outfits: { worn: false, ownTextures: false, sets: [] },
  compute: (input, ctx) => computeHead(HEAD_1_2, input, ctx),
  export: HEAD_EXPORT,
};
