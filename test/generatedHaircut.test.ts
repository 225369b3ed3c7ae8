import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import { oneBackend, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { readZip } from '../src/formats/zip.js';
import { readPly } from '../src/formats/ply.js';
import { haircutSet } from '../src/assets/haircuts/index.js';

/** A facegen haircut: named by identity in its own set. */
const FACEGEN = haircutSet('facegen')[0].identity;

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

for (const backend of oneBackend('embedded')) describe('the generated haircut (head_2.0, over HTTP)', () => {
  let server: TestServer;
  let api: Api;
  const avatars: Record<string, any> = {};
  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('pro')).token);
    const create = async (key: string, pipeline: string, subtype: string, file: string, parameters?: unknown) => {
      const res = await api.createAvatar({ pipeline, pipeline_subtype: subtype, name: key, photo: photo(file), ...(parameters ? { parameters: JSON.stringify(parameters) } : {}) });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      return [key, res.body.code] as const;
    };
    const codes = await Promise.all([
      create('bust', 'head_2.0', 'bust/mobile', 'astronaut.png', {
        avatar_modifications: { plus: { hair_color: { red: 200, green: 40, blue: 40 }, generated_haircut_faces_count: 3000, generated_haircut_texture_size: { width: 512, height: 256 } } },
      }),
      create('merged', 'head_2.0', 'bust/static', 'astronaut.png'),
      create('head12', 'head_1.2', 'base/mobile', 'astronaut.png'),
      create('legacy', 'animated_face', 'base/legacy', 'astronaut.png', { haircuts: { base: ['generated', 'crew_cut'], facegen: [FACEGEN] } }),
      create('styled', 'animated_face', 'indie/legacy_styled', 'astronaut.png'),
    ]);
    for (const [key, code] of codes) {
      avatars[key] = await api.waitFor(code, final, 120_000);
      assert.equal(avatars[key].status, 'Completed', avatars[key].failure_reason);
    }
  });

  const download = async (url: string) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${api.token}` } });
    return { status: res.status, type: res.headers.get('content-type'), data: new Uint8Array(await res.arrayBuffer()) };
  };

  test('head_2.0 bust/mobile lists its generated haircut with the spec\'s fields, and every link resolves', async () => {
    const list = await api.get(avatars.bust.haircuts.replace(server.url, ''));
    assert.equal(list.status, 200);
    assert.deepEqual(list.body.map((h: any) => h.identity), ['generated']);
    const haircut = list.body[0];
    assert.deepEqual(Object.keys(haircut).sort(), ['gender', 'identity', 'mesh', 'model', 'pointcloud', 'preview', 'texture', 'url']);
    assert.equal(haircut.gender, 'female');
    assert.equal(haircut.model, avatars.bust.url);
    assert.deepEqual((await api.get(haircut.url.replace(server.url, ''))).body, haircut);
    const mesh = await download(haircut.mesh);
    assert.equal(mesh.type, 'application/zip');
    const ply = readPly(readZip(mesh.data)['haircut.ply']);
    // generated_haircut_faces_count resamples it.
    assert.ok(Math.abs(ply.faceCount - 3000) <= 90, `${ply.faceCount} faces, asked 3000`);
    for (const u of ply.mesh.uvs!) assert.ok(u >= 0 && u <= 1);
    const cloud = readPly(readZip((await download(haircut.pointcloud)).data)['pointcloud.ply']);
    assert.equal(cloud.faceCount, 0);
    assert.equal(cloud.vertexCount, ply.vertexCount);
    const preview = await download(haircut.preview);
    assert.equal(preview.type, 'image/png');
  });

  test('the haircut texture is a PNG with alpha at generated_haircut_texture_size, recoloured by hair_color', async () => {
    const haircut = (await api.get(`/avatars/${avatars.bust.code}/haircuts/generated/`)).body;
    const texture = await download(haircut.texture);
    assert.equal(texture.type, 'image/png');
    const { data, info } = await sharp(texture.data).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([info.width, info.height, info.channels], [512, 256, 4]);
    let opaque = 0, clear = 0, r = 0, g = 0, b = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i + 3] === 255) {
        opaque++;
        r += data[i]; g += data[i + 1]; b += data[i + 2];
      } else if (data[i + 3] === 0) clear++;
    }
    assert.ok(opaque > 1000 && clear > 1000, `${opaque} opaque and ${clear} clear texels`);
    // Red hair asked: the hair's mean is clearly red.
    assert.ok(r / opaque > g / opaque + 60 && r / opaque > b / opaque + 60, `hair mean ${[r, g, b].map((v) => Math.round(v / opaque))}`);
  });

  test('the haircut sits on the head: its vertices lie above the head mesh\'s scalp, not inside the head', async () => {
    const head = readPly(readZip((await download(`${server.url}/avatars/${avatars.bust.code}/mesh/`)).data)['model.ply']).mesh;
    const hair = readPly(readZip((await download(`${server.url}/avatars/${avatars.bust.code}/haircuts/generated/mesh/`)).data)['haircut.ply']).mesh;
    let headTop = -Infinity, hairTop = -Infinity;
    for (let i = 1; i < head.positions.length; i += 3) headTop = Math.max(headTop, head.positions[i]);
    for (let i = 1; i < hair.positions.length; i += 3) hairTop = Math.max(hairTop, hair.positions[i]);
    assert.ok(hairTop > headTop + 0.002, `hair top ${hairTop} vs head top ${headTop}`);
  });

  test('head_2.0 bust/static and head_1.2 carry the hair in the head: no separate haircut', async () => {
    for (const key of ['merged', 'head12']) {
      const list = await api.get(`/avatars/${avatars[key].code}/haircuts/`);
      assert.equal(list.status, 200);
      assert.deepEqual(list.body, []);
      assert.equal((await api.get(`/avatars/${avatars[key].code}/haircuts/generated/`)).status, 404);
    }
  });

  test('animated_face is a bald head with 9 levels of detail and the generated haircut only when it is named', async () => {
    const faces: number[] = [];
    for (let lod = 0; lod <= 8; lod++) {
      const mesh = await download(`${server.url}/avatars/${avatars.legacy.code}/mesh/?lod=${lod}`);
      assert.equal(mesh.status, 200, `lod ${lod}`);
      faces.push(readPly(readZip(mesh.data)['model.ply']).faceCount);
    }
    // The spec's animated_face base/legacy column, within 3 %.
    [24479, 18674, 15122, 11128, 9772, 6844, 5430, 3996, 2680].forEach((target, lod) =>
      assert.ok(Math.abs(faces[lod] - target) <= target * 0.03, `LOD ${lod}: ${faces[lod]} faces, table ${target}`));
    assert.deepEqual((await api.get(`/avatars/${avatars.styled.code}/haircuts/`)).body, []);
  });

  test('animated_face lists the library haircuts named at creation, fitted to its head, with their files', async () => {
    const list = (await api.get(`/avatars/${avatars.legacy.code}/haircuts/`)).body;
    assert.deepEqual(list.map((h: any) => h.identity), ['generated', 'crew_cut', FACEGEN]);
    const crew = list[1];
    assert.equal(crew.gender, 'male');
    assert.ok(['male', 'female'].includes(list[2].gender));
    const mesh = readPly(readZip((await download(crew.mesh)).data)['haircut.ply']).mesh;
    const head = readPly(readZip((await download(`${server.url}/avatars/${avatars.legacy.code}/mesh/`)).data)['model.ply']).mesh;
    // Fitted: it sits on this head's crown, not the template's.
    const top = (m: { positions: Float32Array }) => { let y = -Infinity; for (let i = 1; i < m.positions.length; i += 3) y = Math.max(y, m.positions[i]); return y; };
    assert.ok(top(mesh) > top(head) && top(mesh) - top(head) < 0.03, `haircut top ${top(mesh)}, head top ${top(head)}`);
    const texture = await download(crew.texture);
    const meta = await sharp(texture.data).metadata();
    assert.equal(meta.channels, 4);
    assert.equal(meta.width, 1024);
    const preview = await download(crew.preview);
    assert.equal(preview.type, 'image/png');
  });

  test('indie/legacy_styled is styled: cartoonish geometry and parametric eyes, unlike base/legacy', async () => {
    const legacy = readPly(readZip((await download(`${server.url}/avatars/${avatars.legacy.code}/mesh/`)).data)['model.ply']).mesh;
    const styled = readPly(readZip((await download(`${server.url}/avatars/${avatars.styled.code}/mesh/`)).data)['model.ply']).mesh;
    assert.equal(styled.positions.length, legacy.positions.length);
    let moved = 0;
    for (let i = 0; i < legacy.positions.length; i += 3) {
      if (Math.hypot(styled.positions[i] - legacy.positions[i], styled.positions[i + 1] - legacy.positions[i + 1], styled.positions[i + 2] - legacy.positions[i + 2]) > 0.002) moved++;
    }
    assert.ok(moved > legacy.positions.length / 30, `${moved} vertices moved by the styling`);
  });

  test('an unknown haircut is a 404 with a detail', async () => {
    const res = await api.get(`/avatars/${avatars.bust.code}/haircuts/bob_1/mesh/`);
    assert.equal(res.status, 404);
    assert.match(res.body.detail, /no haircut "bob_1"/);
  });
});
