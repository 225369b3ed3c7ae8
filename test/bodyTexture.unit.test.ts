import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import {
  BODY_LOD_BUDGETS, BODY_SHAPE_INTERVALS, bodyLod, bodySkeleton, bodySkinWeights, bodyTexture, bodyTextureBasis, bodyTextureToned, bodyTopology, foldedTriangles,
  meshSkinWeights, solveBodyShape, type BodyMesh, type BodyTextures, type SkinWeights,
} from '../src/assets/body/index.js';
import { meshDefects } from '../src/geometry/meshDefects.js';

/** The spec's body_0.3 table: female/male and head template, vertices/faces per LOD. */
const SPEC = [
  [19538, 36196, 12367, 23404], [15633, 28102, 10374, 19054], [13854, 24880, 9116, 16860], [9291, 16173, 6059, 11007],
  [8102, 13905, 5287, 9497], [6993, 11565, 4587, 7889], [6277, 10151, 4106, 6937], [4273, 7140, 2102, 3926],
];

const bodies: { label: string; body: BodyMesh; skin: SkinWeights }[] = [];

before(() => {
  const shapes = [
    ['mean woman', { gender: 'female' }], ['mean man', { gender: 'male' }],
    ['largest woman', { gender: 'female', height: 174, weight: 86, chest: 115, waist: 98, hips: 116 }],
    ['smallest man', { gender: 'male', height: 160, weight: 70, chest: 96, waist: 81, hips: 93 }],
  ] as const;
  for (const [label, shape] of shapes) {
    const { body } = solveBodyShape(shape);
    bodies.push({ label, body, skin: meshSkinWeights(bodySkinWeights(body, bodySkeleton(body.proportions)), body.vertexOf) });
  }
  assert.equal(BODY_SHAPE_INTERVALS.female.height[1], 174);
});

describe('body LODs', () => {
  test('the budgets are the spec female/male row minus the head template row', () => {
    SPEC.forEach(([bv, bf, hv, hf], lod) => assert.deepEqual(BODY_LOD_BUDGETS[lod], { vertices: bv - hv, faces: bf - hf }));
  });

  test('each LOD 0–7 has the budget of faces within ±3 % and of vertices within ±3 %', async () => {
    for (const { label, body } of bodies.slice(0, 2)) {
      for (let lod = 0; lod < 8; lod++) {
        const { mesh } = await bodyLod(body, lod);
        const faces = mesh.indices.length / 3, vertices = mesh.positions.length / 3;
        const budget = BODY_LOD_BUDGETS[lod];
        assert.ok(Math.abs(faces / budget.faces - 1) <= 0.03, `${label} LOD${lod}: ${faces} faces for ${budget.faces}`);
        assert.ok(Math.abs(vertices / budget.vertices - 1) <= 0.03, `${label} LOD${lod}: ${vertices} vertices for ${budget.vertices}`);
      }
    }
  });

  test('the neck ring is kept exactly at every LOD: same vertices, same positions, same UVs', async () => {
    const ring = new Set(bodyTopology().neckRing);
    for (const { label, body } of bodies) {
      const lod0 = (await bodyLod(body, 0)).neckRing;
      assert.equal(lod0.length, [...body.vertexOf].filter((v) => ring.has(v)).length);
      for (let lod = 1; lod < 8; lod++) {
        const level = await bodyLod(body, lod);
        assert.equal(level.neckRing.length, lod0.length, `${label} LOD${lod}`);
        level.neckRing.forEach((v, i) => {
          const source = lod0[i];
          assert.equal(level.sourceVertices[v], source);
          for (let k = 0; k < 3; k++) assert.equal(level.mesh.positions[v * 3 + k], body.mesh.positions[source * 3 + k]);
          for (let k = 0; k < 2; k++) assert.equal(level.mesh.uvs![v * 2 + k], body.mesh.uvs![source * 2 + k]);
        });
        // Still an open border: the ring's edges are in the level, so the head welds to every one.
        assert.ok(meshDefects(level.mesh).borderEdges >= 32, `${label} LOD${lod}: the neck ring is open`);
      }
    }
  });

  test('skin weights carry over: at most four influences, summing to 1', async () => {
    for (const { label, body, skin } of bodies.slice(0, 2)) {
      for (let lod = 1; lod < 8; lod++) {
        const level = await bodyLod(body, lod, { skin });
        const n = level.mesh.positions.length / 3;
        assert.equal(level.skin!.weights.length, n * 4);
        for (let v = 0; v < n; v++) {
          let sum = 0;
          for (let k = 0; k < 4; k++) { const w = level.skin!.weights[v * 4 + k]; assert.ok(w >= 0); sum += w; }
          assert.ok(Math.abs(sum - 1) < 1e-5, `${label} LOD${lod} vertex ${v}: weights sum to ${sum}`);
          const s = level.sourceVertices[v];
          for (let k = 0; k < 4; k++) assert.equal(level.skin!.joints[v * 4 + k], skin.joints[s * 4 + k]);
        }
      }
    }
  });

  test('no LOD has a flipped or degenerate triangle, on the mean and the extreme bodies', async () => {
    for (const { label, body } of bodies) {
      for (let lod = 0; lod < 8; lod++) {
        const { mesh } = await bodyLod(body, lod);
        assert.equal(foldedTriangles(mesh, mesh.indices), 0, `${label} LOD${lod}: flipped triangles`);
        const d = meshDefects(mesh);
        assert.equal(d.degenerateFaces, 0, `${label} LOD${lod}: degenerate triangles`);
        assert.equal(d.badEdges, 0, `${label} LOD${lod}: non-manifold edges`);
      }
    }
  });

  test('levels are deterministic and shared by every body of a template', async () => {
    const a = await bodyLod(bodies[0].body, 4), b = await bodyLod(bodies[2].body, 4);
    assert.deepEqual(a.mesh.indices, b.mesh.indices);
    assert.deepEqual(a.sourceVertices, b.sourceVertices);
  });
});

describe('body textures', () => {
  const SIZE = 512;
  const tone = { red: 190, green: 140, blue: 115 };
  const grey = { red: 150, green: 150, blue: 155 };
  let female: BodyTextures;
  let male: BodyTextures;
  before(() => {
    female = bodyTexture(bodies[0].body, { size: SIZE, skinTone: tone, underwearColor: grey });
    male = bodyTexture(bodies[1].body, { size: SIZE, skinTone: tone, underwearColor: grey });
  });

  /** Mean sRGB colour and mean of a one-channel map over the texels of one kind. */
  const meanOf = (t: BodyTextures, kind: number): { rgb: number[]; roughness: number; count: number } => {
    const rgb = [0, 0, 0];
    let roughness = 0, count = 0;
    t.kinds.data.forEach((k, i) => {
      if (k !== kind) return;
      for (let c = 0; c < 3; c++) rgb[c] += t.model.data[i * 3 + c];
      roughness += t.roughness.data[i];
      count++;
    });
    return { rgb: rgb.map((v) => v / count), roughness: roughness / count / 255, count };
  };

  test('every map has the requested size', () => {
    for (const t of [female, male]) {
      for (const image of [t.model, t.normal]) assert.deepEqual([image.width, image.height, image.channels, image.data.length], [SIZE, SIZE, 3, SIZE * SIZE * 3]);
      for (const image of [t.roughness, t.metallic]) assert.deepEqual([image.width, image.height, image.channels, image.data.length], [SIZE, SIZE, 1, SIZE * SIZE]);
    }
    const small = bodyTexture(bodies[0].body, { size: 128 });
    assert.equal(small.model.width, 128);
  });

  test('the same body, tone and seed give the same bytes; another seed other grain', () => {
    const again = bodyTexture(bodies[0].body, { size: SIZE, skinTone: tone, underwearColor: grey });
    assert.deepEqual(again.model.data, female.model.data);
    assert.deepEqual(again.normal.data, female.normal.data);
    assert.deepEqual(again.roughness.data, female.roughness.data);
    const other = bodyTexture(bodies[0].body, { size: SIZE, skinTone: tone, underwearColor: grey, seed: 2 });
    assert.notDeepEqual(other.model.data, female.model.data);
  });

  test('a shared body toned from its basis is the texture painted in that tone, to within one level, for light, dark and yellow tones', () => {
    const basis = bodyTextureBasis(bodies[0].body, { size: SIZE, underwearColor: grey });
    for (const skinTone of [tone, { red: 40, green: 28, blue: 20 }, { red: 255, green: 235, blue: 220 }, { red: 185, green: 134, blue: 78 }]) {
      const painted = skinTone === tone ? female : bodyTexture(bodies[0].body, { size: SIZE, skinTone, underwearColor: grey });
      const toned = bodyTextureToned(basis, skinTone);
      let worst = 0;
      for (let i = 0; i < painted.model.data.length; i++) worst = Math.max(worst, Math.abs(painted.model.data[i] - toned.model.data[i]));
      assert.ok(worst <= 1, `${JSON.stringify(skinTone)}: a texel differs by ${worst} levels`);
      assert.deepEqual(toned.normal.data, painted.normal.data);
      assert.deepEqual(toned.roughness.data, painted.roughness.data);
      assert.deepEqual(toned.kinds.data, painted.kinds.data);
    }
  });

  test('the skin texels average to the given tone', () => {
    for (const t of [female, male]) {
      const skin = meanOf(t, 0);
      [tone.red, tone.green, tone.blue].forEach((want, c) => assert.ok(Math.abs(skin.rgb[c] - want) < 6, `skin channel ${c}: ${skin.rgb[c].toFixed(1)} for ${want}`));
    }
  });

  test('the skin is not flat: it has grain and mottling', () => {
    let sum = 0, square = 0, n = 0;
    female.kinds.data.forEach((k, i) => {
      if (k !== 0) return;
      const g = female.model.data[i * 3 + 1];
      sum += g; square += g * g; n++;
    });
    const sd = Math.sqrt(square / n - (sum / n) ** 2);
    assert.ok(sd > 2 && sd < 15, `skin green standard deviation ${sd.toFixed(2)}`);
  });

  test('palms and soles are lighter than the skin; nails lighter and glossier; underwear its colour and rougher', () => {
    for (const t of [female, male]) {
      const skin = meanOf(t, 0), palm = meanOf(t, 1), nail = meanOf(t, 2), fabric = meanOf(t, 3);
      assert.ok(palm.count > 0 && nail.count > 0 && fabric.count > 0);
      const sum = (c: number[]): number => c[0] + c[1] + c[2];
      assert.ok(sum(palm.rgb) > sum(skin.rgb) + 10, `palms ${palm.rgb.map(Math.round)} against skin ${skin.rgb.map(Math.round)}`);
      assert.ok(sum(nail.rgb) > sum(skin.rgb) + 30, `nails ${nail.rgb.map(Math.round)} against skin ${skin.rgb.map(Math.round)}`);
      assert.ok(nail.roughness < skin.roughness - 0.15, `nail roughness ${nail.roughness} against skin ${skin.roughness}`);
      assert.ok(fabric.roughness > skin.roughness + 0.15, `fabric roughness ${fabric.roughness} against skin ${skin.roughness}`);
      // Fabric: neutral, near the asked grey (darker where its elastic bands are).
      assert.ok(Math.abs(fabric.rgb[0] - fabric.rgb[2]) < 12, `underwear is grey: ${fabric.rgb.map(Math.round)}`);
      assert.ok(fabric.rgb[1] > 90 && fabric.rgb[1] < 165, `underwear ${fabric.rgb.map(Math.round)} for ${grey.green}`);
    }
  });

  test('a female body wears a bra as well: more underwear texels than a male one; none without underwear', () => {
    assert.ok(meanOf(female, 3).count > meanOf(male, 3).count * 1.2);
    const bare = bodyTexture(bodies[1].body, { size: 256, underwear: false });
    assert.equal(bare.kinds.data.filter((k) => k === 3).length, 0);
  });

  test('metallic is 0 everywhere; the normal map points out of the surface with relief', () => {
    for (const t of [female, male]) {
      assert.ok(t.metallic.data.every((v) => v === 0));
      let flat = 0, bumped = 0;
      for (let i = 0; i < SIZE * SIZE; i++) {
        assert.ok(t.normal.data[i * 3 + 2] >= 128, 'normal z is positive');
        if (t.kinds.data[i] === 255) continue;
        if (Math.abs(t.normal.data[i * 3] - 128) <= 1 && Math.abs(t.normal.data[i * 3 + 1] - 128) <= 1) flat++;
        else bumped++;
      }
      assert.ok(bumped > (bumped + flat) * 0.05, `${bumped} texels with relief, ${flat} flat`);
    }
  });

  test('bad options are refused', () => {
    assert.throws(() => bodyTexture(bodies[0].body, { size: 10 }), RangeError);
    assert.throws(() => bodyTexture(bodies[0].body, { skinTone: { red: 300, green: 0, blue: 0 } }), RangeError);
  });
});
