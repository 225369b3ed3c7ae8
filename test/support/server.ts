import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import { loadConfig, type Config } from '../../src/service/config.js';
import { startServer, type RunningServer } from '../../src/service/server.js';
import { createClient } from '../../src/store/clients.js';
import { S3_URL, ensureTestBucket, freshS3Url, s3ServerEnv } from './s3.js';
import { testProcessEnv } from './process.js';

export interface Backend {
  name: 'sqlite' | 'postgres';
  /** PostgreSQL server URL (a fresh database is made on it per test server). */
  url?: string;
  /** Where its files go: `s3` is a fresh prefix of the test bucket per test server (support/s3.ts); files on disk otherwise. */
  storage?: 'fs' | 's3';
}

const PG_URL = process.env.LIKENESS_TEST_POSTGRES_URL;

/**
 * SQLite with files on disk always; the fleet's PostgreSQL too when LIKENESS_TEST_POSTGRES_URL is set
 * (.ci/run sets it), with its files on S3 when LIKENESS_TEST_S3_URL is set too.
 */
export function backends(): Backend[] {
  const all: Backend[] = PG_URL ? [{ name: 'sqlite' }, { name: 'postgres', url: PG_URL, storage: S3_URL ? 's3' : 'fs' }] : [{ name: 'sqlite' }];
  return all.filter((b) => !onlyBackend || b.name === onlyBackend);
}

/**
 * The one backend this process's suites run on, when a runner splits them by backend
 * (test/sharedServerSuites.ts: one process per backend, each around its own warm server).
 */
let onlyBackend: Backend['name'] | undefined;
export function runOnlyOn(name: Backend['name']): void {
  onlyBackend = name;
}

/**
 * One backend, for a suite that tests what a pipeline makes rather than how it is stored (persona_2.0,
 * body_0.3): on every backend it would test the same files twice, and CI has a time budget. `fleet`:
 * PostgreSQL (with S3 when set) when there is one, else SQLite; `embedded`: SQLite. Storage itself is
 * tested on every backend by the suites that take {@link backends}.
 */
export function oneBackend(which: 'fleet' | 'embedded'): Backend[] {
  const saved = onlyBackend;
  onlyBackend = undefined;
  const all = backends();
  onlyBackend = saved;
  const chosen = which === 'fleet' ? all[all.length - 1] : all[0];
  return !onlyBackend || chosen.name === onlyBackend ? [chosen] : [];
}

export const POSTGRES_SKIP_REASON = PG_URL ? false : 'PostgreSQL tests skipped: set LIKENESS_TEST_POSTGRES_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run them';

export interface TestServer extends RunningServer {
  config: Config;
  dataDir: string;
  /** Creates API credentials and returns a bearer token for them. */
  client(plan?: 'plus' | 'pro' | 'enterprise'): Promise<TestClient>;
  stop(): Promise<void>;
}

export interface TestClient {
  clientId: string;
  secret: string;
  token: string;
}

/** A fresh PostgreSQL database per server, so test files never see each other's rows. */
export async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `likeness_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** A server of its own: `logger` receives what it logs (silent by default; LIKENESS_LOG_LEVEL in `env` sets the level it asks for). */
export async function startTestServer(options: { backend?: Backend; env?: Record<string, string>; workers?: number; logger?: Logger } = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'likeness-test-'));
  const pgdb = options.backend?.name === 'postgres' ? await freshPostgresDatabase(options.backend.url!) : null;
  const s3 = options.backend?.storage === 's3';
  if (s3) await ensureTestBucket();
  const env: Record<string, string> = {
    LIKENESS_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LIKENESS_WORKERS: String(options.workers ?? 0),
    ...testProcessEnv(),
    LIKENESS_LOG_LEVEL: 'silent',
    ...(pgdb ? { LIKENESS_DATABASE_URL: pgdb.url } : {}),
    ...(s3 ? s3ServerEnv(freshS3Url('server')) : {}),
    ...options.env,
  };
  const config = loadConfig({}, env);
  const server = await startServer(config, options.logger ?? pino({ level: 'silent' }));
  return {
    ...server,
    config,
    dataDir,
    async client(plan = 'enterprise') {
      const created = await createClient(server.database.db, { name: `test-${plan}`, plan });
      const token = await fetchToken(server.url, created.client_id, created.client_secret);
      return { clientId: created.client_id, secret: created.client_secret, token };
    },
    async stop() {
      // A bucket outlives the test run: what the server stored there goes with it.
      if (s3) for (const prefix of ['avatars/', 'static/']) await server.blobs.removePrefix(prefix).catch(() => undefined);
      await server.close();
      await pgdb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function fetchToken(url: string, id: string, secret: string): Promise<string> {
  const res = await fetch(`${url}/o/token/`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
