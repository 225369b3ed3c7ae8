/**
 * The fleet under load and faults (issue 17): 2 API processes (`likeness serve --workers 0`) and 2
 * worker processes (`likeness worker`, one thread each) on a fresh PostgreSQL database, a redis-server
 * of its own (on a free port, AOF on) and a Swift of its own (scripts/swift-s3.sh). It creates AVATARS
 * avatars through both APIs (head_1.2, head_2.0, body_0.3, persona_2.0; a third with an export asked
 * at creation, a fifth exported once Completed), and meanwhile SIGKILLs a worker and starts it again,
 * restarts Redis, restarts an API process, and stops Swift for 10 s. Then it checks that every avatar
 * and export ended Completed exactly once (a trigger in the database counts transitions into
 * Completed, and the workers' `job finished` lines count settled jobs), that the database and the
 * bucket agree key for key, and prints throughput, time to Completed, bytes, Redis commands and
 * database transactions per avatar.
 *
 *   LIKENESS_TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test node dist/bench/fleetLoad.js [avatars=200]
 *   (or LIKENESS_BENCH_FLEET_AVATARS=10 npm run bench)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { Api, photo } from '../test/support/api.js';
import { fetchToken, freshPostgresDatabase } from '../test/support/server.js';
import { exited, freePort, likeness, serve, worker } from '../test/support/process.js';
import { SWIFT_SKIP_REASON, startOwnSwift } from '../test/support/swift.js';
import type { Figure } from './figure.js';
import './warmUp.js';

const PG_URL = process.env.LIKENESS_TEST_POSTGRES_URL;
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
const FINAL = ['Completed', 'Failed', 'Timed Out'];

const percentile = (values: number[], p: number) => {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
// Photos every pipeline makes an avatar of (camera.png's face is turned past what head_1.2 takes).
const photos = ['astronaut.png', 'messi5.jpg'];

/** The mix of avatars: what a studio with heads, bodies and a few Enterprise personas asks for. */
function plan(i: number): { pipeline: string; fields: Record<string, string>; exportAtCreation: boolean; exportLater: unknown | null } {
  const exportAtCreation = i % 3 === 0;
  const exportLater = i % 5 === 2;
  const m = i % 20;
  if (m === 19) {
    return {
      pipeline: 'persona_2.0', exportAtCreation, exportLater: exportLater ? { format: 'glb', lod: 'LOD2', textures: { profile: '1K.jpg', embed: true } } : null,
      fields: { pipeline: 'persona_2.0', pipeline_subtype: i % 2 ? 'female' : 'male', ...(exportAtCreation ? { export_parameters: JSON.stringify({ format: 'glb', lod: 'LOD2', textures: { profile: '1K.jpg', embed: true } }) } : {}) },
    };
  }
  if (m % 4 === 3) {
    return {
      pipeline: 'body_0.3', exportAtCreation, exportLater: exportLater ? { format: 'fbx' } : null,
      fields: {
        pipeline: 'body_0.3', pipeline_subtype: i % 2 ? 'female' : 'male',
        parameters: JSON.stringify({ body_shape: { height: 160 + (i % 30), weight: 60 + (i % 25) }, model_info: ['body_shape_coeffs_10'] }),
        ...(exportAtCreation ? { export_parameters: JSON.stringify({ format: 'glb', embed_textures: true }) } : {}),
      },
    };
  }
  const head = m % 2 ? 'head_2.0' : 'head_1.2';
  const subtype = head === 'head_2.0' ? (i % 3 ? 'head/mobile' : 'bust/mobile') : (i % 3 ? 'base/mobile' : 'base/static');
  return {
    pipeline: head, exportAtCreation, exportLater: exportLater ? { format: 'fbx', lod: 2 } : null,
    fields: { pipeline: head, pipeline_subtype: subtype, ...(exportAtCreation ? { export_parameters: JSON.stringify({ format: 'glb', embed_textures: true, lod: 2 }) } : {}) },
  };
}

/** A redis-server of the benchmark's own, so that restarting it disturbs no one else's Redis. */
async function ownRedis(dir: string, port: number): Promise<{ url: string; restart(): Promise<number>; stop(): Promise<void> }> {
  let child: ChildProcess;
  const start = async () => {
    child = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--protected-mode', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const r = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      r.on('error', () => undefined);
      try {
        await r.connect();
        await r.ping();
        r.disconnect();
        return;
      } catch {
        r.disconnect();
        await sleep(100);
      }
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      const t = Date.now();
      child.kill('SIGTERM');
      await exited(child);
      await start();
      return Date.now() - t;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export async function run(avatars = Number(process.env.LIKENESS_BENCH_FLEET_AVATARS ?? 200)): Promise<Figure[]> {
  const skip = !PG_URL ? 'set LIKENESS_TEST_POSTGRES_URL' : !REDIS_SERVER ? 'redis-server is not installed' : SWIFT_SKIP_REASON;
  if (skip) {
    console.log(`fleet load benchmark skipped: ${skip}`);
    return [];
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-bench-fleetload-'));
  await mkdir(join(dataDir, 'redis'));
  const swift = await startOwnSwift('fleetload');
  const redis = await ownRedis(join(dataDir, 'redis'), await freePort());
  const pgdb = await freshPostgresDatabase(PG_URL!);
  const procs: ChildProcess[] = [];
  const interrupted = () => {
    for (const p of procs) p.kill('SIGKILL');
    void Promise.all([redis.stop(), swift.stop(), pgdb.drop()]).finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  const workerLogs: string[][] = [];
  const log = (what: string) => console.log(`  [${new Date().toISOString().slice(11, 19)}] ${what}`);
  const env: Record<string, string> = {
    LIKENESS_DATA_DIR: dataDir, LIKENESS_DATABASE_URL: pgdb.url, LIKENESS_REDIS_URL: redis.url, LIKENESS_THROTTLE_PER_MINUTE: '0',
    LIKENESS_PLAYER_THROTTLE_PER_MINUTE: '0', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...swift.serverEnv,
  };
  const db = new pg.Client({ connectionString: pgdb.url });
  // The benchmark's own queries are transactions of the database too: counted, and taken off its figures.
  let ownQueries = 0;
  const query = db.query.bind(db);
  db.query = ((...args: Parameters<typeof query>) => {
    ownQueries++;
    return query(...args);
  }) as typeof db.query;
  try {
    const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'fleet load', '--plan', 'enterprise', '--json'], env));
    await db.connect();
    // Counts every transition into Completed, and every write to a row already Completed: the honest "exactly once".
    await db.query(`
      CREATE TABLE bench_transitions (tbl text, code text, kind text, at timestamptz DEFAULT clock_timestamp());
      CREATE FUNCTION bench_count() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF TG_TABLE_NAME = 'jobs' THEN
          IF NEW.state = 'done' AND OLD.state <> 'done' THEN INSERT INTO bench_transitions (tbl, code, kind) VALUES ('jobs', NEW.id::text, 'done'); END IF;
        ELSIF NEW.status = 'Completed' AND OLD.status <> 'Completed' THEN INSERT INTO bench_transitions (tbl, code, kind) VALUES (TG_TABLE_NAME, NEW.code, 'completed');
        ELSIF OLD.status = 'Completed' AND (NEW.status, NEW.progress, NEW.failure_reason) IS DISTINCT FROM (OLD.status, OLD.progress, OLD.failure_reason) THEN
          INSERT INTO bench_transitions (tbl, code, kind) VALUES (TG_TABLE_NAME, NEW.code, 'written after Completed');
        END IF;
        RETURN NEW; END $$;
      CREATE TRIGGER bench_avatars AFTER UPDATE ON avatars FOR EACH ROW EXECUTE FUNCTION bench_count();
      CREATE TRIGGER bench_exports AFTER UPDATE ON exports FOR EACH ROW EXECUTE FUNCTION bench_count();
      CREATE TRIGGER bench_jobs AFTER UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION bench_count();`);

    const apiPorts = [await freePort(), await freePort()];
    const apis: ChildProcess[] = [];
    for (const port of apiPorts) apis.push(await serve({ ...env, LIKENESS_WORKERS: '0' }, port));
    procs.push(...apis);
    const startWorker = async () => {
      const w = await worker({ ...env, LIKENESS_WORKERS: '1' }, await freePort());
      workerLogs.push(w.log);
      procs.push(w);
      return w;
    };
    const workers = [await startWorker(), await startWorker()];
    const bases = apiPorts.map((p) => `http://127.0.0.1:${p}`);
    const token = await fetchToken(bases[0], client_id, client_secret);
    const clients = bases.map((b) => new Api(b, token));

    /** A request that waits out a restarting API process (connection refused) on the other one. */
    const call = async <T>(i: number, f: (api: Api) => Promise<T>): Promise<T> => {
      for (let tries = 0; ; tries++) {
        try {
          return await f(clients[(i + tries) % 2]);
        } catch (err) {
          if (tries > 50) throw err;
          await sleep(200);
        }
      }
    };

    const stat = async () => {
      const r = new Redis(redis.url);
      const info = await r.info('commandstats');
      r.disconnect();
      const commands = Object.fromEntries([...info.matchAll(/^cmdstat_(\w+(?:\|\w+)?):calls=(\d+)/gm)].map((m) => [m[1], Number(m[2])]));
      const pgStats = (await db.query('SELECT xact_commit, xact_rollback, tup_inserted, tup_updated, tup_deleted, tup_fetched FROM pg_stat_database WHERE datname = current_database()')).rows[0];
      return { commands, pg: Object.fromEntries(Object.entries(pgStats).map(([k, v]) => [k, Number(v)])) };
    };
    const before = await stat();
    const ownBefore = ownQueries;

    // Create every avatar, eight uploads at a time, alternating the two API processes.
    const started = Date.now();
    const created: { code: string; i: number; pipeline: string; at: number; exportLater: unknown | null }[] = [];
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next < avatars) {
        const i = next++;
        const p = plan(i);
        const res = await call(i, (api) => api.createAvatar({ ...p.fields, name: `load ${i}`, photo: photo(photos[i % photos.length]) }));
        if (res.status !== 201) throw new Error(`avatar ${i} refused: ${res.status} ${JSON.stringify(res.body)}`);
        created.push({ code: res.body.code, i, pipeline: p.pipeline, at: Date.now(), exportLater: p.exportLater });
      }
    }));
    log(`${avatars} avatars created through both APIs in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const faults: Record<string, unknown> = {};
    const laterExports = new Map<string, { code: string; at: number }>();
    const outage: { status: number; detail: string }[] = [];
    const steps = [
      { at: 0.2, name: 'worker SIGKILLed and started again', run: async () => {
        workers[0].kill('SIGKILL');
        await exited(workers[0]);
        workers[0] = await startWorker();
      } },
      { at: 0.35, name: 'Redis restarted', run: async () => { faults.redisRestartMs = await redis.restart(); } },
      { at: 0.5, name: 'API process restarted (SIGTERM, then started again)', run: async () => {
        apis[1].kill('SIGTERM');
        await exited(apis[1]);
        apis[1] = await serve({ ...env, LIKENESS_WORKERS: '0' }, apiPorts[1]);
        procs.push(apis[1]);
      } },
      { at: 0.65, name: 'Swift stopped for 10 s', run: async () => {
        const done = (await db.query(`SELECT code FROM avatars WHERE status = 'Completed' LIMIT 1`)).rows[0]?.code as string | undefined;
        await swift.down();
        const t = Date.now();
        for (let k = 0; Date.now() - t < 10_000; k++) {
          const res = k % 2 && done
            ? await call(k, (api) => api.get(`/avatars/${done}/mesh/`))
            : await call(k, (api) => api.createAvatar({ pipeline: 'head_1.2', name: 'during the outage', photo: photo('messi5.jpg') }));
          outage.push({ status: res.status, detail: typeof res.body === 'object' ? res.body.detail : String(res.body).slice(0, 200) });
          await sleep(1000);
        }
        await swift.up();
        faults.swiftDownMs = Date.now() - t;
      } },
    ];

    // Wait for every avatar and export, export the chosen avatars once Completed, and inject the faults on the way.
    const deadline = Date.now() + Math.max(10 * 60_000, avatars * 20_000);
    const pendingExports = new Map<string, { i: number; parameters: unknown }>();
    for (const c of created) if (c.exportLater) pendingExports.set(c.code, { i: c.i, parameters: c.exportLater });
    for (;;) {
      const rows = (await db.query(`SELECT a.code, a.status FROM avatars a`)).rows as { code: string; status: string }[];
      const completed = rows.filter((r) => FINAL.includes(r.status));
      for (const r of completed) {
        const want = pendingExports.get(r.code);
        if (!want) continue;
        if (r.status !== 'Completed') {
          pendingExports.delete(r.code);
          continue;
        }
        const res = await call(want.i, (api) => api.post(`/avatars/${r.code}/exports/`, { parameters: JSON.stringify(want.parameters) }));
        if (res.status === 201) {
          pendingExports.delete(r.code);
          laterExports.set(res.body.code, { code: r.code, at: Date.now() });
        } else if (res.status !== 503) throw new Error(`export refused: ${res.status} ${JSON.stringify(res.body)}`);
      }
      while (steps.length && completed.length >= steps[0].at * avatars) {
        const step = steps.shift()!;
        const t = Date.now();
        log(`${completed.length}/${avatars} final: ${step.name}`);
        await step.run();
        log(`  done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
      }
      const exportsLeft = Number((await db.query(`SELECT count(*) FROM exports WHERE status NOT IN ('Completed', 'Failed', 'Timed Out')`)).rows[0].count);
      if (completed.length === rows.length && exportsLeft === 0 && pendingExports.size === 0 && !steps.length) break;
      if (Date.now() > deadline) throw new Error(`timed out: ${completed.length}/${rows.length} avatars final, ${exportsLeft} exports not final`);
      await sleep(2000);
    }
    const finishedAt = Date.now();
    // The workers' last lines reach their pipes.
    await sleep(2000);
    // pg_stat_database is reported when a backend's transaction ends, at most once a second.
    await sleep(1500);
    const after = await stat();
    const ownDuring = ownQueries - ownBefore;

    // What the clients see: every avatar and every export Completed.
    const report: string[] = [];
    const problems: string[] = [];
    const byCode = new Map(created.map((c) => [c.code, c]));
    const avatarRows = (await db.query(`SELECT code, pipeline, status, progress, failure_reason FROM avatars`)).rows;
    const exportRows = (await db.query(`SELECT code, avatar_code, status, files, failure_reason FROM exports`)).rows;
    for (const a of avatarRows) {
      if (!byCode.has(a.code)) problems.push(`avatar ${a.code} in the database was never created by the benchmark (a 503 that stored something?)`);
      const seen = (await call(0, (api) => api.get(`/avatars/${a.code}/`))).body;
      if (seen.status !== 'Completed' || seen.progress !== 100) problems.push(`avatar ${a.code} (${a.pipeline}) ${seen.status} ${seen.progress}: ${seen.failure_reason}`);
    }
    if (avatarRows.length !== created.length) problems.push(`${created.length} avatars created, ${avatarRows.length} in the database`);
    for (const e of exportRows) if (e.status !== 'Completed') problems.push(`export ${e.code} of ${e.avatar_code} ${e.status}: ${e.failure_reason}`);
    const expectedExports = created.filter((c) => plan(c.i).exportAtCreation).length + laterExports.size;
    if (exportRows.length !== expectedExports) problems.push(`${expectedExports} exports asked for, ${exportRows.length} in the database`);

    // Exactly once: one transition into Completed per avatar and export, one `done` per job, no write after Completed.
    const transitions = (await db.query(`SELECT tbl, code, kind, at FROM bench_transitions`)).rows as { tbl: string; code: string; kind: string; at: Date }[];
    const count = (tbl: string, kind: string) => {
      const m = new Map<string, number>();
      for (const t of transitions) if (t.tbl === tbl && t.kind === kind) m.set(t.code, (m.get(t.code) ?? 0) + 1);
      return m;
    };
    const avatarDone = count('avatars', 'completed');
    const exportDone = count('exports', 'completed');
    const jobDone = count('jobs', 'done');
    const jobs = (await db.query(`SELECT id, avatar_code, kind, state, attempt, export_code FROM jobs`)).rows as { id: number; avatar_code: string; kind: string; state: string; attempt: number; export_code: string | null }[];
    for (const a of avatarRows) if (avatarDone.get(a.code) !== 1) problems.push(`avatar ${a.code} went into Completed ${avatarDone.get(a.code) ?? 0} times`);
    for (const e of exportRows) if (exportDone.get(e.code) !== 1) problems.push(`export ${e.code} went into Completed ${exportDone.get(e.code) ?? 0} times`);
    for (const j of jobs) if (j.state !== 'done' || jobDone.get(String(j.id)) !== 1) problems.push(`job ${j.id} (${j.kind}) is ${j.state}, done ${jobDone.get(String(j.id)) ?? 0} times`);
    const afterCompleted = transitions.filter((t) => t.kind === 'written after Completed');
    if (afterCompleted.length) problems.push(`${afterCompleted.length} writes to rows already Completed`);
    // The workers' own word: one `job finished` line per job, across every worker process, the killed one included.
    const finishedLines = new Map<string, { status: string; seconds: number; attempt: number }[]>();
    for (const lines of workerLogs) {
      for (const l of lines) {
        if (!l.includes('"msg":"job finished"')) continue;
        const j = JSON.parse(l);
        finishedLines.set(String(j.job), [...(finishedLines.get(String(j.job)) ?? []), { status: j.status, seconds: j.seconds, attempt: j.attempt }]);
      }
    }
    const storageRetries = workerLogs.flat().filter((l) => l.includes('met a storage fault; trying again')).length;
    const logMissing = jobs.filter((j) => !finishedLines.has(String(j.id))).length;
    for (const [job, lines] of finishedLines) if (lines.length > 1) problems.push(`job ${job} finished ${lines.length} times by the workers' logs`);
    if (logMissing > 1) problems.push(`${logMissing} jobs without a "job finished" line`);

    // The bucket against the database: one folder per avatar, every referenced key there, no key nobody references.
    const keys = new Map<string, number>();
    let listToken: string | undefined;
    do {
      const page = await swift.client.send(new ListObjectsV2Command({ Bucket: swift.bucket, Prefix: `${swift.prefix}/`, ContinuationToken: listToken }));
      for (const o of page.Contents ?? []) keys.set(o.Key!.slice(swift.prefix.length + 1), o.Size ?? 0);
      listToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (listToken);
    const folders = new Set([...keys.keys()].filter((k) => k.startsWith('avatars/')).map((k) => k.split('/')[1]));
    const avatarCodes = new Set(avatarRows.map((a) => a.code as string));
    for (const f of folders) if (!avatarCodes.has(f)) problems.push(`bucket folder avatars/${f}/ has no avatar in the database`);
    for (const c of avatarCodes) if (!keys.has(`avatars/${c}/photo`) || !keys.has(`avatars/${c}/mesh/lod0.zip`)) problems.push(`avatar ${c} is missing its photo or mesh in the bucket`);
    const referenced = new Set<string>();
    const staticReferenced = new Set<string>();
    const exportBytes: number[] = [];
    for (const e of exportRows) {
      let bytes = 0;
      for (const f of (e.files ? JSON.parse(e.files) : []) as { key: string; direct?: { key: string }; static_files: string[] }[]) {
        for (const k of [f.key, f.direct?.key].filter(Boolean) as string[]) {
          const full = `avatars/${e.avatar_code}/${k}`;
          referenced.add(full);
          if (!keys.has(full)) problems.push(`export ${e.code}: ${full} is not in the bucket`);
          bytes += keys.get(full) ?? 0;
        }
        for (const s of f.static_files) {
          staticReferenced.add(`static/${s}`);
          if (!keys.has(`static/${s}`)) problems.push(`export ${e.code}: static/${s} is not in the bucket`);
        }
      }
      exportBytes.push(bytes);
    }
    const avatarKeyNames = new Map<string, Set<string>>();
    const avatarBytes = new Map<string, number[]>();
    for (const [k, size] of keys) {
      if (k.startsWith('avatars/')) {
        const [, code, ...rest] = k.split('/');
        if (rest[0] === 'exports') {
          if (!referenced.has(k)) problems.push(`bucket key ${k} belongs to no export in the database`);
          continue;
        }
        const c = byCode.get(code);
        if (!c) continue;
        const group = `${c.pipeline} ${JSON.stringify(plan(c.i).fields.pipeline_subtype)}`;
        avatarKeyNames.set(`${group}|${code}`, new Set([...(avatarKeyNames.get(`${group}|${code}`) ?? []), rest.join('/')]));
        avatarBytes.set(c.pipeline, avatarBytes.get(c.pipeline) ?? []);
      } else if (k.startsWith('static/') && !k.endsWith('.json') && !staticReferenced.has(k)) {
        problems.push(`bucket key ${k} belongs to no export in the database`);
      }
    }
    // Avatars of one pipeline and subtype have the same files: one that lacks or doubles some shows up here.
    const shapes = new Map<string, Map<string, string[]>>();
    for (const [groupCode, names] of avatarKeyNames) {
      const [group, code] = groupCode.split('|');
      const shape = [...names].sort().join(',');
      const m = shapes.get(group) ?? new Map<string, string[]>();
      m.set(shape, [...(m.get(shape) ?? []), code]);
      shapes.set(group, m);
    }
    for (const [group, m] of shapes) if (m.size > 1) problems.push(`${group}: avatars with different sets of files: ${[...m.values()].map((codes) => `${codes.length} avatars`).join(' vs ')}`);
    for (const c of created) {
      let bytes = 0;
      for (const [k, size] of keys) if (k.startsWith(`avatars/${c.code}/`) && !k.startsWith(`avatars/${c.code}/exports/`)) bytes += size;
      avatarBytes.get(c.pipeline)?.push(bytes);
    }

    // Figures.
    const completedAt = new Map(transitions.filter((t) => t.tbl === 'avatars' && t.kind === 'completed').map((t) => [t.code, t.at.getTime()]));
    const elapsedMin = (Math.max(...completedAt.values()) - started) / 60_000;
    const ttc = (list: typeof created) => list.map((c) => ((completedAt.get(c.code) ?? NaN) - c.at) / 1000);
    const jobSeconds = new Map<string, number[]>();
    const jobByKey = new Map(jobs.map((j) => [String(j.id), j]));
    for (const [id, lines] of finishedLines) {
      const j = jobByKey.get(id);
      if (!j) continue;
      const key = j.kind === 'compute' ? byCode.get(j.avatar_code)?.pipeline ?? '?' : `${j.kind} of ${byCode.get(j.avatar_code)?.pipeline ?? '?'}`;
      jobSeconds.set(key, [...(jobSeconds.get(key) ?? []), lines[0].seconds]);
    }
    const exportTimes = [...laterExports.entries()].map(([code, e]) => {
      const at = transitions.find((t) => t.tbl === 'exports' && t.code === code && t.kind === 'completed')?.at.getTime();
      return at ? (at - e.at) / 1000 : NaN;
    });
    const commands = Object.entries(after.commands).map(([k, v]) => [k, v - (before.commands[k] ?? 0)] as [string, number]).filter(([k, v]) => v > 0 && k !== 'info').sort((a, b) => b[1] - a[1]);
    const redisCalls = commands.reduce((s, [, v]) => s + v, 0);
    const pgDelta = Object.fromEntries(Object.entries(after.pg).map(([k, v]) => [k, v - before.pg[k]]));
    pgDelta.xact_commit -= ownDuring;
    pgDelta.tup_inserted -= transitions.length;
    const figures: Figure[] = [
      { name: `avatars Completed (of ${avatars})`, value: completedAt.size, unit: '' },
      { name: 'throughput, 2 worker processes of 1 thread', value: completedAt.size / elapsedMin, unit: 'avatars/min' },
      { name: 'time to Completed p50 (all created at once)', value: percentile(ttc(created), 50), unit: 's' },
      { name: 'time to Completed p99', value: percentile(ttc(created), 99), unit: 's' },
    ];
    const pipelines = [...new Set(created.map((c) => c.pipeline))].sort();
    for (const p of pipelines) {
      const list = created.filter((c) => c.pipeline === p);
      const secs = jobSeconds.get(p) ?? [];
      figures.push(
        { name: `${p}: ${list.length} avatars, time to Completed p50`, value: percentile(ttc(list), 50), unit: 's' },
        { name: `${p}: time to Completed p99`, value: percentile(ttc(list), 99), unit: 's' },
        { name: `${p}: computation (job taken to Completed) median`, value: percentile(secs, 50), unit: 's' },
        { name: `${p}: avatars per hour per worker thread (3600 / median)`, value: 3600 / percentile(secs, 50), unit: '/h' },
        { name: `${p}: bytes in the bucket per avatar (median)`, value: percentile(avatarBytes.get(p) ?? [], 50) / 2 ** 20, unit: 'MiB' },
      );
    }
    for (const [k, secs] of jobSeconds) if (k.startsWith('export')) figures.push({ name: `${k}: job median`, value: percentile(secs, 50), unit: 's' });
    figures.push(
      { name: `exports Completed (${exportRows.length} asked)`, value: exportDone.size, unit: '' },
      { name: 'export asked once Completed: to Completed p50', value: percentile(exportTimes, 50), unit: 's' },
      { name: 'export asked once Completed: to Completed p99', value: percentile(exportTimes, 99), unit: 's' },
      { name: 'bytes in the bucket per export (median)', value: percentile(exportBytes, 50) / 2 ** 20, unit: 'MiB' },
      { name: 'bucket: objects / total', value: keys.size, unit: `objects, ${([...keys.values()].reduce((a, b) => a + b, 0) / 2 ** 20).toFixed(1)} MiB` },
      { name: 'Redis commands per avatar (its exports included)', value: redisCalls / avatars, unit: 'commands' },
      { name: 'PostgreSQL transactions per avatar (xact_commit)', value: pgDelta.xact_commit / avatars, unit: 'transactions' },
      { name: 'PostgreSQL rows written per avatar (ins+upd+del)', value: (pgDelta.tup_inserted + pgDelta.tup_updated + pgDelta.tup_deleted) / avatars, unit: 'rows' },
      { name: 'jobs run more than once (recovered or handed back)', value: jobs.filter((j) => j.attempt > 1).length, unit: `of ${jobs.length}` },
      { name: 'storage outage: job steps tried again by the workers', value: storageRetries, unit: 'retries' },
      { name: 'storage outage: answers 503 with a detail', value: outage.filter((o) => o.status === 503 && o.detail).length, unit: `of ${outage.length}` },
      { name: 'problems found (lost, duplicated, not Completed)', value: problems.length, unit: '' },
    );
    report.push(`Redis commands over the run (top): ${commands.slice(0, 12).map(([k, v]) => `${k} ${v}`).join(', ')}`);
    report.push(`PostgreSQL over the run: ${JSON.stringify(pgDelta)}`);
    report.push(`storage outage answers: ${[...new Set(outage.map((o) => `${o.status} ${o.detail}`))].join(' | ')}`);
    report.push(`faults: ${JSON.stringify(faults)}; run ${elapsedMin.toFixed(1)} min; finished ${new Date(finishedAt).toISOString()}`);
    report.push(`jobs without a "job finished" line (the SIGKILLed worker may lose its last one): ${logMissing}`);
    for (const p of problems.slice(0, 30)) report.push(`PROBLEM: ${p}`);
    for (const line of report) console.log(`  ${line}`);
    await mkdir('scratch', { recursive: true });
    await writeFile('scratch/fleetLoad.json', JSON.stringify({ avatars, figures, report, problems, commands, pgDelta, jobSeconds: Object.fromEntries(jobSeconds), outage }, null, 2));
    return figures;
  } finally {
    for (const p of procs) if (p.exitCode === null && p.signalCode === null) p.kill('SIGTERM');
    await Promise.all(procs.map(exited));
    await db.end().catch(() => undefined);
    await redis.stop().catch(() => undefined);
    await swift.stop().catch(() => undefined);
    await pgdb.drop().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printFigures } = await import('./figure.js');
  printFigures('The fleet under load and faults', await run(Number(process.argv[2] ?? process.env.LIKENESS_BENCH_FLEET_AVATARS ?? 200)));
}
