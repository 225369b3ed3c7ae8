import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { availableExportParameters, exportContext, exportParameterDefaults } from '../../pipelines/catalogue/index.js';
import { pipelineFromRoute, pipelineRouteSchema } from '../pipelineQuery.js';

const tags = ['export parameters'];
const schema = (summary: string, description: string) => pipelineRouteSchema(tags, summary, description);
const resolve = (request: FastifyRequest) => pipelineFromRoute(request, { exportParameters: true });

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
