import { Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

const tags = ['operations'];

/** HTTP latency by route pattern (`/avatars/:code/`), never by URL: one series per route, not per avatar. */
export function httpMetrics(app: FastifyInstance, registry: Registry): void {
  const latency = new Histogram({
    name: 'likeness_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, from arrival to the last byte of the answer.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    latency.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });
}

/**
 * GET /metrics in Prometheus's text format: this process's metrics and this server's own (HTTP latency,
 * queue depth). Unauthenticated, as scrapers expect, and holding no client's data: its labels are routes,
 * pipelines, job kinds and reasons. LIKENESS_METRICS=0 removes it where the port is reachable from outside.
 */
export async function metricsRoute(app: FastifyInstance, registries: Registry[]): Promise<void> {
  app.get(
    '/metrics',
    {
      config: { auth: false },
      schema: {
        summary: 'Metrics in Prometheus text format',
        description:
          'HTTP latency by route (`likeness_http_request_duration_seconds`), queue depth (`likeness_jobs`, `likeness_bullmq_jobs`), ' +
          'job durations by pipeline (`likeness_job_duration_seconds`), failures by reason (`likeness_job_failures_total`), ' +
          'worker memory (`process_resident_memory_bytes`, `nodejs_heap_size_used_bytes`, `likeness_worker_thread_heap_bytes`) and the ' +
          "process's defaults. Needs no authentication; LIKENESS_METRICS=0 turns it off.",
        tags, security: [],
        produces: ['text/plain'],
        response: { 200: { type: 'string', description: 'Prometheus text exposition format 0.0.4.' } },
      },
    },
    async (_request, reply) => {
      const merged = Registry.merge(registries);
      reply.header('Content-Type', merged.contentType);
      return merged.metrics();
    },
  );
}
