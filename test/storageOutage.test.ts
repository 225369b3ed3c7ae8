import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { Redis } from 'ioredis';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api, photo } from './support/api.js';
import { SWIFT_SKIP_REASON, startOwnSwift, type OwnSwift } from './support/swift.js';

const REDIS_URL = process.env.LIKENESS_TEST_REDIS_URL;
const FINAL = ['Completed', 'Failed', 'Timed Out'];
// The fleet's database when the tests have one (PostgreSQL), with BullMQ when they have a Redis; SQLite otherwise.
const backend = backends().at(-1)!;

async function waitUntil(what: string, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The object store stops while an avatar computes, for at least 10 s and until the job has met it: the
 * API answers 503 with a detail to what needs storage, /readyz names the storage, the job tries again,
 * and once the store is back the avatar completes, its files in the bucket, none of it Failed.
 */
describe(`an object store that stops for a while and comes back (${backend.name}${REDIS_URL ? ', BullMQ' : ''}, a Swift of its own)`, { skip: SWIFT_SKIP_REASON }, () => {
  let swift: OwnSwift;
  let server: TestServer;
  let api: Api;
  const prefix = `likeness-test-${process.pid}-${Date.now()}-outage`;
  const lines: { msg: string; err?: { code?: string }; avatar?: string }[] = [];

  before(async () => {
    swift = await startOwnSwift('outage');
    const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const env: Record<string, string> = { ...swift.serverEnv, LIKENESS_THROTTLE_PER_MINUTE: '0', LIKENESS_LOG_LEVEL: 'warn' };
    if (REDIS_URL && backend.name === 'postgres') Object.assign(env, { LIKENESS_REDIS_URL: REDIS_URL, LIKENESS_REDIS_PREFIX: prefix });
    server = await startTestServer({ backend: { name: backend.name, url: backend.url }, workers: 1, env, logger });
    api = new Api(server.url, (await server.client('enterprise')).token);
  });
  after(async () => {
    await server?.stop();
    await swift?.stop();
    if (REDIS_URL && backend.name === 'postgres') {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  test('requests that need storage answer 503 with a detail, the job retries, and the avatar completes once the store is back', async () => {
    const created = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/static', name: 'outage', photo: photo('astronaut.png') });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const code = created.body.code as string;
    await waitUntil('the avatar to start computing', async () => (await api.get(`/avatars/${code}/`)).body.status === 'Computing', 30_000);

    await swift.down();
    const stopped = Date.now();
    const refused = await api.createAvatar({ pipeline: 'head_1.2', name: 'during the outage', photo: photo('messi5.jpg') });
    assert.equal(refused.status, 503, JSON.stringify(refused.body));
    assert.equal(refused.headers.get('retry-after'), '60');
    assert.match(refused.body.detail, /^The server's storage is unavailable \(the object store cannot be reached \(S3_E[A-Z]+\)\); nothing was saved\. Try again later\.$/);
    const ready = await fetch(`${server.url}/readyz`);
    assert.equal(ready.status, 503);
    const readiness = (await ready.json()) as { detail: string; checks: Record<string, string> };
    assert.match(readiness.detail, /storage/);
    assert.notEqual(readiness.checks.storage, 'ok');
    assert.equal((await api.get(`/avatars/${code}/`)).status, 200, 'what the database holds is still served');

    // Down for 10 s at least, and until the job has met the outage (its computation ended meanwhile).
    const retried = () => lines.some((l) => l.avatar === code && l.msg === 'the computation met a storage fault; trying again');
    await waitUntil('the job to meet the outage', () => retried() && Date.now() - stopped >= 10_000, 60_000);
    assert.match(lines.find((l) => l.avatar === code && l.msg.includes('storage fault'))!.err?.code ?? '', /^S3_E[A-Z]+$/);
    await swift.up();

    const done = await api.waitFor(code, (a) => FINAL.includes(a.status), 60_000);
    assert.equal(done.status, 'Completed', done.failure_reason);
    assert.equal(done.progress, 100);
    const mesh = await fetch(`${server.url}/avatars/${code}/mesh/`, { headers: { Authorization: `Bearer ${api.token}` } });
    assert.equal(mesh.status, 200);
    assert.ok((await mesh.arrayBuffer()).byteLength > 1000);
    assert.ok(await server.blobs.has(`avatars/${code}/mesh/lod0.zip`));
    assert.equal((await fetch(`${server.url}/readyz`)).status, 200);
    const again = await api.createAvatar({ pipeline: 'head_1.2', name: 'after the outage', photo: photo('messi5.jpg') });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal((await api.delete(`/avatars/${again.body.code}/`)).status, 204);
  });
});
