import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createFaceAnalyzer, type FaceAnalysis, type FaceAnalyzer } from '../src/analysis/index.js';
import { fillMaskHoles } from '../src/analysis/fillMaskHoles.js';
import { hairRegion } from '../src/analysis/hairRegion.js';
import { faceStrands } from '../src/analysis/faceStrands.js';
import { convexHull, fillPolygon } from '../src/analysis/raster.js';
import type { Mask } from '../src/analysis/types.js';
import { headTemplate } from '../src/assets/index.js';
import { fitHead, type FittedHead } from '../src/geometry/fitHead.js';
import { hairVolume, type HairVolume } from '../src/assets/haircuts/generated/hairVolume.js';
import { meshDefects } from '../src/geometry/meshDefects.js';
import { bakeTexture, type BakedTexture } from '../src/texture/bake/bakeTexture.js';
import { decodeRgb } from '../src/formats/image.js';
import { faceOutline } from '../src/texture/bake/faceOutline.js';
import { hairTexture, type HairTexture } from '../src/assets/haircuts/texture/hairTexture.js';
import type { RgbImage as Texture } from '../src/core/image.js';

// Compiled to dist/test/: the project root is two levels up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TEXTURE = { width: 2048, height: 1024 };
/** Upper-brow landmarks: below them the face never carries hair. */
const BROWS = [70, 63, 105, 66, 107, 300, 293, 334, 296, 336];

interface Subject {
  analysis: FaceAnalysis;
  photo: Texture;
  fitted: FittedHead;
  hair: Mask;
  volume: HairVolume;
}

let analyzer: FaceAnalyzer;
let astronaut: Subject, faceid: Subject;
let baked: BakedTexture, painted: HairTexture;

async function subject(path: string): Promise<Subject> {
  const bytes = await readFile(ROOT + path);
  const analysis = await analyzer.analyze(bytes);
  const photo = await decodeRgb(bytes);
  const fitted = fitHead(headTemplate('head_1.2 base/mobile'), analysis);
  const hair = hairRegion(photo, analysis);
  return { analysis, photo, fitted, hair, volume: hairVolume(fitted, analysis, hair) };
}

before(async () => {
  analyzer = await createFaceAnalyzer();
  astronaut = await subject('test/fixtures/photos/astronaut.png');
  // A man with hair cropped to a few millimetres.
  faceid = await subject('bench/fixtures/faces/faceid.png');
  const { fitted, analysis, photo, volume, hair } = astronaut;
  baked = bakeTexture(
    { mesh: fitted.mesh, projection: fitted.projection, photo, skin: analysis.colors.skin, masks: analysis.segmentation, faceOutline: faceOutline(analysis.face) },
    TEXTURE,
  );
  painted = hairTexture({
    texture: baked.texture, mesh: volume.mesh, coverage: volume.coverage, projection: volume.projection, photo, hair,
    color: analysis.colors.hair, skin: baked.tone,
  });
});

after(async () => {
  await analyzer.close();
});

/** Per vertex, how far it moved along its original normal (metres), and how far in all. */
function moves(fitted: FittedHead, volume: HairVolume): { outward: Float32Array; total: Float32Array } {
  const p = fitted.mesh.positions, q = volume.mesh.positions, n = fitted.mesh.normals!;
  const count = p.length / 3;
  const outward = new Float32Array(count), total = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    const dx = q[v * 3] - p[v * 3], dy = q[v * 3 + 1] - p[v * 3 + 1], dz = q[v * 3 + 2] - p[v * 3 + 2];
    outward[v] = dx * n[v * 3] + dy * n[v * 3 + 1] + dz * n[v * 3 + 2];
    total[v] = Math.hypot(dx, dy, dz);
  }
  return { outward, total };
}

/** Mean raise (metres) over the scalp vertices the hair covers. */
function meanScalpRaise({ fitted, volume }: Subject): number {
  let sum = 0, n = 0;
  for (const v of fitted.template.regions.scalp.vertices) {
    if (volume.coverage[v] < 0.5) continue;
    sum += volume.thickness[v];
    n++;
  }
  return n > 0 ? sum / n : 0;
}

function browTop(fitted: FittedHead): number {
  return Math.max(...BROWS.map((i) => fitted.landmarks[i * 3 + 1]));
}

/** The texel a vertex's UV falls on. */
function texel(fitted: FittedHead, v: number, width: number, height: number): number {
  const uv = fitted.mesh.uvs!;
  return Math.min(height - 1, Math.floor(uv[v * 2 + 1] * height)) * width + Math.min(width - 1, Math.floor(uv[v * 2] * width));
}

describe('hairVolume: the scalp raised into the hair the photo shows', () => {
  test('with astronaut.png the hair-covered scalp moves outward, by a few millimetres to a few centimetres', () => {
    const { fitted, volume } = astronaut;
    const { outward, total } = moves(fitted, volume);
    let raised = 0;
    for (let v = 0; v < outward.length; v++) {
      if (total[v] < 1e-4) continue;
      raised++;
      // Along the smoothed normal: close to the vertex's own wherever the move is more than a sliver.
      assert.ok(outward[v] > (total[v] > 0.002 ? 0.9 : 0.3) * total[v], `vertex ${v} moves ${total[v]} m but only ${outward[v]} m outward`);
      assert.ok(total[v] <= 0.05 + 1e-6, `vertex ${v} moves ${total[v]} m`);
    }
    assert.ok(raised > 3000, `only ${raised} vertices raised`);
    const mean = meanScalpRaise(astronaut);
    assert.ok(mean > 0.003 && mean < 0.04, `mean raise over the hair ${mean} m`);
  });

  test('the face below the brows, the ears, the neck and the bust do not move', () => {
    const { fitted, volume } = astronaut;
    const { total } = moves(fitted, volume);
    const regions = fitted.template.regions;
    const top = browTop(fitted);
    for (const v of regions.face.vertices) {
      if (fitted.mesh.positions[v * 3 + 1] < top) assert.equal(total[v], 0, `face vertex ${v} moved`);
    }
    for (const name of ['leftEar', 'rightEar', 'neck', 'bust'] as const) {
      for (const v of regions[name].vertices) assert.equal(total[v], 0, `${name} vertex ${v} moved`);
    }
  });

  test('the raised head keeps topology and UVs, with no degenerate faces, bad edges or folded triangles', () => {
    const { fitted, volume } = astronaut;
    assert.deepEqual(volume.mesh.indices, fitted.mesh.indices);
    assert.deepEqual(volume.mesh.uvs, fitted.mesh.uvs);
    const before = meshDefects(fitted.mesh), defects = meshDefects(volume.mesh);
    assert.equal(defects.degenerateFaces, 0);
    assert.equal(defects.badEdges, 0);
    assert.equal(defects.nonFinite, 0);
    assert.equal(defects.borderEdges, before.borderEdges);
    // A fold turns a triangle over: its normal then points against the original one.
    const p = fitted.mesh.positions, q = volume.mesh.positions, idx = fitted.mesh.indices;
    const normal = (x: Float32Array, t: number): number[] => {
      const [a, b, c] = [idx[t], idx[t + 1], idx[t + 2]].map((i) => i * 3);
      const u = [x[b] - x[a], x[b + 1] - x[a + 1], x[b + 2] - x[a + 2]], w = [x[c] - x[a], x[c + 1] - x[a + 1], x[c + 2] - x[a + 2]];
      return [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
    };
    let folded = 0;
    for (let t = 0; t < idx.length; t += 3) {
      const m = normal(p, t), n = normal(q, t);
      if (m[0] * n[0] + m[1] * n[1] + m[2] * n[2] <= 0) folded++;
    }
    assert.equal(folded, 0);
  });

  test('a photo with hair cropped short (faceid.png) gets a much thinner volume than astronaut.png', () => {
    const short = meanScalpRaise(faceid), bob = meanScalpRaise(astronaut);
    assert.ok(short < bob / 3, `cropped ${short} m, bob ${bob} m`);
    assert.ok(short < 0.004, `cropped hair raised by ${short} m on average`);
  });

  test('without hair in the photo nothing is invented: no vertex moves and no vertex is hair', () => {
    const { fitted, analysis } = astronaut;
    const none: Mask = { width: astronaut.hair.width, height: astronaut.hair.height, channels: 1, data: new Uint8Array(astronaut.hair.data.length) };
    const bald = hairVolume(fitted, analysis, none);
    assert.deepEqual(bald.mesh.positions, fitted.mesh.positions);
    assert.ok(bald.coverage.every((c) => c < 0.5));
  });
});

describe('hairTexture: the hair painted into the baked texture', () => {
  test('the texture hair mask is set on the hair-covered scalp and zero on the face', () => {
    const { fitted, volume } = astronaut;
    const { width, height, data } = painted.mask;
    let scalp = 0, set = 0;
    for (const v of fitted.template.regions.scalp.vertices) {
      if (volume.coverage[v] < 0.9) continue;
      scalp++;
      if (data[texel(fitted, v, width, height)] > 200) set++;
    }
    assert.ok(scalp > 1000 && set > 0.95 * scalp, `${set} of ${scalp} covered scalp vertices are hair in the texture`);
    const top = browTop(fitted);
    for (const v of fitted.template.regions.face.vertices) {
      if (fitted.mesh.positions[v * 3 + 1] < top) assert.equal(data[texel(fitted, v, width, height)], 0, `face vertex ${v} is hair`);
    }
  });

  test('hair texels are near the hair colour, with a low-contrast strand texture rather than a flat fill', () => {
    const { width, height, data: mask } = painted.mask;
    const tex = painted.texture.data;
    let n = 0, r = 0, g = 0, b = 0, luma = 0, luma2 = 0;
    for (let k = 0; k < width * height; k++) {
      if (mask[k] < 255) continue;
      n++;
      r += tex[k * 3];
      g += tex[k * 3 + 1];
      b += tex[k * 3 + 2];
      const y = 0.299 * tex[k * 3] + 0.587 * tex[k * 3 + 1] + 0.114 * tex[k * 3 + 2];
      luma += y;
      luma2 += y * y;
    }
    const hair = astronaut.analysis.colors.hair, skin = baked.tone;
    const mean = { red: r / n, green: g / n, blue: b / n };
    const distance = (c: typeof mean, d: typeof hair): number => Math.hypot(c.red - d.red, c.green - d.green, c.blue - d.blue);
    assert.ok(distance(mean, hair) < distance(mean, skin), `mean hair texel ${JSON.stringify(mean)}, hair ${JSON.stringify(hair)}, skin ${JSON.stringify(skin)}`);
    assert.ok(distance(mean, hair) < 60, `mean hair texel ${JSON.stringify(mean)} far from ${JSON.stringify(hair)}`);
    const spread = Math.sqrt(luma2 / n - (luma / n) ** 2) / (luma / n);
    assert.ok(spread > 0.03 && spread < 0.35, `relative luma spread of the hair ${spread}`);
  });

  test('the unseen back of the head is streaked hair, not a flat colour', () => {
    const { fitted, volume } = astronaut;
    const { width, height } = painted.mask;
    const tex = painted.texture.data;
    const lumas: number[] = [];
    for (const v of fitted.template.regions.scalp.vertices) {
      // Facing away from the camera, well inside the hair.
      if (fitted.projection.facing[v] > -0.5 || volume.coverage[v] < 0.9) continue;
      const k = texel(fitted, v, width, height);
      lumas.push(0.299 * tex[k * 3] + 0.587 * tex[k * 3 + 1] + 0.114 * tex[k * 3 + 2]);
    }
    assert.ok(lumas.length > 300);
    const mean = lumas.reduce((s, y) => s + y, 0) / lumas.length;
    const sd = Math.sqrt(lumas.reduce((s, y) => s + (y - mean) ** 2, 0) / lumas.length);
    assert.ok(sd > 1.5 && sd < 0.25 * mean, `luma ${mean} ± ${sd} on the back of the head`);
  });

  test('texels that are not hair keep the baked texture exactly', () => {
    const { data: mask } = painted.mask;
    const before = baked.texture.data, after = painted.texture.data;
    let differing = 0;
    for (let k = 0; k < mask.length; k++) {
      if (mask[k] !== 0) continue;
      if (before[k * 3] !== after[k * 3] || before[k * 3 + 1] !== after[k * 3 + 1] || before[k * 3 + 2] !== after[k * 3 + 2]) differing++;
    }
    assert.equal(differing, 0);
  });
});

describe('fillMaskHoles', () => {
  /** A 20×20 mask: a ring of hair (rows and columns 4..15) around a 4×4 hole, with a notch open to the border. */
  function ring(): Mask {
    const data = new Uint8Array(400);
    for (let y = 4; y < 16; y++) for (let x = 4; x < 16; x++) data[y * 20 + x] = 255;
    for (let y = 8; y < 12; y++) for (let x = 8; x < 12; x++) data[y * 20 + x] = 0;
    for (let y = 4; y < 6; y++) data[y * 20 + 10] = 0;
    return { width: 20, height: 20, channels: 1, data };
  }

  test('an enclosed hole up to the largest area is filled, a notch open to the outside is not', () => {
    const filled = fillMaskHoles(ring(), 16);
    assert.equal(filled.data[10 * 20 + 10], 255);
    assert.equal(filled.data[4 * 20 + 10], 0);
    assert.equal(filled.data[0], 0);
  });

  test('an enclosed hole larger than the largest area (a face inside the hair) stays open', () => {
    const filled = fillMaskHoles(ring(), 15);
    assert.equal(filled.data[10 * 20 + 10], 0);
  });
});

describe('faceStrands: hair fallen over the face', () => {
  test('strands of the person\'s hair colour drawn from the face\'s edge over the cheek are found; the bare face is not', async () => {
    const { analysis, photo } = astronaut;
    const clean = faceStrands(photo, analysis);
    const w = clean.width, h = clean.height;
    const sx = w / analysis.width, sy = h / analysis.height;
    const lm = analysis.face.landmarks;
    const at = (i: number): [number, number] => [lm[i * 3], lm[i * 3 + 1]];
    const face = new Uint8Array(w * h);
    fillPolygon(face, w, h, convexHull(Array.from({ length: 468 }, (_, i): [number, number] => [lm[i * 3] * sx, lm[i * 3 + 1] * sy])), 1);
    // The bare face: below the brows and within 80 % of the face's outline about the nose's bridge
    // (at the hairline and the temples, what the strands take is hair the hair mask missed).
    const [cx, cy] = at(6);
    const inner = new Uint8Array(w * h);
    fillPolygon(inner, w, h, convexHull(Array.from({ length: 468 }, (_, i): [number, number] => [(cx + (lm[i * 3] - cx) * 0.8) * sx, (cy + (lm[i * 3 + 1] - cy) * 0.8) * sy])), 1);
    const browLine = at(9)[1] * sy;
    let faceArea = 0, marked = 0;
    for (let i = 0; i < w * h; i++) if (inner[i] && Math.floor(i / w) > browLine) { faceArea++; if (clean.data[i]) marked++; }
    assert.ok(marked <= faceArea * 0.005, `${marked} of ${faceArea} face pixels below the brows taken for strands on the bare face`);
    // Three strands, 3 photo pixels wide, in the hair's colour, from the right temple's edge (162,
    // 127, 234) a third of the way to the nose's bridge (6), as a lock falls across a temple.
    const drawn = { ...photo, data: photo.data.slice() };
    const { red, green, blue } = analysis.colors.hair;
    const strand = new Uint8Array(photo.width * photo.height);
    for (const from of [162, 127, 234]) {
      const [x0, y0] = at(from), [x1, y1] = at(6);
      for (let s = 0; s <= 1; s += 0.002) {
        const x = x0 + (x1 - x0) * 0.35 * s, y = y0 + (y1 - y0) * 0.35 * s + 6 * Math.sin(6 * s);
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) {
          const k = Math.round(y + dy) * photo.width + Math.round(x + dx);
          strand[k] = 1;
          drawn.data.set([red, green, blue], k * 3);
        }
      }
    }
    const found = faceStrands(drawn, analysis);
    let inFace = 0, hit = 0, elsewhere = 0;
    for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const onStrand = strand[Math.floor((y + 0.5) / sy) * photo.width + Math.floor((x + 0.5) / sx)];
      if (face[i] && onStrand) { inFace++; if (found.data[i]) hit++; } else if (face[i] && found.data[i] && !clean.data[i]) elsewhere++;
    }
    assert.ok(inFace > 100, `${inFace} strand pixels in the face`);
    assert.ok(hit >= inFace * 0.6, `${hit} of ${inFace} strand pixels found`);
    assert.ok(elsewhere <= inFace * 0.25, `${elsewhere} pixels off the strands newly taken for them`);
  });
});
