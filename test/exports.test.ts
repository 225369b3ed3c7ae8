import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { oneBackend, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { readGltfDocument, validateGltf } from './support/models.js';
import { loadFbx } from './support/fbx.js';
import { readZip } from '../src/formats/zip.js';
import { readPly } from '../src/formats/ply.js';

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

for (const backend of oneBackend('embedded')) describe(`exports (over HTTP, ${backend.name})`, () => {
  let server: TestServer;
  let api: Api;
  let bust: any; // head_2.0 bust/mobile: generated haircut, export asked at creation
  let head: any; // head_1.2 base/mobile with mobile_51 blendshapes
  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('pro')).token);
    const created = await Promise.all([
      api.createAvatar({
        pipeline: 'head_2.0', pipeline_subtype: 'bust/mobile', name: 'bust', photo: photo('astronaut.png'),
        export_parameters: JSON.stringify({
          format: 'glb', embed_textures: true, make_public: true, texture_size: { width: 2048, height: 1024 },
          haircuts: { list: ['generated'], color: { red: 30, green: 60, blue: 200 } },
          blendshapes: { list: ['mobile_51'] },
        }),
      }),
      api.createAvatar({
        pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'head', photo: photo('messi5.jpg'),
        parameters: JSON.stringify({ blendshapes: { public: ['mobile_51'] } }),
      }),
    ]);
    for (const res of created) assert.equal(res.status, 201, JSON.stringify(res.body));
    bust = await api.waitFor(created[0].body.code, final, 120_000);
    head = await api.waitFor(created[1].body.code, final, 120_000);
    assert.equal(bust.status, 'Completed', bust.failure_reason);
    assert.equal(head.status, 'Completed', head.failure_reason);
  });

  const download = async (url: string, headers: Record<string, string> = { Authorization: `Bearer ${api.token}` }) => {
    const res = await fetch(url, { headers });
    return { status: res.status, headers: res.headers, data: new Uint8Array(await res.arrayBuffer()) };
  };
  const waitExport = async (url: string) => {
    for (let i = 0; i < 600; i++) {
      const res = await api.get(url);
      if (final(res.body)) return res.body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('export did not finish');
  };
  const createExport = async (avatar: any, parameters: unknown) => {
    const res = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify(parameters) });
    return res;
  };
  const made = async (avatar: any, parameters: unknown) => {
    const res = await createExport(avatar, parameters);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const done = await waitExport(res.body.url.replace(server.url, ''));
    assert.equal(done.status, 'Completed', done.failure_reason);
    return done;
  };
  const archive = async (file: any) => {
    const res = await download(file.file);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/zip');
    return readZip(res.data);
  };

  test('an export asked at creation runs after the avatar: GLB, recoloured generated haircut, 51 ARKit morphs, 2K texture, public link', async () => {
    const list = await api.get(bust.exports.replace(server.url, ''));
    assert.equal(list.status, 200);
    assert.equal(list.body.length, 1);
    const done = await waitExport(list.body[0].url.replace(server.url, ''));
    assert.equal(done.status, 'Completed', done.failure_reason);
    assert.deepEqual(done.files.map((f: any) => f.identity), ['avatar']);
    // The parameters as resolved, in the request's own shape.
    assert.equal(done.parameters.format, 'glb');
    assert.equal(done.parameters.make_public, true);
    assert.deepEqual(done.parameters.haircuts.color, { red: 30, green: 60, blue: 200 });
    assert.equal(done.parameters.haircuts.format, 'glb');
    const entries = await archive(done.files[0]);
    assert.deepEqual(Object.keys(entries), ['model.glb']);
    const report = await validateGltf(entries, 'model.glb');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    const doc = await readGltfDocument(entries, 'model.glb');
    const meshes = doc.getRoot().listMeshes();
    assert.deepEqual(meshes.map((m) => m.getName()).sort(), ['haircut_generated', 'head', 'teeth']);
    const headMesh = meshes.find((m) => m.getName() === 'head')!;
    const names = (headMesh.getExtras() as { targetNames: string[] }).targetNames;
    assert.equal(names.length, 51);
    assert.ok(names.includes('jawOpen') && names.includes('eyeBlinkLeft'));
    const textures = doc.getRoot().listTextures();
    const sizes = textures.map((t) => t.getSize()!.join('x'));
    assert.ok(sizes.includes('2048x1024'), sizes.join(','));
    // The haircut is blue now.
    const hair = textures.find((t) => t.getMimeType() === 'image/png')!;
    const stats = await sharp(hair.getImage()!).stats();
    assert.ok(stats.channels[2].mean > stats.channels[0].mean, 'recoloured towards blue');
    // The public link needs no authentication and serves the same archive.
    assert.match(done.public_file, /\/public\/exports\/[0-9a-f-]+\/[A-Za-z0-9_-]{40,}\/avatar\.zip$/);
    const open = await download(done.public_file, {});
    assert.equal(open.status, 200);
    assert.deepEqual(Object.keys(readZip(open.data)), ['model.glb']);
    // The same link with one character of its signature changed: a stronger test than a longer signature.
    const forged = await download(done.public_file.replace(/([A-Za-z0-9_-])\/avatar\.zip$/, (_m: string, c: string) => `${c === 'A' ? 'B' : 'A'}/avatar.zip`), {});
    assert.equal(forged.status, 404);
  });

  for (const format of ['gltf', 'glb', 'fbx'] as const) {
    for (const embedTextures of [false, true]) {
      test(`${format}, embed_textures ${embedTextures}: avatar and a separate library haircut, with static files where textures stay outside`, async () => {
        const done = await made(head, { format, embed_textures: embedTextures, haircuts: { list: ['chin_bob'], embed: false }, lod: 2 });
        assert.deepEqual(done.files.map((f: any) => [f.identity, f.category]), [['avatar', null], ['chin_bob', 'haircuts']]);
        const avatar = await archive(done.files[0]);
        const haircut = await archive(done.files[1]);
        const external = format === 'gltf' || !embedTextures;
        const main = { gltf: 'model.gltf', glb: 'model.glb', fbx: 'model.fbx' }[format];
        assert.ok(avatar[main], Object.keys(avatar).join(','));
        assert.equal(!!avatar['model.jpg'], external, Object.keys(avatar).join(','));
        // The library haircut's own texture is a static file when it is not embedded: listed, not archived.
        assert.deepEqual(done.files[1].static_files.map((s: any) => s.identity), external ? ['haircut_chin_bob_texture'] : []);
        assert.equal(!!haircut['haircut_chin_bob.png'], false);
        if (format === 'fbx') {
          const model = loadFbx(avatar[main]);
          assert.equal(model.meshes.length, 2);
          assert.equal(model.meshes[0].triangles, 29999);
          const hair = loadFbx(haircut['chin_bob.fbx']);
          assert.equal(hair.meshes.length, 1);
        } else {
          if (external) {
            // Put the static files beside the model, as a client does after downloading them once.
            for (const s of done.files[1].static_files) haircut['haircut_chin_bob.png'] = (await download(s.file)).data;
          }
          for (const [entries, file] of [[avatar, main], [haircut, main.replace('model', 'chin_bob')]] as const) {
            const report = await validateGltf(entries, file);
            assert.equal(report.errors, 0, report.messages.join('\n'));
          }
          const doc = await readGltfDocument(avatar, main);
          const prim = doc.getRoot().listMeshes()[0].listPrimitives()[0];
          assert.equal(prim.getIndices()!.getCount() / 3, 29999);
        }
      });
    }
  }

  test('static files: strong ETag, immutable caching, 304 on revalidation', async () => {
    const done = await made(head, { format: 'gltf', haircuts: { list: ['buzz_cut'], embed: false } });
    const file = done.files[1].static_files[0];
    assert.equal(file.identity, 'haircut_buzz_cut_texture');
    const first = await download(file.file);
    assert.equal(first.status, 200);
    const etag = first.headers.get('etag')!;
    assert.match(etag, /^"[0-9a-f]{64}"$/);
    assert.match(first.headers.get('cache-control')!, /immutable/);
    assert.equal((await sharp(first.data).metadata()).channels, 4);
    const again = await download(file.file, { Authorization: `Bearer ${api.token}`, 'If-None-Match': etag });
    assert.equal(again.status, 304);
    assert.equal(again.data.length, 0);
    const record = await api.get(`/static_files/${file.identity}/`);
    assert.equal(record.body.name, 'haircut_buzz_cut.png');
    assert.equal((await api.get('/static_files/nothing_here/')).status, 404);
  });

  test('inheritance: top-level fbx, the haircut overrides with glb; blendshapes separate in their own format and LOD', async () => {
    const done = await made(head, {
      format: 'fbx', haircuts: { list: ['side_part'], embed: false, format: 'glb', embed_textures: true },
      blendshapes: { list: ['mobile_51/jawOpen', 'eyeBlinkLeft'], embed: false, format: 'gltf' }, lod: 5,
    });
    assert.deepEqual(done.files.map((f: any) => f.identity), ['avatar', 'side_part', 'blendshapes']);
    assert.ok((await archive(done.files[0]))['model.fbx']);
    const hair = await archive(done.files[1]);
    assert.ok(hair['side_part.glb']);
    assert.deepEqual(done.files[1].static_files, []);
    const shapes = await archive(done.files[2]);
    const report = await validateGltf(shapes, 'blendshapes.gltf');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    const doc = await readGltfDocument(shapes, 'blendshapes.gltf');
    const mesh = doc.getRoot().listMeshes()[0];
    assert.deepEqual((mesh.getExtras() as { targetNames: string[] }).targetNames, ['jawOpen', 'eyeBlinkLeft']);
    // Both at the top-level LOD: the same triangles as the avatar's own LOD 5 mesh.
    const lod5 = readPly(readZip((await download(`${head.mesh}?lod=5`)).data)['model.ply']).faceCount;
    assert.ok(Math.abs(lod5 - 8000) <= 80, `${lod5}`);
    assert.equal(mesh.listPrimitives()[0].getIndices()!.getCount() / 3, lod5);
    assert.equal(loadFbx((await archive(done.files[0]))['model.fbx']).meshes[0].triangles, lod5);
  });

  test('blendshapes.values bake into the mesh; pointclouds have no faces; texture_size never upscales', async () => {
    const plain = await made(head, { format: 'glb', embed_textures: true, lod: 4, texture_size: { width: 8192, height: 4096 } });
    const opened = await made(head, { format: 'glb', embed_textures: true, lod: 4, blendshapes: { values: { mobile_51: { jawOpen: 1 } } } });
    const points = await made(head, { format: 'glb', embed_textures: true, lod: 4, pointclouds: true });
    const positions = async (done: any) => {
      const doc = await readGltfDocument(await archive(done.files[0]), 'model.glb');
      return doc.getRoot().listMeshes()[0].listPrimitives()[0];
    };
    const a = (await positions(plain)).getAttribute('POSITION')!.getArray()!;
    const b = (await positions(opened)).getAttribute('POSITION')!.getArray()!;
    let lowest = 0;
    for (let i = 1; i < a.length; i += 3) lowest = Math.min(lowest, b[i] - a[i]);
    assert.ok(lowest < -0.01, `jawOpen baked: the chin moves ${lowest} m`);
    const texture = (await readGltfDocument(await archive(plain.files[0]), 'model.glb')).getRoot().listTextures()[0];
    assert.deepEqual(texture.getSize(), [4096, 2048], 'the source size, not the larger one asked for');
    const cloud = await positions(points);
    assert.equal(cloud.getMode(), 0); // POINTS
    assert.equal(cloud.getIndices(), null);
    assert.equal(cloud.getAttribute('TEXCOORD_0'), null);
  });

  test('bad parameters: the exact path and reason, at export and at creation; conflicts; make_public needs embedding', async () => {
    const two = await createExport(head, { haircuts: { list: ['chin_bob', 'buzz_cut'] } });
    assert.equal(two.status, 400);
    assert.ok(JSON.stringify(two.body).includes('haircuts.list'), JSON.stringify(two.body));
    const unknown = await createExport(head, { haircuts: { list: ['chin_bob', 'xyz'] } });
    assert.equal(unknown.status, 400);
    const pub = await createExport(head, { format: 'gltf', make_public: true });
    assert.equal(pub.status, 400);
    assert.ok(JSON.stringify(pub.body).includes('make_public'), JSON.stringify(pub.body));
    const atCreation = await api.createAvatar({
      pipeline: 'head_2.0', pipeline_subtype: 'bust/mobile', name: 'bad', photo: photo('astronaut.png'),
      export_parameters: JSON.stringify({ format: 'obj' }),
    });
    assert.equal(atCreation.status, 400);
    assert.ok(atCreation.body.export_parameters[0].startsWith('export_parameters.format'), JSON.stringify(atCreation.body));
  });

  test('exports are paginated, scoped to their client, and 404 outside it', async () => {
    const list = await api.get(head.exports.replace(server.url, ''));
    assert.equal(list.status, 200);
    assert.ok(list.body.length >= 8);
    assert.match(list.headers.get('allow')!, /GET.*POST/);
    const other = new Api(server.url, (await server.client('pro')).token);
    assert.equal((await other.get(list.body[0].url.replace(server.url, ''))).status, 404);
    assert.equal((await other.get(head.exports.replace(server.url, ''))).status, 404);
    assert.equal((await other.post(head.exports.replace(server.url, ''), { parameters: '{}' })).status, 404);
    const file = await fetch(list.body[0].files[0].file, { headers: { Authorization: `Bearer ${other.token}` } });
    assert.equal(file.status, 404);
  });

  test('GET /blendshapes/: PLY per blendshape or one model with morph targets, at any LOD; 404 without sets', async () => {
    const ply = await download(`${head.blendshapes}?fmt=ply&lod=3`);
    assert.equal(ply.status, 200);
    const entries = readZip(ply.data);
    const base = readPly(entries['base.ply']);
    assert.equal(base.faceCount, 19999);
    const shapes = Object.keys(entries).filter((k) => k.startsWith('mobile_51/'));
    assert.equal(shapes.length, 51);
    const jaw = readPly(entries['mobile_51/jawOpen.ply']);
    assert.equal(jaw.vertexCount, base.vertexCount);
    assert.equal(jaw.faceCount, 0);
    const glb = readZip((await download(`${head.blendshapes}?fmt=glb`)).data);
    const report = await validateGltf(glb, 'blendshapes.glb');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    const fbx = loadFbx(readZip((await download(`${head.blendshapes}?fmt=fbx&lod=5`)).data)['blendshapes.fbx']);
    assert.equal(fbx.meshes[0].morphs.length, 51);
    assert.equal((await download(`${head.blendshapes}?fmt=obj`)).status, 400);
    const none = await api.get(bust.blendshapes.replace(server.url, ''));
    assert.equal(none.status, 404);
    assert.match(none.body.detail, /without blendshape sets/);
  });

  test('the default blendshapes download is made with the avatar; another waits for a worker, and past LIKENESS_BLENDSHAPES_WAIT_S answers 503 with Retry-After', async () => {
    const wait = server.config.blendshapesWaitSeconds;
    // A wait no worker can meet: whatever is not made yet answers 503 at once.
    server.config.blendshapesWaitSeconds = 0.001;
    try {
      const ready = await download(head.blendshapes);
      assert.equal(ready.status, 200);
      assert.ok(readZip(ready.data)['base.ply']);
      const url = `${head.blendshapes}?fmt=gltf&lod=6`;
      const first = await download(url);
      assert.equal(first.status, 503);
      assert.equal(first.headers.get('retry-after'), '1');
      assert.match(JSON.parse(Buffer.from(first.data).toString('utf8')).detail, /^The blendshapes download is still being made; ask again in 1 second\.$/);
      // The work goes on: the same request later gets the archive.
      let later = first;
      for (let i = 0; i < 600 && later.status === 503; i++) {
        await new Promise((r) => setTimeout(r, 100));
        later = await download(url);
      }
      assert.equal(later.status, 200);
      assert.ok(readZip(later.data)['blendshapes.gltf']);
    } finally {
      server.config.blendshapesWaitSeconds = wait;
    }
  });

  /** The export jobs of an export, by state: each export is queued exactly once. */
  const exportJobs = async (exportCode: string) =>
    (await server.database.db.selectFrom('jobs').select('state').where('export_code', '=', exportCode).execute()).map((j) => j.state);

  test('an export created while its avatar is completing is queued exactly once and completes', async () => {
    const created = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'racing', photo: photo('messi5.jpg') });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const code = created.body.code;
    const parameters = JSON.stringify({ format: 'glb', lod: 7, texture_size: { width: 256, height: 128 } });
    // From the last steps of the computation until just after it ends, one export after another: the
    // first ones wait Pending, and some are created as the avatar completes, where the computation's
    // end and the export's creation race to queue it.
    await api.waitFor(code, (a) => a.progress >= 80 || final(a), 120_000);
    const exports: any[] = [];
    for (let completedSince = 0; completedSince < 2;) {
      const avatar = (await api.get(`/avatars/${code}/`)).body;
      assert.ok(!final(avatar) || avatar.status === 'Completed', avatar.failure_reason);
      const res = await api.post(`/avatars/${code}/exports/`, { parameters });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      exports.push(res.body);
      if (avatar.status === 'Completed') completedSince++;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(exports[0].status, 'Pending');
    assert.equal(exports.at(-1).status, 'Queued');
    for (const created of exports) {
      const done = await waitExport(created.url.replace(server.url, ''));
      assert.equal(done.status, 'Completed', done.failure_reason);
      assert.deepEqual(await exportJobs(created.code), ['done'], `export ${exports.indexOf(created)} of ${exports.length}`);
    }
  });

  test('a Pending export fails with its avatar, and its failure_reason names the avatar\'s', async () => {
    const created = await api.createAvatar({
      pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'cat', photo: photo('no-face-cat.png'),
      export_parameters: JSON.stringify({ format: 'glb' }),
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const avatar = await api.waitFor(created.body.code, final, 120_000);
    assert.equal(avatar.status, 'Failed');
    assert.match(avatar.failure_reason, /face/i);
    const list = await api.get(`/avatars/${avatar.code}/exports/`);
    assert.equal(list.status, 200);
    assert.equal(list.body.length, 1);
    const [pending] = list.body;
    assert.equal(pending.status, 'Failed');
    assert.equal(pending.failure_reason, `The avatar's computation ended Failed: ${avatar.failure_reason}`);
    assert.deepEqual(pending.files, []);
    // It never ran: no job was queued for it.
    assert.deepEqual(await exportJobs(pending.code), []);
  });
});
