import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { oneBackend, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { readGltfDocument, validateGltf } from './support/models.js';
import { readZip } from '../src/formats/zip.js';
import { loadFbx, loadGlbWithThree } from './support/fbx.js';
import { OUTFITS, outfitByIdentity } from '../src/library/outfits/outfitLibrary.js';
import { personaOutfitSet } from '../src/library/outfits/personaOutfits.js';
import { putStaticFile } from '../src/store/staticFiles.js';
import { staticKey } from '../src/store/keys.js';

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

/**
 * Outfits over HTTP, as a client would ask for them: listed by /export_parameters/available/,
 * chosen in an export's `outfits` section, fitted and skinned in the GLB beside the body, or in a
 * file of their own; two at once is a 400 naming both. LIKENESS_OUTFIT_SCRATCH=dir keeps the GLB.
 */
for (const backend of oneBackend('embedded')) describe(`outfits (over HTTP, ${backend.name})`, () => {
  let server: TestServer;
  let api: Api;
  let male: any;

  const download = async (url: string) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${api.token}` } });
    return { status: res.status, data: new Uint8Array(await res.arrayBuffer()) };
  };

  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('pro')).token);
    const res = await api.createAvatar({
      pipeline: 'body_0.3', pipeline_subtype: 'male', name: 'dressed', photo: photo('messi5.jpg'),
      parameters: JSON.stringify({ body_shape: { gender: 'male', height: 182, weight: 84 } }),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    male = await api.waitFor(res.body.code, final, 240_000);
    assert.equal(male.status, 'Completed', male.failure_reason);
  });

  test('the base and base_lowpoly sets are listed for body_0.3', async () => {
    const res = await api.get('/export_parameters/available/body_0.3/');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.outfits.list, OUTFITS.map((o) => o.identity));
    assert.ok(res.body.outfits.additional_textures.includes('body_visibility_mask'));
  });

  test('an embedded outfit is skinned beside the body in a valid GLB, at the spec\'s size, with its maps and mask', async (t) => {
    const start = performance.now();
    const exp = await api.exportAvatar(male, {
      format: 'glb', embed_textures: true,
      outfits: { list: ['tshirt_jeans_sneakers'], additional_textures: ['normal_map', 'roughness_map', 'body_visibility_mask'] },
    }, 240_000);
    t.diagnostic(`GLB export with an outfit, request → Completed: ${((performance.now() - start) / 1000).toFixed(1)} s`);
    const files = readZip((await download(exp.files[0].file)).data);
    if (process.env.LIKENESS_OUTFIT_SCRATCH) writeFileSync(join(process.env.LIKENESS_OUTFIT_SCRATCH, 'dressed.glb'), files['model.glb']);
    const report = await validateGltf(files, 'model.glb');
    assert.equal(report.errors, 0, report.messages.slice(0, 5).join("; "));
    const document = await readGltfDocument(files, 'model.glb');
    const mesh = document.getRoot().listMeshes().find((m) => m.getName() === 'outfit_tshirt_jeans_sneakers');
    assert.ok(mesh, 'the outfit is a mesh of the model');
    const primitive = mesh.listPrimitives()[0];
    const spec = outfitByIdentity('tshirt_jeans_sneakers')!;
    const vertices = primitive.getAttribute('POSITION')!.getCount(), faces = primitive.getIndices()!.getCount() / 3;
    assert.ok(Math.abs(vertices / spec.vertices - 1) <= 0.03, `${vertices} vertices, spec ${spec.vertices}`);
    assert.ok(Math.abs(faces / spec.faces - 1) <= 0.03, `${faces} faces, spec ${spec.faces}`);
    assert.ok(primitive.getAttribute('JOINTS_0') && primitive.getAttribute('WEIGHTS_0'), 'skinned');
    const node = document.getRoot().listNodes().find((n) => n.getMesh() === mesh)!;
    assert.ok(node.getSkin(), 'the outfit node has the skeleton');
    const material = primitive.getMaterial()!;
    assert.ok(material.getBaseColorTexture() && material.getNormalTexture() && material.getMetallicRoughnessTexture());
    // Embedded textures stay in the GLB; the mask beside it is a static file.
    const listed = exp.files[0].static_files.map((s: any) => s.identity);
    assert.deepEqual(listed, ['outfit_tshirt_jeans_sneakers_body_visibility_mask', 'outfit_tshirt_jeans_sneakers_roughness_map']);
    const mask = (await download(exp.files[0].static_files[0].file)).data;
    const { data, info } = await sharp(mask).raw().toBuffer({ resolveWithObject: true });
    assert.equal(info.channels, 4);
    let hidden = 0, headHidden = 0;
    for (let i = 0; i < info.width * info.height; i++) {
      if (data[i * 4 + 3] === 0) { hidden++; if (i < (info.width * info.height) / 2) headHidden++; }
    }
    // The body under the clothes is hidden; the head's half of the atlas never is.
    assert.ok(hidden > info.width * info.height * 0.05, `${hidden} hidden texels`);
    assert.equal(headHidden, 0);
  });

  test('three.js loads the dressed GLB and the FBX with the outfit as a SkinnedMesh', async () => {
    const glb = await api.exportAvatar(male, { format: 'glb', embed_textures: true, outfits: { list: ['sweater_chinos_boots_lowpoly'] } }, 240_000);
    const three = await loadGlbWithThree(readZip((await download(glb.files[0].file)).data)['model.glb']);
    const outfit = three.meshes.find((m) => m.name === 'outfit_sweater_chinos_boots_lowpoly');
    assert.ok(outfit?.skinned, JSON.stringify(three.meshes));
    const fbx = await api.exportAvatar(male, { format: 'fbx', embed_textures: true, outfits: { list: ['sweater_chinos_boots_lowpoly'] } }, 240_000);
    const loaded = loadFbx(readZip((await download(fbx.files[0].file)).data)['model.fbx']);
    const inFbx = loaded.meshes.find((m) => m.name === 'outfit_sweater_chinos_boots_lowpoly');
    assert.ok(inFbx?.skinned, JSON.stringify(loaded.meshes.map((m) => m.name)));
    assert.ok(Math.abs(inFbx!.triangles / outfitByIdentity('sweater_chinos_boots_lowpoly')!.faces - 1) <= 0.03, `${inFbx!.triangles} triangles`);
  });

  test('an outfit not embedded is a file of its own, with the skeleton', async () => {
    const exp = await api.exportAvatar(male, { format: 'glb', embed_textures: true, outfits: { list: ['tank_shorts_sneakers_lowpoly'], embed: false } }, 240_000);
    const own = exp.files.find((f: any) => f.identity === 'tank_shorts_sneakers_lowpoly');
    assert.equal(own?.category, 'outfits');
    const files = readZip((await download(own.file)).data);
    const report = await validateGltf(files, 'tank_shorts_sneakers_lowpoly.glb');
    assert.equal(report.errors, 0, report.messages.slice(0, 5).join("; "));
    const avatar = readZip((await download(exp.files.find((f: any) => f.identity === 'avatar').file)).data);
    const document = await readGltfDocument(avatar, 'model.glb');
    assert.ok(!document.getRoot().listMeshes().some((m) => m.getName().startsWith('outfit_')));
  });

  test('an outfit\'s own maps are static files: listed, left out of the archive, served with a strong ETag', async () => {
    const exp = await api.exportAvatar(male, { format: 'gltf', outfits: { list: ['tank_shorts_sneakers_lowpoly'], additional_textures: ['normal_map', 'body_visibility_mask'] } }, 240_000);
    const avatar = exp.files.find((f: any) => f.identity === 'avatar');
    const identities = avatar.static_files.map((s: any) => s.identity).sort();
    assert.deepEqual(identities, [
      'outfit_tank_shorts_sneakers_lowpoly_body_visibility_mask', 'outfit_tank_shorts_sneakers_lowpoly_normal_map', 'outfit_tank_shorts_sneakers_lowpoly_texture',
    ]);
    const files = readZip((await download(avatar.file)).data);
    assert.ok(!Object.keys(files).some((name) => name.includes('outfit_')), Object.keys(files).join(', '));
    const texture = avatar.static_files.find((s: any) => s.identity.endsWith('_texture'));
    const res = await fetch(texture.file, { headers: { Authorization: `Bearer ${api.token}` } });
    assert.equal(res.status, 200);
    const etag = res.headers.get('etag');
    assert.match(etag ?? '', /^"[0-9a-f]{64}"$/);
    await res.arrayBuffer();
    const again = await fetch(texture.file, { headers: { Authorization: `Bearer ${api.token}`, 'If-None-Match': etag! } });
    assert.equal(again.status, 304);
    // With the files beside it, the model is whole: the validator finds every image it names.
    files['outfit_tank_shorts_sneakers_lowpoly_texture.jpg'] = new Uint8Array(await (await fetch(texture.file, { headers: { Authorization: `Bearer ${api.token}` } })).arrayBuffer());
    for (const s of avatar.static_files) {
      const meta = (await api.get(new URL(s.file).pathname.replace(/file\/$/, ''))).body;
      files[meta.name] = (await download(s.file)).data;
    }
    const report = await validateGltf(files, 'model.gltf');
    assert.equal(report.errors, 0, report.messages.slice(0, 5).join('; '));
  });

  test('an outfit\'s images already stored as static files are taken, not painted again by each worker', async () => {
    // A marker stored under the colour texture's static identity before any export of this outfit
    // (no other test exports it): the export must carry the stored bytes, not a fresh painting.
    const identity = 'longsleeve_joggers_sneakers_lowpoly';
    const marker = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff00ff' } }).jpeg().toBuffer());
    await putStaticFile(server.blobs, { identity: `outfit_${identity}_texture`, name: `outfit_${identity}_texture.jpg`, contentType: 'image/jpeg', data: marker });
    const exp = await api.exportAvatar(male, { format: 'glb', embed_textures: true, outfits: { list: [identity] } }, 240_000);
    const document = await readGltfDocument(readZip((await download(exp.files[0].file)).data), 'model.glb');
    const mesh = document.getRoot().listMeshes().find((m) => m.getName() === `outfit_${identity}`)!;
    const image = mesh.listPrimitives()[0].getMaterial()!.getBaseColorTexture()!.getImage()!;
    assert.deepEqual(Buffer.from(image), Buffer.from(marker), 'the stored static file is the outfit\'s texture');
  });

  test('with body_shape exported as morph targets, the outfit carries them too and follows the body', async (t) => {
    const exp = await api.exportAvatar(male, { format: 'glb', embed_textures: true, blendshapes: { list: ['body_shape'] }, outfits: { list: ['sweater_chinos_boots_lowpoly'] } }, 240_000);
    const files = readZip((await download(exp.files[0].file)).data);
    const report = await validateGltf(files, 'model.glb');
    assert.equal(report.errors, 0, report.messages.slice(0, 5).join('; '));
    const document = await readGltfDocument(files, 'model.glb');
    const { moves, differs } = followsBody(document, 'outfit_sweater_chinos_boots_lowpoly', 'body', 'Body_increase');
    t.diagnostic(`Body_increase: the cloth moves ${(moves * 1000).toFixed(1)} mm (median), ${(differs * 1000).toFixed(1)} mm from the body's nearest vertex`);
    assert.ok(moves > 0.003 && differs < moves / 3, `the cloth moves ${moves} m, ${differs} m off the body's movement`);
  });

  test('two outfits at once are refused with a 400 that names both', async () => {
    const res = await api.post(male.exports.replace(server.url, ''), { parameters: JSON.stringify({ outfits: { list: ['tshirt_jeans_sneakers', 'sweater_chinos_boots'] } }) });
    assert.equal(res.status, 400);
    const message = res.body['parameters.outfits.list'][0];
    assert.match(message, /only one outfit/);
    assert.match(message, /"tshirt_jeans_sneakers" and "sweater_chinos_boots"/);
  });
});

/**
 * An outfit's morph target `name` against the body's: the outfit has it, and where the body beneath
 * moves (a sample of the cloth's vertices whose nearest body vertex moves over 2 mm), the medians
 * (metres) of the cloth's movement and of its difference from the body's.
 */
function followsBody(document: Awaited<ReturnType<typeof readGltfDocument>>, outfit: string, body: string, name: string): { moves: number; differs: number } {
  const mesh = (n: string) => document.getRoot().listMeshes().find((m) => m.getName() === n)!;
  const target = (n: string) => {
    const m = mesh(n), names: string[] = (m.getExtras() as any).targetNames ?? [];
    assert.ok(names.includes(name), `${n} has no target ${name}: ${names.join(', ')}`);
    const p = m.listPrimitives()[0];
    return { positions: p.getAttribute('POSITION')!.getArray()!, delta: p.listTargets()[names.indexOf(name)].getAttribute('POSITION')!.getArray()! };
  };
  const cloth = target(outfit), skin = target(body);
  const moves: number[] = [], differs: number[] = [];
  for (let v = 0; v < cloth.positions.length / 3; v += 37) {
    let best = 0, bestD = Infinity;
    for (let b = 0; b < skin.positions.length / 3; b++) {
      const d = (skin.positions[b * 3] - cloth.positions[v * 3]) ** 2 + (skin.positions[b * 3 + 1] - cloth.positions[v * 3 + 1]) ** 2 + (skin.positions[b * 3 + 2] - cloth.positions[v * 3 + 2]) ** 2;
      if (d < bestD) { bestD = d; best = b; }
    }
    if (Math.hypot(skin.delta[best * 3], skin.delta[best * 3 + 1], skin.delta[best * 3 + 2]) < 0.002) continue;
    moves.push(Math.hypot(cloth.delta[v * 3], cloth.delta[v * 3 + 1], cloth.delta[v * 3 + 2]));
    differs.push(Math.hypot(cloth.delta[v * 3] - skin.delta[best * 3], cloth.delta[v * 3 + 1] - skin.delta[best * 3 + 1], cloth.delta[v * 3 + 2] - skin.delta[best * 3 + 2]));
  }
  assert.ok(moves.length >= 10, `${name} moves the body under ${moves.length} sampled vertices of ${outfit}`);
  const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)];
  return { moves: median(moves), differs: median(differs) };
}

/** A primitive's triangles as keys of their corners' positions (mm), and its UVs per triangle. */
function triangles(document: Awaited<ReturnType<typeof readGltfDocument>>, name: string): { keys: string[]; uvs: number[][] } {
  const mesh = document.getRoot().listMeshes().find((m) => m.getName() === name)!;
  const p = mesh.listPrimitives()[0];
  const pos = p.getAttribute('POSITION')!.getArray()!, uv = p.getAttribute('TEXCOORD_0')!.getArray()!, idx = p.getIndices()!.getArray()!;
  const keys: string[] = [], uvs: number[][] = [];
  const at = (v: number) => `${Math.round(pos[v * 3] * 1e4)},${Math.round(pos[v * 3 + 1] * 1e4)},${Math.round(pos[v * 3 + 2] * 1e4)}`;
  for (let t = 0; t < idx.length; t += 3) {
    keys.push([at(idx[t]), at(idx[t + 1]), at(idx[t + 2])].sort().join('|'));
    uvs.push([idx[t], idx[t + 1], idx[t + 2]].flatMap((v) => [uv[v * 2], uv[v * 2 + 1]]));
  }
  return { keys, uvs };
}

/**
 * persona_2.0's outfit sections over HTTP, on one persona avatar: the sets listed per section, the
 * conflicts of rule 4, a top, bottom and shoes skinned in a valid GLB with every persona texture
 * of theirs, apply_visibility_masks against the masks the export carries, and `color`.
 */
for (const backend of oneBackend('embedded')) describe(`persona_2.0 outfits (over HTTP, ${backend.name})`, () => {
  let server: TestServer;
  let api: Api;
  let persona: any;
  const download = async (url: string) => new Uint8Array(await (await fetch(url, { headers: { Authorization: `Bearer ${api.token}` } })).arrayBuffer());
  const ITEMS = { outfits_top: { list: ['top_oxford_shirt'] }, outfits_bottom: { list: ['bottom_pleated_skirt'] }, outfits_shoes: { list: ['shoes_leather_derby'] } };
  const ALL = ['Normal', 'Roughness', 'GltfMetallicRoughness', 'UnityMetallicSmoothness', 'RecoloringMask', 'body_visibility_mask'];
  let dressed: Record<string, Uint8Array>;
  let statics: any[];
  let archived: string[];

  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('enterprise')).token);
    const res = await api.createAvatar({ pipeline: 'persona_2.0', pipeline_subtype: 'female', name: 'dressed persona', photo: photo('astronaut.png') });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    persona = await api.waitFor(res.body.code, final, 240_000);
    assert.equal(persona.status, 'Completed', persona.failure_reason);
    const exp = await api.exportAvatar(persona, { format: 'glb', lod: 'LOD2', textures: { profile: '1K.png', embed: true, list: ALL }, ...ITEMS }, 240_000);
    dressed = readZip(await download(exp.files[0].file));
    archived = Object.keys(dressed);
    // The items' maps beside the model are static files: fetched once and saved under their name.
    statics = exp.files[0].static_files;
    for (const s of statics) {
      const meta = (await api.get(new URL(s.file).pathname.replace(/file\/$/, ''))).body;
      dressed[meta.name] = await download(s.file);
    }
  });

  test('the items\' maps beside the model are static files: listed, left out of the archive, served with a strong ETag', async () => {
    assert.equal(statics.length, 12);
    assert.ok(!archived.some((name) => name.startsWith('outfit_')), archived.join(', '));
    for (const s of statics) assert.match(s.identity, /^outfit_[a-z_]+_(Roughness|UnityMetallicSmoothness|RecoloringMask|body_visibility_mask)_1K_png$/);
    const res = await fetch(statics[0].file, { headers: { Authorization: `Bearer ${api.token}` } });
    assert.equal(res.status, 200);
    assert.match(res.headers.get('etag') ?? '', /^"[0-9a-f]{64}"$/);
    await res.arrayBuffer();
  });

  test('each section lists its own set', async () => {
    const res = await api.get('/export_parameters/available/persona_2.0/');
    assert.equal(res.status, 200);
    for (const [section, set] of [['outfits', 'persona'], ['outfits_top', 'outfits_top'], ['outfits_bottom', 'outfits_bottom'], ['outfits_shoes', 'outfits_shoes']] as const) {
      assert.deepEqual(res.body[section].list, personaOutfitSet(set).map((o) => o.identity));
      assert.ok(res.body[section].list.length >= (set === 'persona' ? 6 : 8));
    }
  });

  test('conflicts are a 400 naming both items', async () => {
    const post = (parameters: unknown) => api.post(persona.exports.replace(server.url, ''), { parameters: JSON.stringify(parameters) });
    const full = await post({ outfits: { list: ['persona_casual_tee_jeans'] }, outfits_top: { list: ['top_navy_polo'] } });
    assert.equal(full.status, 400);
    assert.match(full.body['parameters.outfits_top.list'][0], /"persona_casual_tee_jeans" \(outfits\) and "top_navy_polo" \(outfits_top\)/);
    const two = await post({ outfits_shoes: { list: ['shoes_leather_derby', 'shoes_tan_loafers'] } });
    assert.equal(two.status, 400);
    assert.match(two.body['parameters.outfits_shoes.list'][0], /"shoes_leather_derby" and "shoes_tan_loafers"/);
    const wrongSet = await post({ outfits_top: { list: ['bottom_khaki_chinos'] } });
    assert.equal(wrongSet.status, 400);
  });

  test('a top, a bottom and shoes are skinned in a valid GLB, each with its persona textures at the profile', async () => {
    const report = await validateGltf(dressed, 'model.glb');
    assert.equal(report.errors, 0, report.messages.slice(0, 5).join('; '));
    const document = await readGltfDocument(dressed, 'model.glb');
    for (const identity of ['top_oxford_shirt', 'bottom_pleated_skirt', 'shoes_leather_derby']) {
      const mesh = document.getRoot().listMeshes().find((m) => m.getName() === `outfit_${identity}`);
      assert.ok(mesh, identity);
      const primitive = mesh.listPrimitives()[0];
      assert.ok(primitive.getAttribute('JOINTS_0') && primitive.getAttribute('WEIGHTS_0'));
      const material = primitive.getMaterial()!;
      assert.ok(material.getBaseColorTexture() && material.getNormalTexture() && material.getMetallicRoughnessTexture(), identity);
      assert.equal(material.getBaseColorTexture()!.getSize()![0], 1024);
      for (const name of ['Roughness', 'UnityMetallicSmoothness', 'RecoloringMask', 'body_visibility_mask']) assert.ok(dressed[`outfit_${identity}_${name}.png`], `${identity} ${name}`);
      // Unity's packing: smoothness = 1 − roughness in A.
      const rough = await sharp(dressed[`outfit_${identity}_Roughness.png`]).extractChannel(0).raw().toBuffer();
      const unity = await sharp(dressed[`outfit_${identity}_UnityMetallicSmoothness.png`]).ensureAlpha().extractChannel(3).raw().toBuffer();
      for (let i = 0; i < rough.length; i += 997) assert.ok(Math.abs(unity[i] - (255 - rough[i])) <= 1);
    }
  });

  test('apply_visibility_masks removes exactly the AvatarBody polygons under the items\' masks; false keeps the body whole', async () => {
    const exp = await api.exportAvatar(persona, { format: 'glb', lod: 'LOD2', apply_visibility_masks: false, textures: { profile: '1K.png', embed: true }, ...ITEMS }, 240_000);
    const whole = triangles(await readGltfDocument(readZip(await download(exp.files[0].file)), 'model.glb'), 'AvatarBody');
    const masked = new Set(triangles(await readGltfDocument(dressed, 'model.glb'), 'AvatarBody').keys);
    const masks = await Promise.all(Object.values(ITEMS).map(async ({ list }) => sharp(dressed[`outfit_${list[0]}_body_visibility_mask.png`]).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true })));
    const hidden = (u: number, v: number) => masks.some(({ data, info }) => data[Math.min(info.height - 1, Math.floor(v * info.height)) * info.width + Math.min(info.width - 1, Math.floor(u * info.width))] === 0);
    let removed = 0;
    whole.keys.forEach((key, t) => {
      const uv = whole.uvs[t];
      // Under the masks: the centroid and the points 3/4 of the way to each corner.
      const probes = [[1 / 3, 1 / 3, 1 / 3], [5 / 6, 1 / 12, 1 / 12], [1 / 12, 5 / 6, 1 / 12], [1 / 12, 1 / 12, 5 / 6]];
      const under = probes.every(([a, b, c]) => hidden(a * uv[0] + b * uv[2] + c * uv[4], a * uv[1] + b * uv[3] + c * uv[5]));
      if (under) removed++;
      assert.equal(masked.has(key), !under, `triangle ${t} ${under ? 'under the masks is kept' : 'outside the masks is removed'}`);
    });
    assert.ok(removed > whole.keys.length * 0.2, `${removed} of ${whole.keys.length} removed`);
    assert.equal(masked.size, whole.keys.length - removed);
  });

  test('the items follow the creator\'s body blends exported as morph targets (body_shape)', async (t) => {
    // The body kept whole, so that the skin under the cloth is there to compare with.
    const exp = await api.exportAvatar(persona, { format: 'glb', lod: 'LOD2', apply_visibility_masks: false, textures: { profile: '1K.jpg', embed: true }, blendshapes: { list: ['body_shape'] }, ...ITEMS }, 240_000);
    const files = readZip(await download(exp.files[0].file));
    const report = await validateGltf(files, 'model.glb');
    assert.equal(report.errors, 0, report.messages.slice(0, 5).join('; '));
    const document = await readGltfDocument(files, 'model.glb');
    for (const [item, blend] of [['top_oxford_shirt', 'Chest_increase'], ['bottom_pleated_skirt', 'Waist_increase'], ['shoes_leather_derby', 'Body_decrease']]) {
      const { moves, differs } = followsBody(document, `outfit_${item}`, 'AvatarBody', blend);
      t.diagnostic(`${item} ${blend}: the cloth moves ${(moves * 1000).toFixed(1)} mm (median), ${(differs * 1000).toFixed(1)} mm from the body's nearest vertex`);
      assert.ok(moves > 0.002 && differs < moves / 3, `${item} ${blend}: the cloth moves ${moves} m, ${differs} m off the body's movement`);
    }
  });

  test('an item\'s images painted once are stored at their profile, and the next export takes them instead of painting them again', async () => {
    // What the first export painted and embedded (so not listed) is stored all the same.
    const color = (await readGltfDocument(dressed, 'model.glb')).getRoot().listTextures().find((t) => (t.getName() + t.getURI()).includes('outfit_top_oxford_shirt_Color'))!;
    const stored = await server.blobs.get(staticKey('outfit_top_oxford_shirt_Color_1K_png'));
    assert.ok(stored && Buffer.from(stored).equals(Buffer.from(color.getImage()!)), 'the embedded Color is stored as a static file');
    // A marker stored for an item at a profile no other test exports it at: the export carries it.
    const marker = new Uint8Array(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#ff00ff' } }).jpeg().toBuffer());
    await putStaticFile(server.blobs, { identity: 'outfit_shoes_tan_loafers_Color_1K_jpg', name: 'outfit_shoes_tan_loafers_Color.jpg', contentType: 'image/jpeg', data: marker });
    const exp = await api.exportAvatar(persona, { format: 'glb', lod: 'LOD2', textures: { profile: '1K.jpg', embed: true, list: ['Color'] }, outfits_shoes: { list: ['shoes_tan_loafers'] } }, 240_000);
    const document = await readGltfDocument(readZip(await download(exp.files[0].file)), 'model.glb');
    const mesh = document.getRoot().listMeshes().find((m) => m.getName() === 'outfit_shoes_tan_loafers')!;
    const image = mesh.listPrimitives()[0].getMaterial()!.getBaseColorTexture()!.getImage()!;
    assert.deepEqual(Buffer.from(image), Buffer.from(marker), 'the stored static file is the item\'s Color');
  });

  test('color recolours only the RecoloringMask texels; an item not embedded is a file of its own', async () => {
    const exp = await api.exportAvatar(persona, {
      format: 'glb', lod: 'LOD2', textures: { profile: '1K.png', embed: true, list: ['RecoloringMask'] },
      outfits_top: { list: ['top_oxford_shirt'], color: { red: 200, green: 30, blue: 40 }, embed: false },
    }, 240_000);
    const own = exp.files.find((f: any) => f.identity === 'top_oxford_shirt');
    assert.equal(own?.category, 'outfits_top');
    const files = readZip(await download(own.file));
    assert.equal((await validateGltf(files, 'top_oxford_shirt.glb')).errors, 0);
    const document = await readGltfDocument(files, 'top_oxford_shirt.glb');
    const recoloured = document.getRoot().listTextures().find((t) => t.getName().includes('Color') || t.getURI().includes('Color'))!;
    const original = (await readGltfDocument(dressed, 'model.glb')).getRoot().listTextures().find((t) => (t.getName() + t.getURI()).includes('outfit_top_oxford_shirt_Color'))!;
    const [a, b] = await Promise.all([recoloured, original].map((t) => sharp(t.getImage()!).removeAlpha().raw().toBuffer()));
    const mask = await sharp(files['outfit_top_oxford_shirt_RecoloringMask.png']).extractChannel(0).raw().toBuffer();
    let changed = 0, masked = 0;
    for (let i = 0; i < mask.length; i++) {
      const differs = a[i * 3] !== b[i * 3] || a[i * 3 + 1] !== b[i * 3 + 1] || a[i * 3 + 2] !== b[i * 3 + 2];
      if (mask[i] === 0) assert.ok(!differs, `texel ${i} outside the mask changed`);
      else { masked++; if (differs) changed++; }
    }
    assert.ok(masked > mask.length * 0.2 && changed > masked * 0.9, `${changed} of ${masked} masked texels changed`);
    const avatar = readZip(await download(exp.files[0].file));
    assert.ok(!(await readGltfDocument(avatar, 'model.glb')).getRoot().listMeshes().some((m) => m.getName().startsWith('outfit_')));
  });
});
