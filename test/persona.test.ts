import { mkdir, writeFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Document } from '@gltf-transform/core';
import sharp from 'sharp';
import { oneBackend, type TestServer } from './support/server.js';
import { sharedServer } from './support/sharedServer.js';
import { Api, photo } from './support/api.js';
import { faceShading } from '../bench/quality/faceShading.js';
import { readGltfDocument, validateGltf } from './support/models.js';
import { AnimationMixer, Vector3, type SkinnedMesh } from 'three';
import { loadFbx, loadGlbWithThree, parseGlbWithThree } from './support/fbx.js';
import { faceDemo, FACE_DEMO_NAMES } from '../src/assets/face/index.js';
import { blenderImportFbx } from '../bench/blenderImport.js';
import { readZip } from '../src/formats/zip.js';
import { BONE_NAMES } from '../src/assets/body/index.js';
import { haircutPenetration } from '../src/assets/haircuts/index.js';
import { headSurface } from '../src/geometry/headSurface.js';
import { computeNormals } from '../src/geometry/computeNormals.js';
import { CUSTOMISATION } from '../src/library/blendshapeNames.js';

const final = (a: any) => ['Completed', 'Failed', 'Timed Out'].includes(a.status);

/** The spec's persona_2.0 part table (vertices, faces) at LOD1 and LOD2, female. */
const PARTS: Record<string, [[number, number], [number, number]]> = {
  AvatarBody: [[7131, 12672], [3409, 5604]],
  AvatarHead: [[7419, 14404], [1760, 3314]],
  AvatarLeftCornea: [[457, 830], [138, 244]],
  AvatarRightCornea: [[457, 830], [138, 244]],
  AvatarLeftEyeball: [[481, 791], [148, 200]],
  AvatarRightEyeball: [[481, 791], [148, 200]],
  AvatarEyelashes: [[6300, 4900], [130, 160]],
  AvatarTeethLower: [[2511, 3464], [253, 406]],
  AvatarTeethUpper: [[2497, 3654], [306, 394]],
};

const counts = (doc: Document) => Object.fromEntries(doc.getRoot().listMeshes().map((m) => {
  const p = m.listPrimitives()[0];
  return [m.getName(), [p.getAttribute('POSITION')!.getCount(), p.getIndices()!.getCount() / 3]];
}));

/** A mesh of the document: its first primitive's positions, normals, indices and morph targets by name. */
function meshWithTargets(doc: Document, name: string) {
  const mesh = doc.getRoot().listMeshes().find((m) => m.getName() === name);
  assert.ok(mesh, `${name}: ${doc.getRoot().listMeshes().map((m) => m.getName()).join(', ')}`);
  const primitive = mesh.listPrimitives()[0];
  const names = (mesh.getExtras() as { targetNames?: string[] }).targetNames ?? [];
  const array = (a: { getArray(): unknown }) => a.getArray() as Float32Array;
  return {
    positions: array(primitive.getAttribute('POSITION')!), normals: array(primitive.getAttribute('NORMAL')!),
    indices: Uint32Array.from(primitive.getIndices()!.getArray()!),
    targets: new Map(primitive.listTargets().map((t, i) => [names[i], array(t.getAttribute('POSITION')!)])),
  };
}

/** A mesh's positions with one morph target at weight `w` (as they are without it when it has none). */
function deformed(m: { positions: Float32Array; targets: Map<string, Float32Array> }, name: string, w: number): Float32Array {
  const d = m.targets.get(name);
  return d ? m.positions.map((p, i) => p + w * d[i]) : m.positions;
}

/** The blends whose creator range is [−1, 1]; the others are [0, 1]. */
const SIGNED = new Set(['EyesSize', 'NoseLength', 'NosePosition', 'NoseTipUpDown', 'NoseTipLeftRight', 'NoseWingsUpDown', 'NoseWingsInOut', 'LipsSize']);

for (const backend of oneBackend('fleet')) describe(`persona_2.0 (over HTTP, ${backend.name})`, () => {
  let server: TestServer;
  let api: Api;
  let avatar: any;

  const download = async (url: string) => new Uint8Array(await (await fetch(url, { headers: { Authorization: `Bearer ${api.token}` } })).arrayBuffer());
  /** An export of `of` (the astronaut's persona unless another is given), its files unzipped. */
  const exported = async (parameters: unknown, of: any = avatar): Promise<Record<string, Uint8Array>> =>
    readZip(await download((await api.exportAvatar(of, parameters)).files[0].file));

  before(async () => {
    server = await sharedServer(backend);
    api = new Api(server.url, (await server.client('enterprise')).token);
    const res = await api.createAvatar({ pipeline: 'persona_2.0', pipeline_subtype: 'female', name: 'persona', photo: photo('astronaut.png') });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    avatar = await api.waitFor(res.body.code, final, 240_000);
    assert.equal(avatar.status, 'Completed', avatar.failure_reason);
  });

  test('the GLB has the spec\'s named parts at LOD1 and LOD2 within 3 % of its table, on the Mixamo skeleton, validator-clean', async () => {
    for (const [lod, k] of [['LOD1', 0], ['LOD2', 1]] as const) {
      const files = await exported({ format: 'glb', lod, textures: { embed: true } });
      const report = await validateGltf(files, 'model.glb');
      assert.equal(report.errors, 0, report.messages.join('\n'));
      const doc = await readGltfDocument(files, 'model.glb');
      const got = counts(doc);
      for (const name of ['AvatarBody', 'AvatarHead', 'AvatarEyelashes', 'AvatarLeftCornea', 'AvatarRightCornea', 'AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarTeethLower', 'AvatarTeethUpper']) {
        assert.ok(got[name], `${lod}: ${name} is missing (${Object.keys(got).join(', ')})`);
        // Mesh and material names are the part's (the eyeballs share one material).
        const material = doc.getRoot().listMeshes().find((m) => m.getName() === name)!.listPrimitives()[0].getMaterial()!.getName();
        assert.ok(material === name || (name.endsWith('Eyeball') && material === 'AvatarEyeball'), `${name}'s material is ${material}`);
      }
      for (const [name, rows] of Object.entries(PARTS)) {
        const [v, f] = rows[k];
        assert.ok(Math.abs(got[name][0] / v - 1) <= 0.03, `${lod} ${name}: ${got[name][0]} vertices, spec ${v}`);
        assert.ok(Math.abs(got[name][1] / f - 1) <= 0.03, `${lod} ${name}: ${got[name][1]} faces, spec ${f}`);
      }
      assert.deepEqual(doc.getRoot().listSkins()[0].listJoints().map((j) => j.getName()), [...BONE_NAMES]);
      assert.deepEqual(doc.getRoot().listAnimations().map((a) => a.getName()), [
        'Female_Animation_WalkRelaxed', 'Female_Animation_Idle',
        'Female_Pose_01', 'Female_Pose_02', 'Female_Pose_03', 'Female_Pose_04', 'Female_Pose_05', 'Female_Pose_A', 'Female_Pose_Idle',
      ]);
    }
  });

  test('the face is shaded by its own relief: its Color map has no light of the photo left to draw it', async () => {
    // persona_2.0 always divides the photo's shading out (enhance_lighting), so the head's normals
    // must be its surface's: the broad-form normals that suit a photo-lit face left this one flat and grey.
    const doc = await readGltfDocument(await exported({ format: 'glb', lod: 'LOD1', textures: { embed: true } }), 'model.glb');
    const head = meshWithTargets(doc, 'AvatarHead');
    const own = computeNormals({ positions: head.positions, indices: head.indices }).normals!;
    const angles: number[] = [];
    for (let v = 0; v < head.positions.length / 3; v++) {
      // The front of the face: normals facing forward, ahead of the head's middle.
      if (head.normals[v * 3 + 2] < 0.5 || head.positions[v * 3 + 2] <= 0) continue;
      const dot = head.normals[v * 3] * own[v * 3] + head.normals[v * 3 + 1] * own[v * 3 + 1] + head.normals[v * 3 + 2] * own[v * 3 + 2];
      angles.push((Math.acos(Math.min(1, dot)) * 180) / Math.PI);
    }
    angles.sort((a, b) => a - b);
    assert.ok(angles.length > 1000, `${angles.length} face vertices`);
    const median = angles[angles.length >> 1], p90 = angles[Math.floor(angles.length * 0.9)];
    // Photo-shaded (broad form): 10.7° and 33°. Its own: 1.4° and 17° (the lids' and lips' folds,
    // where the exported LOD's seams and welds differ from this recomputation).
    assert.ok(median < 4 && p90 < 25, `the face's normals are ${median.toFixed(1)}° (median) and ${p90.toFixed(1)}° (90th percentile) from its surface's`);
  });

  test('textures: the profile sets size and format, the list picks maps, Roughness and UnityMetallicSmoothness travel beside the model', async () => {
    const files = await exported({ format: 'gltf', lod: 'LOD2', textures: { profile: '1K.jpg', list: ['Color', 'Normal', 'Roughness', 'UnityMetallicSmoothness', 'GltfMetallicRoughness', 'AO'] } });
    assert.equal((await validateGltf(files, 'model.gltf')).errors, 0);
    const size = async (name: string) => { const m = await sharp(files[name]).metadata(); return [m.width, m.height, m.format, m.channels]; };
    assert.deepEqual(await size('AvatarHead_Color.jpg'), [1024, 512, 'jpeg', 3]);
    assert.deepEqual(await size('AvatarBody_Normal.jpg'), [1024, 1024, 'jpeg', 3]);
    assert.ok(files['AvatarBody_Roughness.jpg'] && files['AvatarHead_GltfMetallicRoughness.jpg']);
    // Unity's packing keeps its alpha (smoothness) only in formats that have one: asked as jpg it is RGB.
    assert.ok(files['AvatarBody_UnityMetallicSmoothness.jpg']);
    // The head has no normal map (its relief is in its mesh), and AO is a haircut texture: both skipped.
    assert.equal(files['AvatarHead_Normal.jpg'], undefined);
    assert.equal(Object.keys(files).some((n) => n.includes('_AO')), false);
    // The teeth: enamel with gums, a normal map for the gaps between teeth, roughness; both arches share them.
    assert.deepEqual(await size('AvatarTeeth_Color.jpg'), [1024, 256, 'jpeg', 3]);
    assert.ok(files['AvatarTeeth_Normal.jpg'] && files['AvatarTeeth_Roughness.jpg'] && files['AvatarTeeth_GltfMetallicRoughness.jpg']);
    // The corneas: nearly clear, so their Color keeps its alpha as png even when the profile says jpg; no Normal.
    assert.deepEqual(await size('AvatarCornea_Color.png'), [256, 256, 'png', 4]);
    const cornea = await sharp(files['AvatarCornea_Color.png']).raw().toBuffer({ resolveWithObject: true });
    const centre = (128 * 256 + 128) * 4;
    assert.ok(cornea.data[centre + 3] < 40 && cornea.data[centre] > 240, `the cornea's middle is ${[...cornea.data.subarray(centre, centre + 4)]}`);
    assert.equal(files['AvatarCornea_Normal.png'], undefined);
    const materials = (await readGltfDocument(files, 'model.gltf')).getRoot().listMaterials();
    const texture = (name: string) => materials.find((m) => m.getName() === name)?.getBaseColorTexture()?.getURI();
    assert.equal(texture('AvatarTeethUpper'), 'AvatarTeeth_Color.jpg');
    assert.equal(texture('AvatarTeethLower'), 'AvatarTeeth_Color.jpg');
    assert.equal(texture('AvatarLeftCornea'), 'AvatarCornea_Color.png');
    assert.equal(materials.find((m) => m.getName() === 'AvatarLeftCornea')!.getAlphaMode(), 'BLEND');
    // The teeth are painted in their own UVs: along the arch and up the crown, not all at one texel.
    const teethUvs = (await readGltfDocument(files, 'model.gltf')).getRoot().listMeshes().find((m) => m.getName() === 'AvatarTeethUpper')!.listPrimitives()[0].getAttribute('TEXCOORD_0')!;
    assert.deepEqual([teethUvs.getMin([0, 0]), teethUvs.getMax([0, 0])], [[0, 0], [1, 1]]);
    const png = await exported({ format: 'glb', lod: 'LOD2', textures: { profile: '1K.png', list: ['UnityMetallicSmoothness'], embed: false } });
    const unity = await sharp(png['AvatarBody_UnityMetallicSmoothness.png']).raw().toBuffer({ resolveWithObject: true });
    assert.equal(unity.info.channels, 4);
    const webp = await exported({ format: 'glb', lod: 'LOD2', textures: { profile: '1K.webp', embed: true } });
    const report = await validateGltf(webp, 'model.glb');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    const doc = await readGltfDocument(webp, 'model.glb');
    assert.ok(doc.getRoot().listExtensionsUsed().some((e) => e.extensionName === 'EXT_texture_webp'));
  });

  test('avatar.colors recolours the skin of the head and body, the lips, the brows and the irises, and model.json reports the new colours', async () => {
    const textures = { profile: '1K.png', list: [] };
    const plain = await exported({ format: 'gltf', lod: 'LOD2', textures });
    const dark = { red: 105, green: 70, blue: 50 };
    const lips = { red: 170, green: 30, blue: 70 };
    const eyes = { red: 40, green: 120, blue: 190 };
    const recoloured = await exported({ format: 'gltf', lod: 'LOD2', textures, model_json: true, avatar: { colors: { skin: dark, lips, eyebrows: { red: 30, green: 20, blue: 15 }, eyes } } });
    const mean = async (data: Uint8Array) => (await sharp(data).stats()).channels.slice(0, 3).map((c) => c.mean);
    for (const name of ['AvatarHead_Color.png', 'AvatarBody_Color.png']) {
      const [before, after] = [await mean(plain[name]), await mean(recoloured[name])];
      // Mostly skin: both halves darken towards the colour, by one gain, so the neck stays one tone.
      assert.ok(after[0] < before[0] - 40 && after[2] < before[2] - 30, `${name}: mean ${after} (was ${before})`);
    }
    const info = JSON.parse(new TextDecoder().decode(recoloured['model.json']));
    assert.deepEqual(info.skin_color, dark);
    assert.deepEqual(info.lips_color, lips);
    assert.deepEqual(info.eye_iris_color, eyes);
    // The irises (a ring about the eyeball texture's centre) take the colour; the sclera's corner stays.
    const ring = async (data: Uint8Array, from: number, to: number) => {
      const { data: px, info: size } = await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const sum = [0, 0, 0];
      let n = 0;
      for (let y = 0; y < size.height; y++) for (let x = 0; x < size.width; x++) {
        const r = Math.hypot((x + 0.5) / size.width - 0.5, (y + 0.5) / size.height - 0.5);
        if (r < from || r >= to) continue;
        for (let c = 0; c < 3; c++) sum[c] += px[(y * size.width + x) * 3 + c];
        n++;
      }
      return sum.map((v) => v / n);
    };
    // The iris spans 0.37–1 of its radius, 0.0795 of the texture (eyeLayout.ts).
    const iris = await ring(recoloured['AvatarEyeball_Color.png'], 0.04, 0.07);
    assert.ok(iris[2] > iris[0] + 60 && Math.abs(iris[2] - eyes.blue) < 40, `iris ${iris.map(Math.round)} for ${JSON.stringify(eyes)}`);
    assert.deepEqual(await ring(recoloured['AvatarEyeball_Color.png'], 0.1, 0.2), await ring(plain['AvatarEyeball_Color.png'], 0.1, 0.2), 'the sclera stays');
    assert.equal((await validateGltf(recoloured, 'model.gltf')).errors, 0);
    const bad = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify({ avatar: { colors: { skin: { red: 300, green: 0, blue: 0 } } } }) });
    assert.equal(bad.status, 400, JSON.stringify(bad.body));
    assert.ok(bad.body['parameters.avatar.colors.skin'] ?? bad.body['parameters.avatar.colors.skin.red'], JSON.stringify(bad.body));
  });

  test('avatar.makeup paints the head\'s Color map only, after avatar.colors; a bad layer is a 400 naming its key', async () => {
    const textures = { profile: '1K.png', list: [] };
    const plain = await exported({ format: 'gltf', lod: 'LOD2', textures });
    const made = await exported({ format: 'gltf', lod: 'LOD2', textures, avatar: { colors: { lips: { red: 170, green: 120, blue: 110 } }, makeup: [{ name: 'lipstick', color: { red: 60, green: 20, blue: 140 }, opacity: 1 }, { name: 'blush' }] } });
    const raw = async (data: Uint8Array) => (await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true }));
    const [before, after] = [await raw(plain['AvatarHead_Color.png']), await raw(made['AvatarHead_Color.png'])];
    let changed = 0, bluer = 0;
    for (let i = 0; i < before.data.length; i += 3) {
      if (before.data[i] === after.data[i] && before.data[i + 1] === after.data[i + 1] && before.data[i + 2] === after.data[i + 2]) continue;
      changed++;
      if (after.data[i + 2] > after.data[i] + 10) bluer++;
    }
    // The lips (a few hundred texels at 1K) turn violet; the blush adds the cheeks; most of the head stays.
    assert.ok(changed > 300 && changed < before.data.length / 3 / 10, `${changed} texels changed`);
    assert.ok(bluer > 100, `${bluer} violet texels`);
    assert.deepEqual(made['AvatarBody_Color.png'], plain['AvatarBody_Color.png'], 'the body\'s map is not painted');
    assert.equal((await validateGltf(made, 'model.gltf')).errors, 0);
    for (const [makeup, key] of [[[{ name: 'lipstick', opacity: 2 }], 'parameters.avatar.makeup[0].opacity'], [[{ name: 'blush' }, { name: 'tattoo' }], 'parameters.avatar.makeup[1].name']] as const) {
      const bad = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify({ avatar: { makeup } }) });
      assert.equal(bad.status, 400, JSON.stringify(bad.body));
      assert.ok(bad.body[key], JSON.stringify(bad.body));
    }
  });

  test('avatar.tattoos ink the body\'s Color map only, dark and inside their placement, after a skin recolour; a bad tattoo is a 400 naming its key', async () => {
    const textures = { profile: '1K.png', list: [] };
    const skin = { red: 120, green: 80, blue: 60 };
    const plain = await exported({ format: 'gltf', lod: 'LOD2', textures, avatar: { colors: { skin } } });
    const made = await exported({ format: 'gltf', lod: 'LOD2', textures, avatar: { colors: { skin }, tattoos: [{ name: 'anchor', placement: 'left_forearm' }, { name: 'rose', placement: 'upper_back' }] } });
    const raw = async (data: Uint8Array) => (await sharp(data).removeAlpha().raw().toBuffer({ resolveWithObject: true }));
    const [before, after] = [await raw(plain['AvatarBody_Color.png']), await raw(made['AvatarBody_Color.png'])];
    let changed = 0, darker = 0;
    for (let i = 0; i < before.data.length; i += 3) {
      if (before.data[i] === after.data[i] && before.data[i + 1] === after.data[i + 1] && before.data[i + 2] === after.data[i + 2]) continue;
      changed++;
      if (after.data[i] + after.data[i + 1] + after.data[i + 2] < 0.6 * (before.data[i] + before.data[i + 1] + before.data[i + 2])) darker++;
    }
    if (process.env.LIKENESS_TATTOO_SHOTS) {
      await mkdir('scratch/tattoos', { recursive: true });
      await writeFile('scratch/tattoos/body_color.png', made['AvatarBody_Color.png']);
    }
    assert.ok(changed > 200 && changed < before.data.length / 3 / 10, `${changed} texels changed`);
    assert.ok(darker > 100, `${darker} inked texels`);
    assert.deepEqual(made['AvatarHead_Color.png'], plain['AvatarHead_Color.png'], 'the head\'s map is not inked');
    assert.equal((await validateGltf(made, 'model.gltf')).errors, 0);
    for (const [tattoos, key] of [[[{ name: 'rose', placement: 'forehead' }], 'parameters.avatar.tattoos[0].placement'], [[{ name: 'skull', placement: 'left_calf' }], 'parameters.avatar.tattoos[0].name']] as const) {
      const bad = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify({ avatar: { tattoos } }) });
      assert.equal(bad.status, 400, JSON.stringify(bad.body));
      assert.ok(bad.body[key], JSON.stringify(bad.body));
    }
  });

  test('HaircutGenerated: the person\'s own hair as a mesh on the head, skinned to Head, embedded or a file of its own', async () => {
    const embedded = await exported({ format: 'glb', lod: 'LOD2', haircuts: { list: ['HaircutGenerated'] }, textures: { embed: true } });
    assert.equal((await validateGltf(embedded, 'model.glb')).errors, 0);
    const doc = await readGltfDocument(embedded, 'model.glb');
    const hair = doc.getRoot().listMeshes().find((m) => m.getName() === 'HaircutGenerated');
    assert.ok(hair, doc.getRoot().listMeshes().map((m) => m.getName()).join(', '));
    assert.ok(hair.listPrimitives()[0].getAttribute('JOINTS_0'));
    const res = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify({ haircuts: { list: ['HaircutGenerated'], embed: false, format: 'glb' } }) });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual(res.body.parameters.haircuts.list, ['HaircutGenerated']);
  });

  test('a persona haircut: fitted on the head, skinned, its maps on the material or beside the model, recoloured', async () => {
    const list = ['Normal', 'GltfMetallicRoughness', 'Alpha', 'AO', 'Depth', 'Root', 'Roughness', 'Shade', 'UniqueID', 'UnityMetallicSmoothness', 'ScalpShade', 'ScalpShadeAlpha', 'ScalpShadeAOAlpha'];
    const files = await exported({ format: 'glb', lod: 'LOD2', textures: { embed: true, profile: '1K.jpg' }, haircuts: { list: ['bob_chin_sleek'], textures: { list, profile: '1K.png' }, color: { red: 200, green: 40, blue: 40 } } });
    const report = await validateGltf(files, 'model.glb');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    const doc = await readGltfDocument(files, 'model.glb');
    const hair = doc.getRoot().listMeshes().find((m) => m.getName() === 'haircut_bob_chin_sleek')!;
    assert.ok(hair, doc.getRoot().listMeshes().map((m) => m.getName()).join(', '));
    assert.ok(hair.listPrimitives()[0].getAttribute('JOINTS_0'));
    const material = hair.listPrimitives()[0].getMaterial()!;
    assert.equal(material.getAlphaMode(), 'MASK');
    assert.ok(material.getNormalTexture() && material.getMetallicRoughnessTexture());
    for (const name of ['Alpha', 'AO', 'Depth', 'Root', 'Roughness', 'Shade', 'UniqueID', 'UnityMetallicSmoothness', 'ScalpShade', 'ScalpShadeAlpha', 'ScalpShadeAOAlpha']) {
      const image = files[`haircut_bob_chin_sleek_${name}.png`];
      assert.ok(image, `${name}: ${Object.keys(files).join(', ')}`);
      assert.deepEqual([(await sharp(image).metadata()).width, (await sharp(image).metadata()).height], [1024, 1024], name);
    }
    // Recoloured: the strands' mean colour is red.
    const color = await sharp(Buffer.from(material.getBaseColorTexture()!.getImage()!)).raw().toBuffer({ resolveWithObject: true });
    const sum = [0, 0, 0];
    let weight = 0;
    for (let i = 0; i < color.info.width * color.info.height; i++) {
      const a = color.data[i * 4 + 3] / 255;
      for (let c = 0; c < 3; c++) sum[c] += a * color.data[i * 4 + c];
      weight += a;
    }
    assert.ok(sum[0] / weight > 2 * (sum[1] / weight), `mean ${sum.map((v) => Math.round(v / weight))}`);
    const listed = await api.get(`/export_parameters/available/persona_2.0/?pipeline_subtype=female`);
    assert.ok(JSON.stringify(listed.body).includes('box_braids_long'), 'the set is listed');
  });

  test('a haircut follows the head\'s blendshapes and clears the scalp at their extremes', async () => {
    const files = await exported({ format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '1K.jpg' }, haircuts: { list: ['long_straight_middle'] }, blendshapes: { list: ['customisation', 'mobile_51'] } });
    const doc = await readGltfDocument(files, 'model.glb');
    const head = meshWithTargets(doc, 'AvatarHead'), hair = meshWithTargets(doc, 'haircut_long_straight_middle');
    // The cap follows the head's shape blends; the eyes' do not reach the hair.
    for (const name of ['HeadHeight', 'UpperHeadWidth', 'UpperHeadVolume']) assert.ok(hair.targets.has(name), `${name}: ${[...hair.targets.keys()].join(', ')}`);
    assert.equal(hair.targets.has('eyeLookInLeft'), false);
    // The head part is open at the neck, where long hair hangs behind it: measured against the
    // cranium only (the hair above the ears' bottom), as the fitting tests measure a haircut.
    let top = -Infinity;
    for (let i = 1; i < head.positions.length; i += 3) top = Math.max(top, head.positions[i]);
    const above = (m: typeof head, positions: Float32Array) => {
      const keep: number[] = [];
      for (let i = 0; i < positions.length / 3; i++) if (m.positions[i * 3 + 1] > top - 0.12) keep.push(positions[i * 3], positions[i * 3 + 1], positions[i * 3 + 2]);
      return { positions: Float32Array.from(keep), indices: new Uint32Array(0) };
    };
    const inside = (name: string, w: number) => haircutPenetration(above(hair, deformed(hair, name, w)), { positions: deformed(head, name, w), normals: head.normals, indices: head.indices });
    const rest = inside('none', 0);
    assert.equal(rest.count, 0, `at rest, ${rest.count} hair vertices are inside the head, the deepest ${(rest.deepest * 1000).toFixed(1)} mm`);
    for (const name of [...CUSTOMISATION, 'browInnerUp', 'browDownLeft']) {
      for (const w of SIGNED.has(name) ? [-1, 1] : [1]) {
        const { count, deepest } = inside(name, w);
        assert.equal(count, 0, `${name} at ${w}: ${count} hair vertices inside the head, the deepest ${(deepest * 1000).toFixed(1)} mm`);
      }
    }
  });

  test('accessories: glasses on the nose clear of the head, a hat clear of the scalp, a necklace on Neck and Spine2, a watch and a ring on their joints, earrings in a file of their own; validator-clean, three.js loads them', async () => {
    const list = ['Normal', 'GltfMetallicRoughness', 'Roughness', 'UnityMetallicSmoothness'];
    const exp = await api.exportAvatar(avatar, {
      format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '1K.jpg', list },
      glasses: { list: ['aviator_gradient'] }, hats: { list: ['knit_beanie'] }, necklaces: { list: ['pearl_strand'] },
      earrings: { list: ['gold_hoops'], embed: false, format: 'glb' }, watches: { list: ['steel_diver_watch'] }, rings: { list: ['diamond_solitaire'] },
    });
    const files = readZip(await download(exp.files[0].file));
    const report = await validateGltf(files, 'model.glb');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    const doc = await readGltfDocument(files, 'model.glb');
    const meshOf = (name: string) => {
      const mesh = doc.getRoot().listMeshes().find((m) => m.getName() === name);
      assert.ok(mesh, `${name}: ${doc.getRoot().listMeshes().map((m) => m.getName()).join(', ')}`);
      const primitive = mesh.listPrimitives()[0];
      const node = doc.getRoot().listNodes().find((n) => n.getMesh() === mesh)!;
      const array = (a: { getArray(): unknown }) => a.getArray() as Float32Array;
      return {
        primitive, joints: node.getSkin()?.listJoints().map((j) => j.getName()) ?? [],
        mesh: { positions: array(primitive.getAttribute('POSITION')!), normals: array(primitive.getAttribute('NORMAL')!), indices: Uint32Array.from(primitive.getIndices()!.getArray()!) },
      };
    };
    const head = meshOf('AvatarHead').mesh;
    const surface = headSurface(head);
    const distances = (m: { positions: Float32Array }) => Array.from({ length: m.positions.length / 3 }, (_, v) => surface.closest(m.positions[v * 3], m.positions[v * 3 + 1], m.positions[v * 3 + 2]).distance);
    const frame = meshOf('glasses_aviator_gradient'), lenses = meshOf('glasses_aviator_gradient_lenses');
    const frameDistances = distances(frame.mesh);
    assert.ok(Math.min(...frameDistances) > 0, `the frame is ${(Math.min(...frameDistances) * 1000).toFixed(1)} mm from the head, at ${frameDistances.indexOf(Math.min(...frameDistances))} of ${frameDistances.length}`);
    assert.ok(Math.min(...frameDistances) < 0.004, `the nose pads rest on the nose: nearest ${(Math.min(...frameDistances) * 1000).toFixed(1)} mm`);
    const lensClearance = Math.min(...distances(lenses.mesh));
    assert.ok(lensClearance > 0.001, `the lenses clear the face by ${(lensClearance * 1000).toFixed(1)} mm`);
    assert.equal(lenses.primitive.getMaterial()!.getAlphaMode(), 'BLEND');
    const hat = meshOf('hats_knit_beanie');
    assert.ok(Math.min(...distances(hat.mesh)) > 0.001, 'the hat clears the scalp');
    for (const part of [frame, lenses, hat]) {
      const joints = part.primitive.getAttribute('JOINTS_0')!.getArray()!;
      assert.ok(Array.from(joints as ArrayLike<number>).every((j: number, i: number) => i % 4 !== 0 || part.joints[j] === 'Head'), 'on the Head joint');
    }
    const necklace = meshOf('necklaces_pearl_strand');
    const used = new Set<string>();
    const [j, w] = [necklace.primitive.getAttribute('JOINTS_0')!.getArray()!, necklace.primitive.getAttribute('WEIGHTS_0')!.getArray()!];
    for (let i = 0; i < j.length; i++) if (w[i] > 0) used.add(necklace.joints[j[i]]);
    assert.deepEqual([...used].sort(), ['Neck', 'Spine2']);
    // A watch rides the left forearm, a ring the left ring finger's first joint.
    for (const [name, joint] of [['watches_steel_diver_watch', 'LeftForeArm'], ['rings_diamond_solitaire', 'LeftHandRing1']]) {
      const part = meshOf(name);
      const joints = part.primitive.getAttribute('JOINTS_0')!.getArray()!;
      assert.ok(Array.from(joints as ArrayLike<number>).every((j: number, i: number) => i % 4 !== 0 || part.joints[j] === joint), `${name} on ${joint}`);
    }
    for (const map of ['Roughness', 'UnityMetallicSmoothness']) assert.ok(files[`glasses_aviator_gradient_${map}.jpg`], `${map}: ${Object.keys(files).join(', ')}`);
    const earrings = exp.files.find((f: any) => f.category === 'earrings');
    assert.ok(earrings, JSON.stringify(exp.files));
    const own = readZip(await download(earrings.file));
    assert.equal((await validateGltf(own, 'gold_hoops.glb')).errors, 0);
    const three = await parseGlbWithThree(files['model.glb']);
    const names = new Set<string>();
    three.scene.traverse((o) => { if ((o as SkinnedMesh).isSkinnedMesh) names.add(o.name); });
    for (const name of ['glasses_aviator_gradient', 'glasses_aviator_gradient_lenses', 'hats_knit_beanie', 'necklaces_pearl_strand', 'watches_steel_diver_watch', 'rings_diamond_solitaire']) assert.ok(names.has(name), `${name} in three.js: ${[...names].join(', ')}`);
    const available = await api.get('/export_parameters/available/persona_2.0/?pipeline_subtype=female');
    for (const slot of ['glasses', 'hats', 'earrings', 'necklaces']) assert.ok(available.body[slot].list.length >= (slot === 'glasses' ? 8 : 4), slot);
    for (const slot of ['watches', 'bracelets', 'rings']) assert.ok(available.body[slot].list.length >= 3, slot);
  });

  test('glasses and earrings follow the head\'s customisation blends where they rest: at every extreme the frame clears the head and sits on the nose, the earrings stay at the lobes', async () => {
    const files = await exported({
      format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '1K.jpg' }, blendshapes: { list: ['customisation', 'mobile_51'] },
      glasses: { list: ['round_metal'] }, earrings: { list: ['gold_hoops'] },
    });
    const doc = await readGltfDocument(files, 'model.glb');
    const head = meshWithTargets(doc, 'AvatarHead');
    const frame = meshWithTargets(doc, 'glasses_round_metal'), lenses = meshWithTargets(doc, 'glasses_round_metal_lenses'), earrings = meshWithTargets(doc, 'earrings_gold_hoops');
    // The shape blends that move the skin where they rest (the nose's sides, the head above the
    // ears), and no expression: a blink leaves the glasses where they are.
    for (const part of [frame, lenses]) for (const name of ['NoseSharp', 'UpperHeadVolume']) assert.ok(part.targets.has(name), `${name}: ${[...part.targets.keys()].join(', ')}`);
    for (const part of [frame, lenses, earrings]) assert.equal([...part.targets.keys()].some((n) => n.startsWith('eyeBlink') || n.startsWith('jaw')), false);
    const nearest = (m: typeof frame, name: string, w: number) => {
      // Inside or outside by the deformed surface's own normals, not the exported shading normals.
      const positions = deformed(head, name, w);
      const surface = headSurface({ positions, indices: head.indices, normals: computeNormals({ positions, indices: head.indices }).normals });
      const p = deformed(m, name, w);
      let least = Infinity;
      for (let v = 0; v < p.length / 3; v++) least = Math.min(least, surface.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]).distance);
      return least;
    };
    const restFrame = nearest(frame, 'none', 0), restEarrings = nearest(earrings, 'none', 0);
    // What the morphs are for: where the frame rests, the head moves under these blends, and the
    // frame with it (its arms by millimetres over the temples, its pads over the nose's sides). Judged
    // by the head's own normals a rigid frame does not go into a sharper nose (it clears it by 0.74 mm,
    // against 0.79 at rest); the broad-form shading normals the head had once said it did.
    const moves = (name: string) => {
      const d = frame.targets.get(name)!;
      let most = 0;
      for (let i = 0; i < d.length; i += 3) most = Math.max(most, Math.hypot(d[i], d[i + 1], d[i + 2]));
      return most;
    };
    assert.ok(moves('UpperHeadVolume') > 0.002 && moves('NoseSharp') > 0.0003, `the frame moves ${(moves('UpperHeadVolume') * 1000).toFixed(1)} mm under UpperHeadVolume, ${(moves('NoseSharp') * 1000).toFixed(2)} mm under NoseSharp`);
    for (const name of CUSTOMISATION) {
      if (!head.targets.has(name)) continue;
      for (const w of SIGNED.has(name) ? [-1, 1] : [1]) {
        const gap = nearest(frame, name, w);
        assert.ok(gap > 0 && gap < restFrame + 0.003, `${name} at ${w}: the frame is ${(gap * 1000).toFixed(1)} mm from the head (at rest ${(restFrame * 1000).toFixed(1)} mm)`);
        assert.ok(nearest(lenses, name, w) > 0.0005, `${name} at ${w}: the lenses touch the face`);
        const lobe = nearest(earrings, name, w);
        assert.ok(Math.abs(lobe - restEarrings) < 0.002, `${name} at ${w}: the earrings are ${(lobe * 1000).toFixed(1)} mm from the head (at rest ${(restEarrings * 1000).toFixed(1)} mm)`);
      }
    }
  });

  test('a necklace, a watch and a ring follow the body\'s blends exported as morph targets (body_shape): at every extreme they stay on the skin', async (t) => {
    const files = await exported({
      format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '1K.jpg' }, blendshapes: { list: ['body_shape'] },
      necklaces: { list: ['pearl_strand'] }, watches: { list: ['steel_diver_watch'] }, rings: { list: ['gold_band'] },
    });
    assert.equal((await validateGltf(files, 'model.glb')).errors, 0);
    const doc = await readGltfDocument(files, 'model.glb');
    // The skin is the body's and, at the back of the neck, the head's own neck.
    const skin = ['AvatarBody', 'AvatarHead'].map((name) => meshWithTargets(doc, name));
    const items = ['necklaces_pearl_strand', 'watches_steel_diver_watch', 'rings_gold_band'].map((name) => ({ name, mesh: meshWithTargets(doc, name) }));
    assert.ok(items[0].mesh.targets.has('Neck_increase'), [...items[0].mesh.targets.keys()].join(', '));
    assert.ok(items[1].mesh.targets.has('Forearms_increase'), [...items[1].mesh.targets.keys()].join(', '));
    // The item's nearest distance to the skin (negative: inside it), both with one blend at `w`.
    const nearest = (m: (typeof skin)[number], name: string, w: number) => {
      const surfaces = skin.map((part) => headSurface({ positions: deformed(part, name, w), indices: part.indices, normals: part.normals }));
      const p = deformed(m, name, w);
      let least = Infinity;
      for (let v = 0; v < p.length / 3; v++) {
        // A point's distance is to the nearer of the two surfaces.
        const [a, b] = surfaces.map((s) => s.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]).distance);
        least = Math.min(least, Math.abs(a) < Math.abs(b) ? a : b);
      }
      return least;
    };
    // What the morphs are for: left as they were, the necklace sinks into a thicker neck and the watch into a thicker forearm.
    for (const [i, blend] of [[0, 'Neck_increase'], [1, 'Forearms_increase']] as const) {
      const rigid = nearest({ ...items[i].mesh, targets: new Map() }, blend, 1);
      t.diagnostic(`${items[i].name} left rigid under ${blend}: ${(rigid * 1000).toFixed(1)} mm from the skin (at rest ${(nearest(items[i].mesh, 'none', 0) * 1000).toFixed(1)} mm)`);
      assert.ok(rigid < nearest(items[i].mesh, 'none', 0) - 0.002, `${items[i].name} left rigid under ${blend} is ${(rigid * 1000).toFixed(1)} mm from the skin: the check below cannot fail`);
    }
    for (const { name, mesh } of items) {
      const rest = nearest(mesh, 'none', 0);
      let worst = 0;
      for (const blend of ['Body', 'Neck', 'Shoulders', 'Chest', 'Forearms', 'Waist', 'Hips', 'Legs']) {
        for (const sign of ['increase', 'decrease']) {
          const gap = nearest(mesh, `${blend}_${sign}`, 1);
          worst = Math.max(worst, Math.abs(gap - rest));
          assert.ok(Math.abs(gap - rest) < 0.0015, `${name} under ${blend}_${sign}: ${(gap * 1000).toFixed(1)} mm from the skin (at rest ${(rest * 1000).toFixed(1)} mm)`);
        }
      }
      t.diagnostic(`${name}: ${(rest * 1000).toFixed(1)} mm from the skin at rest, within ${(worst * 1000).toFixed(2)} mm of that under every body blend at 1`);
    }
  });

  test('two pairs of glasses, or two hats, are refused with a 400 that names both', async () => {
    for (const [slot, items, noun] of [['glasses', ['round_metal', 'sport_wrap'], 'pair of glasses'], ['hats', ['baseball_cap', 'felt_fedora'], 'hat']] as const) {
      const res = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify({ [slot]: { list: items } }) });
      assert.equal(res.status, 400);
      const message = res.body[`parameters.${slot}.list`][0];
      assert.match(message, new RegExp(`only one ${noun}`));
      assert.match(message, new RegExp(`"${items[0]}" and "${items[1]}"`));
    }
  });

  test('the generated haircut is also the head\'s Haircut blendshape: the scalp rises to the hair, and its texture travels beside the model', async () => {
    const files = await exported({ format: 'glb', lod: 'LOD2', textures: { embed: true, profile: '1K.jpg' } });
    const doc = await readGltfDocument(files, 'model.glb');
    const head = doc.getRoot().listMeshes().find((m) => m.getName() === 'AvatarHead')!;
    const names = (head.getExtras() as { targetNames?: string[] }).targetNames ?? [];
    const k = names.indexOf('Haircut');
    assert.ok(k >= 0, `targets: ${names.join(', ')}`);
    const primitive = head.listPrimitives()[0];
    const base = primitive.getAttribute('POSITION')!;
    const delta = primitive.listTargets()[k].getAttribute('POSITION')!;
    const normal = primitive.getAttribute('NORMAL')!;
    const at = (a: typeof base, i: number) => a.getElement(i, [0, 0, 0]);
    let moved = 0, longest = 0, top = -Infinity, onFace = 0;
    for (let i = 0; i < base.getCount(); i++) top = Math.max(top, at(base, i)[1]);
    for (let i = 0; i < delta.getCount(); i++) {
      const length = Math.hypot(...at(delta, i));
      if (length < 0.001) continue;
      moved++;
      longest = Math.max(longest, length);
      // The face (facing forwards, from the brows down) never rises; the hairline may, a little.
      if (at(normal, i)[2] > 0.8 && at(base, i)[1] < top - 0.095) onFace++;
    }
    // The astronaut's short hair: the scalp rises by millimetres to a few centimetres.
    assert.ok(moved > 50, `${moved} vertices move`);
    assert.ok(longest > 0.003 && longest <= 0.05, `up to ${longest} m`);
    assert.equal(onFace, 0, `${onFace} vertices of the face move`);
    const texture = await sharp(files['AvatarHead_Haircut.png']).metadata();
    assert.deepEqual([texture.width, texture.height, texture.channels], [1024, 512, 4]);
  });

  test('FBX: three.js loads every part as a SkinnedMesh, and Blender imports them with the armature and the clips', async (t) => {
    const files = await exported({ format: 'fbx', lod: 'LOD2', textures: { embed: true, profile: '1K.jpg' }, blendshapes: { list: ['mobile_51'] } });
    const loaded = loadFbx(files['model.fbx']);
    const parts = ['AvatarBody', 'AvatarHead', 'AvatarEyelashes', 'AvatarLeftCornea', 'AvatarRightCornea', 'AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarTeethLower', 'AvatarTeethUpper'];
    assert.deepEqual(loaded.meshes.map((m) => m.name).sort(), [...parts].sort());
    assert.ok(loaded.meshes.every((m) => m.skinned));
    assert.ok(loaded.meshes.find((m) => m.name === 'AvatarHead')!.morphs.length >= 51, `${loaded.meshes.map((m) => m.name + ' ' + m.morphs.length).join(', ')}`);
    // The face demos key the blend shape channels' DeformPercent: three.js reads them as morph tracks.
    for (const name of FACE_DEMO_NAMES) {
      const clip = loaded.clips.find((c) => c.name === name);
      assert.ok(clip, loaded.clips.map((c) => c.name).join(', '));
      assert.ok(Math.abs(clip.duration - faceDemo(name).duration) < 0.01, `${name} lasts ${clip.duration} s`);
      assert.ok(clip.tracks.some((t) => t.startsWith('AvatarHead.morphTargetInfluences[')), `${name}: ${clip.tracks.join(', ')}`);
    }
    const report = blenderImportFbx(files['model.fbx']);
    if (!report) return t.skip('blender is not on PATH');
    assert.equal(report.error, undefined);
    const armature = report.objects.find((o) => o.type === 'ARMATURE');
    assert.deepEqual(armature?.bones?.map((b) => b.name).sort(), [...BONE_NAMES].sort());
    for (const part of parts) assert.ok(report.objects.some((o) => o.name === part && o.modifiers?.some((m) => m.type === 'ARMATURE')), `${part} in Blender`);
    for (const clip of ['Female_Animation_WalkRelaxed', 'Female_Pose_A']) assert.ok(report.actions.some((a) => a.name.includes(clip)), report.actions.map((a) => a.name).join(', '));
    // Blender makes the face demos shape key actions: a blink keys eyeBlinkLeft.
    assert.ok(report.actions.some((a) => a.name.includes('FaceDemo_001') && a.shapeKeys?.includes('eyeBlinkLeft')), JSON.stringify(report.actions.map((a) => [a.name, a.shapeKeys?.length])));
  });

  test('export_quads: the FBX holds quads where two triangles halve one; three.js and Blender load it', async (t) => {
    const files = await exported({ format: 'fbx', lod: 'LOD2', export_quads: true, textures: { embed: true, profile: '1K.jpg' }, avatar: { list: ['AvatarBody', 'AvatarHead'] } });
    const loaded = loadFbx(files['model.fbx']);
    assert.deepEqual(loaded.meshes.map((m) => m.name).sort(), ['AvatarBody', 'AvatarHead']);
    const report = blenderImportFbx(files['model.fbx']);
    if (!report) return t.skip('blender is not on PATH');
    assert.equal(report.error, undefined);
    // The body's grid comes back mostly as quads: polygons between half the triangles (all quads) and
    // three quarters of them. The head at LOD2 is decimated, so fewer of its triangles pair up.
    for (const [name, triangles, most] of [['AvatarBody', PARTS.AvatarBody[1][1], 0.75], ['AvatarHead', PARTS.AvatarHead[1][1], 0.9]] as const) {
      const polygons = report.objects.find((o) => o.name === name)?.polygons ?? 0;
      assert.ok(polygons > triangles * 0.5 * 0.97 && polygons < triangles * most, `${name}: ${polygons} polygons for about ${triangles} triangles`);
    }
  });

  test('avatar.list picks parts, and three.js loads them as skinned meshes', async () => {
    const files = await exported({ format: 'glb', lod: 'LOD2', avatar: { list: ['AvatarHead', 'AvatarLeftEyeball'] }, textures: { embed: true } });
    const three = await loadGlbWithThree(files['model.glb']);
    assert.deepEqual(three.meshes.map((m) => m.name).sort(), ['AvatarHead', 'AvatarLeftEyeball']);
    assert.ok(three.meshes.every((m) => m.skinned));
    assert.ok(three.bones.includes('LeftEye'));
  });

  /** A second persona, from messi5.jpg (a face 25 pixels wide), made once for the tests that need one. */
  let another: Promise<any> | undefined;
  const otherPersona = () => (another ??= (async () => {
    const res = await api.createAvatar({ pipeline: 'persona_2.0', pipeline_subtype: 'female', name: 'other', photo: photo('messi5.jpg') });
    const other = await api.waitFor(res.body.code, final, 240_000);
    assert.equal(other.status, 'Completed', other.failure_reason);
    return other;
  })());

  test('the face\'s skin is smoothed for an engine\'s light: the photo\'s grain and blotches are gone, its features kept', async () => {
    const files = await exported({ format: 'glb', lod: 'LOD1', avatar: { list: ['AvatarHead'] }, textures: { embed: true, profile: '2K.jpg' } });
    const { grain, vertices, darkestTenth, median } = await faceShading(files['model.glb']);
    assert.ok(vertices > 500, `${vertices} face vertices`);
    // astronaut.png's face baked as it is: 2.5 levels from the mean around each texel; smoothed, 1.6.
    assert.ok(grain < 2, `the face's grain is ${grain.toFixed(2)} levels`);
    // Its features stay: the darkest tenth of the face (brows, lashes, the lips' line) 30 levels
    // under its median, as before the smoothing.
    assert.ok(darkestTenth < median - 20, `the face's darkest tenth ${darkestTenth}, its median ${median}`);
  });

  test('a small face is not sharpened into blotches: the light-free face of a 25-pixel photo face stays even', async () => {
    const files = await exported({ format: 'glb', lod: 'LOD1', avatar: { list: ['AvatarHead'] }, textures: { embed: true } }, await otherPersona());
    const { spread, vertices } = await faceShading(files['model.glb']);
    assert.ok(vertices > 500, `${vertices} face vertices`);
    // Sharpened as a photo-lit face is (1.25 photo pixels, 24 texels here), its JPEG blocks and
    // pores made dark blotches round the mouth: a spread of log luma of 0.39; unsharpened, 0.20.
    assert.ok(spread < 0.3, `the face's log luma spreads ${spread.toFixed(3)}`);
  });

  test('the body part is the very same mesh for two people of one gender and level; what differs is the head', async () => {
    const other = await otherPersona();
    const mine = await readGltfDocument(await exported({ format: 'glb', lod: 'LOD2', avatar: { list: ['AvatarBody'] } }), 'model.glb');
    const theirs = await readGltfDocument(await exported({ format: 'glb', lod: 'LOD2', avatar: { list: ['AvatarBody'] } }, other), 'model.glb');
    const primitive = (d: Document) => d.getRoot().listMeshes()[0].listPrimitives()[0];
    assert.deepEqual(Array.from(primitive(mine).getIndices()!.getArray()!), Array.from(primitive(theirs).getIndices()!.getArray()!));
    // One body per gender: the photo does not reshape it (customisation is the blendshapes'), and its
    // neck is gathered for the template head, the bridge to each person's head going with the head.
    assert.deepEqual(Array.from(primitive(mine).getAttribute('POSITION')!.getArray()!), Array.from(primitive(theirs).getAttribute('POSITION')!.getArray()!));
  });

  test('blendshapes: mobile_51 on the head, the lashes and the teeth; body_shape on the body; values bake', async () => {
    const files = await exported({ format: 'glb', lod: 'LOD2', blendshapes: { list: ['mobile_51', 'body_shape'] }, textures: { embed: true } });
    assert.equal((await validateGltf(files, 'model.glb')).errors, 0);
    const doc = await readGltfDocument(files, 'model.glb');
    const names = (part: string): string[] => (doc.getRoot().listMeshes().find((m) => m.getName() === part)!.getExtras() as any).targetNames ?? [];
    for (const part of ['AvatarHead', 'AvatarEyelashes', 'AvatarTeethLower']) assert.ok(names(part).includes('eyeBlinkLeft') && names(part).includes('jawOpen'), `${part}: ${names(part).length} targets`);
    assert.ok(names('AvatarBody').includes('Waist_increase') && names('AvatarBody').includes('Legs_decrease'), names('AvatarBody').join(','));
    assert.equal(names('AvatarBody').includes('jawOpen'), false);
    // A blink closes the lashes with the lids: the upper lashes move down.
    const lashes = doc.getRoot().listMeshes().find((m) => m.getName() === 'AvatarEyelashes')!.listPrimitives()[0];
    const blink = lashes.listTargets()[names('AvatarEyelashes').indexOf('eyeBlinkLeft')].getAttribute('POSITION')!.getArray()!;
    let down = 0;
    for (let k = 1; k < blink.length; k += 3) down = Math.min(down, blink[k]);
    assert.ok(down < -0.002, `the lashes move ${down} m`);
    // Gaze: eyeLookUpLeft turns the left eyeball up (its front rises), eyeLookOutLeft towards +x.
    assert.deepEqual([...names('AvatarLeftEyeball')].sort(), ['eyeLookDownLeft', 'eyeLookInLeft', 'eyeLookOutLeft', 'eyeLookUpLeft']);
    const eyeball = doc.getRoot().listMeshes().find((m) => m.getName() === 'AvatarLeftEyeball')!.listPrimitives()[0];
    const base = eyeball.getAttribute('POSITION')!.getArray()!;
    let front = 0;
    for (let v = 0; v < base.length / 3; v++) if (base[v * 3 + 2] > base[front * 3 + 2]) front = v;
    const target = (name: string) => eyeball.listTargets()[names('AvatarLeftEyeball').indexOf(name)].getAttribute('POSITION')!.getArray()!;
    assert.ok(target('eyeLookUpLeft')[front * 3 + 1] > 0.003, 'up');
    assert.ok(target('eyeLookOutLeft')[front * 3] > 0.005, 'out');
    assert.ok(target('eyeLookInLeft')[front * 3] < -0.003, 'in');
  });

  test('face demos: with mobile_51, FaceDemo_001…005 play the head\'s blendshapes in three.js, in [0, 1], moving its vertices; validator-clean', async () => {
    const files = await exported({ format: 'glb', lod: 'LOD2', blendshapes: { list: ['mobile_51'] }, textures: { embed: true, profile: '1K.jpg' } });
    const report = await validateGltf(files, 'model.glb');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    const gltf = await parseGlbWithThree(files['model.glb']);
    assert.deepEqual(gltf.animations.map((a) => a.name).filter((n) => n.startsWith('FaceDemo')), [...FACE_DEMO_NAMES]);
    const head = gltf.scene.getObjectByName('AvatarHead') as SkinnedMesh;
    const mixer = new AnimationMixer(gltf.scene);
    for (const name of FACE_DEMO_NAMES) {
      const clip = gltf.animations.find((a) => a.name === name)!;
      const demo = faceDemo(name);
      assert.ok(Math.abs(clip.duration - demo.duration) < 1e-4, `${name} lasts ${clip.duration} s`);
      const weights = clip.tracks.find((t) => t.name === `${head.uuid}.morphTargetInfluences` || t.name === 'AvatarHead.morphTargetInfluences');
      assert.ok(weights, `${name}: ${clip.tracks.map((t) => t.name).join(', ')}`);
      assert.ok(weights.values.every((w) => w >= 0 && w <= 1), `${name}: weights outside [0, 1]`);
      // The lashes close with the lids; the eyeballs turn with the eyeLook* weights.
      assert.ok(clip.tracks.some((t) => t.name.startsWith('AvatarEyelashes.morphTargetInfluences')), `${name}: the lashes are not driven`);
      // Its busiest moment (the most weight on the face) against its first frame, the face at rest.
      let busiest = 0, most = 0;
      demo.times.forEach((_, k) => {
        const sum = [...demo.weights.values()].reduce((s, w) => s + w[k], 0);
        if (sum > most) { most = sum; busiest = k; }
      });
      const action = mixer.clipAction(clip);
      action.play();
      const at = (time: number) => {
        mixer.setTime(time);
        gltf.scene.updateMatrixWorld(true);
        head.skeleton.update();
        const out = new Float32Array(head.geometry.getAttribute('position').count * 3);
        const v = new Vector3();
        for (let i = 0; i < out.length / 3; i++) head.getVertexPosition(i, v).toArray(out, i * 3);
        return out;
      };
      const rest = at(0), busy = at(demo.times[busiest]);
      assert.ok(head.morphTargetInfluences!.some((w) => w > 0.3), `${name}: no blendshape above 0.3 at ${demo.times[busiest]} s`);
      let moved = 0;
      for (let i = 0; i < rest.length; i += 3) moved = Math.max(moved, Math.hypot(busy[i] - rest[i], busy[i + 1] - rest[i + 1], busy[i + 2] - rest[i + 2]));
      assert.ok(moved > 0.004, `${name}: the head's vertices move at most ${moved} m`);
      action.stop();
    }
    // The look around turns the eyeballs through their own eyeLook* targets.
    const look = gltf.animations.find((a) => a.name === 'FaceDemo_004')!;
    assert.ok(look.tracks.some((t) => t.name === 'AvatarLeftEyeball.morphTargetInfluences'), look.tracks.map((t) => t.name).join(', '));
  });

  test('age teen12 (avatar_modifications.age) makes a child\'s body: shorter, narrower, the same head', async () => {
    const res = await api.createAvatar({
      pipeline: 'persona_2.0', pipeline_subtype: 'female', name: 'teen', photo: photo('astronaut.png'),
      parameters: JSON.stringify({ avatar_modifications: { plus: { age: 'teen12' } } }),
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const teen = await api.waitFor(res.body.code, final, 240_000);
    assert.equal(teen.status, 'Completed', teen.failure_reason);
    const measure = async (who: any) => {
      const doc = await readGltfDocument(readZip(await download((await api.exportAvatar(who, { format: 'glb', lod: 'LOD2', avatar: { list: ['AvatarBody', 'AvatarHead'] } })).files[0].file)), 'model.glb');
      const box = (name: string) => {
        const p = doc.getRoot().listMeshes().find((m) => m.getName() === name)!.listPrimitives()[0].getAttribute('POSITION')!;
        return [p.getMin([0, 0, 0]), p.getMax([0, 0, 0])];
      };
      const [bodyLo, bodyHi] = box('AvatarBody'), [headLo, headHi] = box('AvatarHead');
      return { stature: headHi[1] - bodyLo[1], width: bodyHi[0] - bodyLo[0], head: headHi[1] - headLo[1] };
    };
    const adult = await measure(avatar), child = await measure(teen);
    assert.ok(adult.stature - child.stature > 0.08, `${adult.stature} m and ${child.stature} m`);
    assert.ok(child.head / child.stature > adult.head / adult.stature, 'the head is larger beside the body');
    assert.ok(Math.abs(child.head - adult.head) < 0.03, `heads ${adult.head} m and ${child.head} m`);
  });

  test('the export answers with its parameters in persona\'s own shape', async () => {
    const res = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify({ lod: 'LOD2' }) });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.equal(res.body.parameters.lod, 'LOD2');
    assert.equal(res.body.parameters.textures.profile, '2K.png');
    assert.deepEqual(res.body.parameters.avatar.textures.list, ['Color', 'GltfMetallicRoughness', 'Normal']);
    assert.equal(res.body.parameters.texture_size, undefined);
  });

  test('make_public_direct: public_file is the model itself (GLB, FBX, self-contained glTF), without authentication; the zip stays private', async () => {
    const done = await api.exportAvatar(avatar, { format: 'glb', lod: 'LOD2', make_public_direct: true, textures: { embed: true, profile: '1K.jpg' } });
    assert.match(done.public_file, /\/model\.glb$/);
    const res = await fetch(done.public_file);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'model/gltf-binary');
    const glb = new Uint8Array(await res.arrayBuffer());
    assert.equal(Buffer.from(glb.subarray(0, 4)).toString(), 'glTF');
    const report = await validateGltf({ 'model.glb': glb }, 'model.glb');
    assert.equal(report.errors, 0, report.messages.join('\n'));
    assert.ok((await readGltfDocument({ 'model.glb': glb }, 'model.glb')).getRoot().listMeshes().some((m) => m.getName() === 'AvatarHead'));
    // Another name under the same signature, or a tampered signature, is not found.
    assert.equal((await fetch(done.public_file.replace(/model\.glb$/, 'model.fbx'))).status, 404);
    assert.equal((await fetch(done.public_file.replace(/\/([^/]+)\/model\.glb$/, '/x$1/model.glb'))).status, 404);
    assert.equal((await fetch(done.files[0].file)).status, 401);
    const fbx = await api.exportAvatar(avatar, { format: 'fbx', lod: 'LOD2', make_public_direct: true, textures: { embed: true, profile: '1K.jpg' } });
    assert.match(fbx.public_file, /\/model\.fbx$/);
    assert.ok(loadFbx(new Uint8Array(await (await fetch(fbx.public_file)).arrayBuffer())).meshes.some((m) => m.name === 'AvatarHead'));
    // A .gltf behind one link carries its buffer and images as data: URIs.
    const gltf = await api.exportAvatar(avatar, { format: 'gltf', lod: 'LOD2', make_public_direct: true, textures: { embed: true, profile: '1K.jpg' } });
    assert.match(gltf.public_file, /\/model\.gltf$/);
    const gltfRes = await fetch(gltf.public_file);
    assert.equal(gltfRes.headers.get('content-type'), 'model/gltf+json');
    const json = new Uint8Array(await gltfRes.arrayBuffer());
    const parsed = JSON.parse(Buffer.from(json).toString());
    assert.ok([...parsed.buffers, ...parsed.images].every((r: { uri: string }) => r.uri.startsWith('data:')), 'every resource inline');
    assert.ok(parsed.images.length >= 3);
    const gltfReport = await validateGltf({ 'model.gltf': json }, 'model.gltf');
    assert.equal(gltfReport.errors, 0, gltfReport.messages.join('\n'));
    assert.ok((await readGltfDocument({ 'model.gltf': json }, 'model.gltf')).getRoot().listMeshes().some((m) => m.getName() === 'AvatarHead'));
    // A single public file needs everything inside it.
    const refused = await api.post(avatar.exports.replace(server.url, ''), { parameters: JSON.stringify({ format: 'glb', make_public_direct: true }) });
    assert.equal(refused.status, 400);
    assert.match(JSON.stringify(refused.body), /textures\.embed/);
  });
});
