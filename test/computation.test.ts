import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { ABSOLUTELY_BALD, haircutSet } from '../src/assets/haircuts/index.js';

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

for (const backend of backends()) {
  describe(`computation: a real photo becomes an analysed avatar (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    let allModelInfo: Record<string, unknown>;
    before(async () => {
      server = await sharedServer(backend);
      api = new Api(server.url, (await server.client('enterprise')).token);
      allModelInfo = (await api.get('/parameters/available/head_1.2/?pipeline_subtype=base/mobile')).body.model_info;
    });

    test('astronaut.png goes Queued → Computing → Completed with progress that never goes back', async () => {
      const res = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'Eileen', photo: photo('astronaut.png'), parameters: JSON.stringify({ model_info: allModelInfo }) });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const seen: { status: string; progress: number }[] = [];
      // The first avatar of a cold server also waits for the face models: generous, as this is not a timed test.
      const done = await api.waitFor(res.body.code, (a) => {
        seen.push({ status: a.status, progress: a.progress });
        return final(a);
      }, 180_000);
      assert.equal(done.status, 'Completed', done.failure_reason);
      assert.equal(done.progress, 100);
      assert.equal(done.failure_reason, null);
      assert.equal(done.faces_detected, 1);
      for (let i = 1; i < seen.length; i++) assert.ok(seen[i].progress >= seen[i - 1].progress, JSON.stringify(seen));
      const order = ['Uploading', 'Queued', 'Computing', 'Completed'];
      for (let i = 1; i < seen.length; i++) assert.ok(order.indexOf(seen[i].status) >= order.indexOf(seen[i - 1].status), JSON.stringify(seen));

      const info = await api.get(`/avatars/${res.body.code}/model_info/`);
      assert.equal(info.status, 200, JSON.stringify(info.body));
      const m = info.body;
      assert.equal(m.pipeline, 'head_1.2');
      assert.equal(m.pipeline_subtype, 'base/mobile');
      assert.equal(m.gender, 'female');
      assert.ok(m.age > 18 && m.age < 65, `age ${m.age}`);
      assert.ok(['asian', 'black', 'white'].includes(m.race));
      assert.ok(m.race_confidence >= 0 && m.race_confidence <= 1);
      const sum = m.races.asian + m.races.black + m.races.white;
      assert.ok(Math.abs(sum - 1) < 0.02, `races sum ${sum}`);
      for (const key of ['hair_color', 'skin_color', 'eye_iris_color', 'eye_sclera_color', 'lips_color']) {
        const c = m[key];
        assert.deepEqual(Object.keys(c).sort(), ['blue', 'green', 'red'], key);
        for (const v of Object.values<number>(c)) assert.ok(Number.isInteger(v) && v >= 0 && v <= 255, `${key} ${JSON.stringify(c)}`);
      }
      assert.ok(m.eye_sclera_color.red + m.eye_sclera_color.green > m.eye_iris_color.red + m.eye_iris_color.green, 'sclera brighter than iris');
      assert.ok(m.skin_color.red > m.skin_color.blue, 'skin is warm');
      const lm = m.facial_landmarks_68;
      assert.equal(lm.length, 68 * 3);
      for (let i = 0; i < 68; i++) {
        assert.ok(lm[i * 3] > 0 && lm[i * 3] < 512 && lm[i * 3 + 1] > 0 && lm[i * 3 + 1] < 512, `landmark ${i} inside the image`);
      }
      assert.ok(lm[8 * 3 + 1] > lm[30 * 3 + 1] && lm[30 * 3 + 1] > lm[36 * 3 + 1], 'chin below nose below eyes');
      assert.ok(lm[36 * 3] < lm[45 * 3], 'landmark 36 is the outer corner of the eye on the image left');
      // predict_haircut on head_1.2: a haircut of the base or facegen set; she has hair, so not bald.
      const candidates = [...haircutSet('base'), ...haircutSet('facegen')].map((h) => h.identity);
      assert.ok(candidates.includes(m.haircut_name), `haircut_name ${m.haircut_name}`);
      assert.notEqual(m.haircut_name, ABSOLUTELY_BALD);
      assert.equal(m.haircut_full_info, undefined, 'haircut_full_info is head_2.0 only');
      assert.equal(m.unavailable?.haircut_name, undefined);
    });

    test('model_info carries only the flags requested at creation', async () => {
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'few', photo: photo('astronaut.png'), parameters: JSON.stringify({ model_info: firstGroupWith(allModelInfo, 'age') }) });
      const done = await api.waitFor(res.body.code, final, 60_000);
      assert.equal(done.status, 'Completed');
      const m = (await api.get(`/avatars/${res.body.code}/model_info/`)).body;
      assert.deepEqual(Object.keys(m).sort(), ['age', 'pipeline', 'pipeline_subtype']);
    });

    test('a grayscale photo with a small, turned face (camera.png) completes', async () => {
      const res = await api.createAvatar({ pipeline: 'head_2.0', pipeline_subtype: 'head/mobile', name: 'cameraman', photo: photo('camera.png'), parameters: JSON.stringify({ model_info: allModelInfo }) });
      const done = await api.waitFor(res.body.code, final, 60_000);
      assert.equal(done.status, 'Completed', done.failure_reason);
      // head_2.0 predicts among base and plus, and gives a weight per haircut, absolutely_bald included.
      const m = (await api.get(`/avatars/${res.body.code}/model_info/`)).body;
      const names = [...haircutSet('base'), ...haircutSet('plus')].map((h) => h.identity);
      assert.ok([...names, ABSOLUTELY_BALD].includes(m.haircut_name), `haircut_name ${m.haircut_name}`);
      const weights = Object.values<number>(m.haircut_full_info);
      assert.equal(weights.length, names.length + 1);
      assert.ok(Math.abs(weights.reduce((a, b) => a + b, 0) - 1) < 1e-6);
      assert.equal(m.haircut_full_info[m.haircut_name], Math.max(...weights));
    });

    test('head_1.2 on a profile photo (camera.png, 53° of yaw) ends Failed with the yaw in its reason, never a mashed face', async () => {
      const res = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'cameraman', photo: photo('camera.png') });
      const done = await api.waitFor(res.body.code, final, 60_000);
      assert.equal(done.status, 'Failed');
      const yaw = Number(/turned (\d+)° from the camera/.exec(done.failure_reason)?.[1]);
      assert.ok(yaw > 50 && yaw <= 90, done.failure_reason);
      assert.match(done.failure_reason, /head_2\.0/);
      assert.match(done.failure_reason, /frontal photo/);
      assert.equal((await api.get(`/avatars/${res.body.code}/mesh/`)).status, 404);
    });

    test('avatars posted at the same time all complete, one worker or not', async () => {
      const posted = await Promise.all(
        [0, 1, 2, 3].map((i) => api.createAvatar({ pipeline: 'head_1.2', name: `burst ${i}`, photo: photo(i % 2 ? 'messi5.jpg' : 'astronaut.png') })),
      );
      for (const res of posted) {
        assert.equal(res.status, 201);
        const done = await api.waitFor(res.body.code, final, 60_000);
        assert.equal(done.status, 'Completed', done.failure_reason);
      }
    });

    test('a photo with several faces uses the main one and records the count', async () => {
      const sharp = (await import('sharp')).default;
      // The astronaut's face is far larger than the footballer's: she is the main face.
      const messi = await sharp(photo('messi5.jpg')).resize({ height: 512 }).toBuffer();
      const group = await sharp({ create: { width: 1400, height: 512, channels: 3, background: '#777' } })
        .composite([{ input: photo('astronaut.png'), left: 0, top: 0 }, { input: messi, left: 560, top: 0 }])
        .jpeg()
        .toBuffer();
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'group', photo: group, parameters: JSON.stringify({ model_info: firstGroupWith(allModelInfo, 'gender') }) });
      const done = await api.waitFor(res.body.code, final, 60_000);
      assert.equal(done.status, 'Completed', done.failure_reason);
      assert.ok(done.faces_detected >= 2, `faces_detected ${done.faces_detected}`);
      assert.equal((await api.get(`/avatars/${res.body.code}/model_info/`)).body.gender, 'female');
    });

    test('a photo with no face ends Failed with the reason, and zero faces detected', async () => {
      for (const name of ['no-face-cat.png', 'no-face-fruits.jpg']) {
        const res = await api.createAvatar({ pipeline: 'head_1.2', name, photo: photo(name) });
        const done = await api.waitFor(res.body.code, final, 60_000);
        assert.equal(done.status, 'Failed', name);
        assert.equal(done.failure_reason, 'No face found in the photo.');
        // Analysed and none found: 0, not the null of a photo not analysed yet.
        assert.equal(done.faces_detected, 0, name);
        const info = await api.get(`/avatars/${res.body.code}/model_info/`);
        assert.equal(info.status, 404);
        assert.match(info.body.detail, /Failed/);
      }
    });

    test('a large photo cut half-way is taken (it is checked from its first bytes) and ends Failed with the reason, never a crash', async () => {
      const sharp = (await import('sharp')).default;
      const { randomBytes } = await import('node:crypto');
      const whole = await sharp(randomBytes(1200 * 1200 * 3), { raw: { width: 1200, height: 1200, channels: 3 } }).jpeg({ quality: 95 }).toBuffer();
      const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
      assert.ok(cut.length > 512 * 1024, `${cut.length} bytes: past the first bytes the API checks`);
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'cut', photo: cut });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const done = await api.waitFor(res.body.code, final, 60_000);
      assert.equal(done.status, 'Failed');
      assert.match(done.failure_reason, /^The photo could not be read as an image: .*(premature end|truncated)/i);
    });
  });

  describe(`computation time limit (${backend.name})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ backend, workers: 1, env: { LIKENESS_COMPUTE_TIMEOUT_S: '0.05' } });
    });
    after(() => server.stop());

    test('an avatar that runs past LIKENESS_COMPUTE_TIMEOUT_S ends Timed Out, and the worker is replaced for the next one', async () => {
      const api = new Api(server.url, (await server.client()).token);
      const a = await api.createAvatar({ pipeline: 'head_1.2', name: 'slow', photo: photo('messi5.jpg') });
      const done = await api.waitFor(a.body.code, final, 30_000);
      assert.equal(done.status, 'Timed Out');
      assert.match(done.failure_reason, /0\.05 s/);
      const b = await api.createAvatar({ pipeline: 'head_1.2', name: 'slow too', photo: photo('messi5.jpg') });
      assert.equal((await api.waitFor(b.body.code, final, 30_000)).status, 'Timed Out');
    });
  });
}

/** The model_info groups holding `flag`, with only that flag. */
function firstGroupWith(available: Record<string, unknown>, flag: string): Record<string, string[]> {
  for (const [group, names] of Object.entries(available)) if (Array.isArray(names) && names.includes(flag)) return { [group]: [flag] };
  throw new Error(`no model_info group has ${flag}`);
}

for (const backend of backends()) {
  describe(`deletion during computation (${backend.name})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer({ backend, workers: 1 });
    });
    after(() => server.stop());

    test('an avatar deleted while it computes leaves no files behind', async () => {
      const api = new Api(server.url, (await server.client()).token);
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'gone', photo: photo('astronaut.png') });
      await api.waitFor(res.body.code, (a) => a.status === 'Computing', 20_000);
      assert.equal((await api.delete(`/avatars/${res.body.code}/`)).status, 204);
      // The next avatar completing proves the worker is past the deleted one.
      const next = await api.createAvatar({ pipeline: 'head_1.2', name: 'next', photo: photo('astronaut.png') });
      assert.equal((await api.waitFor(next.body.code, final, 60_000)).status, 'Completed');
      assert.equal(await server.blobs.folderModified(`avatars/${res.body.code}/`), null);
      assert.equal((await api.get(`/avatars/${res.body.code}/`)).status, 404);
    });
  });
}
