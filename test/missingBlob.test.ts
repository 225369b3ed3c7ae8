import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import pino from 'pino';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api, photo } from './support/api.js';
import { avatarKey } from '../src/store/keys.js';
import { avatarFiles } from '../src/pipelines/files.js';

const final = (a: { status: string }) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

for (const backend of backends()) {
  describe(`a stored file gone from a completed avatar (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    let code: string;
    const log: { level: number; msg: string; key?: string }[] = [];
    // Lost from whatever store the server keeps its files in, as a file deleted by hand or an object by a lifecycle rule.
    const lose = (key: string) => server.blobs.removePrefix(key);
    const blob = (name: string) => avatarKey(code, name);
    before(async () => {
      const logger = pino({ level: 'warn' }, { write: (line: string) => void log.push(JSON.parse(line)) });
      server = await startTestServer({ backend, workers: 1, logger });
      api = new Api(server.url, (await server.client('enterprise')).token);
      const res = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'lossy', photo: photo('astronaut.png') });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      code = res.body.code;
      const done = await api.waitFor(code, final, 90_000);
      assert.equal(done.status, 'Completed', done.failure_reason);
    });
    after(() => server.stop());

    const lost = [
      { path: 'mesh/?lod=2', file: avatarFiles.mesh(2), asset: 'mesh' },
      { path: 'preview/', file: avatarFiles.preview, asset: 'preview' },
      { path: 'textures/', file: avatarFiles.textureIndex, asset: 'textures' },
      { path: 'haircuts/', file: avatarFiles.haircutIndex, asset: 'haircuts' },
      { path: 'model_info/', file: avatarFiles.analysis, asset: 'model information' },
    ];

    test('a file of a Completed export gone from storage answers 500 that says so, and the log names the key', async () => {
      const res = await api.post(`/avatars/${code}/exports/`, { parameters: JSON.stringify({ format: 'glb', lod: 7, texture_size: { width: 256, height: 128 } }) });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      let exported = res.body;
      for (let i = 0; i < 600 && !final(exported); i++) {
        await new Promise((r) => setTimeout(r, 100));
        exported = (await api.get(res.body.url)).body;
      }
      assert.equal(exported.status, 'Completed', exported.failure_reason);
      const file = exported.files[0].file as string;
      assert.equal((await api.get(file)).status, 200);
      const [stored] = await server.database.db.selectFrom('exports').select('files').where('code', '=', exported.code).execute();
      const key = avatarKey(code, (JSON.parse(stored.files!) as { key: string }[])[0].key);
      await lose(key);
      const lostFile = await api.get(file);
      assert.equal(lostFile.status, 500, JSON.stringify(lostFile.body));
      assert.match(lostFile.body.detail, /^A stored file of this avatar \(export file avatar\) is missing from the server's storage/);
      assert.ok(log.some((e) => e.level === 50 && e.key === key), `an error logged with key ${key}`);
    });

    test('a lost texture that its index still lists answers that it is missing, not that there is no such texture', async () => {
      assert.equal((await api.get(`/avatars/${code}/textures/model/file/`)).status, 200);
      await lose(blob(avatarFiles.texture('model', 'jpg')));
      const res = await api.get(`/avatars/${code}/textures/model/file/`);
      assert.equal(res.status, 500, JSON.stringify(res.body));
      assert.match(res.body.detail, /^A stored file of this avatar \(texture model\) is missing from the server's storage/);
      assert.ok(log.some((e) => e.level === 50 && e.key === avatarKey(code, avatarFiles.texture('model', 'jpg'))));
    });

    test('its download answers 500 with a detail that says the stored file is missing, and the log names the key', async () => {
      for (const { path } of lost) assert.equal((await api.get(`/avatars/${code}/${path}`)).status, 200, path);
      for (const { file } of lost) await lose(blob(file));
      for (const { path, file, asset } of lost) {
        const res = await api.get(`/avatars/${code}/${path}`);
        assert.equal(res.status, 500, `${path}: ${JSON.stringify(res.body)}`);
        assert.match(res.body.detail, new RegExp(`^A stored file of this avatar \\(${asset}\\) is missing from the server's storage`), path);
        assert.doesNotMatch(res.body.detail, /does not produce/);
        const key = avatarKey(code, file);
        assert.ok(log.some((e) => e.level === 50 && e.key === key), `an error logged with key ${key}: ${JSON.stringify(log)}`);
      }
      // The files still there are served as before.
      assert.equal((await api.get(`/avatars/${code}/mesh/?lod=1`)).status, 200);
      assert.equal((await api.get(`/avatars/${code}/pointcloud/?lod=2`)).status, 200);
    });

    test('an avatar stored by an earlier version that made no mesh for its pipeline answers 404 that says so, not 500', async () => {
      // Such an avatar (body_0.3 before it made bodies) has its analysis but none of a head's files, modifications.json included.
      await lose(blob(avatarFiles.modifications));
      await lose(blob(avatarFiles.mesh(1)));
      const res = await api.get(`/avatars/${code}/mesh/?lod=1`);
      assert.equal(res.status, 404, JSON.stringify(res.body));
      assert.match(res.body.detail, /computed before this server made it/);
    });
  });
}
