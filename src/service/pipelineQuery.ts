import type { FastifyRequest } from 'fastify';
import { hasSubtype, isPipelineName, PIPELINES, planAtLeast, planName, type PipelineName } from '../pipelines/catalogue/index.js';
import { errors } from './errors.js';
import { detailSchema } from './schemas.js';

/** The OpenAPI schema of a `GET /…/{pipeline}/?pipeline_subtype=…` catalogue route. */
export function pipelineRouteSchema(tags: string[], summary: string, description: string) {
  return {
    summary,
    description,
    tags,
    params: { type: 'object', properties: { pipeline: { type: 'string' } }, required: ['pipeline'] },
    querystring: { type: 'object', properties: { pipeline_subtype: { type: 'string', description: "Default: the pipeline's first subtype." } } },
    response: { 200: { type: 'object', additionalProperties: true }, 403: detailSchema, 404: detailSchema },
  };
}

/**
 * The pipeline and subtype of such a route: 404 for an unknown pipeline (and, with
 * `exportParameters`, for one that takes none), 400 for a subtype it lacks, 403 below its plan.
 */
export function pipelineFromRoute(request: FastifyRequest, options: { exportParameters?: boolean } = {}): { pipeline: PipelineName; subtype: string } {
  const { pipeline } = request.params as { pipeline: string };
  if (!isPipelineName(pipeline)) throw errors.notFound(`Unknown pipeline "${pipeline}".`);
  const spec = PIPELINES[pipeline];
  if (options.exportParameters && !spec.exportParameters) {
    throw errors.notFound(`Pipeline ${pipeline} does not use export parameters; its haircuts and blendshapes are named in the computation parameters.`);
  }
  const subtype = (request.query as { pipeline_subtype?: string }).pipeline_subtype || spec.subtypes[0];
  if (!hasSubtype(pipeline, subtype)) {
    throw errors.fields({ pipeline_subtype: [`"${subtype}" is not a valid choice for ${pipeline}; choose one of: ${spec.subtypes.join(', ')}.`] });
  }
  if (!planAtLeast(request.caller.plan, spec.plan)) throw errors.planTooLow(`Pipeline ${pipeline}`, planName(spec.plan));
  return { pipeline, subtype };
}
