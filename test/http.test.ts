import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
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
