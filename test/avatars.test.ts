import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api, tinyPng } from './support/api.js';

const links = ['model_info', 'haircuts', 'outfits', 'blendshapes', 'textures', 'exports', 'mesh', 'pointcloud', 'preview'];

for (const backend of backends()) {
  describe(`avatars: creation, lists, filters, deletion (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    let png: Buffer;
    before(async () => {
      server = await startTestServer({ backend });
      api = new Api(server.url, (await server.client('enterprise')).token);
      png = await tinyPng();
    });
    after(() => server.stop());

    const create = async (fields: Record<string, string>) => {
      const res = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/legacy', name: 'a', photo: png, ...fields });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return res.body;
    };

    test('creation answers 201 with the spec fields, the pipeline and absolute links, status Uploading and progress 0', async () => {
      const avatar = await create({ name: 'Ada', description: 'first' });
      assert.match(avatar.code, /^[0-9a-f-]{36}$/);
      assert.equal(avatar.name, 'Ada');
      assert.equal(avatar.description, 'first');
      assert.equal(avatar.status, 'Uploading');
      assert.equal(avatar.progress, 0);
      assert.equal(avatar.pipeline, 'head_1.2');
      assert.equal(avatar.pipeline_subtype, 'base/legacy');
      assert.equal(avatar.url, `${server.url}/avatars/${avatar.code}/`);
      for (const l of links) assert.equal(avatar[l], `${server.url}/avatars/${avatar.code}/${l}/`);
      const got = await api.get(`/avatars/${avatar.code}/`);
      assert.equal(got.status, 200);
      assert.equal(got.body.status, 'Queued', 'with no worker on this server it waits in the queue');
    });

    test('description defaults to the empty string', async () => {
      assert.equal((await create({})).description, '');
    });

    test('a link to an asset not produced yet answers 404 with a detail that says so', async () => {
      const avatar = await create({});
      // The exports list exists from the start (it is empty until an export is made).
      const exports = await api.get(new URL(avatar.exports).pathname);
      assert.equal(exports.status, 200);
      assert.deepEqual(exports.body, []);
      for (const l of links.filter((l) => l !== 'exports')) {
        const res = await api.get(new URL(avatar[l]).pathname);
        assert.equal(res.status, 404, l);
        assert.match(res.body.detail, /not available|Queued/, l);
      }
    });

    test('LIKENESS_PUBLIC_URL is the base of every absolute URL', async () => {
      const pub = await startTestServer({ backend, env: { LIKENESS_PUBLIC_URL: 'https://avatars.example.com/api/' } });
      try {
        const a = new Api(pub.url, (await pub.client()).token);
        const res = await a.createAvatar({ pipeline: 'head_1.2', name: 'x', photo: png });
        assert.equal(res.body.url, `https://avatars.example.com/api/avatars/${res.body.code}/`);
      } finally {
        await pub.stop();
      }
    });

    test('deleting an avatar answers 204 and removes its files', async () => {
      const avatar = await create({});
      assert.ok(await server.blobs.has(`avatars/${avatar.code}/photo`));
      const res = await api.delete(`/avatars/${avatar.code}/`);
      assert.equal(res.status, 204);
      assert.equal(await server.blobs.folderModified(`avatars/${avatar.code}/`), null);
      assert.equal((await api.get(`/avatars/${avatar.code}/`)).status, 404);
      assert.equal((await api.delete(`/avatars/${avatar.code}/`)).status, 404);
    });

    describe('lists', () => {
      let fresh: Api;
      const made: any[] = [];
      before(async () => {
        fresh = new Api(server.url, (await server.client('enterprise')).token);
        const specs = [
          { name: 'Alpha one', description: 'Red Hat', pipeline: 'head_1.2', pipeline_subtype: 'base/legacy' },
          { name: 'Beta two', description: 'blue hat', pipeline: 'head_1.2', pipeline_subtype: 'base/mobile' },
          { name: 'Gamma three', description: 'RED scarf', pipeline: 'head_2.0', pipeline_subtype: 'head/mobile' },
          { name: 'Delta four', description: '', pipeline: 'animated_face', pipeline_subtype: 'base/legacy' },
          { name: 'alpha five', description: 'green hat', pipeline: 'body_0.3', pipeline_subtype: 'female' },
          { name: 'Epsilon six', description: 'red hat', pipeline: 'head_2.0', pipeline_subtype: 'bust/mobile' },
          { name: 'Zeta seven', description: 'hat', pipeline: 'head_1.2', pipeline_subtype: 'base/static' },
        ];
        for (const s of specs) {
          const res = await fresh.createAvatar({ ...s, photo: png });
          assert.equal(res.status, 201, JSON.stringify(res.body));
          made.push(res.body);
        }
      });
      const codes = (res: { body: any[] }) => res.body.map((a) => a.name);

      test('lists newest first with the Allow header', async () => {
        const res = await fresh.get('/avatars/');
        assert.equal(res.status, 200);
        assert.deepEqual(codes(res), made.map((a) => a.name).reverse());
        assert.equal(res.headers.get('allow'), 'GET, POST, HEAD, OPTIONS');
      });

      test('a single page has no Link header', async () => {
        const res = await fresh.get('/avatars/');
        assert.equal(res.headers.get('link'), null);
      });

      test('pages carry first, prev, next and last in Link', async () => {
        const p1 = await fresh.get('/avatars/?page_size=3');
        assert.equal(p1.body.length, 3);
        const l1 = p1.headers.get('link')!;
        assert.match(l1, /page=1[^>]*>; rel="first"/);
        assert.match(l1, /page=2[^>]*>; rel="next"/);
        assert.match(l1, /page=3[^>]*>; rel="last"/);
        assert.doesNotMatch(l1, /rel="prev"/);
        const p2 = await fresh.get('/avatars/?page_size=3&page=2');
        const l2 = p2.headers.get('link')!;
        assert.equal(l2.split(',').length, 4);
        assert.match(l2, /rel="prev"/);
        const p3 = await fresh.get('/avatars/?page_size=3&page=3');
        assert.equal(p3.body.length, 1);
        assert.doesNotMatch(p3.headers.get('link')!, /rel="next"/);
        const seen = [...p1.body, ...p2.body, ...p3.body].map((a: any) => a.code);
        assert.equal(new Set(seen).size, 7);
        const next = /<([^>]+)>; rel="next"/.exec(l1)![1];
        const followed = await fresh.get(next);
        assert.deepEqual(followed.body.map((a: any) => a.code), p2.body.map((a: any) => a.code));
      });

      test('a page past the end is 404 Invalid page', async () => {
        const res = await fresh.get('/avatars/?page_size=3&page=9');
        assert.equal(res.status, 404);
        assert.equal(res.body.detail, 'Invalid page.');
        assert.equal((await fresh.get('/avatars/?page=0')).status, 404);
        assert.equal((await fresh.get('/avatars/?page_size=abc')).status, 400);
      });

      test('absurd page numbers are 404 Invalid page, never a server error', async () => {
        for (const page of ['99999999999999999999', '1e300', '-1', '1.5', '999999999']) {
          const res = await fresh.get(`/avatars/?page=${page}`);
          assert.equal(res.status, 404, page);
          assert.equal(res.body.detail, 'Invalid page.');
        }
      });

      test('a Host header that is not a valid URL does not break the Link header', async () => {
        const { request } = await import('node:http');
        const status = await new Promise<number>((resolve, reject) => {
          const url = new URL(`${server.url}/avatars/?page_size=2`);
          const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, headers: { Host: 'exa mple', Authorization: `Bearer ${fresh.token}` } }, (res) => {
            res.resume();
            resolve(res.statusCode!);
          });
          req.on('error', reject);
          req.end();
        });
        assert.notEqual(status, 500);
      });

      test('at most 100 objects per page', async () => {
        const res = await fresh.get('/avatars/?page_size=1000');
        assert.equal(res.status, 400);
      });

      test('status filter is case-insensitive', async () => {
        assert.equal((await fresh.get('/avatars/?status=queued')).body.length, 7);
        assert.equal((await fresh.get('/avatars/?status=completed')).body.length, 0);
      });

      test('name and description filters match substrings case-insensitively', async () => {
        assert.deepEqual(codes(await fresh.get('/avatars/?name=ALPHA')).sort(), ['Alpha one', 'alpha five']);
        assert.deepEqual(codes(await fresh.get('/avatars/?description=red')).sort(), ['Alpha one', 'Epsilon six', 'Gamma three']);
      });

      test('case-insensitive filters fold every script, not only ASCII', async () => {
        const res = await fresh.createAvatar({ name: 'Élodie Ärger ΣΟΦΙΑ', pipeline: 'head_1.2', photo: png });
        assert.equal(res.status, 201);
        try {
          assert.deepEqual(codes(await fresh.get(`/avatars/?name=${encodeURIComponent('éLODIE')}`)), ['Élodie Ärger ΣΟΦΙΑ']);
          assert.deepEqual(codes(await fresh.get(`/avatars/?name=${encodeURIComponent('σοφια')}`)), ['Élodie Ärger ΣΟΦΙΑ']);
        } finally {
          await fresh.delete(`/avatars/${res.body.code}/`);
        }
      });

      test('pipeline and pipeline_subtype filters', async () => {
        assert.deepEqual(codes(await fresh.get('/avatars/?pipeline=HEAD_2.0')).sort(), ['Epsilon six', 'Gamma three']);
        assert.deepEqual(codes(await fresh.get('/avatars/?pipeline_subtype=base%2Flegacy')).sort(), ['Alpha one', 'Delta four']);
      });

      test('several filters together are joined by logical AND', async () => {
        assert.deepEqual(codes(await fresh.get('/avatars/?description=red&pipeline=head_1.2')), ['Alpha one']);
      });

      test('a filter given several times is joined by logical AND', async () => {
        assert.deepEqual(codes(await fresh.get('/avatars/?description=red&description=hat')).sort(), ['Alpha one', 'Epsilon six']);
        assert.deepEqual(codes(await fresh.get('/avatars/?pipeline=head_1.2&pipeline=head_2.0')), []);
      });

      test('created_after and created_before filter by creation time (ISO 8601)', async () => {
        const third = made[2].created_on;
        const after = await fresh.get(`/avatars/?created_after=${encodeURIComponent(third)}`);
        const before = await fresh.get(`/avatars/?created_before=${encodeURIComponent(made[0].created_on)}`);
        assert.equal(before.body.length, 0);
        assert.deepEqual(after.body.map((a: any) => a.name), made.slice(3).map((a) => a.name).reverse(), 'strictly after, to the microsecond');
        const upTo = await fresh.get(`/avatars/?created_before=${encodeURIComponent(third)}`);
        assert.deepEqual(upTo.body.map((a: any) => a.name), made.slice(0, 2).map((a) => a.name).reverse());
        const all = await fresh.get('/avatars/?created_after=2000-01-01&created_before=2999-01-01T00:00:00Z');
        assert.equal(all.body.length, 7);
        for (const bad of ['yesterday', 'hello%201', '1', '2024-13-01', '%2B020000-01-01T00:00:00Z']) {
          const res = await fresh.get(`/avatars/?created_after=${bad}`);
          assert.equal(res.status, 400, bad);
          assert.ok(res.body.created_after, bad);
        }
        const zoned = await fresh.get(`/avatars/?created_after=${encodeURIComponent('2000-01-01T01:00:00+01:00')}`);
        assert.equal(zoned.body.length, 7);
      });
    });

    test('more than 100 avatars take two pages of at most 100', async () => {
      const bulk = new Api(server.url, (await server.client('plus')).token);
      for (let i = 0; i < 101; i++) {
        const res = await bulk.createAvatar({ pipeline: 'head_1.2', name: `n${i}`, photo: png });
        assert.equal(res.status, 201);
      }
      const p1 = await bulk.get('/avatars/');
      assert.equal(p1.body.length, 100);
      assert.match(p1.headers.get('link')!, /page=2[^>]*>; rel="last"/);
      const p2 = await bulk.get('/avatars/?page=2');
      assert.equal(p2.body.length, 1);
      assert.equal(p2.body[0].name, 'n0');
    });
  });
}
