/**
 * Fleet throughput: one API-only process and 1 then 2 `likeness worker` processes on PostgreSQL and
 * Redis (BullMQ), each worker with one computation thread. Creates AVATARS head_1.2 avatars at once and
 * prints avatars per minute, p50/p99 time to Completed, and the API's GET /avatars/{code}/ latency p50
 * with /metrics on, measured while the workers compute.
 *
 *   LIKENESS_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test LIKENESS_TEST_REDIS_URL=redis://127.0.0.1:6379 \
 *     node dist/bench/fleet.js [avatars=12]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { Api, photo } from '../test/support/api.js';
import { fetchToken, freshPostgresDatabase } from '../test/support/server.js';
import { exited, freePort, likeness, serve, worker } from '../test/support/process.js';
import './warmUp.js';

const PG_URL = process.env.LIKENESS_TEST_POSTGRES_URL;
const REDIS_URL = process.env.LIKENESS_TEST_REDIS_URL;
const AVATARS = Number(process.argv[2] ?? 12);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

async function round(workers: number): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-bench-fleet-'));
  const pgdb = await freshPostgresDatabase(PG_URL!);
  const prefix = `likeness-bench-${process.pid}-${workers}`;
  const env = { LIKENESS_DATA_DIR: dataDir, LIKENESS_DATABASE_URL: pgdb.url, LIKENESS_REDIS_URL: REDIS_URL!, LIKENESS_REDIS_PREFIX: prefix, LIKENESS_THROTTLE_PER_MINUTE: '0' };
  const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'bench', '--plan', 'pro', '--json'], env));
  const port = await freePort();
  const server = await serve({ ...env, LIKENESS_WORKERS: '0' }, port);
  const procs = [];
  for (let i = 0; i < workers; i++) procs.push(await worker({ ...env, LIKENESS_WORKERS: '1', LIKENESS_LOG_LEVEL: 'warn' }, await freePort()));
  const base = `http://127.0.0.1:${port}`;
  const api = new Api(base, await fetchToken(base, client_id, client_secret));
  try {
    // Warm each worker's models with one avatar apiece, outside the measurement.
    const warm = await Promise.all(procs.map((_, i) => api.createAvatar({ pipeline: 'head_1.2', name: `warm ${i}`, photo: photo('astronaut.png') })));
    for (const w of warm) await api.waitFor(w.body.code, (a) => a.status === 'Completed' || a.status === 'Failed', 300_000);
    const start = Date.now();
    const created = [];
    for (let i = 0; i < AVATARS; i++) created.push((await api.createAvatar({ pipeline: 'head_1.2', name: `bench ${i}`, photo: photo(i % 2 ? 'astronaut.png' : 'messi5.jpg') })).body.code as string);
    const done = new Map<string, number>();
    const latencies: number[] = [];
    while (done.size < created.length && Date.now() - start < 900_000) {
      for (const code of created) {
        if (done.has(code)) continue;
        const t = performance.now();
        const res = await api.get(`/avatars/${code}/`);
        latencies.push(performance.now() - t);
        if (res.body.status === 'Completed' || res.body.status === 'Failed') done.set(code, Date.now() - start);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    const elapsed = Math.max(...done.values()) / 1000;
    const times = [...done.values()].map((ms) => ms / 1000);
    console.log(
      `${workers} worker process${workers > 1 ? 'es' : ''}: ${done.size}/${AVATARS} avatars in ${elapsed.toFixed(1)} s = ${((done.size / elapsed) * 60).toFixed(1)} avatars/minute; ` +
        `time to Completed p50 ${percentile(times, 50).toFixed(1)} s, p99 ${percentile(times, 99).toFixed(1)} s; ` +
        `GET /avatars/{code}/ p50 ${percentile(latencies, 50).toFixed(1)} ms (${latencies.length} requests, /metrics on)`,
    );
  } finally {
    for (const p of procs) {
      p.kill('SIGTERM');
      await exited(p);
    }
    server.kill('SIGTERM');
    await exited(server);
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await pgdb.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (!PG_URL || !REDIS_URL) {
  console.log('fleet bench skipped: set LIKENESS_TEST_POSTGRES_URL and LIKENESS_TEST_REDIS_URL');
} else {
  await round(1);
  await round(2);
}
