import { after, before, describe, test } from 'node:test';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import assert from 'node:assert/strict';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api, tinyPng } from './support/api.js';
import { updateAvatar } from '../src/store/avatars.js';
import { MAX_TEXT_BYTES } from '../src/service/form.js';

const MiB = 1024 * 1024;

/** The GET a well-behaved client keeps making while the bad requests arrive: how long each took, in ms. */
async function getLatencies(api: Api, path: string, while_: Promise<unknown>): Promise<number[]> {
  let done = false;
  // A failed attacker ends the loop too; the test awaits while_ itself and sees the failure there.
  while_.then(() => (done = true), () => (done = true));
  const times: number[] = [];
  while (!done) {
    const t0 = performance.now();
    const res = await api.get(path);
    times.push(performance.now() - t0);
    assert.equal(res.status, 200);
    await new Promise((r) => setTimeout(r, 5));
  }
  return times.sort((a, b) => a - b);
}

function multipart(fields: Record<string, string | Buffer>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (Buffer.isBuffer(v)) form.append(k, new Blob([new Uint8Array(v)]), 'photo.png');
    else form.append(k, v);
  }
  return form;
}

type Hostile = (avatar: string, png: Buffer) => { path: string; init: { body: BodyInit; headers?: Record<string, string> } };

/**
 * The worst requests a client can send about parameters: each is as large as its kind of body
 * allows (1 MiB for a multipart field, 128 KiB for a JSON body), and each is refused.
 */
function hostileRequests(): Record<string, Hostile> {
  const keys = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 1])));
  const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
  const name = (n: number) => JSON.stringify({ haircuts: { list: ['x'.repeat(n)] } });
  const list = (n: number) => JSON.stringify({ haircuts: { list: Array(n).fill('x') } });
  const creation = (fields: Record<string, string>): Hostile => (_avatar, png) => ({
    path: '/avatars/',
    init: { body: multipart({ pipeline: 'head_2.0', pipeline_subtype: 'head/mobile', name: 'x', photo: png, ...fields }) },
  });
  const exportForm = (parameters: string): Hostile => (avatar) => ({ path: `/avatars/${avatar}/exports/`, init: { body: multipart({ parameters }) } });
  const exportJson = (parameters: string): Hostile => (avatar) => ({
    path: `/avatars/${avatar}/exports/`,
    init: { body: `{"parameters": ${parameters}}`, headers: { 'Content-Type': 'application/json' } },
  });
  return {
    'creation parameters: one name of a million characters': creation({ parameters: name(1_000_000) }),
    'creation parameters: a list of 200000 names': creation({ parameters: list(200_000) }),
    'creation parameters: 80000 unknown keys': creation({ parameters: keys(80_000) }),
    'creation parameters: brackets nested 500000 deep': creation({ parameters: nested(500_000) }),
    'creation export_parameters: one name of a million characters': creation({ export_parameters: name(1_000_000) }),
    'creation export_parameters: 80000 unknown keys': creation({ export_parameters: keys(80_000) }),
    'export parameters (form): one name of a million characters': exportForm(name(1_000_000)),
    'export parameters (form): a list of 200000 names': exportForm(list(200_000)),
    'export parameters (JSON body): one name of 120000 characters': exportJson(name(120_000)),
    'export parameters (JSON body): 10000 unknown keys': exportJson(keys(10_000)),
    'export parameters (JSON body): brackets nested 60000 deep': exportJson(nested(60_000)),
    'export parameters (JSON body): lists of 256 wrong names': exportJson(
      JSON.stringify({ haircuts: { list: Array.from({ length: 256 }, (_, i) => `haircut_${i}`) }, blendshapes: { list: Array.from({ length: 256 }, (_, i) => `bs_${i}`) } }),
    ),
  };
}

/** The attacker's thread: sends every hostile request, all at once, `rounds` times, then says how many and how long. */
async function attack({ url, token, avatar, png, rounds }: { url: string; token: string; avatar: string; png: Uint8Array; rounds: number }) {
  const api = new Api(url, token);
  const requests = Object.values(hostileRequests());
  const t0 = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(requests.map((make) => {
      const { path, init } = make(avatar, Buffer.from(png));
      return api.request('POST', path, init);
    }));
  }
  parentPort!.postMessage({ count: rounds * requests.length, ms: performance.now() - t0 });
}

if (!isMainThread) await attack(workerData);

if (isMainThread) for (const backend of backends()) {
  describe(`hostile requests are refused cheaply, with small errors (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    let png: Buffer;
    let avatar: string;
    before(async () => {
      server = await startTestServer({ backend, env: { LIKENESS_THROTTLE_PER_MINUTE: '0' } });
      api = new Api(server.url, (await server.client('enterprise')).token);
      png = await tinyPng();
      const created = await api.createAvatar({ pipeline: 'head_2.0', pipeline_subtype: 'head/mobile', name: 'target', photo: png });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      avatar = created.body.code;
    });
    after(() => server.stop());

    const cases = hostileRequests();
    for (const [what, make] of Object.entries(cases)) {
      test(`${what}: 400 or 413 with an error body under 16 KiB`, async () => {
        const { path, init } = make(avatar, png);
        const res = await api.request('POST', path, init);
        assert.ok([400, 413].includes(res.status), `${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
        const size = JSON.stringify(res.body).length;
        assert.ok(size < 16 * 1024, `error body of ${size} bytes`);
      });
    }

    test('GETs made while four rounds of every such request are processed answer within 100 ms', async () => {
      await api.get(`/avatars/${avatar}/`);
      // The attacker is another machine: its own work (building megabyte bodies) runs on another thread.
      const attacker = new Worker(new URL(import.meta.url), { workerData: { url: server.url, token: api.token, avatar, png, rounds: 4 } });
      const load = new Promise<{ count: number; ms: number }>((resolve, reject) => {
        attacker.once('message', resolve);
        attacker.once('error', reject);
      });
      const times = await getLatencies(api, `/avatars/${avatar}/`, load);
      const sent = await load;
      const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      console.log(
        `# ${sent.count} hostile requests in ${sent.ms.toFixed(0)} ms; ${times.length} concurrent GETs: ` +
          `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, slowest ${times[times.length - 1].toFixed(1)} ms`,
      );
      // The 100 ms of the issue holds for nine GETs in ten; the slowest is bounded generously, as
      // this machine's cores are shared and a scheduler pause is not the server's doing.
      assert.ok(at(0.9) < 100, `p90 of the GETs ${at(0.9).toFixed(1)} ms`);
      assert.ok(times[times.length - 1] < 1000, `a GET took ${times[times.length - 1].toFixed(1)} ms`);
    });
  });

  describe(`a field or body over its size limit is refused with 413, never cut short (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    let png: Buffer;
    before(async () => {
      server = await startTestServer({ backend });
      api = new Api(server.url, (await server.client('enterprise')).token);
      png = await tinyPng();
    });
    after(() => server.stop());

    test('a multipart text field over 128 KiB answers 413 and names the field and the limit', async () => {
      for (const [field, size] of [['parameters', MAX_TEXT_BYTES + 1], ['name', MiB + 1], ['description', 16 * MiB]] as const) {
        const form = multipart({ pipeline: 'head_1.2', name: 'x', [field]: 'x'.repeat(size), photo: png });
        const res = await api.request('POST', '/avatars/', { body: form });
        assert.equal(res.status, 413, JSON.stringify(res.body).slice(0, 300));
        assert.equal(res.body.detail, `The field "${field}" is larger than the limit of ${MAX_TEXT_BYTES} bytes.`);
      }
    });

    test('a field of exactly 128 KiB is read whole, and judged on its content', async () => {
      const res = await api.request('POST', '/avatars/', { body: multipart({ pipeline: 'head_1.2', name: 'x'.repeat(MAX_TEXT_BYTES), photo: png }) });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body.name, ['Ensure this field has no more than 255 characters.']);
    });

    test('a JSON body nested deeper than 10 levels answers 400 before it is parsed, never a 500', async () => {
      const avatar = await api.createAvatar({ pipeline: 'head_2.0', pipeline_subtype: 'head/mobile', name: 'deep', photo: png });
      for (const levels of [11, 50_000]) {
        const body = `{"parameters": ${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
        const res = await api.request('POST', `/avatars/${avatar.body.code}/exports/`, { body, headers: { 'Content-Type': 'application/json' } });
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.detail, 'JSON parse error: nested deeper than 10 levels.');
      }
    });

    test('a urlencoded or JSON body over 128 KiB answers 413 and gives the limit', async () => {
      const comment = 'x'.repeat(MAX_TEXT_BYTES);
      for (const [type, body] of [['application/x-www-form-urlencoded', new URLSearchParams({ comment }).toString()], ['application/json', JSON.stringify({ comment })]]) {
        const res = await api.request('POST', '/players/', { body, headers: { 'Content-Type': type } });
        assert.equal(res.status, 413, type);
        assert.equal(res.body.detail, `The request body is larger than the limit of ${MAX_TEXT_BYTES} bytes.`);
      }
    });
  });

  describe(`lengths count characters and integers are decimal (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    let png: Buffer;
    before(async () => {
      server = await startTestServer({ backend });
      api = new Api(server.url, (await server.client('enterprise')).token);
      png = await tinyPng();
    });
    after(() => server.stop());

    test('a name of 255 emoji is accepted, as DRF counts characters, and 256 are refused', async () => {
      const ok = await api.createAvatar({ pipeline: 'head_1.2', name: '😀'.repeat(255), photo: png });
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      assert.equal(ok.body.name, '😀'.repeat(255));
      const long = await api.createAvatar({ pipeline: 'head_1.2', name: '😀'.repeat(256), photo: png });
      assert.equal(long.status, 400);
      assert.deepEqual(long.body.name, ['Ensure this field has no more than 255 characters.']);
    });

    test('a player comment of 1000 emoji is accepted and 1001 are refused', async () => {
      assert.equal((await api.post('/players/', { comment: '🎮'.repeat(1000) })).status, 201);
      assert.equal((await api.post('/players/', { comment: '🎮'.repeat(1001) })).status, 400);
    });

    test('lod takes decimal digits only: 0x1, 1e0, +1, 1.0 and " 1" are refused', async () => {
      const created = await api.createAvatar({ pipeline: 'head_1.2', name: 'lod', photo: png });
      // Marked Completed without files: a valid lod gets past the check to the file lookup, which finds
      // none of the files a Completed head is stored with, modifications.json included, as for an
      // avatar stored before its pipeline made them (404 that says so): not a 400 on lod.
      await updateAvatar(server.database.db, created.body.code, { status: 'Completed', progress: 100 });
      for (const asset of ['mesh', 'pointcloud', 'blendshapes']) {
        for (const lod of ['0x1', '1e0', '+1', '1.0', ' 1', '0b1']) {
          const res = await api.get(`/avatars/${created.body.code}/${asset}/?lod=${encodeURIComponent(lod)}`);
          assert.equal(res.status, 400, `${asset} lod=${lod}: ${JSON.stringify(res.body)}`);
          assert.ok(Array.isArray(res.body.lod), JSON.stringify(res.body));
        }
        const decimal = await api.get(`/avatars/${created.body.code}/${asset}/?lod=1`);
        assert.equal(decimal.status, 404, `${asset} lod=1: ${JSON.stringify(decimal.body)}`);
        assert.match(decimal.body.detail, /computed before this server made it/);
        assert.equal(decimal.body.lod, undefined);
      }
    });
  });
}
