import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { oneBackend, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { readZip } from '../src/formats/zip.js';
import { readPly } from '../src/formats/ply.js';
import { OUTFIT_SETS, outfitByIdentity, outfitSet } from '../src/library/outfits/outfitLibrary.js';
import { personaOutfitSet } from '../src/library/outfits/personaOutfits.js';
import { putStaticFile } from '../src/store/staticFiles.js';

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

/**
 * GET /avatars/{code}/outfits/ and below, as a client would ask: the list with its filters, one
 * outfit, each of its files checked for what it holds, the 503 while a worker makes them, other
 * clients' 404, the head pipelines' empty list, and the static files' list and ETags.
 * LIKENESS_OUTFIT_SCRATCH=dir keeps the preview PNGs.
 */
for (const backend of oneBackend('embedded')) describe(`an avatar's outfits (over HTTP, ${backend.name})`, () => {
  let server: TestServer;
  let api: Api;
  let body: any;
  let head: any;
  let persona: any;
  const OUTFIT = 'tank_shorts_sneakers_lowpoly';

  const download = async (url: string, headers: Record<string, string> = {}) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${api.token}`, ...headers } });
    return { status: res.status, headers: res.headers, data: new Uint8Array(await res.arrayBuffer()) };
  };
  const keep = (name: string, data: Uint8Array) => {
    if (process.env.LIKENESS_OUTFIT_SCRATCH) writeFileSync(join(process.env.LIKENESS_OUTFIT_SCRATCH, name), data);
  };

  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('enterprise')).token);
    // Three avatars at once: the shared server's two workers take them side by side.
    const created = await Promise.all([
      api.createAvatar({
        pipeline: 'body_0.3', pipeline_subtype: 'female', name: 'wardrobe', photo: photo('astronaut.png'),
        parameters: JSON.stringify({ body_shape: { gender: 'female', height: 168, weight: 62 } }),
      }),
      api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 'bust', photo: photo('messi5.jpg') }),
      api.createAvatar({ pipeline: 'persona_2.0', pipeline_subtype: 'female', name: 'persona wardrobe', photo: photo('astronaut.png') }),
    ]);
    for (const res of created) assert.equal(res.status, 201, JSON.stringify(res.body));
    [body, head, persona] = await Promise.all(created.map((res) => api.waitFor(res.body.code, final, 240_000)));
    for (const avatar of [body, head, persona]) assert.equal(avatar.status, 'Completed', avatar.failure_reason);
  });

  test('the avatar links to its outfits; body_0.3 lists its sets, paginated and filtered', async () => {
    assert.equal(body.outfits, `${body.url}outfits/`);
    const all = await api.get(new URL(body.outfits).pathname);
    assert.equal(all.status, 200);
    const expected = OUTFIT_SETS.flatMap((set) => outfitSet(set)).map((o) => o.identity);
    assert.deepEqual(all.body.map((o: any) => o.identity), expected);
    const tank = all.body.find((o: any) => o.identity === OUTFIT);
    const url = `${body.url}outfits/${OUTFIT}/`;
    assert.deepEqual(tank, {
      identity: OUTFIT, name: outfitByIdentity(OUTFIT)!.description, set: 'base_lowpoly', category: 'outfits', slot: 'full',
      url, mesh: `${url}mesh/`, pointcloud: `${url}pointcloud/`, preview: `${url}preview/`, texture: `${url}texture/`, body_visibility_mask: `${url}body_visibility_mask/`, model: body.url,
    });
    assert.equal(all.headers.get('link'), null);

    const base = await api.get(`/avatars/${body.code}/outfits/?set=BASE`);
    assert.deepEqual(base.body.map((o: any) => o.identity), outfitSet('base').map((o) => o.identity));
    assert.equal((await api.get(`/avatars/${body.code}/outfits/?slot=full&category=outfits`)).body.length, expected.length);
    assert.deepEqual((await api.get(`/avatars/${body.code}/outfits/?slot=top`)).body, []);
    // Several values of one filter are joined by AND, as the spec says.
    assert.deepEqual((await api.get(`/avatars/${body.code}/outfits/?set=base&set=base_lowpoly`)).body, []);
    const bad = await api.get(`/avatars/${body.code}/outfits/?slot=hat`);
    assert.equal(bad.status, 400);
    assert.match(bad.body.slot[0], /"hat" is not one of the available choices: full, top, bottom, shoes/);

    const page = await api.get(`/avatars/${body.code}/outfits/?page=2&page_size=5`);
    assert.deepEqual(page.body.map((o: any) => o.identity), expected.slice(5, 10));
    assert.match(page.headers.get('link')!, /rel="first".*rel="prev".*rel="next".*rel="last"/);
    assert.equal((await api.get(`/avatars/${body.code}/outfits/?page=9&page_size=5`)).status, 404);

    const one = await api.get(`/avatars/${body.code}/outfits/${OUTFIT}/`);
    assert.equal(one.status, 200);
    assert.deepEqual(one.body, tank);
  });

  test('an unknown identity, another client\'s avatar and a head avatar\'s outfits', async () => {
    const unknown = await api.get(`/avatars/${body.code}/outfits/top_oxford_shirt/`);
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { detail: 'This avatar has no outfit "top_oxford_shirt".' });
    assert.equal((await api.get(`/avatars/${body.code}/outfits/no_such_outfit/mesh/`)).status, 404);

    const other = new Api(server.url, (await server.client('enterprise')).token);
    for (const path of ['', `${OUTFIT}/`, `${OUTFIT}/mesh/`, `${OUTFIT}/texture/`]) {
      const res = await other.get(`/avatars/${body.code}/outfits/${path}`);
      assert.equal(res.status, 404, path);
      assert.deepEqual(res.body, { detail: 'Not found.' });
    }

    const none = await api.get(`/avatars/${head.code}/outfits/`);
    assert.equal(none.status, 200);
    assert.deepEqual(none.body, []);
    assert.equal((await api.get(`/avatars/${head.code}/outfits/${OUTFIT}/preview/`)).status, 404);
  });

  test('the files are made by a worker on first request: 503 with Retry-After while they are made, then each holds what it says', async (t) => {
    const item = (await api.get(`/avatars/${body.code}/outfits/${OUTFIT}/`)).body;
    const wait = server.config.outfitsWaitSeconds;
    server.config.outfitsWaitSeconds = 0.001;
    try {
      const first = await download(item.preview);
      assert.equal(first.status, 503);
      assert.equal(first.headers.get('retry-after'), '1');
      assert.deepEqual(JSON.parse(Buffer.from(first.data).toString()), { detail: `The outfit "${OUTFIT}" is still being made; ask again in 1 second.` });
    } finally {
      server.config.outfitsWaitSeconds = wait;
    }
    const start = performance.now();
    const preview = await download(item.preview);
    t.diagnostic(`outfit files made in ${((performance.now() - start) / 1000).toFixed(1)} s after the 503`);
    assert.equal(preview.status, 200);
    assert.equal(preview.headers.get('content-type'), 'image/png');
    keep(`${OUTFIT}_preview.png`, preview.data);
    const shown = await sharp(preview.data).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual([shown.info.width, shown.info.height], [512, 512]);
    // The avatar stands in the middle: the centre column holds pixels far from the background.
    let figure = 0;
    for (let y = 0; y < 512; y++) {
      const i = (y * 512 + 256) * shown.info.channels;
      if (Math.abs(shown.data[i] - 237) + Math.abs(shown.data[i + 1] - 237) + Math.abs(shown.data[i + 2] - 240) > 40) figure++;
    }
    assert.ok(figure > 200, `${figure} rows of the centre column show the avatar`);

    const spec = outfitByIdentity(OUTFIT)!;
    const mesh = await download(item.mesh);
    assert.equal(mesh.status, 200);
    assert.equal(mesh.headers.get('content-type'), 'application/zip');
    const entries = readZip(mesh.data);
    assert.deepEqual(Object.keys(entries), ['outfit.ply']);
    const ply = readPly(entries['outfit.ply']);
    assert.ok(Math.abs(ply.vertexCount / spec.vertices - 1) <= 0.03, `${ply.vertexCount} vertices, spec ${spec.vertices}`);
    assert.ok(Math.abs(ply.faceCount / spec.faces - 1) <= 0.03, `${ply.faceCount} faces, spec ${spec.faces}`);
    assert.deepEqual(ply.properties, ['x', 'y', 'z', 'nx', 'ny', 'nz', 's', 't']);
    // Fitted to this avatar: from the shoes' soles (y = 0) to the shoulders of a 168 cm body.
    let low = Infinity, high = -Infinity;
    for (let i = 1; i < ply.mesh.positions.length; i += 3) { low = Math.min(low, ply.mesh.positions[i]); high = Math.max(high, ply.mesh.positions[i]); }
    assert.ok(low > -0.03 && low < 0.03 && high > 1.25 && high < 1.5, `the outfit spans y ${low.toFixed(3)} to ${high.toFixed(3)} m`);

    const cloud = readZip((await download(item.pointcloud)).data);
    const points = readPly(cloud['pointcloud.ply']);
    assert.equal(points.vertexCount, ply.vertexCount);
    assert.equal(points.faceCount, 0);
    assert.deepEqual(points.mesh.positions.subarray(0, 30), ply.mesh.positions.subarray(0, 30));

    const texture = await download(item.texture);
    assert.equal(texture.status, 200);
    assert.equal(texture.headers.get('content-type'), 'image/jpeg');
    const meta = await sharp(texture.data).metadata();
    assert.deepEqual([meta.width, meta.height], [4096, 4096], "the spec's usual outfit texture size");
    const stats = await sharp(texture.data).stats();
    assert.ok(stats.channels.every((c) => c.stdev > 5), 'the texture is painted, not a flat colour');

    const mask = await download(item.body_visibility_mask);
    assert.equal(mask.status, 200);
    assert.equal(mask.headers.get('content-type'), 'image/png');
    const raw = await sharp(mask.data).raw().toBuffer({ resolveWithObject: true });
    assert.equal(raw.info.channels, 4);
    let hidden = 0;
    for (let i = 3; i < raw.data.length; i += 4) if (raw.data[i] === 0) hidden++;
    const share = hidden / (raw.data.length / 4);
    assert.ok(share > 0.05 && share < 0.5, `${(share * 100).toFixed(1)} % of the mask hides the body`);
    // Nothing of the head (the atlas' top half) is hidden.
    for (let i = 3; i < raw.data.length / 2; i += 4) if (raw.data[i] !== 255) assert.fail('the mask hides part of the head');

    // Kept: a second request is served from storage at once, the same bytes.
    const again = await download(item.mesh);
    assert.deepEqual(again.data, mesh.data);
    const jobs = await server.database.db.selectFrom('jobs').select(['kind', 'state']).where('avatar_code', '=', body.code).where('kind', '=', 'outfit').execute();
    assert.deepEqual(jobs, [{ kind: 'outfit', state: 'done' }]);
  });

  test('the texture and mask are static files: listed, with a strong ETag, and 304 when the client has them', async () => {
    const item = (await api.get(`/avatars/${body.code}/outfits/${OUTFIT}/`)).body;
    const mask = await download(item.body_visibility_mask);
    const etag = mask.headers.get('etag')!;
    assert.equal(etag, `"${createHash('sha256').update(mask.data).digest('hex')}"`);
    assert.match(mask.headers.get('cache-control')!, /immutable/);
    const cached = await download(item.body_visibility_mask, { 'If-None-Match': etag });
    assert.equal(cached.status, 304);
    assert.equal(cached.data.byteLength, 0);

    const listed = await api.get('/static_files/?page_size=100');
    assert.equal(listed.status, 200);
    const identities = listed.body.map((s: any) => s.identity);
    assert.deepEqual(identities, [...identities].sort());
    const record = listed.body.find((s: any) => s.identity === `outfit_${OUTFIT}_body_visibility_mask`);
    assert.ok(record, identities.join(', '));
    assert.deepEqual(record, {
      identity: `outfit_${OUTFIT}_body_visibility_mask`, file: `${server.url}/static_files/outfit_${OUTFIT}_body_visibility_mask/file/`,
      name: `outfit_${OUTFIT}_body_visibility_mask.png`, content_type: 'image/png', size: mask.data.byteLength, sha256: etag.slice(1, -1),
    });
    assert.ok(identities.includes(`outfit_${OUTFIT}_texture`));
    // The same file as the avatar's link, under its static identity, with the same ETag.
    const direct = await download(record.file, { 'If-None-Match': etag });
    assert.equal(direct.status, 304);
    assert.equal((await api.get('/static_files/?page=99')).status, 404);
  });

  /** persona_2.0: its sets, and one item's files fitted to a persona avatar. */
  test('the persona sets are listed with their slots, and a top is fitted to the avatar with its preview', async () => {
    const all = (await api.get(`/avatars/${persona.code}/outfits/`)).body;
    const sets = ['persona', 'outfits_top', 'outfits_bottom', 'outfits_shoes'] as const;
    assert.deepEqual(all.map((o: any) => o.identity), sets.flatMap((s) => personaOutfitSet(s).map((o) => o.identity)));
    const shoes = (await api.get(`/avatars/${persona.code}/outfits/?slot=shoes`)).body;
    assert.deepEqual(shoes.map((o: any) => [o.set, o.category]), personaOutfitSet('outfits_shoes').map(() => ['outfits_shoes', 'outfits_shoes']));
    assert.ok((await api.get(`/avatars/${persona.code}/outfits/?category=outfits`)).body.every((o: any) => o.set === 'persona' && o.slot === 'full'));

    const top = all.find((o: any) => o.identity === 'top_oxford_shirt');
    const res = await fetch(top.preview, { headers: { Authorization: `Bearer ${api.token}` } });
    assert.equal(res.status, 200);
    const preview = new Uint8Array(await res.arrayBuffer());
    if (process.env.LIKENESS_OUTFIT_SCRATCH) writeFileSync(join(process.env.LIKENESS_OUTFIT_SCRATCH, 'top_oxford_shirt_preview.png'), preview);
    const meta = await sharp(preview).metadata();
    assert.deepEqual([meta.width, meta.height], [512, 512]);
    const ply = readPly(readZip(new Uint8Array(await (await fetch(top.mesh, { headers: { Authorization: `Bearer ${api.token}` } })).arrayBuffer()))['outfit.ply']);
    assert.ok(ply.vertexCount > 10000 && ply.faceCount > 20000, `${ply.vertexCount}/${ply.faceCount}`);
    const texture = await fetch(top.texture, { headers: { Authorization: `Bearer ${api.token}` } });
    assert.equal(texture.status, 200);
    assert.equal(texture.headers.get('content-type'), 'image/jpeg');
    assert.match(texture.headers.get('content-disposition')!, /outfit_top_oxford_shirt_Color\.jpg/);
  });

  test('a persona item\'s Color and mask already stored as static files are what its outfit job dresses the avatar in, not painted again', async () => {
    // Markers stored before the first request for an item no other test asks for at this profile:
    // a magenta Color, and a mask that hides nothing. The preview shows the avatar in magenta.
    const marker = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff00ff' } }).jpeg().toBuffer());
    const mask = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }).png().toBuffer());
    await putStaticFile(server.blobs, { identity: 'outfit_bottom_khaki_chinos_Color_2K_jpg', name: 'outfit_bottom_khaki_chinos_Color.jpg', contentType: 'image/jpeg', data: marker });
    await putStaticFile(server.blobs, { identity: 'outfit_bottom_khaki_chinos_body_visibility_mask_2K_jpg', name: 'outfit_bottom_khaki_chinos_body_visibility_mask.png', contentType: 'image/png', data: mask });
    const item = (await api.get(`/avatars/${persona.code}/outfits/`)).body.find((o: any) => o.identity === 'bottom_khaki_chinos');
    let res = await fetch(item.preview, { headers: { Authorization: `Bearer ${api.token}` } });
    for (let tries = 0; res.status === 503 && tries < 120; tries++) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000));
      res = await fetch(item.preview, { headers: { Authorization: `Bearer ${api.token}` } });
    }
    assert.equal(res.status, 200);
    const { data, info } = await sharp(new Uint8Array(await res.arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    let magenta = 0;
    for (let i = 0; i < data.length; i += 3) if (data[i] > 150 && data[i + 2] > 150 && data[i + 1] < 90) magenta++;
    assert.ok(magenta > info.width * info.height * 0.01, `${magenta} magenta pixels in the preview`);
  });
});
