import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { backends, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { readGltfDocument, validateGltf } from './support/models.js';
import { readZip } from '../src/formats/zip.js';
import { loadFbx, loadGlbWithThree } from './support/fbx.js';
import { OUTFITS, outfitByIdentity } from '../src/library/outfits/outfitLibrary.js';

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

/**
 * Outfits over HTTP, as a client would ask for them: listed by /export_parameters/available/,
 * chosen in an export's `outfits` section, fitted and skinned in the GLB beside the body, or in a
 * file of their own; two at once is a 400 naming both. LIKENESS_OUTFIT_SCRATCH=dir keeps the GLB.
 */
describe('outfits (over HTTP, sqlite)', () => {
  let server: TestServer;
  let api: Api;
  let male: any;

  const download = async (url: string) => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${api.token}` } });
    return { status: res.status, data: new Uint8Array(await res.arrayBuffer()) };
  };

  before(async () => {
    server = await sharedServer(backends()[0]);
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

  test('two outfits at once are refused with a 400 that names both', async () => {
    const res = await api.post(male.exports.replace(server.url, ''), { parameters: JSON.stringify({ outfits: { list: ['tshirt_jeans_sneakers', 'sweater_chinos_boots'] } }) });
    assert.equal(res.status, 400);
    const message = res.body['parameters.outfits.list'][0];
    assert.match(message, /only one outfit/);
    assert.match(message, /"tshirt_jeans_sneakers" and "sweater_chinos_boots"/);
  });
});
