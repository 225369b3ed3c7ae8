import { after, afterEach, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { openDatabase } from '../src/store/database.js';
import { fetchToken, freshPostgresDatabase } from './support/server.js';
import { Api, photo } from './support/api.js';
import { exited, freePort, likeness, serve, worker } from './support/process.js';

const PG_URL = process.env.LIKENESS_TEST_POSTGRES_URL;
const REDIS_URL = process.env.LIKENESS_TEST_REDIS_URL;
const FLEET_SKIP = PG_URL && REDIS_URL ? false : 'fleet tests skipped: set LIKENESS_TEST_POSTGRES_URL and LIKENESS_TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run them';

type Worker = ChildProcess & { log: string[] };
const FINAL = ['Completed', 'Failed', 'Timed Out'];

/** The pino lines a worker wrote about one avatar, with this message. */
function lines(w: Worker, avatar: string, msg: string): Record<string, unknown>[] {
  return w.log.map((l) => { try { return JSON.parse(l) as Record<string, unknown>; } catch { return {}; } }).filter((l) => l.avatar === avatar && l.msg === msg);
}

/** The `job finished` lines about an avatar across workers, once at least `count` were written (the API may see Completed before a worker's line reaches the pipe). */
async function finished(workers: Worker[], avatar: string, count: number): Promise<Record<string, unknown>[]> {
  const all = () => workers.flatMap((w) => lines(w, avatar, 'job finished'));
  await waitUntil(`${count} "job finished" lines`, () => all().length >= count, 15_000).catch(() => undefined);
  return all();
}

async function waitUntil(what: string, ok: () => boolean, timeoutMs = 120_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function stop(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  child.kill(signal);
  await exited(child);
}

/** An API process and worker processes on one database (and Redis), sharing a data dir for the files. */
function fleet(name: string, options: { redis: boolean }) {
  const state = {
    env: {} as Record<string, string>,
    dataDir: '',
    api: null as unknown as Api,
    server: undefined as ChildProcess | undefined,
    workers: [] as Worker[],
    drop: undefined as (() => Promise<void>) | undefined,
    prefix: `likeness-test-${process.pid}-${Date.now()}-${name}`,
  };
  before(async () => {
    state.dataDir = await mkdtemp(join(tmpdir(), 'likeness-fleet-'));
    state.env = { LIKENESS_DATA_DIR: state.dataDir, LIKENESS_JOB_LEASE_S: '3', LIKENESS_THROTTLE_PER_MINUTE: '0' };
    if (options.redis) {
      const pgdb = await freshPostgresDatabase(PG_URL!);
      state.drop = pgdb.drop;
      Object.assign(state.env, { LIKENESS_DATABASE_URL: pgdb.url, LIKENESS_REDIS_URL: REDIS_URL!, LIKENESS_REDIS_PREFIX: state.prefix });
    }
    const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', name, '--plan', 'pro', '--json'], state.env));
    const port = await freePort();
    state.server = await serve({ ...state.env, LIKENESS_WORKERS: '0' }, port);
    const base = `http://127.0.0.1:${port}`;
    state.api = new Api(base, await fetchToken(base, client_id, client_secret));
  });
  // A test that failed half-way must not leave its workers to take the next test's jobs.
  afterEach(async () => {
    await Promise.all(state.workers.map((w) => stop(w, 'SIGKILL')));
    state.workers = [];
  });
  after(async () => {
    await stop(state.server);
    if (options.redis) {
      const redis = new Redis(REDIS_URL!);
      const keys = await redis.keys(`${state.prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
    await state.drop?.();
    await rm(state.dataDir, { recursive: true, force: true });
  });
  return {
    state,
    async startWorker(env: Record<string, string> = {}): Promise<Worker> {
      const w = await worker({ ...state.env, LIKENESS_WORKERS: '1', ...env }, await freePort());
      state.workers.push(w);
      return w;
    },
    /** The job rows of an avatar, read from the shared database. */
    async jobs(code: string) {
      const { db, close } = await openDatabase({ url: state.env.LIKENESS_DATABASE_URL ?? join(state.dataDir, 'likeness.sqlite') });
      try {
        return await db.selectFrom('jobs').select(['kind', 'state', 'attempt']).where('avatar_code', '=', code).execute();
      } finally {
        await close();
      }
    },
    /** Creates an avatar and waits until one of `workers` starts its job; that worker. */
    async computing(workers: Worker[], name: string): Promise<{ code: string; holder: Worker; other: Worker }> {
      const created = await state.api.createAvatar({ pipeline: 'head_1.2', name, photo: photo('astronaut.png') });
      assert.equal(created.status, 201);
      const code = created.body.code as string;
      await waitUntil('a worker to start the job', () => workers.some((w) => lines(w, code, 'job started').length > 0));
      const holder = workers.find((w) => lines(w, code, 'job started').length > 0)!;
      return { code, holder, other: workers.find((w) => w !== holder)! };
    },
  };
}

/** A worker SIGTERMed mid-job with no time to drain hands the job back; another worker process completes it, once. */
async function handBackScenario(f: ReturnType<typeof fleet>): Promise<void> {
  const a = await f.startWorker({ LIKENESS_DRAIN_S: '0' });
  const b = await f.startWorker({ LIKENESS_DRAIN_S: '0' });
  const { code, holder, other } = await f.computing([a, b], 'handed back');
  holder.kill('SIGTERM');
  await exited(holder);
  assert.equal(holder.exitCode, 0, 'a drained stop exits 0');
  assert.equal(lines(holder, code, 'the process is stopping: job handed back to the queue').length, 1);
  const done = await f.state.api.waitFor(code, (x) => FINAL.includes(x.status), 120_000);
  assert.equal(done.status, 'Completed', done.failure_reason);
  assert.equal(done.progress, 100);
  assert.equal((await finished([other], code, 1)).length, 1, 'the other worker completed it');
  assert.equal(lines(holder, code, 'job finished').length, 0);
  assert.deepEqual(await f.jobs(code), [{ kind: 'compute', state: 'done', attempt: 2 }]);
  await stop(other);
}

/** A worker SIGTERMed mid-job with time to drain finishes it before it exits. */
async function drainScenario(f: ReturnType<typeof fleet>): Promise<void> {
  const a = await f.startWorker({ LIKENESS_DRAIN_S: '120' });
  const { code } = await f.computing([a], 'drained');
  a.kill('SIGTERM');
  await exited(a);
  assert.equal(a.exitCode, 0);
  assert.equal((await finished([a], code, 1)).length, 1, 'it finished the job before exiting');
  const done = await f.state.api.waitFor(code, (x) => FINAL.includes(x.status), 10_000);
  assert.equal(done.status, 'Completed', done.failure_reason);
  assert.deepEqual(await f.jobs(code), [{ kind: 'compute', state: 'done', attempt: 1 }]);
}

describe('processes without Redis: likeness serve --workers 0 answers, likeness worker computes, on one SQLite data dir', () => {
  const f = fleet('sqlite', { redis: false });

  test('an avatar queued by the API-only process is computed by a worker process', async () => {
    const w = await f.startWorker();
    const { code } = await f.computing([w], 'computed elsewhere');
    const done = await f.state.api.waitFor(code, (x) => FINAL.includes(x.status), 120_000);
    assert.equal(done.status, 'Completed', done.failure_reason);
    await stop(w);
  });

  test('SIGTERM with no time to drain: the job is handed back and another worker process completes it exactly once', () => handBackScenario(f));
  test('SIGTERM with time to drain: the worker finishes its job, then exits', () => drainScenario(f));
});

describe('the fleet on PostgreSQL and Redis (BullMQ)', { skip: FLEET_SKIP }, () => {
  const f = fleet('bullmq', { redis: true });

  test('avatars and exports queued by the API process go through BullMQ to two worker processes, each completed exactly once', async () => {
    const a = await f.startWorker();
    const b = await f.startWorker();
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      const created = await f.state.api.createAvatar({
        pipeline: 'head_1.2', name: `fleet ${i}`, photo: photo(i % 2 ? 'astronaut.png' : 'messi5.jpg'),
        export_parameters: JSON.stringify({ format: 'glb', embed_textures: true, lod: 2 }),
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      codes.push(created.body.code);
    }
    for (const code of codes) {
      const avatar = await f.state.api.waitFor(code, (x) => FINAL.includes(x.status), 180_000);
      assert.equal(avatar.status, 'Completed', avatar.failure_reason);
      const exports = await f.state.api.get(`/avatars/${code}/exports/`);
      const exportUrl = exports.body[0].url as string;
      const end = Date.now() + 120_000;
      let exp = (await f.state.api.get(exportUrl)).body;
      while (!FINAL.includes(exp.status) && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 200));
        exp = (await f.state.api.get(exportUrl)).body;
      }
      assert.equal(exp.status, 'Completed', exp.failure_reason);
      const done = await finished([a, b], code, 2);
      assert.deepEqual(done.map((l) => l.kind).sort(), ['compute', 'export'], 'one compute and one export, each finished once');
      assert.deepEqual((await f.jobs(code)).map((j) => [j.kind, j.state, j.attempt]).sort(), [['compute', 'done', 1], ['export', 'done', 1]]);
    }
    assert.ok([a, b].every((w) => w.log.some((l) => l.includes('"msg":"job finished"'))), 'both worker processes took work');
    await Promise.all([stop(a), stop(b)]);
  });

  test('a worker killed with SIGKILL mid-job: BullMQ gives the stalled job to the other worker, which completes it exactly once', async () => {
    const a = await f.startWorker();
    const b = await f.startWorker();
    const { code, holder, other } = await f.computing([a, b], 'killed');
    holder.kill('SIGKILL');
    await exited(holder);
    const done = await f.state.api.waitFor(code, (x) => FINAL.includes(x.status), 120_000);
    assert.equal(done.status, 'Completed', done.failure_reason);
    const [line, ...more] = await finished([other], code, 1);
    assert.equal(more.length, 0);
    assert.equal(line.attempt, 2, 'the second attempt, after the killed one');
    assert.ok(other.log.some((l) => l.includes('"msg":"a worker stopped renewing a job: it goes to another worker"')), 'recovered by BullMQ\'s stalled check');
    assert.deepEqual(await f.jobs(code), [{ kind: 'compute', state: 'done', attempt: 2 }]);
    await stop(other);
  });

  test('SIGTERM with no time to drain: the job is handed back through BullMQ and another worker process completes it exactly once', () => handBackScenario(f));
  test('SIGTERM with time to drain: the worker finishes its job, then exits', () => drainScenario(f));

  test('failed client authentications are counted once for the fleet: two API processes share the limit through Redis', async () => {
    const env = { ...f.state.env, LIKENESS_WORKERS: '0', LIKENESS_AUTH_FAILURES_PER_MINUTE: '4', LIKENESS_REDIS_PREFIX: `${f.state.prefix}-authfail` };
    const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'guessed', '--plan', 'pro', '--json'], env));
    const ports = [await freePort(), await freePort()];
    const servers = [await serve(env, ports[0]), await serve(env, ports[1])];
    try {
      const token = (i: number, secret: string) => fetch(`http://127.0.0.1:${ports[i % 2]}/o/token/`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${client_id}:${secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await token(i, `wrong-${i}`)).status);
      assert.deepEqual(statuses, [401, 401, 401, 401], 'four wrong secrets, two through each process');
      for (const i of [0, 1]) {
        const refused = await token(i, `wrong-again-${i}`);
        assert.equal(refused.status, 429, `process ${i} counts the other's failures too`);
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      }
      const redis = new Redis(REDIS_URL!);
      try {
        assert.deepEqual(await redis.keys(`${f.state.prefix}-authfail:authfail:client_id:*`), [`${f.state.prefix}-authfail:authfail:client_id:${client_id}`]);
      } finally {
        await redis.quit();
      }
      // The right secret is throttled like any other attempt of the id until the window ends: the 429 says when.
      assert.equal((await token(0, client_secret)).status, 429);
    } finally {
      await Promise.all(servers.map((s) => stop(s)));
    }
  });

  test('throttling is shared by two API processes through Redis, with the same 429', async () => {
    const port = await freePort();
    const env = { ...f.state.env, LIKENESS_WORKERS: '0', LIKENESS_THROTTLE_PER_MINUTE: '6', LIKENESS_REDIS_PREFIX: `${f.state.prefix}-throttle` };
    const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'throttled', '--plan', 'pro', '--json'], env));
    const first = await serve(env, port);
    const secondPort = await freePort();
    const second = await serve(env, secondPort);
    try {
      const one = new Api(`http://127.0.0.1:${port}`, await fetchToken(`http://127.0.0.1:${port}`, client_id, client_secret));
      const two = new Api(`http://127.0.0.1:${secondPort}`, one.token);
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await (i % 2 ? two : one).get('/avatars/'));
      assert.deepEqual(answers.map((r) => r.status), [200, 200, 200, 200, 200, 200]);
      assert.deepEqual(answers.map((r) => r.headers.get('x-ratelimit-remaining')), ['5', '4', '3', '2', '1', '0'], 'one budget across both processes');
      for (const api of [one, two]) {
        const refused = await api.get('/avatars/');
        assert.equal(refused.status, 429);
        assert.match(refused.body.detail, /^Request was throttled\. Expected available in \d+ seconds?\.$/);
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      }
    } finally {
      await Promise.all([stop(first), stop(second)]);
    }
  });
});
