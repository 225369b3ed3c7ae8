import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api, tinyPng } from './support/api.js';

for (const backend of backends()) {
  describe(`HTTP conventions: OPTIONS, HEAD, CORS, 405, OpenAPI (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    before(async () => {
      server = await startTestServer({ backend });
      api = new Api(server.url, (await server.client('enterprise')).token);
    });
    after(() => server.stop());

    test('OPTIONS answers with Allow on every route of the OpenAPI description', async () => {
      const spec = (await api.get('/openapi.json')).body;
      const paths = Object.keys(spec.paths);
      assert.ok(paths.length >= 15, `only ${paths.length} paths`);
      for (const path of paths) {
        const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await new Api(server.url).request('OPTIONS', concrete);
        assert.equal(res.status, 200, path);
        const allow = res.headers.get('allow') ?? '';
        assert.match(allow, /OPTIONS/, path);
        for (const method of Object.keys(spec.paths[path])) assert.ok(allow.includes(method.toUpperCase()), `${path} ${method} in ${allow}`);
      }
    });

    test('HEAD works wherever GET does', async () => {
      const get = await api.get('/avatars/');
      const head = await api.request('HEAD', '/avatars/');
      assert.equal(head.status, 200);
      assert.equal(head.body, '');
      assert.equal(head.headers.get('content-type'), get.headers.get('content-type'));
    });

    test('a method a path does not have gets 405 with Allow', async () => {
      const res = await api.request('PUT', '/avatars/');
      assert.equal(res.status, 405);
      assert.equal(res.body.detail, 'Method "PUT" not allowed.');
      assert.equal(res.headers.get('allow'), 'GET, POST, HEAD, OPTIONS');
    });

    test('CORS is open to browser clients, preflight included', async () => {
      const pre = await fetch(`${server.url}/avatars/`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://game.example', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,x-playeruid' },
      });
      assert.ok(pre.status === 200 || pre.status === 204);
      assert.equal(pre.headers.get('access-control-allow-origin'), 'https://game.example');
      assert.match(pre.headers.get('access-control-allow-headers') ?? '', /X-PlayerUID/i);
      const res = await fetch(`${server.url}/avatars/`, { headers: { Origin: 'https://game.example', Authorization: `Bearer ${api.token}` } });
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://game.example');
      assert.match(res.headers.get('access-control-expose-headers') ?? '', /Link/);
      const del = await fetch(`${server.url}/avatars/x/`, { method: 'OPTIONS', headers: { Origin: 'https://game.example', 'Access-Control-Request-Method': 'DELETE' } });
      assert.match(del.headers.get('access-control-allow-methods') ?? '', /DELETE/);
    });

    test('an avatar code is found whatever its letter case', async () => {
      const created = await api.createAvatar({ pipeline: 'head_1.2', name: 'case', photo: await tinyPng() });
      assert.equal((await api.get(`/avatars/${created.body.code.toUpperCase()}/`)).status, 200);
    });

    test('unknown paths are 404 with a detail', async () => {
      const res = await api.get('/nothing/here/');
      assert.equal(res.status, 404);
      assert.equal(res.body.detail, 'Not found.');
    });

    test('paths work with and without the trailing slash', async () => {
      assert.equal((await api.get('/avatars')).status, 200);
      assert.equal((await api.get('/avatars/')).status, 200);
    });

    test('/openapi.json is OpenAPI 3.1 and /docs is a readable page', async () => {
      const spec = (await new Api(server.url).get('/openapi.json')).body;
      assert.equal(spec.openapi, '3.1.0');
      for (const p of ['/o/token/', '/players/', '/avatars/', '/avatars/{code}/', '/avatars/{code}/model_info/', '/parameters/available/{pipeline}/']) {
        assert.ok(spec.paths[p], `missing ${p}`);
      }
      const upload = spec.paths['/avatars/'].post.requestBody.content['multipart/form-data'].schema;
      assert.equal(upload.properties.photo.format, 'binary', 'a generated client can upload the photo');
      assert.deepEqual(upload.required, ['pipeline', 'name', 'photo']);
      assert.ok(spec.paths['/o/token/'].post.requestBody.content['application/x-www-form-urlencoded']);
      const docs = await fetch(`${server.url}/docs`, { redirect: 'follow' });
      assert.equal(docs.status, 200);
      assert.match(await docs.text(), /swagger|openapi/i);
    });

    test('parameters endpoints answer for the caller\'s plan and reject unknown pipelines and subtypes', async () => {
      const available = await api.get('/parameters/available/head_1.2/?pipeline_subtype=base/mobile');
      assert.equal(available.status, 200);
      assert.ok(available.body.model_info);
      const defaults = await api.get('/parameters/default/head_1.2/?pipeline_subtype=base/mobile');
      assert.equal(defaults.status, 200);
      assert.equal(typeof defaults.body, 'object');
      assert.equal((await api.get('/parameters/available/nope/')).status, 404);
      const badSubtype = await api.get('/parameters/available/head_1.2/?pipeline_subtype=x');
      assert.equal(badSubtype.status, 400);
      assert.ok(badSubtype.body.pipeline_subtype);
      const plus = new Api(server.url, (await server.client('plus')).token);
      const res = await plus.get('/parameters/available/persona_2.0/?pipeline_subtype=female');
      assert.equal(res.status, 403);
      assert.match(res.body.detail, /Enterprise/);
    });
  });

  describe(`behind a reverse proxy: LIKENESS_TRUST_PROXY and X-Forwarded-* (${backend.name})`, () => {
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'avatars.example.com', 'X-Forwarded-For': '203.0.113.7' };
    let png: Buffer;
    before(async () => {
      png = await tinyPng();
    });

    /** A server that logs every request (the log is where the client's address shows), with two avatars to page through. */
    const proxied = async (trustProxy: boolean) => {
      const log: any[] = [];
      const logger = pino({ level: 'debug' }, { write: (line: string) => void log.push(JSON.parse(line)) });
      const server = await startTestServer({ backend, logger, env: { LIKENESS_TRUST_PROXY: String(trustProxy), LIKENESS_LOG_LEVEL: 'debug' } });
      const api = new Api(server.url, (await server.client('enterprise')).token);
      const create = async (headers: Record<string, string>) => {
        const form = new FormData();
        form.append('pipeline', 'head_1.2');
        form.append('name', 'proxied');
        form.append('photo', new Blob([new Uint8Array(png)]), 'photo.jpg');
        const res = await api.request('POST', '/avatars/', { body: form, headers });
        assert.equal(res.status, 201, JSON.stringify(res.body));
        return res.body;
      };
      const addressOf = (url: string) => log.find((entry) => entry.msg === 'incoming request' && entry.req?.url === url)?.req.remoteAddress;
      return { server, api, create, addressOf };
    };

    test('with LIKENESS_TRUST_PROXY=true, avatar URLs and Link use X-Forwarded-Proto and -Host, and the client address is X-Forwarded-For', async () => {
      const { server, api, create, addressOf } = await proxied(true);
      try {
        const avatar = await create(forwarded);
        assert.equal(avatar.url, `https://avatars.example.com/avatars/${avatar.code}/`);
        assert.equal(avatar.mesh, `https://avatars.example.com/avatars/${avatar.code}/mesh/`);
        const direct = await create({});
        assert.equal(direct.url, `${server.url}/avatars/${direct.code}/`, 'a request without the headers keeps its own host');

        const page = await api.request('GET', '/avatars/?page_size=1', { headers: forwarded });
        assert.equal(page.status, 200);
        assert.equal(page.body[0].url, `https://avatars.example.com/avatars/${direct.code}/`);
        const link = page.headers.get('link')!;
        assert.match(link, /<https:\/\/avatars\.example\.com\/avatars\/\?page_size=1&page=2>; rel="next"/);
        assert.ok(!link.includes(server.url), link);
        assert.equal(addressOf('/avatars/?page_size=1'), '203.0.113.7');
      } finally {
        await server.stop();
      }
    });

    test('with LIKENESS_TRUST_PROXY false (the default), X-Forwarded-* are ignored', async () => {
      const { server, api, create, addressOf } = await proxied(false);
      try {
        const avatar = await create(forwarded);
        assert.equal(avatar.url, `${server.url}/avatars/${avatar.code}/`);
        await create(forwarded);

        const page = await api.request('GET', '/avatars/?page_size=1', { headers: forwarded });
        assert.equal(page.status, 200);
        assert.equal(page.body[0].url.startsWith(`${server.url}/avatars/`), true, page.body[0].url);
        const link = page.headers.get('link')!;
        assert.ok(link.includes(`<${server.url}/avatars/?page_size=1&page=2>; rel="next"`), link);
        assert.ok(!link.includes('example.com'), link);
        assert.equal(addressOf('/avatars/?page_size=1'), '127.0.0.1');
      } finally {
        await server.stop();
      }
    });
  });

  describe(`throttling (${backend.name})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ backend, env: { LIKENESS_THROTTLE_PER_MINUTE: '5', LIKENESS_PLAYER_THROTTLE_PER_MINUTE: '8' } });
    });
    after(() => server.stop());

    test('more requests than the limit from one client in developer access get 429 with Retry-After and a detail', async () => {
      const api = new Api(server.url, (await server.client()).token);
      for (let i = 0; i < 5; i++) assert.equal((await api.get('/avatars/')).status, 200, `request ${i + 1}`);
      const res = await api.get('/avatars/');
      assert.equal(res.status, 429);
      const retry = Number(res.headers.get('retry-after'));
      assert.ok(retry >= 1 && retry <= 60, `Retry-After ${retry}`);
      assert.match(res.body.detail, /^Request was throttled\. Expected available in \d+ seconds?\.$/);
    });

    test('each client has its own budget', async () => {
      const a = new Api(server.url, (await server.client()).token);
      const b = new Api(server.url, (await server.client()).token);
      for (let i = 0; i < 5; i++) await a.get('/avatars/');
      assert.equal((await a.get('/avatars/')).status, 429);
      assert.equal((await b.get('/avatars/')).status, 200);
    });

    test('client access is not throttled per account: each player has its own budget', async () => {
      const dev = new Api(server.url, (await server.client()).token);
      const p1 = (await dev.post('/players/')).body.code;
      const p2 = (await dev.post('/players/')).body.code;
      for (let i = 0; i < 3; i++) await dev.get('/avatars/');
      // The client's developer budget is nearly spent; its players still work, each up to its own limit.
      for (let i = 0; i < 8; i++) assert.equal((await dev.as(p1).get('/avatars/')).status, 200, `p1 request ${i + 1}`);
      assert.equal((await dev.as(p1).get('/avatars/')).status, 429);
      assert.equal((await dev.as(p2).get('/avatars/')).status, 200);
    });
  });
}
