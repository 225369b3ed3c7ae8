import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { availableParameters, defaultParameters, getPipeline, planAtLeast, planName, type PipelineName } from '../../pipelines/catalogue/index.js';
import { errors } from '../errors.js';
import { detailSchema } from '../schemas.js';

const tags = ['parameters'];
const schema = (summary: string, description: string) => ({
  summary,
  description,
  tags,
  params: { type: 'object', properties: { pipeline: { type: 'string' } }, required: ['pipeline'] },
  querystring: { type: 'object', properties: { pipeline_subtype: { type: 'string', description: "Default: the pipeline's first subtype." } } },
  response: { 200: { type: 'object', additionalProperties: true }, 403: detailSchema, 404: detailSchema },
});

function resolve(request: FastifyRequest): { pipeline: PipelineName; subtype: string } {
  const { pipeline } = request.params as { pipeline: string };
  const spec = getPipeline(pipeline);
  if (!spec) throw errors.notFound(`Unknown pipeline "${pipeline}".`);
  const subtype = (request.query as { pipeline_subtype?: string }).pipeline_subtype || spec.subtypes[0];
  if (!spec.subtypes.includes(subtype)) {
    throw errors.fields({ pipeline_subtype: [`"${subtype}" is not a valid choice for ${pipeline}; choose one of: ${spec.subtypes.join(', ')}.`] });
  }
  if (!planAtLeast(request.caller.plan, spec.plan)) throw errors.planTooLow(`Pipeline ${pipeline}`, planName(spec.plan));
  return { pipeline: pipeline as PipelineName, subtype };
}

/** The computation parameters a caller may send, and their defaults, from the one parameter catalogue. */
export async function parameterRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.get(
    '/parameters/available/:pipeline/',
    {
      schema: schema(
        'Computation parameters available to the caller\'s plan',
        'In the shape of the `parameters` field of avatar creation: category → group → list of parameter names (key-value categories too; their defaults come from /parameters/default/). body_0.3 has no group level.',
      ),
    },
    async (request) => {
      const { pipeline, subtype } = resolve(request);
      return availableParameters(pipeline, subtype, request.caller.plan);
    },
  );
  app.get(
    '/parameters/default/:pipeline/',
    { schema: schema('Default computation parameters', 'What the pipeline applies when a request gives no parameters, in request shape.') },
    async (request) => {
      const { pipeline, subtype } = resolve(request);
      return defaultParameters(pipeline, subtype);
    },
  );
}
