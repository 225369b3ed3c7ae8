import pino, { type Logger } from 'pino';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Registry } from 'prom-client';
import type { Redis } from 'ioredis';
import { openDatabase, type OpenDatabase } from '../store/database.js';
import type { BlobBackend } from '../store/blobs.js';
import { openBlobStore } from '../store/openBlobStore.js';
import { removeLeftovers } from '../store/leftovers.js';
import { closeRedis, openRedis } from '../store/redis.js';
import { EmbeddedQueue } from '../jobs/embeddedQueue.js';
import { BullQueue } from '../jobs/bullQueue.js';
import type { Queue } from '../jobs/queue.js';
import { processMetrics, queueMetrics } from '../jobs/metrics.js';
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { healthRoutes } from './health.js';
import { metricsRoute } from './metrics.js';
import { dependencies } from './readiness.js';
import { checkBlobStore, checkDatabase, checkDataDir, startStep } from './startChecks.js';

export interface CloseOptions {
  /** How long requests and jobs in flight may take to finish; then jobs are handed back to the queue. 0 by default. */
  drainMs?: number;
}

export interface RunningServer {
  app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  url: string;
  database: OpenDatabase;
  /** The blob store it serves files from (on disk or S3). */
  blobs: BlobBackend;
  close(options?: CloseOptions): Promise<void>;
}

/** `likeness worker`: computes, answers no API. */
export interface RunningWorker {
  /** Where /healthz, /readyz and /metrics answer, with LIKENESS_METRICS_PORT; null without. */
  url: string | null;
  database: OpenDatabase;
  close(options?: CloseOptions): Promise<void>;
}

/** On PostgreSQL another server may be writing an avatar's first file right now: only older leftovers go. */
const SHARED_LEFTOVER_GRACE_MS = 60 * 60 * 1000;

interface Parts {
  database: OpenDatabase;
  blobs: BlobBackend;
  queue: Queue;
  /** The connection for throttling and readiness, which must not wait while Redis is away. */
  redis: Redis | null;
}

/**
 * Storage and the queue, checked: the data dir, the database and the blob store must take a write, so
 * that a supervisor sees a dead process rather than a half-started one. `soleOwner`: this process alone
 * owns the data (SQLite and `likeness serve`), so it may take back every running job and remove any
 * leftover at start; a `likeness worker` beside it never assumes so.
 */
async function openParts(config: Config, logger: Logger, soleOwner: boolean, workers: number, opened: (parts: Partial<Parts>) => void): Promise<Parts> {
  await checkDataDir(config.dataDir);
  const database = await startStep(`the database cannot be opened`, () => openDatabase({ url: config.databaseUrl }));
  opened({ database });
  await checkDatabase(database.db);
  const blobs = await openBlobStore(config.storage);
  opened({ blobs });
  await checkBlobStore(blobs);
  const owner = soleOwner && database.kind === 'sqlite';
  const leftovers = await removeLeftovers(database.db, blobs, owner ? 0 : SHARED_LEFTOVER_GRACE_MS);
  if (leftovers.temporaryFiles || leftovers.avatarFolders) logger.info(leftovers, 'removed what failed writes left in the blob store');
  const common = { db: database.db, blobs, logger, workers, warmUp: config.warmUp, timeoutSeconds: config.computeTimeoutSeconds, maxPhotoPixels: config.maxPhotoPixels, soleOwner: owner, leaseMs: config.jobLeaseSeconds * 1000 };
  // Redis that is away at start is not a failed start: /readyz says so, and jobs are published once it is back.
  const queue: Queue = config.redisUrl ? new BullQueue({ ...common, redisUrl: config.redisUrl, prefix: config.redisPrefix }) : new EmbeddedQueue(common);
  const redis = config.redisUrl ? openRedis(config.redisUrl, { waitWhileAway: false, name: 'likeness:api' }) : null;
  opened({ queue, redis });
  return { database, blobs, queue, redis };
}

async function closeParts(parts: Partial<Parts>): Promise<void> {
  if (parts.redis) await closeRedis(parts.redis);
  await parts.database?.close().catch(() => undefined);
  parts.blobs?.close();
}

/** Stops taking connections; requests in flight finish, and after `drainMs` the connections still open are cut. */
async function closeApp(app: FastifyInstance, drainMs: number): Promise<void> {
  const timer = drainMs > 0 ? setTimeout(() => app.server.closeAllConnections(), drainMs) : null;
  try {
    await app.close();
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/**
 * Opens storage, starts the computation workers and the HTTP API: `likeness serve`. With `workers` 0
 * the API only: it queues work that `likeness worker` processes (or other servers) compute.
 */
export async function startServer(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<RunningServer> {
  logger = logger.child({ role: config.workers > 0 ? 'api+worker' : 'api' });
  const parts: Partial<Parts> = {};
  let app: FastifyInstance | null = null;
  try {
    const { database, blobs, queue, redis } = await openParts(config, logger, true, config.workers, (p) => Object.assign(parts, p));
    app = await buildApp({ config, db: database.db, dbKind: database.kind, blobs, queue, logger, redis });
    await queue.start();
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app?.close().catch(() => undefined);
    await parts.queue?.stop().catch(() => undefined);
    await closeParts(parts);
    throw err;
  }
  const started = { app, queue: parts.queue!, database: parts.database! };
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | null = null;
  return {
    app,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    database: started.database,
    blobs: parts.blobs!,
    close: (options = {}) =>
      (closing ??= (async () => {
        const drainMs = options.drainMs ?? 0;
        // Both at once: a request in flight may wait on a job of this process (a blendshapes download).
        await Promise.all([closeApp(started.app, drainMs), started.queue.stop({ drainMs })]);
        await closeParts(parts);
      })()),
  };
}

/**
 * `likeness worker`: storage and the queue's workers, no API. With `metricsPort` it listens for
 * /healthz, /readyz and /metrics only, for the supervisor and the scraper.
 */
export async function startWorker(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<RunningWorker> {
  if (config.workers < 1) throw new Error('a worker needs at least one computation thread (LIKENESS_WORKERS, --workers)');
  logger = logger.child({ role: 'worker' });
  const parts: Partial<Parts> = {};
  let ops: FastifyInstance | null = null;
  try {
    const { database, blobs, queue, redis } = await openParts(config, logger, false, config.workers, (p) => Object.assign(parts, p));
    await queue.start();
    if (config.metricsPort !== null) {
      ops = Fastify({ loggerInstance: logger as unknown as FastifyBaseLogger });
      const registry = new Registry();
      queueMetrics(registry, database.db, queue);
      await ops.register(healthRoutes, { deps: dependencies({ db: database.db, blobs, redis, queue }) });
      if (config.metrics) await ops.register(async (scope) => metricsRoute(scope, [processMetrics(), registry]));
      await ops.listen({ host: config.host, port: config.metricsPort });
    }
  } catch (err) {
    await ops?.close().catch(() => undefined);
    await parts.queue?.stop().catch(() => undefined);
    await closeParts(parts);
    throw err;
  }
  const address = ops?.server.address();
  const url = address && typeof address === 'object' ? `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${address.port}` : null;
  let closing: Promise<void> | null = null;
  return {
    url,
    database: parts.database!,
    close: (options = {}) =>
      (closing ??= (async () => {
        await parts.queue!.stop({ drainMs: options.drainMs ?? 0 });
        await ops?.close();
        await closeParts(parts);
      })()),
  };
}
