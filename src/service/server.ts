import { join } from 'node:path';
import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type OpenDatabase } from '../store/database.js';
import { FsBlobStore } from '../store/blobs.js';
import { EmbeddedQueue } from '../jobs/embeddedQueue.js';
import type { Config } from './config.js';
import { buildApp } from './app.js';

export interface RunningServer {
  app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  url: string;
  database: OpenDatabase;
  close(): Promise<void>;
}

/** Opens storage, starts the computation workers and the HTTP API: `likeness serve`. */
export async function startServer(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<RunningServer> {
  const database = await openDatabase({ url: config.databaseUrl });
  const blobs = new FsBlobStore(join(config.dataDir, 'blobs'));
  const queue = new EmbeddedQueue({
    db: database.db,
    blobs,
    logger,
    workers: config.workers,
    timeoutSeconds: config.computeTimeoutSeconds,
    soleOwner: database.kind === 'sqlite',
  });
  const app = await buildApp({ config, db: database.db, dbKind: database.kind, blobs, queue, logger });
  await app.listen({ host: config.host, port: config.port });
  await queue.start();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | null = null;
  return {
    app,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    database,
    close: () =>
      (closing ??= (async () => {
        await app.close();
        await queue.stop();
        await database.close();
      })()),
  };
}
