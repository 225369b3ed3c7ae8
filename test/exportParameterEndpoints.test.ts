import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { exportParameterDefaults } from '../src/pipelines/catalogue/index.js';
import { haircutSet } from '../src/assets/haircuts/index.js';
import { backends, startTestServer, type TestServer } from './support/server.js';
import { Api } from './support/api.js';

for (const backend of backends()) {
  describe(`export parameter endpoints (${backend.name})`, () => {
    let server: TestServer;
    let api: Api;
    before(async () => {
      server = await startTestServer({ backend });
      api = new Api(server.url, (await server.client('enterprise')).token);
    });
    after(() => server.stop());

    test('available lists the generated haircut and the library sets the pipeline offers', async () => {
      const res = await api.get('/export_parameters/available/head_1.2/?pipeline_subtype=base/mobile');
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.format, ['gltf', 'glb', 'fbx']);
      assert.deepEqual(res.body.lod, [0, 1, 2, 3, 4, 5, 6, 7]);
      // head_1.2's hair is part of its head mesh: no separate generated haircut to export.
      const expected = [...haircutSet('base').map((h) => h.identity), ...haircutSet('facegen').map((h) => h.identity)];
      assert.deepEqual(res.body.haircuts.list, expected, 'head_1.2 has the base and facegen sets, not plus');
      assert.ok(Array.isArray(res.body.blendshapes.list) && res.body.blendshapes.list.length > 0);
      const head20 = await api.get('/export_parameters/available/head_2.0/');
      assert.ok(head20.body.haircuts.list.includes(haircutSet('plus')[0].identity));
      assert.equal(head20.body.haircuts.list[0], 'generated', 'bust/mobile makes a separate generated haircut');
    });

    test('default answers the spec table in request shape', async () => {
      const res = await api.get('/export_parameters/default/body_0.3/?pipeline_subtype=female');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, exportParameterDefaults('body_0.3', 'female'));
      const persona = await api.get('/export_parameters/default/persona_2.0/');
      assert.equal(persona.body.lod, 'LOD1');
    });

    test('unknown pipelines and pipelines without export parameters are 404, bad subtypes 400, low plans 403', async () => {
      assert.equal((await api.get('/export_parameters/available/nope/')).status, 404);
      const animated = await api.get('/export_parameters/default/animated_face/');
      assert.equal(animated.status, 404);
      assert.match(animated.body.detail, /does not use export parameters/);
      const bad = await api.get('/export_parameters/available/head_1.2/?pipeline_subtype=x');
      assert.equal(bad.status, 400);
      assert.ok(bad.body.pipeline_subtype);
      const plus = new Api(server.url, (await server.client('plus')).token);
      const low = await plus.get('/export_parameters/available/head_2.0/');
      assert.equal(low.status, 403);
      assert.match(low.body.detail, /Pro/);
      assert.equal((await new Api(server.url).get('/export_parameters/default/head_1.2/')).status, 401);
    });
  });
}
