import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { startTestServer, type TestServer } from './support/server.js';
import { Api, photo } from './support/api.js';
import { freePort } from './support/process.js';

/** One sample of a metric in Prometheus's text format, by its labels; null when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const body = line.slice(name.length).match(/^\{(.*)\}\s+(\S+)$/) ?? line.slice(name.length).match(/^()\s+(\S+)$/);
    if (!body) continue;
    const have = Object.fromEntries([...body[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) return Number(body[2]);
  }
  return null;
}

describe('operations: /healthz, /readyz and /metrics', () => {
  let server: TestServer;
  let api: Api;
  const log: Record<string, unknown>[] = [];
  before(async () => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void log.push(JSON.parse(line)) });
    server = await startTestServer({ workers: 1, logger });
    api = new Api(server.url, (await server.client('pro')).token);
  });
  after(() => server.stop());

  test('/healthz says the process is alive, without authentication', async () => {
    const res = await new Api(server.url).get('/healthz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'alive' });
  });

  test('/readyz says the process can serve once the database and the blob store answer', async () => {
    const res = await new Api(server.url).get('/readyz');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ready', checks: { database: 'ok', storage: 'ok' } });
  });

  test('the OpenAPI description lists the three operations routes', async () => {
    const doc = (await new Api(server.url).get('/openapi.json')).body;
    for (const path of ['/healthz', '/readyz', '/metrics']) assert.ok(doc.paths[path]?.get, path);
  });

  test('/metrics counts requests by route pattern, never by URL, and an avatar\'s job by its pipeline', async () => {
    const created = await api.createAvatar({ pipeline: 'head_1.2', name: 'measured', photo: photo('astronaut.png') });
    assert.equal(created.status, 201);
    const code = created.body.code as string;
    const done = await api.waitFor(code, (a) => ['Completed', 'Failed', 'Timed Out'].includes(a.status), 240_000);
    assert.equal(done.status, 'Completed', done.failure_reason);
    const failed = await api.createAvatar({ pipeline: 'head_1.2', name: 'no face', photo: photo('no-face-fruits.jpg') });
    const refused = await api.waitFor(failed.body.code, (a) => ['Completed', 'Failed', 'Timed Out'].includes(a.status), 240_000);
    assert.equal(refused.status, 'Failed');

    const res = await fetch(`${server.url}/metrics`);
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    assert.ok(!text.includes(code), 'no avatar code in any label');
    assert.ok((sample(text, 'likeness_http_request_duration_seconds_count', { method: 'GET', route: '/avatars/:code/', status_code: '200' }) ?? 0) >= 1);
    assert.equal(sample(text, 'likeness_http_request_duration_seconds_count', { method: 'POST', route: '/avatars/', status_code: '201' }), 2);
    assert.equal(sample(text, 'likeness_job_duration_seconds_count', { kind: 'compute', pipeline: 'head_1.2', status: 'Completed' }), 1);
    assert.equal(sample(text, 'likeness_job_duration_seconds_count', { kind: 'compute', pipeline: 'head_1.2', status: 'Failed' }), 1);
    assert.equal(sample(text, 'likeness_job_failures_total', { kind: 'compute', pipeline: 'head_1.2', reason: 'rejected' }), 1);
    assert.equal(sample(text, 'likeness_jobs', { kind: 'compute', state: 'queued' }), 0);
    assert.ok((sample(text, 'process_resident_memory_bytes', {}) ?? 0) > 0, 'the process RSS');
    assert.ok((sample(text, 'nodejs_heap_size_used_bytes', {}) ?? 0) > 0, 'the main thread heap');
    assert.ok((sample(text, 'likeness_worker_thread_heap_bytes', { thread: '0', type: 'used' }) ?? 0) > 0, 'the computation thread heap');

    // The job runner's lines name the avatar and the job.
    const finished = log.find((line) => line.msg === 'job finished' && line.avatar === code);
    assert.ok(finished, 'a "job finished" line with the avatar code');
    assert.equal(typeof finished.job, 'number');
    assert.equal(finished.status, 'Completed');
  });
});

describe('operations switched and failing', () => {
  test('LIKENESS_METRICS=0 removes /metrics', async () => {
    const server = await startTestServer({ env: { LIKENESS_METRICS: '0' } });
    try {
      assert.equal((await fetch(`${server.url}/metrics`)).status, 404);
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    } finally {
      await server.stop();
    }
  });

  test('/readyz answers 503 naming Redis when LIKENESS_REDIS_URL points at a closed port, while /healthz stays 200', async () => {
    const closed = await freePort();
    const server = await startTestServer({ env: { LIKENESS_REDIS_URL: `redis://127.0.0.1:${closed}`, LIKENESS_REDIS_PREFIX: `likeness-test-${process.pid}-${Date.now()}` } });
    try {
      const ready = await new Api(server.url).get('/readyz');
      assert.equal(ready.status, 503);
      assert.match(ready.body.detail, /^This server cannot serve: .*redis: /);
      assert.equal(ready.body.checks.database, 'ok');
      assert.equal(ready.body.checks.storage, 'ok');
      assert.notEqual(ready.body.checks.redis, 'ok');
      assert.equal(ready.headers.get('retry-after'), '5');
      assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
    } finally {
      await server.stop();
    }
  });
});
