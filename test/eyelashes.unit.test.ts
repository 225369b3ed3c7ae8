import assert from 'node:assert/strict';
import { before, describe, test } from 'node:test';
import { headTemplate, type HeadTemplate } from '../src/assets/index.js';
import { EYELASH_LODS, eyelashMesh, eyelashTexture, lidMargins, type Eyelashes } from '../src/assets/eyelashes/index.js';
import type { Mesh } from '../src/core/mesh.js';

/** The persona_2.0 budgets of AvatarEyelashes. */
const BUDGETS = { 1: { vertices: 6300, faces: 4900 }, 2: { vertices: 130, faces: 160 } } as const;

let template: HeadTemplate;
const lashes: Record<1 | 2, Eyelashes> = {} as Record<1 | 2, Eyelashes>;

before(() => {
  template = headTemplate('head_2.0 head/mobile');
  for (const lod of [1, 2] as const) lashes[lod] = eyelashMesh(template.mesh, template, { lod });
});

const at = (p: Float32Array, v: number): [number, number, number] => [p[v * 3], p[v * 3 + 1], p[v * 3 + 2]];

/** Eyelash vertices of one eye (bound to its opening's rim), optionally of one lid only (corners excluded). */
function eyeVertices({ binding }: Eyelashes, side: 'left' | 'right', lid?: 'upper' | 'lower'): number[] {
  const margin = lidMargins(template)[side];
  const rim = new Set(lid ? [...margin[lid]].slice(1, -1) : [...margin.upper, ...margin.lower]);
  return [...binding.keys()].filter((k) => rim.has(binding[k]));
}

describe('eyelash cards', () => {
  test('LOD1 has 6300 vertices and 4900 faces, LOD2 130 and 160, each within ±3 %', () => {
    for (const lod of [1, 2] as const) {
      const { mesh, binding } = lashes[lod];
      const vertices = mesh.positions.length / 3, faces = mesh.indices.length / 3;
      assert.ok(Math.abs(vertices / BUDGETS[lod].vertices - 1) <= 0.03, `LOD${lod}: ${vertices} vertices`);
      assert.ok(Math.abs(faces / BUDGETS[lod].faces - 1) <= 0.03, `LOD${lod}: ${faces} faces`);
      assert.equal(binding.length, vertices);
      assert.equal(mesh.normals!.length, vertices * 3);
      assert.equal(mesh.uvs!.length, vertices * 2);
      assert.ok(mesh.indices.every((v) => v < vertices));
      assert.ok(mesh.uvs!.every((u) => u >= 0 && u <= 1), `LOD${lod}: a UV outside the texture`);
    }
  });

  test('every vertex is bound to a vertex of an eye opening’s rim, and both lids of both eyes have lashes', () => {
    const rim = new Set([...template.regions.leftEye.vertices, ...template.regions.rightEye.vertices]);
    for (const lod of [1, 2] as const) {
      assert.ok(lashes[lod].binding.every((v) => rim.has(v)), `LOD${lod}`);
      for (const side of ['left', 'right'] as const) {
        for (const lid of ['upper', 'lower'] as const) assert.ok(eyeVertices(lashes[lod], side, lid).length > 0, `LOD${lod} ${side} ${lid}`);
      }
    }
  });

  test('a single-strand card moves as one: all its vertices follow the same lid vertex', () => {
    const { binding } = lashes[1];
    let k = 0;
    for (const side of [0, 1]) {
      for (const lid of ['upper', 'lower'] as const) {
        const { cards, columns, rows } = EYELASH_LODS[1][lid];
        for (let card = 0; card < cards; card++, k += columns * rows) {
          for (let i = 1; i < columns * rows; i++) assert.equal(binding[k + i], binding[k], `eye ${side} ${lid} card ${card}`);
        }
      }
    }
    assert.equal(k, binding.length);
  });

  test('no lash vertex is inside the head: each is on the outer side of the nearest head vertex near the eyes', () => {
    const { positions, normals } = template.mesh;
    const near: number[] = [];
    for (let v = 0; v < positions.length / 3; v++) {
      const [x, y, z] = at(positions, v);
      if (Math.abs(x) < 0.07 && Math.abs(y) < 0.04 && z > 0.04) near.push(v);
    }
    for (const lod of [1, 2] as const) {
      const p = lashes[lod].mesh.positions;
      for (let k = 0; k < p.length / 3; k++) {
        const q = at(p, k);
        let best = near[0], bestD = Infinity;
        for (const v of near) {
          const d = (positions[v * 3] - q[0]) ** 2 + (positions[v * 3 + 1] - q[1]) ** 2 + (positions[v * 3 + 2] - q[2]) ** 2;
          if (d < bestD) [best, bestD] = [v, d];
        }
        const [h, n] = [at(positions, best), at(normals!, best)];
        const out = (q[0] - h[0]) * n[0] + (q[1] - h[1]) * n[1] + (q[2] - h[2]) * n[2];
        assert.ok(out > 0, `LOD${lod} vertex ${k} is ${(-out * 1000).toFixed(2)} mm inside the head near vertex ${best}`);
        // And in front of the rim it follows, along that vertex's normal.
        const [r, m] = [at(positions, lashes[lod].binding[k]), at(normals!, lashes[lod].binding[k])];
        assert.ok((q[0] - r[0]) * m[0] + (q[1] - r[1]) * m[1] + (q[2] - r[2]) * m[2] > 0, `LOD${lod} vertex ${k} behind its lid`);
      }
    }
  });

  test('upper lashes rise above the upper lid and lower ones drop below the lower lid; the upper ones are longer', () => {
    const p = lashes[1].mesh.positions;
    for (const side of ['left', 'right'] as const) {
      const margin = lidMargins(template)[side];
      const lidY = (lid: Uint32Array): number => Math.max(...[...lid].map((v) => template.mesh.positions[v * 3 + 1]));
      const lowY = (lid: Uint32Array): number => Math.min(...[...lid].map((v) => template.mesh.positions[v * 3 + 1]));
      const upperTop = Math.max(...eyeVertices(lashes[1], side, 'upper').map((k) => p[k * 3 + 1]));
      const lowerBottom = Math.min(...eyeVertices(lashes[1], side, 'lower').map((k) => p[k * 3 + 1]));
      const rise = upperTop - lidY(margin.upper), drop = lowY(margin.lower) - lowerBottom;
      assert.ok(rise > 0.003, `${side}: the upper lashes rise ${(rise * 1000).toFixed(1)} mm`);
      assert.ok(drop > 0.001, `${side}: the lower lashes drop ${(drop * 1000).toFixed(1)} mm`);
      assert.ok(rise > 1.5 * drop, `${side}: rise ${(rise * 1000).toFixed(1)} mm, drop ${(drop * 1000).toFixed(1)} mm`);
      assert.ok(eyeVertices(lashes[1], side, 'upper').length > 2 * eyeVertices(lashes[1], side, 'lower').length, `${side}: the lower lid is not sparser`);
    }
  });

  test('the upper lashes of the left and right eye mirror each other in x within 1 mm', () => {
    for (const lod of [1, 2] as const) {
      const p = lashes[lod].mesh.positions;
      const [left, right] = (['left', 'right'] as const).map((side) => eyeVertices(lashes[lod], side, 'upper').map((k) => at(p, k)));
      assert.equal(left.length, right.length, `LOD${lod}`);
      for (const [from, to] of [[left, right], [right, left]]) {
        for (const q of from) {
          let nearest = Infinity;
          for (const r of to) nearest = Math.min(nearest, (r[0] + q[0]) ** 2 + (r[1] - q[1]) ** 2 + (r[2] - q[2]) ** 2);
          nearest = Math.sqrt(nearest);
          assert.ok(nearest < 0.001, `LOD${lod}: (${q.map((c) => c.toFixed(4))}) has no mirror image within 1 mm (${(nearest * 1000).toFixed(2)} mm)`);
        }
      }
    }
  });

  test('normals point out of the face and are unit length', () => {
    for (const lod of [1, 2] as const) {
      const n = lashes[lod].mesh.normals!;
      for (let k = 0; k < n.length / 3; k++) {
        assert.ok(Math.abs(Math.hypot(n[k * 3], n[k * 3 + 1], n[k * 3 + 2]) - 1) < 1e-4);
        assert.ok(n[k * 3 + 2] > 0.3, `LOD${lod} normal ${k} points back (${n[k * 3 + 2].toFixed(2)})`);
      }
    }
  });

  test('the lashes follow the head they are given: a moved, stretched head moves them and keeps the binding', () => {
    const shift = [0.01, -0.02, 0.005];
    const moved: Mesh = { ...template.mesh, positions: template.mesh.positions.map((c, i) => c + shift[i % 3]) };
    const again = eyelashMesh(moved, template, { lod: 1 });
    assert.deepEqual(again.binding, lashes[1].binding);
    again.mesh.positions.forEach((c, i) => assert.ok(Math.abs(c - lashes[1].mesh.positions[i] - shift[i % 3]) < 1e-6));
    // A head 20 % wider moves every lash's root with its lid.
    const wide: Mesh = { ...template.mesh, positions: template.mesh.positions.map((c, i) => (i % 3 === 0 ? c * 1.2 : c)) };
    const wider = eyelashMesh(wide, template, { lod: 1 });
    const lidDistance = (e: Eyelashes, head: Mesh): number =>
      Math.max(...[...e.binding.keys()].map((k) => Math.hypot(...at(e.mesh.positions, k).map((c, i) => c - head.positions[e.binding[k] * 3 + i]))));
    assert.ok(lidDistance(wider, wide) < 0.009, `a lash vertex ${(lidDistance(wider, wide) * 1000).toFixed(1)} mm from its lid vertex`);
    assert.ok(lidDistance(wider, template.mesh) > lidDistance(wider, wide) + 0.001, 'the lashes stayed on the template');
  });

  test('the same seed gives the same cards; another seed other ones', () => {
    assert.deepEqual(eyelashMesh(template.mesh, template, { lod: 1, seed: 1 }).mesh.positions, lashes[1].mesh.positions);
    assert.notDeepEqual(eyelashMesh(template.mesh, template, { lod: 1, seed: 2 }).mesh.positions, lashes[1].mesh.positions);
  });
});

describe('eyelash texture', () => {
  test('dark opaque strands on a transparent background, 512 × 512 RGBA by default', () => {
    const image = eyelashTexture();
    assert.deepEqual([image.width, image.height, image.channels, image.data.length], [512, 512, 4, 512 * 512 * 4]);
    const alpha = (x: number, y: number): number => image.data[(y * 512 + x) * 4 + 3];
    for (const [x, y] of [[0, 0], [511, 0], [0, 511], [511, 511], [256, 0]]) assert.equal(alpha(x, y), 0, `pixel ${x},${y}`);
    let clear = 0, darkOpaque = 0, lightOpaque = 0;
    for (let i = 0; i < 512 * 512; i++) {
      const [r, g, b, a] = [image.data[i * 4], image.data[i * 4 + 1], image.data[i * 4 + 2], image.data[i * 4 + 3]];
      if (a === 0) clear++;
      if (a >= 250) (Math.max(r, g, b) < 60 ? darkOpaque++ : lightOpaque++);
    }
    assert.ok(clear > 0.3 * 512 * 512, `${clear} transparent pixels`);
    assert.ok(darkOpaque > 0.15 * 512 * 512, `${darkOpaque} dark opaque pixels`);
    assert.equal(lightOpaque, 0);
  });

  test('strands fade at their tips: alpha falls along a strand, root to tip', () => {
    const image = eyelashTexture();
    // Slot 0's strand runs up the middle of the first 32 columns, its root at row 0.73 × 512.
    const column = (y: number): number => Math.max(...Array.from({ length: 32 }, (_, x) => image.data[(y * 512 + x) * 4 + 3]));
    assert.equal(column(360), 255);
    assert.ok(column(200) === 255 && column(40) < column(200), `alpha ${column(40)} near the tip`);
    assert.equal(column(2), 0);
  });

  test('the same seed gives the same bytes; another seed other strands; size is an option', () => {
    assert.deepEqual(eyelashTexture({ seed: 7 }).data, eyelashTexture({ seed: 7 }).data);
    assert.notDeepEqual(eyelashTexture({ seed: 7 }).data, eyelashTexture({ seed: 8 }).data);
    assert.equal(eyelashTexture({ size: 128 }).data.length, 128 * 128 * 4);
  });
});
