import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { fillPolygon } from '../src/analysis/raster.js';
import { FACE_OVAL, LIPS_INNER, LIPS_OUTER } from '../src/analysis/regions.js';
import { createFaceAnalyzer, type FaceAnalysis, type FaceAnalyzer } from '../src/analysis/index.js';
import { decodeRgb, encodePng, type RgbImage } from '../src/texture/index.js';
import { mouthFrame, toMouth } from '../src/texture/removals/mouthClosing.js';
import type { RemovalResult } from '../src/texture/removals/removalStatus.js';
import { removeGlasses } from '../src/texture/removals/removeGlasses.js';
import { removeSmile } from '../src/texture/removals/removeSmile.js';
import { removeStubble } from '../src/texture/removals/removeStubble.js';
import { faceAxes } from '../src/texture/removals/stubbleMap.js';

// Compiled to dist/test/: the project root is two levels up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PHOTOS = ['test/fixtures/photos/astronaut.png', 'test/fixtures/photos/messi5.jpg', 'test/fixtures/photos/camera.png',
  ...[1, 2, 3, 4, 5].map((i) => `bench/fixtures/faces/facedetect-${i}.png`), 'bench/fixtures/faces/faceid.png'];

interface Face {
  photo: RgbImage;
  analysis: FaceAnalysis;
}

let analyzer: FaceAnalyzer;
const faces = new Map<string, Face>();
const load = async (path: string): Promise<Face> => {
  const bytes = await readFile(ROOT + path);
  return { photo: await decodeRgb(bytes), analysis: await analyzer.analyze(bytes) };
};

before(async () => {
  analyzer = await createFaceAnalyzer();
  for (const path of [...PHOTOS, 'test/fixtures/photos/sunglasses.png', 'bench/fixtures/faces/faceid.png']) faces.set(path, await load(path));
});

after(async () => {
  await analyzer.close();
});

const face = (path: string): Face => faces.get(path) ?? assert.fail(`${path} not loaded`);

/** Largest gap between the inner lips across the middle of the mouth, in mouth widths. */
function lipGap(landmarks: number[]): number {
  const f = mouthFrame(landmarks);
  const v = (i: number): number => toMouth(f, landmarks[i * 3], landmarks[i * 3 + 1])[1];
  return Math.max(0, ...[[81, 178], [82, 87], [13, 14], [312, 317], [311, 402]].map(([a, b]) => v(b) - v(a))) / f.width;
}

/** Bounding box of the pixels that differ between two photos of one size; null when none does. */
function changedBox(a: RgbImage, b: { data: Uint8Array }): { x0: number; y0: number; x1: number; y1: number } | null {
  let box: { x0: number; y0: number; x1: number; y1: number } | null = null;
  for (let p = 0; p < a.width * a.height; p++) {
    if (a.data[p * 3] === b.data[p * 3] && a.data[p * 3 + 1] === b.data[p * 3 + 1] && a.data[p * 3 + 2] === b.data[p * 3 + 2]) continue;
    const x = p % a.width, y = Math.floor(p / a.width);
    box = box ? { x0: Math.min(box.x0, x), y0: Math.min(box.y0, y), x1: Math.max(box.x1, x), y1: Math.max(box.y1, y) } : { x0: x, y0: y, x1: x, y1: y };
  }
  return box;
}

/** A removal that reports `removed` changed the photo; any other status left it and the landmarks exactly as they were. */
function assertHonest(before: Face, result: RemovalResult): void {
  const changed = changedBox(before.photo, result.photo as RgbImage) !== null;
  if (result.status.status === 'removed') {
    assert.ok(changed, 'status removed but the photo is unchanged');
  } else {
    assert.equal(changed, false, `status ${result.status.status} but the photo changed`);
    assert.deepEqual(result.face.landmarks, before.analysis.face.landmarks);
    assert.ok(result.status.reason && result.status.reason.length > 10, 'a status other than removed says why');
  }
}

/** Pixels of a polygon of landmarks, grown about its centre by `grow`. */
function polygonMask(f: Face, indices: number[], grow = 1): Uint8Array {
  const L = f.analysis.face.landmarks;
  const cx = indices.reduce((s, i) => s + L[i * 3], 0) / indices.length, cy = indices.reduce((s, i) => s + L[i * 3 + 1], 0) / indices.length;
  const mask = new Uint8Array(f.photo.width * f.photo.height);
  fillPolygon(mask, f.photo.width, f.photo.height, indices.map((i): [number, number] => [cx + (L[i * 3] - cx) * grow, cy + (L[i * 3 + 1] - cy) * grow]), 1);
  return mask;
}

/** Mean absolute RGB difference over the masked pixels. */
function meanError(a: RgbImage, b: { data: Uint8Array }, mask: Uint8Array): number {
  let total = 0, n = 0;
  for (let p = 0; p < mask.length; p++) {
    if (!mask[p]) continue;
    for (let c = 0; c < 3; c++) total += Math.abs(a.data[p * 3 + c] - b.data[p * 3 + c]);
    n += 3;
  }
  return total / Math.max(1, n);
}

describe('remove_smile', () => {
  test('closes an open mouth and leaves the photo outside the mouth area unchanged', () => {
    const astronaut = face('test/fixtures/photos/astronaut.png');
    const result = removeSmile(astronaut.photo, astronaut.analysis);
    assert.equal(result.status.status, 'removed', result.status.reason);
    assertHonest(astronaut, result);
    const L = astronaut.analysis.face.landmarks;
    const box = changedBox(astronaut.photo, result.photo as RgbImage) ?? assert.fail('nothing changed');
    // Around the mouth: half a mouth width beyond its corners, from there to the chin.
    const width = mouthFrame(L).width, top = Math.min(L[61 * 3 + 1], L[291 * 3 + 1], L[2 * 3 + 1]) - 0.5 * width;
    assert.ok(box.x0 >= L[61 * 3] - 0.5 * width && box.x1 <= L[291 * 3] + 0.5 * width, `changes reach x ${box.x0}..${box.x1}`);
    assert.ok(box.y0 >= top && box.y1 <= L[152 * 3 + 1], `changes reach y ${box.y0}..${box.y1}, mouth area is ${top}..${L[152 * 3 + 1]}`);
    assert.ok((box.x1 - box.x0) * (box.y1 - box.y0) < 0.12 * astronaut.photo.width * astronaut.photo.height);
  });

  test('the returned inner lip landmarks meet, and the face analysis of the edited photo finds the mouth closed', async () => {
    for (const path of ['test/fixtures/photos/astronaut.png', 'bench/fixtures/faces/facedetect-5.png']) {
      const open = face(path);
      assert.ok(lipGap(open.analysis.face.landmarks) > 0.12, `${path} opens its mouth`);
      const result = removeSmile(open.photo, open.analysis);
      assert.equal(result.status.status, 'removed', `${path}: ${result.status.reason}`);
      assert.ok(lipGap(result.face.landmarks) < 0.01, `${path}: returned gap ${lipGap(result.face.landmarks)}`);
      const again = await analyzer.analyze(await encodePng(result.photo));
      assert.ok(lipGap(again.face.landmarks) < 0.08, `${path}: re-analysed gap ${lipGap(again.face.landmarks)}`);
      // Nothing but the mouth moves, and nothing far.
      assert.ok(result.face.landmarks.every((value, k) => Number.isFinite(value) && (k % 3 === 2 || Math.abs(value - open.analysis.face.landmarks[k]) < 0.2 * mouthFrame(open.analysis.face.landmarks).width)));
    }
  });

  test('on a closed mouth reports not_found and changes nothing', () => {
    for (const path of ['bench/fixtures/faces/facedetect-1.png', 'bench/fixtures/faces/faceid.png', 'bench/fixtures/faces/facedetect-3.png']) {
      const closed = face(path);
      const result = removeSmile(closed.photo, closed.analysis);
      assert.equal(result.status.status, 'not_found', `${path}: ${result.status.reason}`);
      assert.equal(result.photo, closed.photo);
      assertHonest(closed, result);
    }
  });

  test('fails, photo untouched, on a face turned too far to close its lips cleanly', () => {
    const camera = face('test/fixtures/photos/camera.png');
    const result = removeSmile(camera.photo, camera.analysis);
    assert.equal(result.status.status, 'failed');
    assert.match(result.status.reason ?? '', /turned/);
    assertHonest(camera, result);
  });

  test('never claims a removal it did not make, on every test face', () => {
    for (const path of PHOTOS) assertHonest(face(path), removeSmile(face(path).photo, face(path).analysis));
  });
});

/** Draws round glasses (rims around both eyes and a bridge over the nose), `thick` eye distances wide. */
function drawGlasses(f: Face, colour = [25, 25, 30], thick = 0.035): { photo: RgbImage; frame: Uint8Array } {
  const L = f.analysis.face.landmarks, { width, height } = f.photo;
  const eyes = Math.hypot(L[468 * 3] - L[473 * 3], L[468 * 3 + 1] - L[473 * 3 + 1]);
  const ux = (L[473 * 3] - L[468 * 3]) / eyes, uy = (L[473 * 3 + 1] - L[468 * 3 + 1]) / eyes;
  const cx = (L[468 * 3] + L[473 * 3]) / 2, cy = (L[468 * 3 + 1] + L[473 * 3 + 1]) / 2;
  const data = f.photo.data.slice(), frame = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = ((x + 0.5 - cx) * ux + (y + 0.5 - cy) * uy) / eyes, v = (-(x + 0.5 - cx) * uy + (y + 0.5 - cy) * ux) / eyes;
      let d = Math.abs(u) < 0.14 ? Math.abs(v + 0.04) : Infinity;
      for (const eu of [-0.5, 0.5]) d = Math.min(d, Math.abs(Math.hypot((u - eu) / 0.38, (v - 0.04) / 0.27) - 1) * 0.3);
      const a = Math.min(1, Math.max(0, (thick / 2 - d) * eyes + 0.5));
      if (a <= 0) continue;
      frame[y * width + x] = 1;
      for (let c = 0; c < 3; c++) data[(y * width + x) * 3 + c] = Math.round(data[(y * width + x) * 3 + c] * (1 - a) + colour[c] * a);
    }
  }
  return { photo: { ...f.photo, data }, frame };
}

describe('remove_glasses', () => {
  test('reports not_found on faces without glasses, every test face', () => {
    for (const path of PHOTOS) {
      const result = removeGlasses(face(path).photo, face(path).analysis);
      assert.equal(result.status.status, 'not_found', `${path}: ${result.status.reason}`);
      assertHonest(face(path), result);
    }
  });

  test('paints out a frame drawn around the eyes, and nothing far from it', () => {
    for (const path of ['test/fixtures/photos/astronaut.png', 'bench/fixtures/faces/facedetect-1.png']) {
      const bare = face(path);
      const { photo: worn, frame } = drawGlasses(bare);
      const result = removeGlasses(worn, bare.analysis);
      assert.equal(result.status.status, 'removed', `${path}: ${result.status.reason}`);
      const before = meanError(bare.photo, worn, frame), afterwards = meanError(bare.photo, result.photo, frame);
      assert.ok(afterwards < 0.35 * before, `${path}: frame pixels off by ${before.toFixed(1)} before, ${afterwards.toFixed(1)} after`);
      const box = changedBox(worn, result.photo as RgbImage) ?? assert.fail('nothing changed');
      const L = bare.analysis.face.landmarks, eyes = Math.hypot(L[468 * 3] - L[473 * 3], L[468 * 3 + 1] - L[473 * 3 + 1]);
      assert.ok(box.y1 - box.y0 < 1.3 * eyes && box.x1 - box.x0 < 2.6 * eyes, `${path}: changes span ${box.x1 - box.x0}×${box.y1 - box.y0} px`);
    }
  });

  test('fails, photo untouched, when dark lenses hide the eyes', () => {
    const shades = face('test/fixtures/photos/sunglasses.png');
    const result = removeGlasses(shades.photo, shades.analysis);
    assert.equal(result.status.status, 'failed');
    assert.match(result.status.reason ?? '', /lenses/);
    assertHonest(shades, result);
  });
});

/** Draws short dark hairs over chin, jaw and upper lip (below the nose, outside the lips). */
function drawStubble(f: Face, density = 0.3): { photo: RgbImage; beard: Uint8Array } {
  const L = f.analysis.face.landmarks, { width, height } = f.photo;
  const oval = new Uint8Array(width * height), lips = new Uint8Array(width * height);
  fillPolygon(oval, width, height, FACE_OVAL.map((i): [number, number] => [L[i * 3], L[i * 3 + 1]]), 1);
  fillPolygon(lips, width, height, LIPS_OUTER.map((i): [number, number] => [L[i * 3], L[i * 3 + 1]]), 1);
  const { eyes, down } = faceAxes(L), nose = down(L[2 * 3], L[2 * 3 + 1]) + 0.02 * eyes;
  let seed = 7;
  const random = (): number => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296);
  const data = f.photo.data.slice(), beard = new Uint8Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const v = down((p % width) + 0.5, Math.floor(p / width) + 0.5);
    if (!oval[p] || lips[p] || v < nose) continue;
    beard[p] = 1;
    const a = (random() < density ? 0.3 + 0.25 * random() : 0.08) * Math.min(1, (v - nose) / (0.1 * eyes));
    for (let c = 0; c < 3; c++) data[p * 3 + c] = Math.round(data[p * 3 + c] * (1 - a) + [62, 58, 60][c] * a);
  }
  return { photo: { ...f.photo, data }, beard };
}

const lum = (img: { data: Uint8Array }, p: number): number => 0.3 * img.data[p * 3] + 0.59 * img.data[p * 3 + 1] + 0.11 * img.data[p * 3 + 2];
const countWhere = (mask: Uint8Array, test: (p: number) => boolean): number => mask.reduce((n, m, p) => n + (m && test(p) ? 1 : 0), 0);
const meanLum = (img: { data: Uint8Array }, mask: Uint8Array): number => mask.reduce((s, m, p) => s + (m ? lum(img, p) : 0), 0) / Math.max(1, countWhere(mask, () => true));

describe('remove_stubble', () => {
  test('reports not_found on clean-shaven faces and never claims a removal it did not make', () => {
    for (const path of ['test/fixtures/photos/astronaut.png', ...[1, 2, 3, 4, 5].map((i) => `bench/fixtures/faces/facedetect-${i}.png`)]) {
      const result = removeStubble(face(path).photo, face(path).analysis);
      assert.equal(result.status.status, 'not_found', `${path}: ${result.status.reason}`);
      assertHonest(face(path), result);
    }
    for (const path of PHOTOS) assertHonest(face(path), removeStubble(face(path).photo, face(path).analysis));
  });

  test('turns stubble drawn on a face back towards its skin, lips and upper face untouched', () => {
    for (const path of ['test/fixtures/photos/astronaut.png', 'bench/fixtures/faces/facedetect-1.png']) {
      const clean = face(path);
      const { photo: stubbly, beard } = drawStubble(clean);
      const result = removeStubble(stubbly, clean.analysis);
      assert.equal(result.status.status, 'removed', `${path}: ${result.status.reason}`);
      // The hairs: pixels well darker than the pixels around them. Most must be gone, and the tone of the area back near the clean one.
      const w = clean.photo.width;
      const hairs = (img: { data: Uint8Array }): number => countWhere(beard, (p) => {
        const around = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1].reduce((t, d) => t + lum(img, p + d), 0) / 8;
        return lum(img, p) < around - 15;
      });
      assert.ok(hairs(result.photo) < 0.3 * hairs(stubbly), `${path}: ${hairs(stubbly)} hairs drawn, ${hairs(result.photo)} left`);
      const tone = (img: { data: Uint8Array }): number => meanLum(img, beard) - meanLum(clean.photo, beard);
      assert.ok(Math.abs(tone(result.photo)) < 0.4 * Math.abs(tone(stubbly)), `${path}: beard area ${tone(stubbly).toFixed(1)} darker than clean before, ${tone(result.photo).toFixed(1)} after`);
      const lips = polygonMask(clean, LIPS_INNER, 0.9);
      assert.equal(meanError(stubbly, result.photo, lips), 0, 'the lips are not touched');
      const box = changedBox(stubbly, result.photo as RgbImage) ?? assert.fail('nothing changed');
      assert.ok(box.y0 >= clean.analysis.face.landmarks[1 * 3 + 1] - 2, `changes start at y ${box.y0}, above the nose tip`);
    }
  });

  test('fails, photo untouched, on a goatee and moustache', () => {
    const bearded = face('bench/fixtures/faces/faceid.png');
    const result = removeStubble(bearded.photo, bearded.analysis);
    assert.equal(result.status.status, 'failed');
    assert.match(result.status.reason ?? '', /beard/);
    assertHonest(bearded, result);
  });
});
