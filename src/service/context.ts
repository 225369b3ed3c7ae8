import type { Logger } from 'pino';
import type { Redis } from 'ioredis';
import type { Db, DatabaseKind } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import type { Queue } from '../jobs/queue.js';
import type { Config } from './config.js';

/** What every route needs: handed to the app once, at build time. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: DatabaseKind;
  blobs: BlobStore;
  queue: Queue;
  logger: Logger;
  /** LIKENESS_REDIS_URL's connection for throttling and readiness; null without Redis. */
  redis?: Redis | null;
}
