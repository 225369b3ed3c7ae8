import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { availableParameters, defaultParameters } from '../../pipelines/catalogue/index.js';
import { pipelineFromRoute, pipelineRouteSchema } from '../pipelineQuery.js';

const tags = ['parameters'];
const schema = (summary: string, description: string) => pipelineRouteSchema(tags, summary, description);
const resolve = (request: FastifyRequest) => pipelineFromRoute(request);

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
