import type { FastifyInstance } from 'fastify';
import type { Dependency } from './readiness.js';
import { readiness } from './readiness.js';
import { errors } from './errors.js';

const tags = ['operations'];
const checksSchema = { type: 'object', additionalProperties: { type: 'string' }, description: 'Each dependency: `ok`, or why it failed.' } as const;

/**
 * /healthz: the process is alive (its event loop answers); it asks nothing else, so that a supervisor
 * restarts a stuck process, not one whose database is away. /readyz: it can serve now, having reached the
 * database, Redis (when configured) and storage; a load balancer sends it traffic only then.
 */
export async function healthRoutes(app: FastifyInstance, { deps }: { deps: Dependency[] }) {
  app.get(
    '/healthz',
    {
      config: { auth: false },
      schema: {
        summary: 'Whether the process is alive',
        description: 'Answers 200 as long as the process runs; asks no dependency. Needs no authentication.',
        tags, security: [],
        response: { 200: { type: 'object', properties: { status: { type: 'string', enum: ['alive'] } } } },
      },
    },
    async () => ({ status: 'alive' }),
  );
  app.get(
    '/readyz',
    {
      config: { auth: false },
      schema: {
        summary: 'Whether the process can serve',
        description:
          'Asks the database, Redis (with LIKENESS_REDIS_URL) and the blob store, each within 2 s. 200 when all answer; ' +
          '503 with a `detail` naming what failed otherwise, and while the process is stopping. Needs no authentication.',
        tags, security: [],
        response: {
          200: { type: 'object', properties: { status: { type: 'string', enum: ['ready'] }, checks: checksSchema } },
          503: { type: 'object', properties: { detail: { type: 'string' }, checks: checksSchema } },
        },
      },
    },
    async (_request, reply) => {
      const result = await readiness(deps);
      if (result.ready) return { status: 'ready', checks: result.checks };
      const failures = Object.entries(result.checks).filter(([, r]) => r !== 'ok').map(([name, r]) => `${name}: ${r}`);
      const error = errors.unready(failures);
      return reply.code(503).headers(error.headers).send({ ...error.body, checks: result.checks });
    },
  );
}
