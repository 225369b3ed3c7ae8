import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { oneBackend, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { readZip } from '../src/formats/zip.js';
import { readPly } from '../src/formats/ply.js';

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

/** Faces per LOD of head_1.2 base/mobile in the spec's table. */
const BASE_MOBILE_FACES = [58258, 40000, 30000, 19999, 9999, 8000, 6999, 4000];

for (const backend of oneBackend('embedded')) describe('a head avatar from a real photo (head_1.2 base/mobile)', () => {
  let server: TestServer;
  let api: Api;
  let avatar: any;
  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('pro')).token);
    const res = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'Eileen', photo: photo('astronaut.png') });
    avatar = await api.waitFor(res.body.code, final, 90_000);
    assert.equal(avatar.status, 'Completed', avatar.failure_reason);
  });

  const download = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${api.token}` } });
    return { status: res.status, type: res.headers.get('content-type'), data: new Uint8Array(await res.arrayBuffer()) };
  };

  test('the mesh zip holds a binary PLY whose face count is within 3 % of the LOD table, at every LOD', async () => {
    for (let lod = 0; lod < 8; lod++) {
      const res = await download(`/avatars/${avatar.code}/mesh/?lod=${lod}`);
      assert.equal(res.status, 200);
      assert.equal(res.type, 'application/zip');
      const ply = readPly(readZip(res.data)['model.ply']);
      const target = BASE_MOBILE_FACES[lod];
      assert.ok(Math.abs(ply.faceCount - target) <= target * 0.03, `LOD ${lod}: ${ply.faceCount} faces, table ${target}`);
      const { positions, uvs, normals, indices } = ply.mesh;
      assert.ok(uvs && normals);
      for (const u of uvs!) assert.ok(u >= 0 && u <= 1, `UV ${u} outside [0, 1]`);
      for (const i of indices) assert.ok(i < positions.length / 3);
    }
  });

  test('the pointcloud has the mesh\'s vertices and nothing else', async () => {
    const mesh = readPly(readZip((await download(`/avatars/${avatar.code}/mesh/?lod=2`)).data)['model.ply']);
    const cloud = readPly(readZip((await download(`/avatars/${avatar.code}/pointcloud/?lod=2`)).data)['pointcloud.ply']);
    assert.deepEqual(cloud.properties, ['x', 'y', 'z']);
    assert.equal(cloud.faceCount, 0);
    assert.deepEqual([...cloud.mesh.positions.slice(0, 30)], [...mesh.mesh.positions.slice(0, 30)]);
    assert.equal(cloud.vertexCount, mesh.vertexCount);
  });

  test('the head is about the size of a real head, upright, facing +Z', async () => {
    const { positions } = readPly(readZip((await download(`/avatars/${avatar.code}/mesh/`)).data)['model.ply']).mesh;
    let minX = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = -Infinity, minZ = Infinity;
    for (let i = 0; i < positions.length; i += 3) {
      minX = Math.min(minX, positions[i]);
      maxX = Math.max(maxX, positions[i]);
      maxY = Math.max(maxY, positions[i + 1]);
      maxZ = Math.max(maxZ, positions[i + 2]);
      minZ = Math.min(minZ, positions[i + 2]);
    }
    const depth = maxZ - minZ;
    assert.ok(depth > 0.16 && depth < 0.35, `head and bust depth ${depth} m`);
    assert.ok(maxX - minX > 0.14, `width ${maxX - minX} m`);
  });

  test('a lod outside 0–7 is a 400 on lod', async () => {
    for (const lod of ['8', '-1', 'x']) {
      const res = await api.get(`/avatars/${avatar.code}/mesh/?lod=${lod}`);
      assert.equal(res.status, 400, lod);
      assert.ok(res.body.lod);
    }
  });

  test('textures list the model texture, a 4096×2048 JPEG', async () => {
    const list = await api.get(`/avatars/${avatar.code}/textures/`);
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((t: any) => t.identity), ['model']);
    const file = await download(new URL(list.body[0].file).pathname);
    assert.equal(file.type, 'image/jpeg');
    const meta = await sharp(file.data).metadata();
    assert.deepEqual([meta.format, meta.width, meta.height], ['jpeg', 4096, 2048]);
    assert.equal((await api.get(`/avatars/${avatar.code}/textures/nope/file/`)).status, 404);
  });

  test('the preview is a 512×512 PNG of the textured head, not an empty picture', async () => {
    const res = await download(`/avatars/${avatar.code}/preview/`);
    assert.equal(res.type, 'image/png');
    const { data, info } = await sharp(res.data).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height], [512, 512]);
    // The middle of the picture is the face: skin-coloured, unlike the light grey background.
    let warm = 0;
    for (let y = 180; y < 330; y += 4) for (let x = 180; x < 330; x += 4) {
      const i = (y * 512 + x) * info.channels;
      if (data[i] > data[i + 2] + 20) warm++;
    }
    assert.ok(warm > 200, `${warm} skin-coloured samples in the middle`);
  });

  test('a download link works with ?access_token= for browsers', async () => {
    const res = await fetch(`${server.url}/avatars/${avatar.code}/preview/?access_token=${api.token}`);
    assert.equal(res.status, 200);
  });
});

for (const backend of oneBackend('embedded')) describe('every head subtype completes from a real photo', () => {
  let server: TestServer;
  let api: Api;
  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('pro')).token);
  });

  /** LOD0 and LOD7 faces of the spec's table; base/static and bust/static take their mobile sibling's budgets (docs/geometry.md). */
  const subtypes: [string, string, number, number][] = [
    ['head_1.2', 'base/legacy', 52577, 3199],
    ['head_1.2', 'base/mobile', 58258, 4000],
    ['head_1.2', 'base/static', 58258, 4000],
    ['head_2.0', 'bust/mobile', 57796, 4000],
    ['head_2.0', 'bust/static', 57796, 4000],
    ['head_2.0', 'head/mobile', 23404, 3926],
  ];
  for (const [pipeline, subtype, lod0, lod7] of subtypes) {
    test(`${pipeline} ${subtype}`, async () => {
      const res = await api.createAvatar({ pipeline, pipeline_subtype: subtype, name: subtype, photo: photo('messi5.jpg') });
      const done = await api.waitFor(res.body.code, final, 90_000);
      assert.equal(done.status, 'Completed', done.failure_reason);
      for (const [lod, target] of [[0, lod0], [7, lod7]]) {
        const zip = await fetch(`${server.url}/avatars/${done.code}/mesh/?lod=${lod}`, { headers: { Authorization: `Bearer ${api.token}` } });
        const ply = readPly(readZip(new Uint8Array(await zip.arrayBuffer()))['model.ply']);
        assert.ok(Math.abs(ply.faceCount - target) <= target * 0.03, `LOD ${lod}: ${ply.faceCount} faces, budget ${target}`);
        if (subtype === 'head/mobile') {
          let minY = Infinity;
          for (let i = 1; i < ply.mesh.positions.length; i += 3) minY = Math.min(minY, ply.mesh.positions[i]);
          assert.ok(minY > -0.25, `head/mobile has no bust: lowest point ${minY} m`);
        }
      }
    });
  }
});
