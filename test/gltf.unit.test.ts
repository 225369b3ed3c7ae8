import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { AnimationMixer, LoadingManager, Matrix4, Points, SkinnedMesh } from 'three';
import type { Mesh as ThreeMesh, Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { NodeIO, Primitive } from '@gltf-transform/core';
import type { Document } from '@gltf-transform/core';
import { unpackGlb } from '../src/formats/gltf/glb.js';
import { readGltf, writeGltf } from '../src/formats/gltf/index.js';
import type { Scene, SceneImage, SceneMaterial, SceneMesh, WrittenFile } from '../src/formats/scene.js';
import { uvSphere } from '../src/core/uvSphere.js';

interface ValidationReport {
  issues: { numErrors: number; numWarnings: number; messages: { code: string; message: string; severity: number; pointer?: string }[] };
}
const validator = createRequire(import.meta.url)('gltf-validator') as {
  validateBytes(data: Uint8Array, options: { externalResourceFunction: (uri: string) => Promise<Uint8Array> }): Promise<ValidationReport>;
};

async function image(name: string, width: number, height: number, format: 'jpeg' | 'png', channels: 3 | 4 = 3): Promise<SceneImage> {
  const background = { r: 200, g: 150, b: 100, alpha: 0.5 };
  const encoded = sharp({ create: { width, height, channels, background } });
  const data = format === 'jpeg' ? await encoded.jpeg().toBuffer() : await encoded.png().toBuffer();
  return { name, mimeType: format === 'jpeg' ? 'image/jpeg' : 'image/png', data: new Uint8Array(data) };
}

/** A sphere head with two blendshapes, a hair card, a pointcloud, a three-joint skeleton and a nod. */
async function testScene(): Promise<Scene> {
  const head = uvSphere({ rings: 16, segments: 24 });
  const vertices = head.positions.length / 3;
  // jawOpen moves the lower half only (sparse); puff moves every vertex along its normal (stays dense).
  const jawOpen = new Float32Array(vertices * 3);
  for (let v = 0; v < vertices; v++) if (head.positions[v * 3 + 1] < -0.05) jawOpen[v * 3 + 1] = -0.01;
  const puff = head.normals!.map((n) => n * 0.005);
  const joints = new Uint16Array(vertices * 4);
  const weights = new Float32Array(vertices * 4);
  for (let v = 0; v < vertices; v++) {
    // Weights in [0, 1] summing to 1; a joint with weight 0 is joint 0, as the validator wants.
    const t = Math.min(1, Math.max(0, Math.fround((head.positions[v * 3 + 1] / 0.1 + 1) / 2)));
    joints.set([t > 0 ? 2 : 0, t < 1 ? 1 : 0, 0, 0], v * 4);
    weights.set([t, 1 - t, 0, 0], v * 4);
  }
  const normalMap = await image('normal.png', 16, 16, 'png');
  const skinMaterial: SceneMaterial = {
    name: 'skin', baseColorTexture: await image('model.jpg', 64, 32, 'jpeg'), normalTexture: normalMap,
    metallic: 0, roughness: 0.8, alphaMode: 'opaque', doubleSided: false,
  };
  const hairMaterial: SceneMaterial = {
    name: 'hair', baseColorTexture: await image('hair.png', 32, 32, 'png', 4), normalTexture: normalMap,
    metallic: 0, roughness: 0.6, alphaMode: 'mask', alphaCutoff: 0.4, doubleSided: true,
  };
  const hair: SceneMesh = {
    name: 'haircut',
    mesh: {
      positions: new Float32Array([-0.1, 0.1, 0, 0.1, 0.1, 0, 0.1, 0.2, 0, -0.1, 0.2, 0]),
      normals: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]),
      uvs: new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]),
      indices: new Uint32Array([0, 1, 2, 0, 2, 3]),
    },
    material: hairMaterial, morphTargets: [],
    skin: { joints: new Uint16Array(16).fill(0).map((_, i) => (i % 4 === 0 ? 2 : 0)), weights: new Float32Array(16).map((_, i) => (i % 4 === 0 ? 1 : 0)) },
  };
  const landmarks = { positions: head.positions.slice(0, 68 * 3), indices: new Uint32Array(0) };
  const nod = Math.sin(Math.PI / 18);
  return {
    name: 'avatar',
    meshes: [
      {
        name: 'head', mesh: head, material: skinMaterial, skin: { joints, weights },
        morphTargets: [{ name: 'jawOpen', positions: jawOpen }, { name: 'cheekPuff', positions: puff, normals: new Float32Array(vertices * 3).fill(0.001) }],
        morphWeights: [0.25],
      },
      hair,
      { name: 'landmarks', mesh: landmarks, morphTargets: [] },
    ],
    skeleton: [
      { name: 'Root', parent: -1, translation: [0, 0, 0], rotation: [0, 0, 0, 1] },
      { name: 'Neck', parent: 0, translation: [0, -0.1, 0], rotation: [0, 0, 0, 1] },
      { name: 'Head', parent: 1, translation: [0, 0.1, 0.01], rotation: [nod, 0, 0, Math.cos(Math.PI / 18)] },
    ],
    animations: [{
      name: 'nod',
      channels: [
        { joint: 2, times: new Float32Array([0, 0.5, 1]), rotations: new Float32Array([0, 0, 0, 1, nod, 0, 0, Math.cos(Math.PI / 18), 0, 0, 0, 1]) },
        { joint: 1, times: new Float32Array([0, 1]), translations: new Float32Array([0, -0.1, 0, 0, -0.12, 0]) },
      ],
      // The jaw drops and the cheeks puff half-way while nodding: both targets' weights at each key.
      morphChannels: [{ mesh: 'head', times: new Float32Array([0, 0.5, 1]), weights: new Float32Array([0, 0, 1, 0.5, 0, 0]) }],
    }],
  };
}

async function validate(files: WrittenFile[]): Promise<ValidationReport> {
  return validator.validateBytes(files[0].data, {
    externalResourceFunction: async (uri) => {
      const file = files.find((f) => f.name === decodeURIComponent(uri));
      if (!file) throw new Error(`missing ${uri}`);
      return file.data;
    },
  });
}

/** three.js's GLTFLoader in Node: external files come from `files` as data URLs; images are decoded for their size only. */
async function loadWithThree(files: WrittenFile[]): Promise<GLTF> {
  Object.assign(globalThis, {
    self: globalThis,
    // FileLoader reports progress with the browser's ProgressEvent, which Node lacks.
    ProgressEvent: class extends Event {},
    createImageBitmap: async (blob: Blob) => {
      const { width, height } = await sharp(Buffer.from(await blob.arrayBuffer())).metadata();
      return { width, height, close() {} };
    },
  });
  const manager = new LoadingManager().setURLModifier((url) => {
    const file = files.find((f) => f.name === decodeURIComponent(url));
    return file ? `data:application/octet-stream;base64,${Buffer.from(file.data).toString('base64')}` : url;
  });
  const data = files[0].data;
  return new Promise((resolve, reject) =>
    new GLTFLoader(manager).parse(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer, '', resolve, reject));
}

function find<T extends Object3D>(root: Object3D, name: string): T {
  const object = root.getObjectByName(name);
  assert.ok(object, `three.js has no object named ${name}`);
  return object as T;
}

function primitiveOf(document: Document, name: string): Primitive {
  const mesh = document.getRoot().listMeshes().find((m) => m.getName() === name);
  assert.ok(mesh, `no mesh ${name}`);
  return mesh.listPrimitives()[0];
}

describe('glTF and GLB', async () => {
  const scene = await testScene();
  const head = scene.meshes[0];

  for (const binary of [false, true]) {
    for (const embedTextures of [false, true]) {
      const label = `${binary ? 'GLB' : '.gltf'} with embedTextures=${embedTextures}`;

      test(`${label}: names its files and stores each image once`, async () => {
        const files = await writeGltf(scene, { binary, embedTextures, baseName: 'model' });
        const images = ['model.jpg', 'normal.png', 'hair.png'];
        // An embedding .gltf is one file: its buffer and images are data: URIs.
        const expected = embedTextures ? [binary ? 'model.glb' : 'model.gltf'] : binary ? ['model.glb', ...images] : ['model.gltf', 'model.bin', ...images];
        assert.deepEqual(files.map((f) => f.name), expected);
        const document = await readGltf(files);
        assert.equal(document.getRoot().listTextures().length, 3);
        const json = binary ? unpackGlb(files[0].data).json : JSON.parse(new TextDecoder().decode(files[0].data));
        assert.equal(json.asset.generator, 'Likeness');
      });

      test(`${label}: the Khronos validator finds no errors`, async () => {
        const report = await validate(await writeGltf(scene, { binary, embedTextures }));
        const serious = report.issues.messages.filter((m) => m.severity <= 1);
        console.log(`${label}: ${report.issues.numErrors} errors, ${report.issues.numWarnings} warnings`, serious.map((m) => `${m.code} ${m.pointer ?? ''}`));
        assert.equal(report.issues.numErrors, 0, JSON.stringify(serious));
      });

      test(`${label}: three.js loads geometry, blendshapes, the skeleton, the animation and textures`, async () => {
        const gltf = await loadWithThree(await writeGltf(scene, { binary, embedTextures }));
        const root = find(gltf.scene, 'avatar');
        const headMesh = find<SkinnedMesh>(root, 'head');
        assert.ok(headMesh instanceof SkinnedMesh);
        assert.equal(headMesh.geometry.getAttribute('position').count, head.mesh.positions.length / 3);
        assert.equal(headMesh.geometry.getIndex()!.count, head.mesh.indices.length);
        assert.equal(headMesh.geometry.morphAttributes.position?.length, 2);
        assert.equal(headMesh.geometry.morphAttributes.normal?.length, 2);
        assert.deepEqual(Object.keys(headMesh.morphTargetDictionary!), ['jawOpen', 'cheekPuff']);
        // jawOpen is sparse, cheekPuff dense (and interleaved with its normals): both decode to the offsets written.
        headMesh.geometry.morphAttributes.position!.forEach((attribute, i) => {
          const offsets = Float32Array.from({ length: attribute.count * 3 }, (_, k) => attribute.getComponent(Math.floor(k / 3), k % 3));
          assert.deepEqual(offsets, head.morphTargets[i].positions);
        });
        assert.deepEqual(headMesh.morphTargetInfluences, [0.25, 0]);
        assert.deepEqual(headMesh.skeleton.bones.map((b) => b.name), ['Root', 'Neck', 'Head']);
        // At rest every bone's world matrix times its inverse bind matrix is the identity.
        gltf.scene.updateMatrixWorld(true);
        headMesh.skeleton.bones.forEach((bone, i) => {
          const product = new Matrix4().multiplyMatrices(bone.matrixWorld, headMesh.skeleton.boneInverses[i]);
          product.elements.forEach((x, k) => assert.ok(Math.abs(x - new Matrix4().elements[k]) < 1e-6));
        });
        assert.deepEqual(gltf.animations.map((clip) => clip.name), ['nod']);
        const weights = gltf.animations[0].tracks.find((t) => t.name.endsWith('.morphTargetInfluences'));
        assert.ok(weights, gltf.animations[0].tracks.map((t) => t.name).join(', '));
        assert.deepEqual([...weights.values], [0, 0, 1, 0.5, 0, 0]);
        const mixer = new AnimationMixer(gltf.scene);
        mixer.clipAction(gltf.animations[0]).play();
        mixer.setTime(0.5);
        assert.deepEqual(headMesh.morphTargetInfluences, [1, 0.5]);
        const jpeg = (headMesh.material as { map?: { image: { width: number } } }).map;
        assert.equal(jpeg?.image.width, 64);
        const hair = find<ThreeMesh>(root, 'haircut');
        assert.equal((hair.material as { alphaTest: number }).alphaTest, 0.4);
        const points = find<Points>(root, 'landmarks');
        assert.ok(points instanceof Points);
        assert.equal(points.geometry.getAttribute('position').count, 68);
      });

      test(`${label}: glTF-Transform reads back the same positions, blendshapes and materials`, async () => {
        const document = await readGltf(await writeGltf(scene, { binary, embedTextures }));
        const primitive = primitiveOf(document, 'head');
        assert.deepEqual(primitive.getAttribute('POSITION')!.getArray(), head.mesh.positions);
        assert.deepEqual(primitive.getIndices()!.getArray(), new Uint16Array(head.mesh.indices));
        assert.equal(primitive.getMode(), Primitive.Mode.TRIANGLES);
        assert.deepEqual(primitive.listTargets().map((t) => t.getName()), ['jawOpen', 'cheekPuff']);
        primitive.listTargets().forEach((target, i) => {
          assert.deepEqual(target.getAttribute('POSITION')!.getArray(), head.morphTargets[i].positions);
        });
        // Targets without normals get zero normal offsets, as every target of a primitive has the same attributes.
        assert.ok((primitive.listTargets()[0].getAttribute('NORMAL')!.getArray() as Float32Array).every((x) => x === 0));
        const hair = primitiveOf(document, 'haircut').getMaterial()!;
        assert.deepEqual([hair.getAlphaMode(), hair.getAlphaCutoff(), hair.getDoubleSided()], ['MASK', 0.4, true]);
        assert.equal(hair.getNormalTexture(), primitive.getMaterial()!.getNormalTexture());
      });
    }
  }

  test('a pointcloud is POINTS with positions only: no indices, normals or texcoords', async () => {
    const document = await readGltf(await writeGltf(scene, { binary: true }));
    const points = primitiveOf(document, 'landmarks');
    assert.equal(points.getMode(), Primitive.Mode.POINTS);
    assert.deepEqual(points.listSemantics(), ['POSITION']);
    assert.equal(points.getIndices(), null);
  });

  test('a blendshape that moves few vertices is stored sparse, and the file is smaller than dense', async () => {
    const [glb] = await writeGltf(scene, { binary: true, embedTextures: false });
    const document = await readGltf([glb]);
    const [jawOpen, puff] = primitiveOf(document, 'head').listTargets().map((t) => t.getAttribute('POSITION')!);
    assert.deepEqual([jawOpen.getSparse(), puff.getSparse()], [true, false]);
    for (const accessor of document.getRoot().listAccessors()) accessor.setSparse(false);
    const dense = await new NodeIO().writeBinary(document);
    assert.ok(glb.data.length < dense.length, `sparse ${glb.data.length} B, dense ${dense.length} B`);
  });

  test('indices are uint32 once a mesh has more than 65535 vertices', async () => {
    const big = uvSphere({ rings: 256, segments: 256 });
    const files = await writeGltf({ name: 'big', meshes: [{ name: 'sphere', mesh: big, morphTargets: [] }] }, { binary: true });
    const indices = primitiveOf(await readGltf(files), 'sphere').getIndices()!.getArray();
    assert.ok(indices instanceof Uint32Array);
    assert.deepEqual(indices, big.indices);
  });

  test('a blendshape animation gives every target of the mesh a weight at each key, or is refused', async () => {
    const short: Scene = { ...scene, animations: [{ name: 'half', channels: [], morphChannels: [{ mesh: 'head', times: Float32Array.of(0, 1), weights: Float32Array.of(0, 1) }] }] };
    await assert.rejects(writeGltf(short), /2 weights for "head", not 2 keys × 2 targets/);
    // A clip of blendshapes alone needs no skeleton.
    const { skeleton: _s, ...unrigged } = scene;
    const faceOnly: Scene = {
      ...unrigged, meshes: unrigged.meshes.map(({ skin: _k, ...m }) => m),
      animations: [{ name: 'smile', channels: [], morphChannels: [{ mesh: 'head', times: Float32Array.of(0, 1), weights: Float32Array.of(0, 0, 0.5, 1) }] }],
    };
    const report = await validate(await writeGltf(faceOnly, { binary: true }));
    assert.equal(report.issues.numErrors, 0, JSON.stringify(report.issues.messages));
  });

  test('two different images under one name are refused', async () => {
    const clash = { ...(await image('model.jpg', 8, 8, 'jpeg')) };
    const copy: Scene = { ...scene, meshes: [...scene.meshes, { ...scene.meshes[1], name: 'other', material: { ...scene.meshes[1].material!, baseColorTexture: clash } }] };
    await assert.rejects(writeGltf(copy), /two different images are both named "model.jpg"/);
  });

  test('a 30k-vertex head with 51 blendshapes and a 4096×2048 JPEG is written in well under 300 ms', async () => {
    const mesh = uvSphere({ rings: 150, segments: 200 });
    const vertices = mesh.positions.length / 3;
    // Like ARKit blendshapes, each moves a small region (here a band of 4% of the vertices).
    const morphTargets = Array.from({ length: 51 }, (_, k) => {
      const positions = new Float32Array(vertices * 3);
      const start = Math.floor((k / 51) * vertices * 0.9);
      for (let v = start; v < start + vertices * 0.04; v++) positions.set([0.001, -0.002, 0.0005], v * 3);
      return { name: `shape${k}`, positions };
    });
    const noise = { type: 'gaussian' as const, mean: 128, sigma: 30 };
    const jpeg = await sharp({ create: { width: 4096, height: 2048, channels: 3, background: '#c08060', noise } }).jpeg().toBuffer();
    const material: SceneMaterial = {
      name: 'skin', baseColorTexture: { name: 'model.jpg', mimeType: 'image/jpeg', data: new Uint8Array(jpeg) },
      metallic: 0, roughness: 0.8, alphaMode: 'opaque', doubleSided: false,
    };
    const big: Scene = { name: 'avatar', meshes: [{ name: 'head', mesh, material, morphTargets }] };
    for (const options of [{ binary: true }, { binary: false, embedTextures: false }]) {
      const times: number[] = [];
      let files: WrittenFile[] = [];
      for (let run = 0; run < 5; run++) {
        const start = performance.now();
        files = await writeGltf(big, options);
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const sizes = files.map((f) => `${f.name} ${(f.data.length / 1e6).toFixed(2)} MB`).join(', ');
      console.log(`${vertices} vertices, 51 targets, ${(jpeg.length / 1e6).toFixed(1)} MB JPEG, binary=${options.binary}: best ${times[0].toFixed(0)} ms, median ${times[2].toFixed(0)} ms; ${sizes}`);
    }
    // Dense, the blendshapes alone would take 51 × 12 bytes per vertex.
    const dense = 51 * vertices * 12;
    const [, bin] = await writeGltf(big, { embedTextures: false });
    console.log(`model.bin ${(bin.data.length / 1e6).toFixed(2)} MB with sparse blendshapes; dense blendshapes alone ${(dense / 1e6).toFixed(2)} MB`);
    assert.ok(bin.data.length < dense / 4);
  });
});
