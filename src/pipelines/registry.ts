import type { PipelineName } from './catalogue/pipelines.js';
import type { Pipeline } from './pipeline.js';
import { ANIMATED_FACE } from './animated_face/index.js';
import { HEAD_1_2 } from './head_1.2/index.js';
import { HEAD_2_0 } from './head_2.0/index.js';
import { BODY_0_3 } from './body_0.3/index.js';
import { PERSONA_2_0 } from './persona_2.0/index.js';

/**
 * Every pipeline by name. The catalogue, the jobs, the exports and the service ask here what a
 * pipeline does; adding one is a folder `src/pipelines/<name>/` with its Pipeline and a line here
 * (and its row in the catalogue's table of the spec).
 */
export const REGISTRY: { readonly [P in PipelineName]: Pipeline<P> } = {
  animated_face: ANIMATED_FACE,
  'head_1.2': HEAD_1_2,
  'head_2.0': HEAD_2_0,
  'body_0.3': BODY_0_3,
  'persona_2.0': PERSONA_2_0,
};

export function pipelineOf<P extends PipelineName>(name: P): Pipeline<P> {
  return REGISTRY[name];
}
