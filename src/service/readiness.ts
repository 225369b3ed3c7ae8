import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { pingRedis } from '../store/redis.js';
import type { Queue } from '../jobs/queue.js';

/** Something the process needs in order to serve, and how to ask whether it answers. */
export interface Dependency {
  name: 'database' | 'redis' | 'storage' | 'queue';
  check(): Promise<void>;
}

/** A blob store may say itself how to check it is reachable (an S3 bucket: one HEAD); otherwise one read. */
interface SelfChecking {
  ready(): Promise<void>;
}

/** The key no blob has: asking for it reads the store without writing to it. */
const PROBE_KEY = 'readyz/probe';

export function dependencies(parts: { db: Db; blobs: BlobStore; redis: Redis | null; queue: Queue }): Dependency[] {
  const { db, blobs, redis, queue } = parts;
  const out: Dependency[] = [
    { name: 'database', check: async () => void (await sql`select 1`.execute(db)) },
    {
      name: 'storage',
      check: async () => {
        const own = (blobs as Partial<SelfChecking>).ready;
        if (own) await own.call(blobs);
        else await blobs.has(PROBE_KEY);
      },
    },
  ];
  if (redis) out.push({ name: 'redis', check: () => pingRedis(redis) }, { name: 'queue', check: () => queue.ready() });
  return out;
}

export interface Readiness {
  ready: boolean;
  /** `ok`, or why the dependency failed. */
  checks: Record<string, string>;
}

/** Asks every dependency at once; each has `timeoutMs` to answer. */
export async function readiness(deps: Dependency[], timeoutMs = 2000): Promise<Readiness> {
  const results = await Promise.all(
    deps.map(async (dep): Promise<[string, string]> => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          dep.check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [dep.name, 'ok'];
      } catch (err) {
        return [dep.name, (err as Error).message || String(err)];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return { ready: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
}
