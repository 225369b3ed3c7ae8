import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalysis, type FaceAnalyzer } from '../src/analysis/index.js';
import { HEAD_SUBTYPE_NAMES, HEAD_SUBTYPES, headTemplate, type HeadTemplate } from '../src/assets/index.js';
import { LOWER_INNER_LIP, UPPER_INNER_LIP } from '../src/assets/headMouth.js';
import {
  BLENDSHAPE_SET_NAMES, bindToSurface, blendshapeNames, blendshapeSet, boundPositions, fitHead, headLod, lodDeltas, normalDeltas,
  type FittedHead, type Mesh,
} from '../src/geometry/index.js';
import { paintMouthBag } from '../src/texture/index.js';
import { faceRig } from '../src/geometry/blendshapes/rig.js';

// Compiled to dist/test/: the project root is two levels up.
const PHOTOS = fileURLToPath(new URL('../../test/fixtures/photos/', import.meta.url));

const ARKIT_WITHOUT_TONGUE = [
  'browDownLeft', 'browDownRight', 'browInnerUp', 'browOuterUpLeft', 'browOuterUpRight', 'cheekPuff', 'cheekSquintLeft',
  'cheekSquintRight', 'eyeBlinkLeft', 'eyeBlinkRight', 'eyeLookDownLeft', 'eyeLookDownRight', 'eyeLookInLeft', 'eyeLookInRight',
  'eyeLookOutLeft', 'eyeLookOutRight', 'eyeLookUpLeft', 'eyeLookUpRight', 'eyeSquintLeft', 'eyeSquintRight', 'eyeWideLeft',
  'eyeWideRight', 'jawForward', 'jawLeft', 'jawOpen', 'jawRight', 'mouthClose', 'mouthDimpleLeft', 'mouthDimpleRight',
  'mouthFrownLeft', 'mouthFrownRight', 'mouthFunnel', 'mouthLeft', 'mouthLowerDownLeft', 'mouthLowerDownRight', 'mouthPressLeft',
  'mouthPressRight', 'mouthPucker', 'mouthRight', 'mouthRollLower', 'mouthRollUpper', 'mouthShrugLower', 'mouthShrugUpper',
  'mouthSmileLeft', 'mouthSmileRight', 'mouthStretchLeft', 'mouthStretchRight', 'mouthUpperUpLeft', 'mouthUpperUpRight',
  'noseSneerLeft', 'noseSneerRight',
];

const length = (d: ArrayLike<number>, v: number): number => Math.hypot(d[v * 3], d[v * 3 + 1], d[v * 3 + 2]);
const moved = (mesh: Mesh, d: Float32Array): Float32Array => mesh.positions.map((x, k) => x + d[k]);
const landmarksOf = (head: FittedHead, d?: Float32Array): Float32Array =>
  boundPositions(d ? moved(head.mesh, d) : head.mesh.positions, head.mesh.indices, head.template.landmarks);

/** Triangles whose normal turns by 90° or more when the mesh moves by d (flipped, or stood on edge). */
function flipped(mesh: Mesh, d: Float32Array): number {
  const p = mesh.positions, q = moved(mesh, d), idx = mesh.indices;
  const normal = (x: ArrayLike<number>, t: number): number[] => {
    const [a, b, c] = [0, 1, 2].map((k) => idx[t * 3 + k] * 3);
    const u = [x[b] - x[a], x[b + 1] - x[a + 1], x[b + 2] - x[a + 2]], w = [x[c] - x[a], x[c + 1] - x[a + 1], x[c + 2] - x[a + 2]];
    return [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  };
  let count = 0;
  for (let t = 0; t < idx.length / 3; t++) {
    const m = normal(p, t), n = normal(q, t);
    if (m[0] * n[0] + m[1] * n[1] + m[2] * n[2] <= 0) count++;
  }
  return count;
}

let analyzer: FaceAnalyzer;
let astronaut: FaceAnalysis, messi: FaceAnalysis;
let bust: HeadTemplate, head: HeadTemplate;
let heads: { label: string; head: FittedHead }[];

before(async () => {
  analyzer = await createFaceAnalyzer();
  astronaut = await analyzer.analyze(await readFile(PHOTOS + 'astronaut.png'));
  messi = await analyzer.analyze(await readFile(PHOTOS + 'messi5.jpg'));
  bust = headTemplate('head_2.0 bust/mobile');
  head = headTemplate('head_2.0 head/mobile');
  heads = [
    { label: 'astronaut on head_2.0 bust/mobile', head: fitHead(bust, astronaut) },
    { label: 'messi5 on head_2.0 bust/mobile', head: fitHead(bust, messi) },
    { label: 'astronaut on head_2.0 head/mobile', head: fitHead(head, astronaut) },
  ];
});

after(async () => {
  await analyzer.close();
});

describe('the mouth of a head template', () => {
  test('LOD0 keeps its face budget within 3 % with the mouth bag in', () => {
    for (const subtype of HEAD_SUBTYPE_NAMES) {
      const faces = headTemplate(subtype).mesh.indices.length / 3, budget = HEAD_SUBTYPES[subtype].lodFaces[0];
      assert.ok(Math.abs(faces / budget - 1) <= 0.03, `${subtype}: ${faces} faces, budget ${budget}`);
    }
  });

  test('the lips are cut apart along the slit: each column\'s two vertices coincide at rest, the corners are shared', () => {
    for (const template of [bust, head]) {
      const { upper, lower, firstBagTriangle } = template.mouth;
      const p = template.mesh.positions, idx = template.mesh.indices;
      assert.ok(upper.length >= 10, `${upper.length} columns`);
      assert.equal(upper[0], lower[0]);
      assert.equal(upper[upper.length - 1], lower[lower.length - 1]);
      const upperOnly = new Set(Array.from(upper).slice(1, -1)), lowerOnly = new Set(Array.from(lower).slice(1, -1));
      for (let c = 1; c < upper.length - 1; c++) {
        assert.notEqual(upper[c], lower[c]);
        for (let k = 0; k < 3; k++) assert.equal(p[upper[c] * 3 + k], p[lower[c] * 3 + k]);
      }
      // No skin triangle holds both lips' vertices; the lower lip's are below the upper's.
      for (let t = 0; t < firstBagTriangle; t++) {
        const corners = [0, 1, 2].map((k) => idx[t * 3 + k]);
        assert.ok(!(corners.some((v) => upperOnly.has(v)) && corners.some((v) => lowerOnly.has(v))), `triangle ${t} spans the slit`);
        if (corners.some((v) => lowerOnly.has(v))) assert.ok(Math.min(...corners.map((v) => p[v * 3 + 1])) < p[lower[1] * 3 + 1] - 0.0005);
      }
    }
  });

  test('the bag is a few hundred triangles, region mouth, behind the lips, its normals into the cavity', () => {
    for (const template of [bust, head]) {
      const { bag, firstBagTriangle, upper } = template.mouth;
      const p = template.mesh.positions, idx = template.mesh.indices;
      const triangles = idx.length / 3 - firstBagTriangle;
      assert.ok(triangles >= 100 && triangles <= 700, `${triangles} triangles`);
      assert.deepEqual([...template.regions.mouth.vertices], [...bag].sort((a, b) => a - b));
      assert.equal(template.regions.mouth.faces.length, triangles);
      for (const name of ['face', 'lips'] as const) assert.ok(!template.regions[name].vertices.some((v) => bag.includes(v)), `bag in ${name}`);
      const front = Math.max(...Array.from(upper, (v) => p[v * 3 + 2]));
      const centre = [0, 1, 2].map((k) => bag.reduce((s, v) => s + p[v * 3 + k], 0) / bag.length);
      let inward = 0;
      for (let t = firstBagTriangle; t < idx.length / 3; t++) {
        const [a, b, c] = [0, 1, 2].map((k) => idx[t * 3 + k]);
        for (const v of [a, b, c]) assert.ok(p[v * 3 + 2] < front, 'a bag vertex in front of the lips');
        const u = [0, 1, 2].map((k) => p[b * 3 + k] - p[a * 3 + k]), w = [0, 1, 2].map((k) => p[c * 3 + k] - p[a * 3 + k]);
        const n = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
        const towards = [0, 1, 2].map((k) => centre[k] - (p[a * 3 + k] + p[b * 3 + k] + p[c * 3 + k]) / 3);
        if (n[0] * towards[0] + n[1] * towards[1] + n[2] * towards[2] > 0) inward++;
      }
      assert.ok(inward >= 0.95 * triangles, `${inward} of ${triangles} bag normals face the cavity`);
    }
  });

  test('the inner lips\' landmarks are bound to the skin of their own lip, never to the bag', () => {
    for (const template of [bust, head]) {
      const { upper, lower, firstBagTriangle } = template.mouth;
      const idx = template.mesh.indices, { triangles } = template.landmarks;
      const ofLip = (ids: Uint32Array) => new Set(Array.from(ids).slice(1, -1));
      for (const [landmarks, other] of [[UPPER_INNER_LIP, ofLip(lower)], [LOWER_INNER_LIP, ofLip(upper)]] as const) {
        for (const i of landmarks.slice(1, -1)) {
          const t = triangles[i];
          assert.ok(t < firstBagTriangle, `landmark ${i} on the bag`);
          const corners = [0, 1, 2].map((k) => idx[t * 3 + k]);
          assert.ok(!corners.some((v) => other.has(v)), `landmark ${i} on the other lip`);
        }
      }
      for (let i = 0; i < 478; i++) assert.ok(triangles[i] < firstBagTriangle, `landmark ${i} on the bag`);
    }
  });

  test('paintMouthBag paints the bag\'s texels a dark lip-tinted red-brown, darker at the back, and nothing else', () => {
    const width = 1024, height = 512;
    const grey = { width, height, channels: 3 as const, data: new Uint8Array(width * height * 3).fill(128) };
    const painted = paintMouthBag(grey, bust, bust.mesh.uvs!, { lips: [190, 100, 100] });
    const { bag, bagDepth } = bust.mouth;
    const uvs = bust.mesh.uvs!;
    const texel = (v: number): number[] => {
      const i = (Math.floor(uvs[v * 2 + 1] * height) * width + Math.floor(uvs[v * 2] * width)) * 3;
      return [painted.data[i], painted.data[i + 1], painted.data[i + 2]];
    };
    let changed = 0, rim = 0, back = 0;
    for (let i = 0; i < painted.data.length; i += 3) if (painted.data[i] !== 128 || painted.data[i + 1] !== 128) changed++;
    bag.forEach((v, i) => {
      const [r, g, b] = texel(v);
      assert.ok(r > g && r > b && r < 160, `bag texel ${r},${g},${b}`);
      if (bagDepth[i] === 0) rim = Math.max(rim, r);
      if (bagDepth[i] === 1) back = Math.max(back, r);
    });
    assert.ok(back < 0.5 * rim, `back ${back}, rim ${rim}`);
    // Only the bag's rectangle of the texture (MOUTH_BAG_UVS, 12 % × 40 %) and a bleed around it.
    assert.ok(changed > 0 && changed < 0.06 * width * height, `${changed} texels changed`);
  });
});

describe('blendshape sets', () => {
  test('mobile_51 is ARKit\'s face-tracking list without tongueOut, spelled as ARKit spells it', () => {
    assert.deepEqual([...blendshapeNames('mobile_51')], ARKIT_WITHOUT_TONGUE);
  });

  test('every spec set is there with its size, its names unique; an unknown set throws', () => {
    const sizes: Record<string, number> = {
      mobile_51: 51, visemes_15: 16, visemes_14: 14, visemes_17: 17, legacy_45: 45, emotions: 7, face_modifications: 12, face_modifications_2: 2, customisation: 17,
    };
    assert.deepEqual([...BLENDSHAPE_SET_NAMES].sort(), Object.keys(sizes).sort());
    for (const [set, size] of Object.entries(sizes)) {
      const names = blendshapeNames(set);
      assert.equal(names.length, size, set);
      assert.equal(new Set(names).size, size, `${set} has a name twice`);
      assert.deepEqual(blendshapeSet(set).names, names);
    }
    assert.deepEqual([...blendshapeNames('visemes_15')], ['AA', 'CH', 'EE', 'IH', 'OH', 'OU', 'TH', 'dd', 'ff', 'kk', 'nn', 'pp', 'rr', 'sil', 'frown', 'smile']);
    assert.deepEqual([...blendshapeNames('face_modifications_2')], ['face_shape', 'jaw_shape']);
    assert.throws(() => blendshapeNames('body_shape'), /no blendshape set/);
    assert.throws(() => blendshapeSet('nope'), /no blendshape set/);
  });
});

describe('blendshapes on fitted heads', () => {
  test('every shape of every set moves the face, and never the back of the head, the neck or the bust', () => {
    for (const { label, head: h } of heads) {
      const { s, keyRows } = h.template.grid;
      const p = h.mesh.positions;
      for (const set of BLENDSHAPE_SET_NAMES) {
        const shapes = blendshapeSet(set);
        shapes.deltas(h).forEach((d, i) => {
          assert.equal(d.length, p.length);
          let most = 0, away = 0;
          for (let v = 0; v < p.length / 3; v++) {
            most = Math.max(most, length(d, v));
            if (p[v * 3 + 2] < -0.02 || s[v] >= keyRows.neck) away = Math.max(away, length(d, v));
          }
          assert.ok(most > 0.0005, `${label} ${set}/${shapes.names[i]} moves at most ${most * 1000} mm`);
          assert.equal(away, 0, `${label} ${set}/${shapes.names[i]} moves the back, neck or bust`);
        });
      }
    }
  });

  test('no triangle turns over at 1.0, in any set', () => {
    for (const { label, head: h } of heads) {
      for (const set of BLENDSHAPE_SET_NAMES) {
        const shapes = blendshapeSet(set);
        shapes.deltas(h).forEach((d, i) => assert.equal(flipped(h.mesh, d), 0, `${label} ${set}/${shapes.names[i]}`));
      }
    }
  });

  test('jawOpen drops the chin by more than a centimetre, opens the lips, and leaves the eyes still', () => {
    for (const { label, head: h } of heads) {
      const set = blendshapeSet('mobile_51');
      const d = set.deltas(h)[set.names.indexOf('jawOpen')];
      const before = landmarksOf(h), after = landmarksOf(h, d);
      assert.ok(before[152 * 3 + 1] - after[152 * 3 + 1] > 0.01, `${label}: chin down ${(before[152 * 3 + 1] - after[152 * 3 + 1]) * 1000} mm`);
      assert.ok(after[13 * 3 + 1] - after[14 * 3 + 1] > 0.012, `${label}: lips ${(after[13 * 3 + 1] - after[14 * 3 + 1]) * 1000} mm apart`);
      for (const i of [159, 145, 386, 374, 33, 133, 263, 362, 468, 473]) {
        const moved = Math.hypot(after[i * 3] - before[i * 3], after[i * 3 + 1] - before[i * 3 + 1], after[i * 3 + 2] - before[i * 3 + 2]);
        assert.ok(moved < 0.0005, `${label}: eye landmark ${i} moved ${moved * 1000} mm`);
      }
    }
  });

  test('eyeBlinkLeft closes the left eye (the lids meet within a millimetre) and leaves the right eye still', () => {
    for (const { label, head: h } of heads) {
      const set = blendshapeSet('mobile_51');
      for (const [name, [up, down], other] of [['eyeBlinkLeft', [386, 374], [159, 145]], ['eyeBlinkRight', [159, 145], [386, 374]]] as const) {
        const d = set.deltas(h)[set.names.indexOf(name)];
        const before = landmarksOf(h), after = landmarksOf(h, d);
        assert.ok(before[up * 3 + 1] - before[down * 3 + 1] > 0.005, `${label}: the eye is open at rest`);
        const gap = Math.abs(after[up * 3 + 1] - after[down * 3 + 1]);
        assert.ok(gap < 0.001, `${label} ${name}: lids ${gap * 1000} mm apart`);
        for (const i of other) assert.ok(Math.abs(after[i * 3 + 1] - before[i * 3 + 1]) < 0.0001, `${label} ${name}: the other eye moved`);
      }
    }
  });

  test('the lips never pass through each other: at every column of the slit the upper lip stays above the lower', () => {
    for (const { label, head: h } of heads) {
      const { upper, lower } = h.template.mouth;
      const set = blendshapeSet('mobile_51');
      const deltas = set.deltas(h);
      const p = h.mesh.positions;
      const above = (d: Float32Array): number => Math.min(...Array.from(upper, (v, c) => p[v * 3 + 1] + d[v * 3 + 1] - p[lower[c] * 3 + 1] - d[lower[c] * 3 + 1]));
      const shape = (name: string): Float32Array => deltas[set.names.indexOf(name)];
      // mouthClose alone pushes the lips into each other, as ARKit's does: it is meant with jawOpen.
      set.names.filter((n) => n !== 'mouthClose').forEach((n) => assert.ok(above(shape(n)) > -0.0001, `${label} ${n}`));
      const closed = shape('jawOpen').map((x, k) => x + shape('mouthClose')[k]);
      assert.ok(Math.abs(above(closed)) < 0.0002, `${label}: jawOpen + mouthClose leaves the lips ${above(closed) * 1000} mm apart`);
    }
  });

  test('the mouth bag keeps to the lips: its rim moves exactly as the lip edge it hangs from', () => {
    for (const { label, head: h } of heads) {
      const { bag, bagColumn, bagSide, bagDepth, upper, lower } = h.template.mouth;
      for (const set of ['mobile_51', 'visemes_15']) {
        for (const d of blendshapeSet(set).deltas(h)) {
          bag.forEach((v, i) => {
            if (bagDepth[i] !== 0) return;
            const lip = bagSide[i] === 0 ? lower[bagColumn[i]] : upper[bagColumn[i]];
            for (let k = 0; k < 3; k++) assert.ok(Math.abs(d[v * 3 + k] - d[lip * 3 + k]) < 1e-7, `${label} ${set}: bag vertex ${v}`);
          });
        }
      }
    }
  });

  test('Left and Right shapes mirror each other through x = 0 on the template', () => {
    for (const template of [bust, head]) {
      const set = blendshapeSet('mobile_51');
      const deltas = set.deltas({ template, mesh: template.mesh });
      const { positions: p, indices } = template.mesh;
      // Each skin vertex's mirror image as a point of the surface (the grid itself is symmetric only
      // to a fraction of a millimetre), away from the slit, whose two lips share their places.
      const { upper } = template.mouth;
      const slitY = Math.max(...Array.from(upper, (v) => p[v * 3 + 1])), slitLow = Math.min(...Array.from(upper, (v) => p[v * 3 + 1]));
      const skin = indices.subarray(0, template.mouth.firstBagTriangle * 3);
      const bag = new Set(template.mouth.bag);
      const vertices = Array.from({ length: p.length / 3 }, (_, v) => v).filter((v) =>
        p[v * 3 + 2] > 0.02 && !bag.has(v) && !(p[v * 3 + 1] < slitY + 0.002 && p[v * 3 + 1] > slitLow - 0.002 && Math.abs(p[v * 3]) < 0.03));
      const mirrored = new Float32Array(vertices.length * 3);
      vertices.forEach((v, i) => mirrored.set([-p[v * 3], p[v * 3 + 1], p[v * 3 + 2]], i * 3));
      const binding = bindToSurface(p, skin, mirrored);
      for (const name of set.names.filter((x) => x.endsWith('Left'))) {
        const left = deltas[set.names.indexOf(name)], right = boundPositions(deltas[set.names.indexOf(name.replace(/Left$/, 'Right'))], indices, binding);
        let worst = 0, most = 0;
        vertices.forEach((v, i) => {
          most = Math.max(most, length(left, v));
          worst = Math.max(worst, Math.hypot(left[v * 3] + right[i * 3], left[v * 3 + 1] - right[i * 3 + 1], left[v * 3 + 2] - right[i * 3 + 2]));
        });
        // Slack for reading the other side between vertices (triangles 2–4 mm wide, steep fades).
        assert.ok(worst < 0.03 * most + 0.0004, `${template.subtype} ${name}: ${worst * 1000} mm off its mirror image (moves ${most * 1000} mm)`);
      }
    }
  });

});

describe('blendshapes on levels of detail', () => {
  test('every level keeps the slit (both lips of each column), opens it with jawOpen, and turns over at most 3 triangles per shape', async () => {
    for (const h of [heads[0].head, heads[2].head]) {
      const set = blendshapeSet('mobile_51');
      const deltas = set.deltas(h);
      const jaw = deltas[set.names.indexOf('jawOpen')];
      const { upper, lower } = h.template.mouth;
      for (let lod = 0; lod < h.template.lodFaces.length; lod++) {
        const level = await headLod(h, lod);
        const kept = new Set(level.sourceVertices);
        let columns = 0;
        for (let c = 1; c < upper.length - 1; c++) {
          assert.equal(kept.has(upper[c]), kept.has(lower[c]), `LOD${lod}: column ${c} kept on one lip only`);
          if (kept.has(upper[c])) columns++;
        }
        assert.ok(columns >= 1, `LOD${lod} has no slit left`);
        // Simplified levels have long thin triangles that a shape may stand on edge: a few, documented.
        deltas.forEach((d, i) => {
          const turned = flipped(level, lodDeltas(d, level.sourceVertices));
          assert.ok(turned <= (lod === 0 ? 0 : 3), `${h.template.subtype} LOD${lod} ${set.names[i]}: ${turned} triangles turned over`);
        });
        const d = lodDeltas(jaw, level.sourceVertices);
        assert.equal(d.length, level.positions.length);
        const middle = level.sourceVertices.indexOf(lower[Math.floor(upper.length / 2)]);
        if (middle >= 0) assert.ok(d[middle * 3 + 1] < -0.01, `LOD${lod}: the lower lip goes down`);
      }
    }
  });

  test('normal deltas: zero where the shape does not reach, and they turn the normals to the moved surface\'s', () => {
    const h = heads[0].head;
    const set = blendshapeSet('mobile_51');
    const d = set.deltas(h)[set.names.indexOf('jawOpen')];
    const dn = normalDeltas(h.mesh, d);
    const p = h.mesh.positions, n = h.mesh.normals!;
    let far = 0, unit = 0;
    for (let v = 0; v < p.length / 3; v++) {
      if (p[v * 3 + 1] > 0.02) far = Math.max(far, length(dn, v));
      const m = [0, 1, 2].map((k) => n[v * 3 + k] + dn[v * 3 + k]);
      if (length(d, v) > 0.005 && h.template.mouth.bag.indexOf(v) < 0) unit = Math.max(unit, Math.abs(Math.hypot(...m) - 1));
    }
    assert.equal(far, 0, 'normals above the eyes change');
    assert.ok(unit < 0.05, `moved normals ${unit} off unit length`);
  });
});

describe("persona_2.0's customisation set (the creator's face blends)", () => {
  const template = headTemplate('head_2.0 head/mobile');
  const l0 = faceRig(template).l0;
  const at = (i: number): [number, number, number] => [l0[i * 3], l0[i * 3 + 1], l0[i * 3 + 2]];
  const p = template.mesh.positions;
  /** Where each blend must act: the displacement-weighted centroid's place (|x| for the paired eyes). */
  const region = (name: string): ((c: [number, number, number]) => boolean) => {
    const eyes = at(33)[1], noseTip = at(1), mouth = [0, (at(13)[1] + at(14)[1]) / 2, at(13)[2]];
    const near = (target: number[], r: number) => (c: [number, number, number]) => Math.hypot(c[0] - target[0], c[1] - target[1], c[2] - target[2]) < r;
    if (['HeadHeight', 'UpperHeadVolume', 'UpperHeadWidth'].includes(name)) return (c) => c[1] > eyes;
    if (['LowerHeadWidth', 'JawLine'].includes(name)) return (c) => c[1] < noseTip[1];
    if (['EyesSize', 'Monolid', 'Squint'].includes(name)) return near([Math.abs(at(33)[0] + at(133)[0]) / 2, eyes, at(33)[2] + 0.01], 0.03);
    if (name.startsWith('Nose')) return near(noseTip, 0.035);
    return near(mouth, 0.025);
  };

  test('each of the 17 moves the region its name says, and the neck and the back of the neck not at all', () => {
    const set = blendshapeSet('customisation');
    assert.equal(set.names.length, 17);
    const deltas = set.deltas({ template, mesh: template.mesh });
    const neck = at(152)[1] - 0.03;
    set.names.forEach((name, k) => {
      const d = deltas[k];
      let total = 0, most = 0;
      const c: [number, number, number] = [0, 0, 0];
      for (let v = 0; v < p.length / 3; v++) {
        const m = Math.hypot(d[v * 3], d[v * 3 + 1], d[v * 3 + 2]);
        if (!m) continue;
        most = Math.max(most, m);
        total += m;
        c[0] += m * Math.abs(p[v * 3]); c[1] += m * p[v * 3 + 1]; c[2] += m * p[v * 3 + 2];
        if (p[v * 3 + 1] < neck) assert.ok(m < 1e-4, `${name} moves the neck by ${m} m`);
      }
      assert.ok(most > 0.001, `${name} moves at most ${most} m`);
      const centroid = c.map((x) => x / total) as [number, number, number];
      assert.ok(region(name)(centroid), `${name} acts around ${centroid.map((x) => x.toFixed(3))}`);
    });
  });
});
