import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import {
  availableExportParameters,
  exportParameterDefaults,
  getPipeline,
  planAtLeast,
  planName,
  type PipelineName,
} from '../../pipelines/catalogue/index.js';
import { exportContext } from '../../pipelines/exports/context.js';
import { errors } from '../errors.js';
import { detailSchema } from '../schemas.js';

const tags = ['export parameters'];
const schema = (summary: string, description: string) => ({
  summary,
  description,
  tags,
  params: { type: 'object', properties: { pipeline: { type: 'string' } }, required: ['pipeline'] },
  querystring: { type: 'object', properties: { pipeline_subtype: { type: 'string', description: "Default: the pipeline's first subtype." } } },
  response: { 200: { type: 'object', additionalProperties: true }, 403: detailSchema, 404: detailSchema },
});

/** As for /parameters/…, plus a 404 for the pipelines that take no export parameters (animated_face). */
function resolve(request: FastifyRequest): { pipeline: PipelineName; subtype: string } {
  const { pipeline } = request.params as { pipeline: string };
  const spec = getPipeline(pipeline);
  if (!spec) throw errors.notFound(`Unknown pipeline "${pipeline}".`);
  if (!spec.exportParameters) throw errors.notFound(`Pipeline ${pipeline} does not use export parameters; its haircuts and blendshapes are named in the computation parameters.`);
  const subtype = (request.query as { pipeline_subtype?: string }).pipeline_subtype || spec.subtypes[0];
  if (!spec.subtypes.includes(subtype)) {
    throw errors.fields({ pipeline_subtype: [`"${subtype}" is not a valid choice for ${pipeline}; choose one of: ${spec.subtypes.join(', ')}.`] });
  }
  if (!planAtLeast(request.caller.plan, spec.plan)) throw errors.planTooLow(`Pipeline ${pipeline}`, planName(spec.plan));
  return { pipeline: pipeline as PipelineName, subtype };
}

/** The enumerable export parameters a caller may use, and their defaults, from the export parameter catalogue. */
export async function exportParameterRoutes(app: FastifyInstance, _ctx: AppContext) {
  app.get(
    '/export_parameters/available/:pipeline/',
    {
      schema: schema(
        "Export parameters available to the caller's plan",
        'In the shape of export parameters: each enumerable key with the values it takes (formats, templates, LODs, additional textures, ' +
          "haircuts.list, outfits.list, blendshapes.list as set names, blendshapes.values as set → blendshape names). Haircuts are the generated one " +
          "and the library sets the pipeline and the caller's plan allow; one avatar may lack its generated haircut.",
      ),
    },
    async (request) => {
      const { pipeline, subtype } = resolve(request);
      return availableExportParameters(exportContext(pipeline, subtype, request.caller.plan));
    },
  );
  app.get(
    '/export_parameters/default/:pipeline/',
    {
      schema: schema(
        'Default export parameters',
        'What an export applies when a request gives no export parameters, in request shape; null in a category means it inherits the top-level value.',
      ),
    },
    async (request) => {
      const { pipeline, subtype } = resolve(request);
      return exportParameterDefaults(pipeline, subtype);
    },
  );
}
