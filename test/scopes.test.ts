import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { backends, startTestServer, type TestServer, type TestClient } from './support/server.js';
import { Api, tinyPng } from './support/api.js';

/** A token of `client` with the scope asked for, and the scope the endpoint granted. */
async function tokenWith(server: TestServer, client: TestClient, scope: string | null): Promise<{ token: string; scope: string }> {
  const res = await fetch(`${server.url}/o/token/`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `grant_type=client_credentials${scope === null ? '' : `&scope=${encodeURIComponent(scope)}`}`,
  });
  assert.equal(res.status, 200, await res.clone().text());
  const body = (await res.json()) as { access_token: string; scope: string };
  return { token: body.access_token, scope: body.scope };
}

for (const backend of backends()) {
  describe(`OAuth2 scopes are enforced on every route (${backend.name})`, () => {
    let server: TestServer;
    let client: TestClient;
    let full: Api;
    let read: Api;
    let write: Api;
    let player: string;
    let avatar: string;
    before(async () => {
      server = await startTestServer({ backend });
      client = await server.client('enterprise');
      full = new Api(server.url, client.token);
      read = new Api(server.url, (await tokenWith(server, client, 'read')).token);
      write = new Api(server.url, (await tokenWith(server, client, 'write')).token);
      player = (await full.post('/players/', { comment: 'scoped' })).body.code;
      const created = await full.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'scoped', photo: await tinyPng() });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      avatar = created.body.code;
    });
    after(() => server.stop());

    test('the default scope is "read write"; a requested scope is granted as asked', async () => {
      assert.equal((await tokenWith(server, client, null)).scope, 'read write');
      assert.equal((await tokenWith(server, client, 'read')).scope, 'read');
      assert.equal((await tokenWith(server, client, 'write')).scope, 'write');
      assert.equal((await tokenWith(server, client, 'write read')).scope, 'read write');
    });

    test('a read token reads', async () => {
      assert.equal((await read.get('/avatars/')).status, 200);
      assert.equal((await read.get(`/avatars/${avatar}/`)).status, 200);
      assert.equal((await read.get('/players/')).status, 200);
      assert.equal((await read.as(player).get('/avatars/')).status, 200);
      assert.equal((await read.request('HEAD', '/avatars/')).status, 200);
      assert.equal((await new Api(server.url).get(`/avatars/?access_token=${read.token}`)).status, 200);
    });

    test('a read token that writes gets 403 with a detail, and nothing changes', async () => {
      const refusals = [
        await read.post('/players/', { comment: 'nope' }),
        await read.delete(`/players/${player}/`),
        await read.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'nope', photo: await tinyPng() }),
        await read.as(player).createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'nope', photo: await tinyPng() }),
        await read.delete(`/avatars/${avatar}/`),
        await read.post(`/avatars/${avatar}/exports/`, { parameters: '{}' }),
        // Refused before the body is even looked at.
        await read.post('/avatars/', {}),
      ];
      for (const res of refusals) {
        assert.equal(res.status, 403, JSON.stringify(res.body));
        assert.match(res.body.detail, /scope/);
        assert.match(res.headers.get('www-authenticate') ?? '', /insufficient_scope/);
      }
      assert.equal((await full.get(`/players/${player}/`)).status, 200);
      assert.equal((await full.get(`/avatars/${avatar}/`)).status, 200);
      const names = (await full.get('/avatars/?page_size=100')).body.map((a: { name: string }) => a.name);
      assert.deepEqual(names, ['scoped']);
      const players = (await full.get('/players/?page_size=100')).body.map((p: { comment: string }) => p.comment);
      assert.deepEqual(players, ['scoped']);
    });

    test('a write token writes but does not read', async () => {
      const res = await write.post('/players/', { comment: 'by a write token' });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const get = await write.get('/avatars/');
      assert.equal(get.status, 403);
      assert.match(get.body.detail, /scope/);
      assert.equal((await write.delete(`/players/${res.body.code}/`)).status, 204);
    });

    test('a token of both scopes does both', async () => {
      const res = await full.post('/players/', { comment: 'both' });
      assert.equal(res.status, 201);
      assert.equal((await full.get(`/players/${res.body.code}/`)).status, 200);
      assert.equal((await full.delete(`/players/${res.body.code}/`)).status, 204);
    });

    test('OPTIONS and 405 need no scope', async () => {
      assert.equal((await read.request('OPTIONS', '/avatars/')).status, 200);
      assert.equal((await read.request('PUT', '/avatars/')).status, 405);
    });
  });
}
