import Fastify, { LogController, type FastifyBaseLogger, type FastifyError, type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import type { AppContext } from './context.js';
import { ApiError, errors } from './errors.js';
import { describeFault, storageFault } from '../store/storageFault.js';
import { MAX_TEXT_BYTES, refuseNulls } from './form.js';
import { nestingWithin, PARAMETER_LIMITS } from '../pipelines/catalogue/index.js';
import { authPlugin } from './auth.js';
import { throttlePlugin } from './throttle.js';
import { addMethodRoutes, trackMethods } from './methods.js';
import { openapiPlugin } from './openapi.js';
import { tokenRoutes } from './routes/token.js';
import { playerRoutes } from './routes/players.js';
import { avatarRoutes } from './routes/avatars.js';
import { avatarAssetRoutes } from './routes/avatarAssets.js';
import { haircutRoutes } from './routes/haircuts.js';
import { outfitRoutes } from './routes/outfits.js';
import { modelInfoRoutes } from './routes/modelInfo.js';
import { parameterRoutes } from './routes/parameters.js';
import { exportParameterRoutes } from './routes/exportParameters.js';
import { exportRoutes } from './routes/exports.js';
import { staticFileRoutes } from './routes/staticFiles.js';
import { creatorRoutes } from './routes/creator.js';
import { Registry } from 'prom-client';
import { healthRoutes } from './health.js';
import { httpMetrics, metricsRoute } from './metrics.js';
import { dependencies } from './readiness.js';
import { processMetrics, queueMetrics } from '../jobs/metrics.js';

/** A JSON body holds fields, and a field may hold parameters: two levels above theirs. */
const MAX_BODY_DEPTH = PARAMETER_LIMITS.depth + 2;

function fieldErrors(error: FastifyError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const v of error.validation ?? []) {
    const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || String((v.params as { missingProperty?: string }).missingProperty ?? error.validationContext ?? 'non_field_errors');
    (out[field] ??= []).push(v.message ?? 'Invalid value.');
  }
  return out;
}

/** The whole HTTP API, ready to listen. */
export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.logger as unknown as FastifyBaseLogger,
    // One line per request is noise at info level; LIKENESS_LOG_LEVEL=debug brings it back.
    logController: new LogController({ disableRequestLogging: ctx.config.logLevel !== 'debug' }),
    // X-Forwarded-* are believed only when LIKENESS_TRUST_PROXY says a proxy sets them.
    trustProxy: ctx.config.trustProxy,
    // Django answers /avatars and /avatars/ alike; clients written for it may use either.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: MAX_TEXT_BYTES,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: true } },
  });
  const methods = trackMethods(app);
  // Response schemas document the API; V8's JSON.stringify is faster than a compiled serializer for our
  // URL-heavy objects, and never drops a field the schema forgot.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).headers(error.headers).send(error.body);
    const fe = error as FastifyError;
    if (fe.validation) return reply.code(400).send(fieldErrors(fe));
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const tooLarge = errors.bodyTooLarge(MAX_TEXT_BYTES);
      return reply.code(tooLarge.statusCode).send(tooLarge.body);
    }
    const status = fe.statusCode && fe.statusCode >= 400 ? fe.statusCode : 500;
    const fault = storageFault(error);
    if (fault) {
      // Named for the operator, with the file; the client learns the cause but not the server's paths.
      request.log.error({ err: error, path: fault.path, code: fault.code }, `storage failed: ${describeFault(fault)}${fault.path ? ` at ${fault.path}` : ''}`);
      const answer = fault.kind === 'full' ? errors.storageFull(describeFault(fault)) : errors.storageUnavailable(describeFault(fault));
      return reply.code(answer.statusCode).headers(answer.headers).send(answer.body);
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'A server error occurred.' });
    }
    return reply.code(status).send({ detail: fe.message });
  });
  app.addHook('preValidation', async (request) => {
    if (request.query && typeof request.query === 'object') refuseNulls(request.query as Record<string, unknown>);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
  app.addHook('preHandler', async (request) => {
    // A request about one avatar logs its code, as the jobs that compute it do.
    const code = (request.params as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') request.log = request.log.child({ avatar: code });
  });
  const registry = new Registry();
  httpMetrics(app, registry);
  queueMetrics(registry, ctx.db, ctx.queue);

  await app.register(cors, {
    origin: true,
    credentials: false,
    // The plugin adds the CORS headers and hands every OPTIONS on to our own routes, which answer with Allow.
    preflightContinue: true,
    strictPreflight: false,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['Link', 'Allow', 'Retry-After', 'Content-Disposition'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-PlayerUID'],
    maxAge: 86400,
  });
  // JSON.parse spends 150 ms on a MiB of nested brackets, and the form reader's JSON.stringify
  // overflows the stack on them: a body nested deeper than any request needs is refused unread.
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (!nestingWithin(body as string, MAX_BODY_DEPTH)) return done(errors.bodyTooDeep(MAX_BODY_DEPTH), undefined);
    parseJson(request, body as string, done);
  });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxPhotoBytes, files: 1, fields: 20, fieldSize: MAX_TEXT_BYTES },
  });
  await app.register(openapiPlugin, ctx);
  await app.register(authPlugin, ctx);
  await app.register(throttlePlugin, ctx);

  await app.register(tokenRoutes, ctx);
  await app.register(playerRoutes, ctx);
  await app.register(avatarRoutes, ctx);
  await app.register(avatarAssetRoutes, ctx);
  await app.register(haircutRoutes, ctx);
  await app.register(outfitRoutes, ctx);
  await app.register(modelInfoRoutes, ctx);
  await app.register(parameterRoutes, ctx);
  await app.register(exportParameterRoutes, ctx);
  await app.register(exportRoutes, ctx);
  await app.register(staticFileRoutes, ctx);
  await app.register(creatorRoutes, ctx);
  await app.register(healthRoutes, { deps: dependencies({ db: ctx.db, blobs: ctx.blobs, redis: ctx.redis ?? null, queue: ctx.queue }) });
  if (ctx.config.metrics) await app.register(async (scope) => metricsRoute(scope, [processMetrics(), registry]));
  addMethodRoutes(app, methods);
  return app;
}
