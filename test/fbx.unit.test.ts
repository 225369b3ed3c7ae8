import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Euler, Quaternion, Vector3, type Group, type Mesh as ThreeMesh, type MeshPhongMaterial, type SkinnedMesh } from 'three';
import { loadWithThree } from './support/fbx.js';
import { SAMPLE_JOINTS, SAMPLE_MORPHS, sampleScene } from '../bench/blenderImport.js';
import { writeFbx } from '../src/formats/fbx/index.js';
import type { FbxNode, FbxValue } from '../src/formats/fbx/node.js';
import { child, readFbx } from '../src/formats/fbx/reader.js';
import { quaternionToEuler } from '../src/formats/fbx/transform.js';
import type { Scene, WrittenFile } from '../src/formats/scene.js';
import { uvSphere } from '../src/core/uvSphere.js';

const meshes = (group: Group): ThreeMesh[] => {
  const out: ThreeMesh[] = [];
  group.traverse((o) => void ((o as ThreeMesh).isMesh && out.push(o as ThreeMesh)));
  return out;
};
const named = <T>(group: Group, name: string): T => group.getObjectByName(name) as T;
const objects = (fbx: FbxNode[], type: string): FbxNode[] => top(fbx, 'Objects').children.filter((o) => o.name === type);
const top = (fbx: FbxNode[], name: string): FbxNode => fbx.find((r) => r.name === name)!;
const text = (value: FbxValue | undefined): string => (value?.type === 'S' ? value.value : '');
const objectNamed = (fbx: FbxNode[], type: string, name: string): FbxNode | undefined =>
  objects(fbx, type).find((o) => text(o.values[1]).split('\u0000\u0001')[0] === name);
const property = (record: FbxNode, name: string): FbxValue[] | undefined =>
  child(record, 'Properties70')?.children.find((p) => text(p.values[0]) === name)?.values.slice(4);

let scene: Scene;
let embedded: WrittenFile[];
let external: WrittenFile[];
before(async () => {
  scene = await sampleScene();
  embedded = writeFbx(scene, { embedTextures: true });
  external = writeFbx(scene, { embedTextures: false });
});

describe('FBX: the binary file', () => {
  test('is FBX 7400 with the SDK footer: header, records, null record, 16-byte aligned end, version echo, closing magic', () => {
    const data = embedded[0].data;
    assert.equal(Buffer.from(data.subarray(0, 23)).toString('latin1'), 'Kaydara FBX Binary  \u0000\u001a\u0000');
    assert.equal(new DataView(data.buffer, data.byteOffset).getUint32(23, true), 7400);
    assert.equal(data.length % 16, 0);
    const end = data.length;
    assert.equal(new DataView(data.buffer, data.byteOffset).getUint32(end - 140, true), 7400);
    assert.ok(data.subarray(end - 136, end - 16).every((b) => b === 0));
    assert.equal(Buffer.from(data.subarray(end - 16)).toString('hex'), 'f85a8c6adef5d97eece90ce3758f290b');
    const file = readFbx(data);
    assert.equal(file.version, 7400);
    assert.deepEqual(file.records.map((r) => r.name), [
      'FBXHeaderExtension', 'FileId', 'CreationTime', 'Creator', 'GlobalSettings', 'Documents', 'References',
      'Definitions', 'Objects', 'Connections', 'Takes',
    ]);
  });

  test('the same scene gives the same bytes', () => {
    assert.deepEqual(writeFbx(scene)[0].data, embedded[0].data);
  });

  test('global settings: Y up, Z front, X right, and metres with UnitScaleFactor 100', () => {
    const settings = top(readFbx(embedded[0].data).records, 'GlobalSettings');
    const value = (name: string) => property(settings, name)?.[0]?.value;
    assert.deepEqual(['UpAxis', 'UpAxisSign', 'FrontAxis', 'FrontAxisSign', 'CoordAxis', 'CoordAxisSign'].map(value), [1, 1, 2, 1, 0, 1]);
    assert.equal(value('UnitScaleFactor'), 100);
  });

  test('every mesh keeps its vertices as control points; a pointcloud has nothing else; Definitions count every object', () => {
    const fbx = readFbx(embedded[0].data).records;
    for (const { name, mesh } of scene.meshes) {
      const geometry = objectNamed(fbx, 'Geometry', name)!;
      assert.deepEqual(child(geometry, 'Vertices')!.values[0].value, Float64Array.from(mesh.positions), name);
      const polygons = child(geometry, 'PolygonVertexIndex')?.values[0].value as Int32Array | undefined;
      assert.equal(polygons?.filter((i) => i < 0).length ?? 0, mesh.indices.length / 3, name);
    }
    const points = objectNamed(fbx, 'Geometry', 'head_points')!;
    assert.deepEqual(points.children.map((c) => c.name), ['GeometryVersion', 'Vertices']);
    const counts = Object.fromEntries(
      top(fbx, 'Definitions').children.filter((c) => c.name === 'ObjectType').map((c) => [text(c.values[0]), child(c, 'Count')!.values[0].value]),
    );
    for (const [type, count] of Object.entries(counts)) if (type !== 'GlobalSettings') assert.equal(objects(fbx, type).length, count, type);
    assert.equal(counts.Geometry, 3 + 2); // three meshes and two blend shape targets
  });

  test('blend shapes store only the vertices a target moves', () => {
    const fbx = readFbx(embedded[0].data).records;
    const jaw = objectNamed(fbx, 'Geometry', 'jawOpen')!;
    const indexes = child(jaw, 'Indexes')!.values[0].value as Int32Array;
    const moved = scene.meshes[0].morphTargets[0].positions.filter((_, i) => i % 3 === 1 && _ !== 0).length;
    assert.equal(indexes.length, moved);
    assert.ok(moved > 0 && moved < scene.meshes[0].mesh.positions.length / 3);
  });

  test('embedded images are stored in Video.Content; otherwise returned as files the Video names', () => {
    const videos = (files: WrittenFile[]) => objects(readFbx(files[0].data).records, 'Video');
    for (const video of videos(embedded)) {
      const name = text(child(video, 'RelativeFilename')!.values[0]);
      const image = [scene.meshes[0].material!.baseColorTexture!, scene.meshes[0].material!.normalTexture!, scene.meshes[1].material!.baseColorTexture!].find((i) => i.name === name)!;
      assert.deepEqual(child(video, 'Content')!.values[0].value, image.data);
    }
    assert.deepEqual(embedded.map((f) => f.name), ['model.fbx']);
    assert.deepEqual(external.map((f) => f.name), ['model.fbx', 'model.jpg', 'model_normal.png', 'haircut.png']);
    assert.ok(videos(external).every((v) => !child(v, 'Content')));
    assert.deepEqual(external[1].data, scene.meshes[0].material!.baseColorTexture!.data);
  });
});

describe('FBX: read back by three.js FBXLoader', () => {
  for (const embed of [true, false]) {
    test(`${embed ? 'embedded' : 'separate'} textures: meshes, triangles, UVs, morphs, skin, animation and materials`, async () => {
      const group = await loadWithThree((embed ? embedded : external)[0].data);
      assert.deepEqual(meshes(group).map((m) => m.name), ['head', 'haircut', 'head_points']);

      const head = named<SkinnedMesh>(group, 'head');
      const position = head.geometry.getAttribute('position');
      assert.equal(position.count / 3, scene.meshes[0].mesh.indices.length / 3);
      // three.js expands polygons to corners: each corner must be the vertex it names, with v flipped.
      const { positions, uvs, indices } = scene.meshes[0].mesh;
      const uv = head.geometry.getAttribute('uv');
      for (const corner of [0, 1, 2, 500, position.count - 1]) {
        const v = indices[corner];
        assert.ok(Math.abs(position.getY(corner) - positions[v * 3 + 1]) < 1e-6);
        assert.ok(Math.abs(uv.getY(corner) - (1 - uvs![v * 2 + 1])) < 1e-6);
      }

      const morphs = head.geometry.morphAttributes.position ?? [];
      assert.equal(morphs.length, 2);
      assert.deepEqual(Object.keys(head.morphTargetDictionary!), SAMPLE_MORPHS);
      const jaw = morphs[0];
      let lowest = 0;
      for (let i = 0; i < jaw.count; i++) lowest = Math.min(lowest, jaw.getY(i));
      assert.ok(Math.abs(lowest + 0.02) < 1e-6, `jawOpen moves ${lowest}`);

      assert.ok(head.isSkinnedMesh);
      assert.deepEqual(head.skeleton.bones.map((b) => b.name), SAMPLE_JOINTS);
      // Bound right, the rest pose leaves every vertex where it is.
      group.updateMatrixWorld(true);
      head.skeleton.update();
      for (const corner of [0, 100, position.count - 1]) {
        const p = head.applyBoneTransform(corner, new Vector3().fromBufferAttribute(position, corner));
        assert.ok(p.distanceTo(new Vector3().fromBufferAttribute(position, corner)) < 1e-6);
      }

      assert.deepEqual(group.animations.map((a) => a.name), ['nod']);
      const tracks = Object.fromEntries(group.animations[0].tracks.map((t) => [t.name, t]));
      const nod = tracks['Head.quaternion'].values.slice(4, 8);
      assert.ok(new Quaternion(...nod).angleTo(new Quaternion(Math.sin(0.2), 0, 0, Math.cos(0.2))) < 1e-4);
      assert.deepEqual([...tracks['Neck.position'].values].map((x) => Math.round(x * 1000)), [0, 150, 0, 0, 160, 0]);
      // The blink is keyed on its BlendShapeChannel's DeformPercent; jawOpen, at rest throughout, is not keyed.
      assert.deepEqual([...tracks['head.morphTargetInfluences[1]'].values], [0, 1, 0]);
      assert.deepEqual([...tracks['head.morphTargetInfluences[1]'].times], [0, 0.5, 1]);
      assert.equal(tracks['head.morphTargetInfluences[0]'], undefined);

      const skin = head.material as MeshPhongMaterial;
      assert.equal(skin.name, 'head_material');
      const src = (skin.map!.image as { src: string }).src;
      if (embed) assert.match(src, /^blob:/);
      else assert.equal(src, 'model.jpg');
      assert.ok(skin.normalMap);
      assert.equal(skin.transparent, false);
      const hair = named<ThreeMesh>(group, 'haircut').material as MeshPhongMaterial;
      assert.ok(hair.map && hair.alphaMap && hair.transparent);

      // three.js's loader builds polygons only: the pointcloud comes back as an empty mesh, not an error.
      assert.equal(named<ThreeMesh>(group, 'head_points').geometry.getAttribute('position').count, 0);
    });
  }

  test('a single mesh with no material, skeleton or animation loads, at its size in metres', async () => {
    const mesh = uvSphere({ radius: 0.5, rings: 4, segments: 6 });
    const [file] = writeFbx({ name: 'plain', meshes: [{ name: 'ball', mesh, morphTargets: [] }] }, { baseName: 'ball' });
    assert.equal(file.name, 'ball.fbx');
    const group = await loadWithThree(file.data);
    const ball = named<ThreeMesh>(group, 'ball');
    ball.geometry.computeBoundingBox();
    assert.ok(Math.abs(ball.geometry.boundingBox!.max.y - 0.5) < 1e-6);
    assert.equal(group.animations.length, 0);
  });
});

describe('FBX: rotations', () => {
  test('Euler XYZ degrees from a quaternion rebuild the same rotation as three.js reads them', () => {
    for (let i = 0; i < 50; i++) {
      const q = new Quaternion(Math.sin(i), Math.cos(i * 1.7), Math.sin(i * 0.3 + 1), Math.cos(i * 2.1)).normalize();
      const degrees = quaternionToEuler([q.x, q.y, q.z, q.w]);
      const [x, y, z] = degrees.map((d) => (d * Math.PI) / 180);
      const back = new Quaternion().setFromEuler(new Euler(x, y, z, 'ZYX'));
      assert.ok(back.angleTo(q) < 1e-6, `${i}: ${degrees}`);
    }
  });

  test('consecutive keys are unwrapped to the nearest equivalent angles, so they interpolate the short way', () => {
    const turn = (deg: number): [number, number, number, number] => [0, 0, Math.sin((deg * Math.PI) / 360), Math.cos((deg * Math.PI) / 360)];
    const first = quaternionToEuler(turn(170));
    const next = quaternionToEuler(turn(190), first);
    assert.ok(Math.abs(next[2] - 190) < 1e-6, `${next}`);
  });
});
