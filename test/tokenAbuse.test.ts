import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { backends, startTestServer, type TestServer, type TestClient } from './support/server.js';
import { Api } from './support/api.js';
import { putStaticFile } from '../src/store/staticFiles.js';
import { createClient } from '../src/store/clients.js';

/** 32 connections sending wrong secrets for one client_id until told to stop; posts what they were answered. */
const FLOOD = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomBytes } = require('node:crypto');
let flooding = true;
parentPort.once('message', () => { flooding = false; });
const statuses = [], retryAfters = [], errorCodes = new Set();
const attacker = async () => {
  while (flooding) {
    const auth = 'Basic ' + Buffer.from(workerData.id + ':guess-' + randomBytes(8).toString('hex')).toString('base64');
    const res = await fetch(workerData.url, { method: 'POST', headers: { Authorization: auth, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
    statuses.push(res.status);
    if (res.status === 429) retryAfters.push(res.headers.get('retry-after') ?? '');
    errorCodes.add((await res.json()).error);
  }
};
Promise.all(Array.from({ length: workerData.connections }, attacker)).then(() => parentPort.postMessage({ statuses, retryAfters, errorCodes: [...errorCodes] }));
`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function requestToken(server: TestServer, id: string, secret: string) {
  return fetch(`${server.url}/o/token/`, {
    method: 'POST',
    headers: { Authorization: basic(id, secret), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
}

/** Milliseconds for one answer, body included. */
async function timed(call: () => Promise<Response>): Promise<{ ms: number; res: Response; body: ArrayBuffer }> {
  const start = performance.now();
  const res = await call();
  const body = await res.arrayBuffer();
  return { ms: performance.now() - start, res, body };
}

interface Flood {
  statuses: number[];
  retryAfters: string[];
  errorCodes: string[];
  /** Download times (ms) before the flood and during it. */
  quiet: number[];
  busy: number[];
}

/** Puts a 4 MiB static file on `server` for `downloadFlooded` to fetch. */
function bigStaticFile(server: TestServer) {
  return putStaticFile(server.blobs, {
    identity: 'big.bin', name: 'big.bin', contentType: 'application/octet-stream', data: randomBytes(4 * 1024 * 1024),
  });
}

/** Times downloads of big.bin, quietly and then for 3 s of 32 connections sending wrong secrets for `clientId`. */
async function downloadFlooded(server: TestServer, token: string, clientId: string): Promise<Flood> {
  const download = () => timed(() => fetch(`${server.url}/static_files/big.bin/file/?access_token=${token}`));
  const quiet: number[] = [];
  for (let i = 0; i < 5; i++) quiet.push((await download()).ms);
  // The attackers run on a thread of their own, as they would on another machine: only the server's work is measured.
  const flood = new Worker(FLOOD, { eval: true, workerData: { url: `${server.url}/o/token/`, id: clientId, connections: 32 } });
  const result = new Promise<Omit<Flood, 'quiet' | 'busy'>>((resolve, reject) => {
    flood.once('message', resolve);
    flood.once('error', reject);
  });
  const busy: number[] = [];
  await new Promise((r) => setTimeout(r, 300));
  const end = Date.now() + 3000;
  while (Date.now() < end) {
    const { ms, res } = await download();
    assert.equal(res.status, 200);
    busy.push(ms);
    await new Promise((r) => setTimeout(r, 50));
  }
  flood.postMessage('stop');
  const answers = await result;
  await flood.terminate();
  return { ...answers, quiet, busy };
}

const count = (statuses: number[], status: number) => statuses.filter((x) => x === status).length;

for (const backend of backends()) {
  describe(`the token endpoint does not tell whether a client exists (${backend.name})`, () => {
    let server: TestServer;
    let client: TestClient;
    before(async () => {
      // Unthrottled: this suite makes many failed attempts on purpose.
      server = await startTestServer({ backend, env: { LIKENESS_AUTH_FAILURES_PER_MINUTE: '0' } });
      client = await server.client('plus');
      await bigStaticFile(server);
    });
    after(() => server.stop());

    test('unthrottled, every wrong secret is hashed, and downloads still do not wait behind the hashing', async () => {
      const { statuses, quiet, busy } = await downloadFlooded(server, client.token, client.clientId);
      console.log(`unthrottled flood: ${statuses.length} wrong secrets hashed; 4 MiB download median ${median(quiet).toFixed(1)} ms quiet, ${median(busy).toFixed(1)} ms (max ${Math.max(...busy).toFixed(1)}) under the flood`);
      assert.equal(count(statuses, 401), statuses.length);
      // Generous: a quiet download takes tens of ms; with scrypt on the file-read pool it took tens of seconds.
      assert.ok(median(busy) < 1000, `median download under the flood ${median(busy).toFixed(1)} ms`);
    });

    test('an unknown client_id and a known one with a wrong secret take the same time', async () => {
      const unknown: number[] = [];
      const known: number[] = [];
      // Interleaved, so that a slow moment of the machine falls on both alike; the first of each warms up.
      for (let i = 0; i < 11; i++) {
        const a = await timed(() => requestToken(server, randomBytes(20).toString('hex'), 'wrong'));
        const b = await timed(() => requestToken(server, client.clientId, 'wrong'));
        assert.equal(a.res.status, 401);
        assert.equal(b.res.status, 401);
        assert.deepEqual(JSON.parse(Buffer.from(a.body).toString()), JSON.parse(Buffer.from(b.body).toString()), 'the same answer');
        if (i === 0) continue;
        unknown.push(a.ms);
        known.push(b.ms);
      }
      const ratio = median(unknown) / median(known);
      console.log(`token endpoint: unknown client_id median ${median(unknown).toFixed(1)} ms, known client_id with a wrong secret ${median(known).toFixed(1)} ms, ratio ${ratio.toFixed(2)}`);
      assert.ok(ratio > 0.5 && ratio < 2, `ratio ${ratio.toFixed(2)}`);
    });
  });

  describe(`a flood of wrong secrets is throttled and slows nobody else (${backend.name})`, () => {
    let server: TestServer;
    let victim: TestClient;
    let api: Api;
    before(async () => {
      server = await startTestServer({ backend });
      victim = await server.client('plus');
      api = new Api(server.url, victim.token);
      await bigStaticFile(server);
    });
    after(() => server.stop());

    test('32 connections of wrong secrets get 401 then 429 with Retry-After, while downloads stay prompt', async () => {
      const { statuses, retryAfters, errorCodes, quiet, busy } = await downloadFlooded(server, api.token!, victim.clientId);
      console.log(`throttled flood: ${statuses.length} wrong secrets (${count(statuses, 401)} × 401, ${count(statuses, 429)} × 429); 4 MiB download median ${median(quiet).toFixed(1)} ms quiet, ${median(busy).toFixed(1)} ms (max ${Math.max(...busy).toFixed(1)}) under the flood`);
      assert.ok(count(statuses, 401) <= 10, `${count(statuses, 401)} secrets were checked; the limit is 10 a minute`);
      assert.ok(count(statuses, 429) > 0);
      assert.equal(count(statuses, 401) + count(statuses, 429), statuses.length, `only 401 and 429: ${[...new Set(statuses)]}`);
      assert.ok(retryAfters.every((s) => Number(s) >= 1 && Number(s) <= 60), `Retry-After ${retryAfters[0]}`);
      assert.ok(errorCodes.includes('temporarily_unavailable'), errorCodes.join());
      // Generous: a quiet download takes a few ms; with scrypt on the file-read pool it took seconds.
      assert.ok(median(busy) < 1000, `median download under the flood ${median(busy).toFixed(1)} ms`);
    });

    test('the client under attack still gets tokens with its own secret, which was verified before', async () => {
      const res = await requestToken(server, victim.clientId, victim.secret);
      assert.equal(res.status, 200, await res.clone().text());
    });

    test('a secret not verified yet waits like a wrong one while its address is throttled', async () => {
      const fresh = await createClient(server.database.db, { name: 'fresh', plan: 'plus' });
      const res = await requestToken(server, fresh.client_id, fresh.client_secret);
      assert.equal(res.status, 429);
      assert.ok(Number(res.headers.get('retry-after')) >= 1);
      const body = await res.json();
      assert.equal(body.error, 'temporarily_unavailable');
      assert.match(body.error_description, /failed/);
    });
  });
}
