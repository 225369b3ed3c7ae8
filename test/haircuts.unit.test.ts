import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalysis } from '../src/analysis/index.js';
import { hairRegion } from '../src/analysis/hairRegion.js';
import type { Mask } from '../src/analysis/types.js';
import { headTemplate } from '../src/assets/index.js';
import {
  ABSOLUTELY_BALD, artificialHaircutTexture, authorHaircut, CAP_DISC, cardTile, fitHaircut, HAIR_BASE_COLOR, haircutMaps,
  haircutByIdentity, haircutPenetration, HAIRCUTS, haircutSet, predictHaircut, warmUpHaircuts,
} from '../src/assets/haircuts/index.js';
import { fitHead, type FittedHead } from '../src/geometry/fitHead.js';
import { meshDefects } from '../src/geometry/meshDefects.js';
import { headSurface } from '../src/geometry/headSurface.js';
import { decodeRgb } from '../src/formats/image.js';

// Compiled to dist/test/: the project root is two levels up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SUBTYPE = 'head_2.0 bust/mobile';

interface Subject {
  analysis: FaceAnalysis;
  fitted: FittedHead;
  hair: Mask;
}

let astronaut: Subject, shaved: Subject, bald: Subject;

before(async () => {
  const analyzer = await createFaceAnalyzer();
  const subject = async (path: string): Promise<Subject> => {
    const bytes = await readFile(ROOT + path);
    const analysis = await analyzer.analyze(bytes);
    return { analysis, fitted: fitHead(headTemplate(SUBTYPE), analysis), hair: hairRegion(await decodeRgb(bytes), analysis) };
  };
  astronaut = await subject('test/fixtures/photos/astronaut.png');
  // A man with his head shaved to a few millimetres.
  shaved = await subject('bench/fixtures/faces/faceid.png');
  // A bald man in sunglasses.
  bald = await subject('test/fixtures/photos/sunglasses.png');
});

describe('the artificial haircut sets', () => {
  test('base has 6 haircuts, 3 male and 3 female', () => {
    const base = haircutSet('base');
    assert.equal(base.length, 6);
    assert.equal(base.filter((h) => h.gender === 'male').length, 3);
    assert.equal(base.filter((h) => h.gender === 'female').length, 3);
  });

  test('facegen has 39 haircuts and plus 50, some of them unisex', () => {
    assert.equal(haircutSet('facegen').length, 39);
    assert.equal(haircutSet('plus').length, 50);
    assert.ok(haircutSet('plus').some((h) => h.gender === 'unisex'));
    assert.equal(HAIRCUTS.length, 123);
  });

  test('persona has 28 haircuts for both genders: clipped to long, curly and coily, buns, ponytails and braids', () => {
    const persona = haircutSet('persona');
    assert.equal(persona.length, 28);
    for (const gender of ['male', 'female', 'unisex'] as const) assert.ok(persona.filter((h) => h.gender === gender).length >= 4, gender);
    for (const gather of ['bun', 'ponytail', 'braid', 'pigtails'] as const) assert.ok(persona.some((h) => h.style.gather === gather), gather);
    assert.ok(persona.some((h) => h.style.flow === 'puff'), 'an afro');
    // Coily: a corkscrew tighter than the loose curls'.
    assert.ok(persona.some((h) => h.style.strands === 'curly' && h.style.curl > 0 && h.style.curl < 0.005), 'coily');
    assert.ok(persona.some((h) => h.style.strands === 'wavy'));
    for (const length of ['shaved', 'short', 'long'] as const) assert.ok(persona.some((h) => h.length === length), length);
  });

  test('identities are unique across the sets, and every haircut is found by its identity', () => {
    assert.equal(new Set(HAIRCUTS.map((h) => h.identity)).size, HAIRCUTS.length);
    for (const h of HAIRCUTS) {
      assert.match(h.identity, /^[a-z][a-z0-9_]*$/);
      assert.notEqual(h.identity, ABSOLUTELY_BALD);
      assert.equal(haircutByIdentity(h.identity), h);
    }
  });

  test('identities are stable: the base set keeps its names', () => {
    assert.deepEqual(haircutSet('base').map((h) => h.identity), ['buzz_cut', 'crew_cut', 'side_part', 'chin_bob', 'long_straight', 'ponytail']);
  });

  test('the sets cover short, long and gathered styles for both genders', () => {
    for (const set of ['base', 'facegen', 'plus', 'persona'] as const) {
      const haircuts = haircutSet(set);
      assert.ok(haircuts.some((h) => h.length === 'shaved' && h.gender !== 'female'), set);
      assert.ok(haircuts.some((h) => h.length === 'long' && h.gender !== 'male'), set);
      assert.ok(haircuts.some((h) => h.style.gather !== 'none'), set);
    }
    assert.ok(HAIRCUTS.some((h) => h.style.flow === 'puff'));
    assert.ok(HAIRCUTS.some((h) => h.style.gather === 'pigtails' || h.style.gather === 'braid'));
  });

  test('a haircut is generated the same way every time: the same geometry on two templates of the same shape', () => {
    const haircut = haircutByIdentity('chin_bob')!;
    const a = authorHaircut(haircut, headTemplate('head_2.0 bust/mobile')).mesh;
    const b = authorHaircut(haircut, headTemplate('head_2.0 bust/static')).mesh;
    assert.notEqual(a, b);
    assert.deepEqual(a.positions, b.positions);
    assert.deepEqual(a.indices, b.indices);
  });
});

describe('the haircut maps (persona haircut textures)', () => {
  test('line up with the texture: alpha is its alpha, roots at the top of each card, strands told apart, flat normals where there is no hair', () => {
    const haircut = haircutByIdentity('long_straight_middle')!;
    const size = 512;
    const maps = haircutMaps(haircut, size);
    assert.deepEqual(maps.color.data, artificialHaircutTexture(haircut, { size }).data);
    for (let i = 0; i < size * size; i++) if (maps.alpha.data[i] !== maps.color.data[i * 4 + 3]) assert.fail(`alpha differs at ${i}`);
    // Down the middle column of card tile 2: Root falls from the root to the tip, AO rises.
    const tile = cardTile(2);
    const x = Math.round(((tile.u0 + tile.u1) / 2) * size);
    const at = (v: number) => Math.round((tile.v0 + (tile.v1 - tile.v0) * v) * size) * size + x;
    assert.ok(maps.root.data[at(0.05)] > 230 && maps.root.data[at(0.95)] < 25, `${maps.root.data[at(0.05)]} → ${maps.root.data[at(0.95)]}`);
    assert.ok(maps.ao.data[at(0.05)] < maps.ao.data[at(0.9)]);
    // Across a row of the tile, UniqueID changes from strand to strand.
    const row = Math.round((tile.v0 + (tile.v1 - tile.v0) * 0.4) * size) * size;
    const ids = new Set<number>();
    for (let u = Math.round(tile.u0 * size); u < Math.round(tile.u1 * size); u++) if (maps.uniqueId.data[row + u]) ids.add(maps.uniqueId.data[row + u]);
    assert.ok(ids.size >= 5, `${ids.size} strand ids across a card`);
    // The cap disc is the scalp shade; off it (a card), the scalp shade is transparent.
    const cap = Math.round(CAP_DISC.v * size) * size + Math.round(CAP_DISC.u * size);
    assert.equal(maps.root.data[cap], 255);
    assert.equal(maps.scalpShadeAoAlpha.data[cap * 4 + 3], maps.scalpShadeAlpha.data[cap]);
    assert.equal(maps.scalpShadeAlpha.data[at(0.4)], 0);
    // Normals: unit length, and straight up where the atlas is empty (its padding).
    for (const i of [at(0.4), cap, 0]) {
      const n = [0, 1, 2].map((c) => maps.normal.data[i * 3 + c] / 127.5 - 1);
      assert.ok(Math.abs(Math.hypot(...n) - 1) < 0.03, `normal ${n}`);
    }
    assert.deepEqual([...maps.normal.data.subarray(0, 3)], [128, 128, 255]);
    assert.ok(maps.roughness.data[at(0.4)] > 60 && maps.roughness.data[at(0.4)] < 160);
  });
});

describe('every haircut fitted to the head of astronaut.png', () => {
  before(() => {
    warmUpHaircuts(astronaut.fitted.template, ['base', 'facegen', 'plus', 'persona']);
  });

  test('is non-empty, with UVs in [0, 1], no degenerate faces and nothing not finite', () => {
    for (const haircut of HAIRCUTS) {
      const mesh = fitHaircut(haircut, astronaut.fitted);
      const defects = meshDefects(mesh);
      assert.ok(mesh.indices.length > 3000, `${haircut.identity}: ${mesh.indices.length / 3} triangles`);
      assert.equal(defects.degenerateFaces, 0, haircut.identity);
      assert.equal(defects.nonFinite, 0, haircut.identity);
      assert.equal(defects.uvsOutside, 0, haircut.identity);
      assert.equal(mesh.normals!.length, mesh.positions.length);
    }
  });

  test('fails no penetration check: no vertex is inside the head', () => {
    for (const haircut of HAIRCUTS) {
      const { count, deepest } = haircutPenetration(fitHaircut(haircut, astronaut.fitted), astronaut.fitted.mesh);
      assert.equal(count, 0, `${haircut.identity}: ${count} vertices inside, the deepest ${(deepest * 1000).toFixed(1)} mm`);
    }
  });

  test('sits on the scalp: its cap lies a millimetre or two above the fitted head, over the top of the head', () => {
    const surface = headSurface(astronaut.fitted.mesh);
    for (const identity of ['buzz_cut', 'chin_bob', 'afro_round']) {
      const haircut = haircutByIdentity(identity)!;
      const mesh = fitHaircut(haircut, astronaut.fitted);
      const cap = authorHaircut(haircut, astronaut.fitted.template).capVertices;
      let top = -Infinity;
      for (let v = 0; v < cap; v++) {
        const height = surface.closest(mesh.positions[v * 3], mesh.positions[v * 3 + 1], mesh.positions[v * 3 + 2]).distance;
        assert.ok(height > 0.0003 && height < 0.003, `${identity}: cap vertex ${v} is ${(height * 1000).toFixed(2)} mm above the head`);
        top = Math.max(top, mesh.positions[v * 3 + 1]);
      }
      let headTop = -Infinity;
      for (let v = 1; v < astronaut.fitted.mesh.positions.length; v += 3) headTop = Math.max(headTop, astronaut.fitted.mesh.positions[v]);
      assert.ok(Math.abs(top - headTop) < 0.005, `${identity}: the cap's top ${top} against the head's ${headTop}`);
    }
  });

  test('long hair hangs lower than a bob, and a bob lower than a crew cut', () => {
    const lowest = (identity: string): number => Math.min(...fitHaircut(haircutByIdentity(identity)!, astronaut.fitted).positions.filter((_, i) => i % 3 === 1));
    assert.ok(lowest('long_straight') < lowest('chin_bob') - 0.1);
    assert.ok(lowest('chin_bob') < lowest('crew_cut') - 0.01);
  });

});

describe('the texture of an artificial haircut', () => {
  const haircut = haircutByIdentity('chin_bob')!;
  const texture = artificialHaircutTexture(haircut, { size: 512 });
  const alpha = (u: number, v: number): number => texture.data[(Math.floor(v * 512) * 512 + Math.floor(u * 512)) * 4 + 3];

  test('is RGBA, square, the size asked for', () => {
    assert.equal(texture.channels, 4);
    assert.equal(texture.width, 512);
    assert.equal(texture.data.length, 512 * 512 * 4);
  });

  test('cards are transparent at their edges and tips and mostly opaque in the middle', () => {
    const tile = cardTile(3);
    const column = (u: number): number => {
      let sum = 0;
      for (let v = tile.v0 + 0.05; v < tile.v0 + 0.3; v += 0.002) sum += alpha(u, v);
      return sum / (0.25 / 0.002) / 255;
    };
    const middle = column((tile.u0 + tile.u1) / 2), edge = column(tile.u0 + 0.001);
    assert.ok(middle > 0.5, `middle ${middle}`);
    assert.ok(edge < middle / 2, `edge ${edge} against middle ${middle}`);
    let tip = 0;
    for (let u = tile.u0; u < tile.u1; u += 0.001) tip += alpha(u, tile.v1 - 0.002);
    assert.ok(tip / ((tile.u1 - tile.u0) / 0.001) / 255 < 0.2, 'tips fade out');
  });

  test('the cap is opaque on the crown and transparent outside the disc', () => {
    assert.equal(alpha(CAP_DISC.u, CAP_DISC.v), 255);
    assert.equal(alpha(0.002, 0.998), 0);
  });

  test('is painted in the neutral base colour, for hair_color to recolour', () => {
    let r = 0, g = 0, b = 0, n = 0;
    for (let i = 0; i < 512 * 512; i++) {
      const a = texture.data[i * 4 + 3];
      if (a < 128) continue;
      r += texture.data[i * 4]; g += texture.data[i * 4 + 1]; b += texture.data[i * 4 + 2]; n++;
    }
    const mean = [r / n, g / n, b / n];
    const base = [HAIR_BASE_COLOR.red, HAIR_BASE_COLOR.green, HAIR_BASE_COLOR.blue];
    mean.forEach((m, k) => assert.ok(Math.abs(m - base[k]) < 25, `channel ${k}: ${m} against ${base[k]}`));
  });

  test('is the same texture every time it is made', () => {
    assert.deepEqual(artificialHaircutTexture(haircut, { size: 512 }).data, texture.data);
  });
});

describe('predict_haircut', () => {
  const sets = ['base', 'facegen'] as const;

  test('astronaut.png, a woman with a short bob, gets a short haircut that is not a man\'s', () => {
    const { name } = predictHaircut(astronaut.fitted, astronaut.hair, astronaut.analysis, { sets });
    const haircut = haircutByIdentity(name);
    assert.ok(haircut, `predicted ${name}`);
    assert.equal(haircut.length, 'short', name);
    assert.notEqual(haircut.gender, 'male', name);
  });

  test('a shaved head (faceid.png) gets absolutely_bald or a buzz cut', () => {
    const { name } = predictHaircut(shaved.fitted, shaved.hair, shaved.analysis, { sets });
    assert.ok(name === ABSOLUTELY_BALD || haircutByIdentity(name)?.length === 'shaved', name);
  });

  test('a bald head (sunglasses.png) gets absolutely_bald', () => {
    assert.equal(predictHaircut(bald.fitted, bald.hair, bald.analysis, { sets }).name, ABSOLUTELY_BALD);
  });

  test('weights are given for every candidate and absolutely_bald, and sum to 1', () => {
    for (const subject of [astronaut, shaved]) {
      for (const candidates of [['base', 'facegen'], ['base', 'plus']] as const) {
        const { name, weights } = predictHaircut(subject.fitted, subject.hair, subject.analysis, { sets: candidates });
        const names = [ABSOLUTELY_BALD, ...candidates.flatMap((s) => haircutSet(s).map((h) => h.identity))];
        assert.deepEqual(Object.keys(weights).sort(), names.sort());
        const total = Object.values(weights).reduce((a, b) => a + b, 0);
        assert.ok(Math.abs(total - 1) < 1e-9, `weights sum to ${total}`);
        assert.ok(Object.values(weights).every((w) => w >= 0));
        assert.equal(name, Object.keys(weights).reduce((a, b) => (weights[b] > weights[a] ? b : a)));
      }
    }
  });

});
