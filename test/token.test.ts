import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { backends, startTestServer, type TestServer, type TestClient } from './support/server.js';
import { Api, tinyPng } from './support/api.js';
import { deleteClient } from '../src/store/clients.js';

for (const backend of backends()) {
  describe(`OAuth2 token endpoint (${backend.name})`, () => {
    let server: TestServer;
    let client: TestClient;
    before(async () => {
      server = await startTestServer({ backend });
      client = await server.client('plus');
    });
    after(() => server.stop());

    const token = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/o/token/`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body });
    const basic = (id: string, secret: string) => ({ Authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` });

    test('client credentials by HTTP Basic give a bearer token with expires_in 36000 and no-store', async () => {
      const res = await token('grant_type=client_credentials', basic(client.clientId, client.secret));
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      const body = await res.json();
      assert.equal(body.token_type, 'Bearer');
      assert.equal(body.expires_in, 36000);
      assert.equal(typeof body.scope, 'string');
      assert.match(body.access_token, /^[A-Za-z0-9]{30,}$/);
      const me = await new Api(server.url, body.access_token).get('/avatars/');
      assert.equal(me.status, 200);
    });

    test('client credentials as form fields are accepted (RFC 6749 §2.3.1)', async () => {
      const res = await token(`grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.secret}`);
      assert.equal(res.status, 200);
    });

    test('client credentials in a multipart form are accepted', async () => {
      const form = new FormData();
      form.append('grant_type', 'client_credentials');
      form.append('client_id', client.clientId);
      form.append('client_secret', client.secret);
      const res = await fetch(`${server.url}/o/token/`, { method: 'POST', body: form });
      assert.equal(res.status, 200);
    });

    test('a wrong secret is invalid_client with 401 and WWW-Authenticate', async () => {
      const res = await token('grant_type=client_credentials', basic(client.clientId, 'wrong'));
      assert.equal(res.status, 401);
      assert.ok(res.headers.get('www-authenticate'));
      assert.equal((await res.json()).error, 'invalid_client');
    });

    test('an unknown client is invalid_client', async () => {
      const res = await token('grant_type=client_credentials', basic('nobody', 'nothing'));
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error, 'invalid_client');
    });

    test('no credentials at all is invalid_client', async () => {
      const res = await token('grant_type=client_credentials');
      assert.equal(res.status, 401);
      assert.equal((await res.json()).error, 'invalid_client');
    });

    test('another grant type is unsupported_grant_type with 400', async () => {
      const res = await token('grant_type=password&username=a&password=b', basic(client.clientId, client.secret));
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error, 'unsupported_grant_type');
    });

    test('a missing grant_type is invalid_request with 400', async () => {
      const res = await token('', basic(client.clientId, client.secret));
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error, 'invalid_request');
    });

    test('credentials by two methods at once are invalid_request', async () => {
      const res = await token(`grant_type=client_credentials&client_id=${client.clientId}&client_secret=${client.secret}`, basic(client.clientId, client.secret));
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error, 'invalid_request');
    });

    test('an unknown scope is invalid_scope', async () => {
      const res = await token('grant_type=client_credentials&scope=admin', basic(client.clientId, client.secret));
      assert.equal(res.status, 400);
      assert.equal((await res.json()).error, 'invalid_scope');
    });

    test('a request without a token gets 401 with a detail', async () => {
      const res = await new Api(server.url).get('/avatars/');
      assert.equal(res.status, 401);
      assert.equal(typeof res.body.detail, 'string');
    });

    test('an unknown token gets 401 with a detail', async () => {
      const res = await new Api(server.url, 'not-a-token').get('/avatars/');
      assert.equal(res.status, 401);
      assert.match(res.body.detail, /token/i);
    });

    test('a malformed Authorization header gets 401', async () => {
      const res = await new Api(server.url).request('GET', '/avatars/', { headers: { Authorization: 'Token abc' } });
      assert.equal(res.status, 401);
    });

    test('an expired token gets 401', async () => {
      const short = await startTestServer({ backend, env: { LIKENESS_TOKEN_TTL_S: '1' } });
      try {
        const c = await short.client();
        const api = new Api(short.url, c.token);
        assert.equal((await api.get('/avatars/')).status, 200);
        await new Promise((r) => setTimeout(r, 1100));
        const res = await api.get('/avatars/');
        assert.equal(res.status, 401);
        assert.match(res.body.detail, /expired/i);
      } finally {
        await short.stop();
      }
    });

    test('GET downloads accept ?access_token= because browsers follow plain links', async () => {
      const res = await new Api(server.url).get(`/avatars/?access_token=${client.token}`);
      assert.equal(res.status, 200);
      const post = await fetch(`${server.url}/players/?access_token=${client.token}`, { method: 'POST' });
      assert.equal(post.status, 401);
    });

    test('secrets are stored as scrypt hashes and tokens as SHA-256 hashes', async () => {
      const { createHash } = await import('node:crypto');
      const row = await server.database.db.selectFrom('clients').selectAll().where('client_id', '=', client.clientId).executeTakeFirstOrThrow();
      assert.match(row.secret_hash, /^scrypt\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]{44}$/);
      assert.ok(!row.secret_hash.includes(client.secret));
      const tokens = await server.database.db.selectFrom('tokens').selectAll().where('client_id', '=', client.clientId).execute();
      const sha = createHash('sha256').update(client.token).digest('hex');
      assert.ok(tokens.some((t) => t.token_hash === sha), 'the token is found by its hash');
      assert.ok(tokens.every((t) => t.token_hash !== client.token && /^[0-9a-f]{64}$/.test(t.token_hash)));
    });

    test('a client deleted while its token is cached gets 401, never a 500', async () => {
      const doomed = await server.client('enterprise');
      const api = new Api(server.url, doomed.token);
      const player = (await api.post('/players/', { comment: 'doomed' })).body.code;
      // Both lookups are now cached by the server.
      assert.equal((await api.get('/avatars/')).status, 200);
      assert.equal((await api.as(player).get('/avatars/')).status, 200);
      // What `likeness client delete` does, from outside the server process.
      assert.ok(await deleteClient(server.database.db, doomed.clientId));
      const png = await tinyPng();
      const calls = [
        await api.post('/players/', { comment: 'after' }),
        await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'after', photo: png }),
        await api.as(player).createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'after', photo: png }),
        await api.as(player).get('/avatars/'),
        await api.delete(`/players/${player}/`),
      ];
      for (const res of calls) {
        assert.equal(res.status, 401, JSON.stringify(res.body));
        assert.match(res.body.detail, /token/i);
      }
      // A read in developer access may still be served from the cache for a few seconds: it finds nothing.
      const read = await api.get('/avatars/');
      assert.ok(read.status === 401 || (read.status === 200 && read.body.length === 0), `${read.status} ${JSON.stringify(read.body)}`);
      const again = await token('grant_type=client_credentials', basic(doomed.clientId, doomed.secret));
      assert.equal(again.status, 401);
    });

    test('null characters in the credentials are an OAuth error, not a server error', async () => {
      const res = await token('grant_type=client_credentials&client_id=a%00b&client_secret=x');
      assert.ok(res.status === 400 || res.status === 401, String(res.status));
      assert.ok((await res.json()).error);
    });
  });
}
