import pino, { type Logger } from 'pino';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type OpenDatabase } from '../store/database.js';
import type { BlobBackend } from '../store/blobs.js';
import { openBlobStore } from '../store/openBlobStore.js';
import { removeLeftovers } from '../store/leftovers.js';
import { EmbeddedQueue } from '../jobs/embeddedQueue.js';
import type { Config } from './config.js';
import { buildApp } from './app.js';
import { checkBlobStore, checkDatabase, checkDataDir, startStep } from './startChecks.js';

export interface RunningServer {
  app: FastifyInstance;
  /** Where it listens, e.g. http://127.0.0.1:8080 */
  url: string;
  database: OpenDatabase;
  blobs: BlobBackend;
  close(): Promise<void>;
}

/** On PostgreSQL another server may be writing an avatar's first file right now: only older leftovers go. */
const SHARED_LEFTOVER_GRACE_MS = 60 * 60 * 1000;

/**
 * Opens storage, starts the computation workers and the HTTP API: `likeness serve`. The data dir,
 * the database and the blob store are checked before listening; if one fails, whatever was opened is
 * closed again and the error says which, so that a supervisor sees a dead process, not a half-started one.
 */
export async function startServer(config: Config, logger: Logger = pino({ level: config.logLevel })): Promise<RunningServer> {
  await checkDataDir(config.dataDir);
  const database = await startStep(`the database cannot be opened`, () => openDatabase({ url: config.databaseUrl }));
  let queue: EmbeddedQueue | null = null;
  let app: FastifyInstance | null = null;
  let blobs: BlobBackend | null = null;
  try {
    await checkDatabase(database.db);
    blobs = await openBlobStore(config.storage);
    await checkBlobStore(blobs);
    const soleOwner = database.kind === 'sqlite';
    const leftovers = await removeLeftovers(database.db, blobs, soleOwner ? 0 : SHARED_LEFTOVER_GRACE_MS);
    if (leftovers.temporaryFiles || leftovers.avatarFolders) logger.info(leftovers, 'removed what failed writes left in the blob store');
    queue = new EmbeddedQueue({ db: database.db, blobs, logger, workers: config.workers, timeoutSeconds: config.computeTimeoutSeconds, soleOwner });
    app = await buildApp({ config, db: database.db, dbKind: database.kind, blobs, queue, logger });
    await queue.start();
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await app?.close().catch(() => undefined);
    await queue?.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    blobs?.close();
    throw err;
  }
  const started = { app, queue, blobs };
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  let closing: Promise<void> | null = null;
  return {
    app,
    url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`,
    database,
    blobs,
    close: () =>
      (closing ??= (async () => {
        await started.app.close();
        await started.queue.stop();
        await database.close();
        started.blobs.close();
      })()),
  };
}
