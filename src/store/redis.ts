import { Redis } from 'ioredis';

/** How a connection behaves while Redis is away. */
export interface RedisConnectionOptions {
  /**
   * False for a connection whose callers must get an answer at once when Redis is down (readiness,
   * throttling), instead of waiting in ioredis's offline queue until it is back.
   */
  waitWhileAway: boolean;
  /** What Redis's CLIENT LIST calls the connection, to tell processes apart. */
  name: string;
}

/**
 * A connection to LIKENESS_REDIS_URL. It never gives up reconnecting: a Redis restart costs the queue a
 * few seconds, never a process. BullMQ's blocking reads need `maxRetriesPerRequest: null`.
 */
export function openRedis(url: string, options: RedisConnectionOptions): Redis {
  const redis = new Redis(url, {
    connectionName: options.name,
    enableOfflineQueue: options.waitWhileAway,
    maxRetriesPerRequest: options.waitWhileAway ? null : 1,
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    lazyConnect: false,
  });
  // Errors while reconnecting are reported by whoever uses the connection (readiness, the queue); an
  // 'error' event without a listener would end the process.
  redis.on('error', () => undefined);
  return redis;
}

/** Whether Redis answers, within `timeoutMs`. */
export async function pingRedis(redis: Redis, timeoutMs = 2000): Promise<void> {
  // Not the URL: it may hold a password.
  if (redis.status !== 'ready') throw new Error(`not connected (${redis.status})`);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the connection, waiting for replies to commands already sent, but not for a Redis that is away. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  if (redis.status !== 'ready') {
    redis.disconnect();
    return;
  }
  await redis.quit().catch(() => redis.disconnect());
}
