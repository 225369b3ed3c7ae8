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
import { quadPolygons } from '../src/formats/fbx/quads.js';

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

describe('FBX: export_quads', () => {
  /** Polygons of a PolygonVertexIndex, as vertex lists. */
  const polygons = (index: ArrayLike<number>): number[][] => {
    const out: number[][] = [];
    let current: number[] = [];
    for (const i of Array.from(index)) {
      current.push(i < 0 ? ~i : i);
      if (i < 0) { out.push(current); current = []; }
    }
    return out;
  };

  test('a quad grid cut along its diagonals comes back as its quads; a fold or a lone triangle stays triangles', () => {
    // A 3 × 2 grid of unit squares in the z = 0 plane, each cut along one diagonal or the other.
    const positions: number[] = [];
    for (let y = 0; y <= 2; y++) for (let x = 0; x <= 3; x++) positions.push(x, y, 0);
    const at = (x: number, y: number) => y * 4 + x;
    const indices: number[] = [];
    for (let y = 0; y < 2; y++) {
      for (let x = 0; x < 3; x++) {
        const [a, b, c, d] = [at(x, y), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1)];
        if ((x + y) % 2) indices.push(a, b, c, a, c, d);
        else indices.push(a, b, d, b, c, d);
      }
    }
    const quads = polygons(quadPolygons(indices, positions));
    assert.equal(quads.length, 6);
    for (const quad of quads) {
      assert.equal(quad.length, 4);
      // Counter-clockwise seen from +z, as the triangles were: a positive signed area.
      let area = 0;
      for (let i = 0; i < 4; i++) {
        const p = quad[i], q = quad[(i + 1) % 4];
        area += positions[p * 3] * positions[q * 3 + 1] - positions[q * 3] * positions[p * 3 + 1];
      }
      assert.ok(Math.abs(area / 2 - 1) < 1e-9, `area ${area / 2} of ${quad}`);
    }
    // Folded 90° along the diagonal: two triangles.
    const folded = polygons(quadPolygons([0, 1, 2, 0, 2, 3], [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1]));
    assert.deepEqual(folded.map((p) => p.length), [3, 3]);
    assert.deepEqual(polygons(quadPolygons([0, 1, 2], [0, 0, 0, 1, 0, 0, 0, 1, 0])), [[0, 1, 2]]);
  });

  test('three.js loads a sphere written with quads as the same surface: every corner its vertex and UV', async () => {
    const sphere = uvSphere({ rings: 12, segments: 16 });
    const quadScene: Scene = { name: 'quads', meshes: [{ name: 'sphere', mesh: sphere, material: scene.meshes[0].material, morphTargets: [] }] };
    const [file] = writeFbx(quadScene, { quads: true });
    const index = child(objects(readFbx(file.data).records, 'Geometry')[0], 'PolygonVertexIndex')!.values[0] as { value: Int32Array };
    const shapes = polygons(index.value);
    assert.ok(shapes.filter((p) => p.length === 4).length > shapes.length * 0.8, `${shapes.filter((p) => p.length === 4).length} quads of ${shapes.length}`);
    const group = await loadWithThree(file.data);
    const mesh = meshes(group)[0];
    const position = mesh.geometry.getAttribute('position');
    // three.js splits each quad into two triangles: as many triangles as the mesh had.
    assert.equal(position.count / 3, sphere.indices.length / 3);
    const uv = mesh.geometry.getAttribute('uv');
    for (let corner = 0; corner < position.count; corner += 37) {
      let best = Infinity, bestUv = 0;
      for (let v = 0; v < sphere.positions.length / 3; v++) {
        const d = Math.hypot(position.getX(corner) - sphere.positions[v * 3], position.getY(corner) - sphere.positions[v * 3 + 1], position.getZ(corner) - sphere.positions[v * 3 + 2]);
        if (d < best) { best = d; bestUv = v; }
      }
      assert.ok(best < 1e-6);
      // The sphere's seam duplicates positions: the UV must be one of that position's vertices'.
      const candidates = [];
      for (let v = 0; v < sphere.positions.length / 3; v++) {
        if (Math.hypot(sphere.positions[v * 3] - sphere.positions[bestUv * 3], sphere.positions[v * 3 + 1] - sphere.positions[bestUv * 3 + 1], sphere.positions[v * 3 + 2] - sphere.positions[bestUv * 3 + 2]) < 1e-6) candidates.push(1 - sphere.uvs![v * 2 + 1]);
      }
      assert.ok(candidates.some((c) => Math.abs(c - uv.getY(corner)) < 1e-6), `corner ${corner}`);
    }
  });
});
