import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api, tinyPng } from './support/api.js';

for (const backend of backends()) {
  describe(`players and access modes (${backend.name})`, () => {
    let server: TestServer;
    let dev: Api;
    let otherDev: Api;
    let png: Buffer;
    before(async () => {
      server = await startTestServer({ backend });
      dev = new Api(server.url, (await server.client('enterprise')).token);
      otherDev = new Api(server.url, (await server.client('enterprise')).token);
      png = await tinyPng();
    });
    after(() => server.stop());

    const newAvatar = async (api: Api, name: string) => {
      const res = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name, photo: png });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body;
    };

    test('registering a player answers 201 with url, code, created_on and comment', async () => {
      const res = await dev.post('/players/', { comment: 'install #1' });
      assert.equal(res.status, 201);
      assert.match(res.body.code, /^[0-9a-f-]{36}$/);
      assert.equal(res.body.comment, 'install #1');
      assert.equal(res.body.url, `${server.url}/players/${res.body.code}/`);
      assert.ok(!Number.isNaN(Date.parse(res.body.created_on)));
      const got = await dev.get(`/players/${res.body.code}/`);
      assert.deepEqual(got.body, res.body);
    });

    test('player lists are JSON arrays, paginated, newest first', async () => {
      for (let i = 0; i < 3; i++) await dev.post('/players/', { comment: `p${i}` });
      const res = await dev.get('/players/?page_size=2');
      assert.equal(res.status, 200);
      assert.ok(Array.isArray(res.body));
      assert.equal(res.body.length, 2);
      assert.equal(res.body[0].comment, 'p2');
      assert.match(res.headers.get('link') ?? '', /rel="next"/);
    });

    test('client access sees only the avatars of its own player', async () => {
      const p1 = (await dev.post('/players/')).body.code;
      const p2 = (await dev.post('/players/')).body.code;
      const a1 = await newAvatar(dev.as(p1), 'of p1');
      const a2 = await newAvatar(dev.as(p2), 'of p2');
      const list1 = await dev.as(p1).get('/avatars/');
      assert.deepEqual(list1.body.map((a: any) => a.code), [a1.code]);
      assert.equal((await dev.as(p1).get(`/avatars/${a2.code}/`)).status, 404);
      assert.equal((await dev.as(p1).get(`/avatars/${a2.code}/model_info/`)).status, 404);
      assert.equal((await dev.as(p1).delete(`/avatars/${a2.code}/`)).status, 404);
      assert.equal((await dev.as(p2).get(`/avatars/${a2.code}/`)).status, 200);
      // Developer access sees both.
      const all = (await dev.get('/avatars/?page_size=100')).body.map((a: any) => a.code);
      assert.ok(all.includes(a1.code) && all.includes(a2.code));
    });

    test('client access lists only its own player and cannot read another', async () => {
      const p1 = (await dev.post('/players/')).body.code;
      const p2 = (await dev.post('/players/')).body.code;
      const list = await dev.as(p1).get('/players/');
      assert.deepEqual(list.body.map((p: any) => p.code), [p1]);
      assert.equal((await dev.as(p1).get(`/players/${p2}/`)).status, 404);
      assert.equal((await dev.as(p1).delete(`/players/${p2}/`)).status, 404);
    });

    test('an unknown X-PlayerUID gets 403', async () => {
      const res = await dev.as('00000000-0000-4000-8000-000000000000').get('/avatars/');
      assert.equal(res.status, 403);
      assert.equal(typeof res.body.detail, 'string');
      assert.equal((await dev.as('not-a-uuid').get('/avatars/')).status, 403);
    });

    test('a player of another client is unknown: 403', async () => {
      const theirs = (await otherDev.post('/players/')).body.code;
      assert.equal((await dev.as(theirs).get('/avatars/')).status, 403);
    });

    test('a client never sees another client\'s avatars or players: 404 as if they did not exist', async () => {
      const mine = await newAvatar(dev, 'mine');
      const player = (await dev.post('/players/')).body.code;
      assert.equal((await otherDev.get(`/avatars/${mine.code}/`)).status, 404);
      assert.equal((await otherDev.delete(`/avatars/${mine.code}/`)).status, 404);
      assert.equal((await otherDev.get(`/players/${player}/`)).status, 404);
      assert.equal((await otherDev.delete(`/players/${player}/`)).status, 404);
      const theirs = (await otherDev.get('/avatars/?page_size=100')).body.map((a: any) => a.code);
      assert.ok(!theirs.includes(mine.code));
      assert.equal((await dev.get(`/avatars/${mine.code}/`)).status, 200);
    });

    test('deleting a player deletes its avatars and its PlayerUID then gets 403', async () => {
      const p = (await dev.post('/players/')).body.code;
      const a = await newAvatar(dev.as(p), 'doomed');
      assert.ok(await server.blobs.has(`avatars/${a.code}/photo`));
      const res = await dev.delete(`/players/${p}/`);
      assert.equal(await server.blobs.folderModified(`avatars/${a.code}/`), null, 'its files are removed');
      assert.equal(res.status, 204);
      assert.equal((await dev.get(`/avatars/${a.code}/`)).status, 404);
      assert.equal((await dev.as(p).get('/avatars/')).status, 403);
      assert.equal((await dev.get(`/players/${p}/`)).status, 404);
    });

    test('a pipeline above the plan gets 403 naming the plan it needs', async () => {
      const plus = new Api(server.url, (await server.client('plus')).token);
      const res = await plus.createAvatar({ pipeline: 'head_2.0', pipeline_subtype: 'head/mobile', name: 'x', photo: png });
      assert.equal(res.status, 403);
      assert.match(res.body.detail, /Pro/);
      const persona = await plus.createAvatar({ pipeline: 'persona_2.0', pipeline_subtype: 'female', name: 'x', photo: png });
      assert.equal(persona.status, 403);
      assert.match(persona.body.detail, /Enterprise/);
      const ok = await plus.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/legacy', name: 'x', photo: png });
      assert.equal(ok.status, 201);
    });
  });
}
