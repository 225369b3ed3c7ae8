import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { colorModel, logLikelihood, mahalanobis2 } from '../src/analysis/colorModel.js';
import {
  createFaceAnalyzer, encodeMaskPng, IBUG68_FROM_MESH, NoFaceError, PhotoDecodeError,
  type FaceAnalysis, type FaceAnalyzer, type Mask, type Rgb,
} from '../src/analysis/index.js';

// Compiled to dist/test/: the project root is two levels up.
const PHOTOS = fileURLToPath(new URL('../../test/fixtures/photos/', import.meta.url));
const photo = (name: string): Promise<Buffer> => readFile(PHOTOS + name);

const luminance = (c: Rgb): number => 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue;
const point = (flat: number[], i: number): { x: number; y: number; z: number } => ({ x: flat[i * 3], y: flat[i * 3 + 1], z: flat[i * 3 + 2] });
const meanY = (flat: number[], indices: number[]): number => indices.reduce((s, i) => s + point(flat, i).y, 0) / indices.length;
const coverage = (m: Mask): number => m.data.reduce((n, v) => n + (v >= 128 ? 1 : 0), 0) / m.data.length;
const maskAt = (m: Mask, x: number, y: number): number => m.data[Math.floor(y) * m.width + Math.floor(x)];

let analyzer: FaceAnalyzer;
let astronaut: FaceAnalysis;

before(async () => {
  analyzer = await createFaceAnalyzer();
  astronaut = await analyzer.analyze(await photo('astronaut.png'));
});

after(async () => {
  await analyzer.close();
});

describe('astronaut.png: one adult woman, frontal', () => {
  test('finds one face with 478 landmarks inside the photo', () => {
    assert.equal(astronaut.width, 512);
    assert.equal(astronaut.height, 512);
    assert.equal(astronaut.faceCount, 1);
    const { landmarks, box, score } = astronaut.face;
    assert.equal(landmarks.length, 478 * 3);
    assert.ok(score > 0.5, `detector score ${score}`);
    for (let i = 0; i < 478; i++) {
      const { x, y } = point(landmarks, i);
      assert.ok(x >= 0 && x <= 512 && y >= 0 && y <= 512, `landmark ${i} at ${x},${y}`);
      assert.ok(x >= box.x - 0.01 && x <= box.x + box.width + 0.01 && y >= box.y - 0.01 && y <= box.y + box.height + 0.01, `landmark ${i} outside the box`);
    }
    // the face is in the upper middle of the portrait and about a fifth of its width
    assert.ok(box.width > 70 && box.width < 150, `box ${JSON.stringify(box)}`);
    assert.ok(box.x + box.width / 2 > 180 && box.x + box.width / 2 < 300);
  });

  test('eyes are above the nose, the nose above the mouth, irises inside the eyes', () => {
    const l = astronaut.face.landmarks;
    const eyes = meanY(l, [33, 133, 362, 263]);
    const nose = point(l, 1).y;
    const mouth = meanY(l, [13, 14]);
    assert.ok(eyes < nose && nose < mouth, `eyes ${eyes}, nose ${nose}, mouth ${mouth}`);
    // person's right iris (468) lies between the corners of the eye on the photo's left
    const right = point(l, 468);
    assert.ok(right.x > point(l, 33).x && right.x < point(l, 133).x, 'iris 468 in the right eye');
    const left = point(l, 473);
    assert.ok(left.x > point(l, 362).x && left.x < point(l, 263).x, 'iris 473 in the left eye');
  });

  test('head pose is near frontal', () => {
    const { pitch, yaw, roll } = astronaut.face.pose;
    for (const [name, v] of Object.entries({ pitch, yaw, roll })) assert.ok(Math.abs(v) < 0.3, `${name} ${v}`);
  });

  test('age, gender and race are plausible and well-formed', () => {
    const f = astronaut.face;
    assert.equal(f.gender, 'female');
    assert.ok(f.genderConfidence >= 0.5 && f.genderConfidence <= 1);
    assert.ok(f.age >= 20 && f.age <= 60, `age ${f.age}`);
    const sum = f.races.asian + f.races.black + f.races.white;
    assert.ok(Math.abs(sum - 1) < 0.001, `races sum to ${sum}`);
    for (const v of Object.values(f.races)) assert.ok(v >= 0 && v <= 1);
    assert.equal(f.race, 'white');
    assert.equal(f.raceConfidence, f.races[f.race]);
    assert.ok(f.raceConfidence >= Math.max(f.races.asian, f.races.black, f.races.white));
  });

  test('colours: skin warm, sclera bright, iris darker than sclera, lips redder than skin', () => {
    const { skin, sclera, iris, lips, hair } = astronaut.colors;
    for (const c of [skin, sclera, iris, lips, hair]) {
      for (const v of [c.red, c.green, c.blue]) assert.ok(Number.isInteger(v) && v >= 0 && v <= 255);
    }
    assert.ok(skin.red >= skin.blue && skin.red > 120, `skin ${JSON.stringify(skin)}`);
    assert.ok(luminance(sclera) > 140, `sclera ${JSON.stringify(sclera)}`);
    assert.ok(luminance(iris) < luminance(sclera) - 40, `iris ${JSON.stringify(iris)} vs sclera ${JSON.stringify(sclera)}`);
    assert.ok(luminance(hair) < luminance(skin), `hair ${JSON.stringify(hair)} is darker than skin`);
    assert.ok(lips.red - lips.green > skin.red - skin.green, `lips ${JSON.stringify(lips)} vs skin ${JSON.stringify(skin)}`);
  });

  test('68-point layout', () => {
    const p = astronaut.landmarks68;
    assert.equal(p.length, 68 * 3);
    IBUG68_FROM_MESH.forEach((mesh, k) => assert.deepEqual(point(p, k), point(astronaut.face.landmarks, mesh)));
    const jaw = Array.from({ length: 17 }, (_, k) => point(p, k));
    assert.equal(Math.max(...jaw.map((q) => q.y)), jaw[8].y, 'point 8 (chin) is the lowest of the jaw');
    assert.ok(jaw[0].x < jaw[8].x && jaw[8].x < jaw[16].x, 'jaw runs from the photo left to right');
    const xs = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, k) => point(p, from + k).x);
    const ys = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, k) => point(p, from + k).y);
    // 36–41 the eye on the photo's left, 42–47 the other; both above the nose tip (30), brows above eyes
    assert.ok(Math.max(...xs(36, 41)) < point(p, 27).x && Math.min(...xs(42, 47)) > point(p, 27).x);
    assert.ok(Math.max(...ys(36, 47)) < point(p, 30).y);
    assert.ok(Math.max(...ys(17, 26)) < Math.min(...ys(36, 47)));
    // nose bridge goes down, mouth below the nostrils, 51 (top lip) above 57 (bottom lip)
    assert.ok(point(p, 27).y < point(p, 28).y && point(p, 28).y < point(p, 29).y && point(p, 29).y < point(p, 30).y);
    assert.ok(Math.min(...ys(48, 67)) > point(p, 33).y);
    assert.ok(point(p, 51).y < point(p, 62).y && point(p, 66).y < point(p, 57).y);
    assert.ok(point(p, 48).x < point(p, 54).x && point(p, 36).x < point(p, 39).x);
  });

  test('person and hair masks', async () => {
    const { person, hair } = astronaut.segmentation;
    for (const m of [person, hair]) {
      assert.equal(m.width, 512);
      assert.equal(m.height, 512);
      assert.ok(m.data instanceof Uint8Array);
      assert.equal(m.data.length, 512 * 512);
    }
    const nose = point(astronaut.face.landmarks, 1);
    assert.ok(maskAt(person, nose.x, nose.y) >= 128, 'the face is part of the person');
    assert.ok(maskAt(person, 5, 5) < 128, 'the top-left corner is background');
    assert.ok(coverage(person) > 0.3 && coverage(person) < 0.9, `person covers ${coverage(person)}`);
    assert.equal(maskAt(hair, nose.x, nose.y), 0, 'no hair on the nose');
    const hairShare = coverage(hair);
    assert.ok(hairShare > 0.02 && hairShare < 0.2, `hair covers ${hairShare}`);
    // hair is above the eyes, mostly
    const eyes = meanY(astronaut.face.landmarks, [33, 263]);
    let above = 0;
    let total = 0;
    hair.data.forEach((v, i) => {
      if (v < 128) return;
      total++;
      if (Math.floor(i / hair.width) < eyes) above++;
    });
    assert.ok(above / total > 0.7, `${above} of ${total} hair pixels above the eyes`);
    // hair pixels are person pixels
    hair.data.forEach((v, i) => assert.ok(v === 0 || person.data[i] >= 128));

    const png = await encodeMaskPng(hair);
    const meta = await sharp(png).metadata();
    assert.equal(meta.format, 'png');
    assert.equal(meta.width, 512);
    assert.equal(meta.height, 512);
    assert.equal(meta.channels, 1);
    const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    assert.deepEqual(new Uint8Array(data), hair.data);
  });

  test('everything but the masks is plain JSON', () => {
    const { segmentation, ...rest } = astronaut;
    assert.ok(segmentation);
    assert.deepEqual(JSON.parse(JSON.stringify(rest)), rest);
  });
});

describe('other photos', () => {
  test('camera.png: grayscale photo of a man turned to his left', async () => {
    const a = await analyzer.analyze(await photo('camera.png'));
    assert.equal(a.faceCount, 1);
    assert.equal(a.face.gender, 'male');
    for (const c of Object.values(a.colors)) assert.ok(c.red === c.green && c.green === c.blue, 'a gray photo has gray colours');
    assert.ok(a.face.pose.yaw > 0.5, `yaw ${a.face.pose.yaw}: he looks towards the right of the photo`);
    assert.equal(a.segmentation.person.width, 512);
  });

  test('messi5.jpg: small face in a busy scene', async () => {
    const a = await analyzer.analyze(await photo('messi5.jpg'));
    assert.equal(a.width, 548);
    assert.equal(a.height, 342);
    assert.ok(a.faceCount >= 1);
    const { box } = a.face;
    assert.ok(box.x > 180 && box.x + box.width < 300 && box.y > 60 && box.y + box.height < 160, JSON.stringify(box));
    assert.equal(a.face.gender, 'male');
    assert.equal(a.segmentation.hair.width, 548);
    assert.ok(coverage(a.segmentation.hair) > 0.002, 'some hair');
  });

  test('the EXIF orientation is applied', async () => {
    // pixels stored turned a quarter anticlockwise, EXIF orientation 6 ("turn 90° clockwise to view")
    const rotated = await sharp(await photo('messi5.jpg')).rotate(-90).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    assert.equal((await sharp(rotated).metadata()).width, 342);
    const a = await analyzer.analyze(rotated);
    assert.equal(a.width, 548);
    assert.equal(a.height, 342);
    assert.ok(Math.abs(a.face.pose.roll) < 0.4);
  });

  test('photos without a face reject with NoFaceError', async () => {
    for (const name of ['no-face-cat.png', 'no-face-fruits.jpg']) {
      await assert.rejects(analyzer.analyze(await photo(name)), (err: unknown) => {
        assert.ok(err instanceof NoFaceError, `${name}: ${String(err)}`);
        assert.equal(err.message, 'No face found in the photo.');
        return true;
      });
    }
  });

  test('undecodable bytes reject with PhotoDecodeError', async () => {
    const png = await photo('astronaut.png');
    for (const bytes of [Buffer.alloc(0), Buffer.from('not an image at all'), png.subarray(0, png.length >> 1)]) {
      await assert.rejects(analyzer.analyze(bytes), (err: unknown) => {
        assert.ok(err instanceof PhotoDecodeError, String(err));
        assert.match(err.message, /^The photo could not be read as an image: \S/);
        return true;
      });
    }
  });

  test('concurrent calls are queued and give the same results as one at a time', async () => {
    const [a, b] = await Promise.all([analyzer.analyze(await photo('astronaut.png')), analyzer.analyze(await photo('messi5.jpg'))]);
    assert.deepEqual(a.face.landmarks, astronaut.face.landmarks);
    assert.deepEqual(a.colors, astronaut.colors);
    assert.equal(a.face.age, astronaut.face.age);
    assert.equal(b.width, 548);
  });
});

describe('a second analyzer', () => {
  test('downscales large photos but answers in photo pixels', async () => {
    const small = await createFaceAnalyzer({ maxImageSize: 256, warmUp: false });
    try {
      const a = await small.analyze(await photo('astronaut.png'));
      assert.equal(a.width, 512);
      assert.equal(a.segmentation.person.width, 256);
      assert.equal(a.segmentation.hair.height, 256);
      const nose = point(a.face.landmarks, 1);
      const full = point(astronaut.face.landmarks, 1);
      assert.ok(Math.hypot(nose.x - full.x, nose.y - full.y) < 6, `nose at ${nose.x},${nose.y} vs ${full.x},${full.y}`);
    } finally {
      await small.close();
    }
    await assert.rejects(small.analyze(await photo('astronaut.png')), /closed/);
  });

  test('works inside a worker thread', async () => {
    const index = new URL('../src/analysis/index.js', import.meta.url).href;
    const code = `
      const { parentPort, workerData } = require('node:worker_threads');
      import(workerData.index).then(async ({ createFaceAnalyzer }) => {
        const analyzer = await createFaceAnalyzer({ warmUp: false });
        const a = await analyzer.analyze(Buffer.from(workerData.photo));
        await analyzer.close();
        parentPort.postMessage({ faceCount: a.faceCount, gender: a.face.gender, width: a.segmentation.person.width });
      }).catch((err) => parentPort.postMessage({ error: String(err && err.stack || err) }));`;
    const worker = new Worker(code, { eval: true, workerData: { index, photo: await photo('astronaut.png') } });
    const message = await new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    assert.deepEqual(message, { faceCount: 1, gender: 'female', width: 512 });
  });
});

describe('colorModel', () => {
  /** Interleaved RGB of the colours, and the indices of all of them. */
  const sample = (colours: number[][]) => ({ rgb: Uint8Array.from(colours.flat()), pixels: colours.map((_, i) => i) });

  test('a blond highlight, nearer the skin\'s mean colour than the hair\'s, is likelier hair', () => {
    // Hair from highlight to shadow along one colour line; skin a tight cluster of shades.
    const hairColours = Array.from({ length: 40 }, (_, i) => { const t = i / 39; return [Math.round(220 - 110 * t), Math.round(190 - 100 * t), Math.round(140 - 80 * t)]; });
    const skinColours = Array.from({ length: 40 }, (_, i) => [200 + (i % 5) * 3 - 6, 150 + (i % 4) * 3 - 4, 110 + (i % 3) * 3 - 3]);
    const hair = sample(hairColours), skin = sample(skinColours);
    const hairModel = colorModel(hair.rgb, hair.pixels)!, skinModel = colorModel(skin.rgb, skin.pixels)!;
    const highlight = [214, 184, 135];
    const d = (m: number[]) => Math.hypot(highlight[0] - m[0], highlight[1] - m[1], highlight[2] - m[2]);
    assert.ok(d(skinModel.mean) < d(hairModel.mean), 'the highlight is nearer the skin mean');
    assert.ok(logLikelihood(hairModel, highlight[0], highlight[1], highlight[2]) > logLikelihood(skinModel, highlight[0], highlight[1], highlight[2]));
    // A skin colour stays skin.
    assert.ok(logLikelihood(skinModel, 201, 151, 111) > logLikelihood(hairModel, 201, 151, 111));
  });

  test('outliers of the first fit (an eye in the skin sample) do not widen the second', () => {
    const colours = [...Array.from({ length: 50 }, (_, i) => [180 + (i % 5), 140 + (i % 3), 120 + (i % 4)]), [20, 20, 20], [25, 18, 15], [240, 240, 240]];
    const { rgb, pixels } = sample(colours);
    const model = colorModel(rgb, pixels)!;
    assert.ok(Math.abs(model.mean[0] - 182) < 1.5, `mean ${model.mean}`);
    assert.ok(mahalanobis2(model, 20, 20, 20) > 100);
  });

  test('a grey photo (R = G = B) still gives a model, and too few pixels none', () => {
    const grey = sample(Array.from({ length: 20 }, (_, i) => [100 + i, 100 + i, 100 + i]));
    assert.ok(colorModel(grey.rgb, grey.pixels));
    const few = sample([[1, 2, 3], [4, 5, 6]]);
    assert.equal(colorModel(few.rgb, few.pixels), null);
  });
});
