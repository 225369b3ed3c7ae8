import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { photoBodyShape } from '../src/pipelines/body/photoBodyShape.js';
import {
  bodyProportionsFromPhoto, bodyShapeFromPhoto, createBodyKeypointDetector, createFaceAnalyzer, MEAN_PHOTO_RATIOS,
  NoFaceError, type BodyKeypointDetector, type BodyKeypoints, type BodyProportions, type FaceAnalysis, type FaceAnalyzer,
} from '../src/analysis/index.js';

// Compiled to dist/test/: the project root is two levels up.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);
// The package's exports map hides package.json; its Node entry is dist/human.node.js (resolved, not loaded).
const SAMPLES = join(dirname(require.resolve('@vladmandic/human')), '..', 'assets', 'samples.jpg');

/**
 * Thumbnails of the collage in @vladmandic/human/assets/samples.jpg (MIT, shipped in the package),
 * cut at test time at their own resolution: small copies of two of ../shared/photos/bodies.
 */
const TILES = {
  /** A rendered woman in an A-pose, whole body, plain background (ai-body.jpg). */
  aPose: { left: 0, top: 0, width: 158, height: 158 },
  /** A woman standing in a top and a skirt, whole body, taking a selfie in a mirror (person-linda.jpg). */
  standing: { left: 545, top: 0, width: 89, height: 158 },
};
const tile = (t: { left: number; top: number; width: number; height: number }): Promise<Buffer> => sharp(SAMPLES).extract(t).png().toBuffer();

let analyzer: FaceAnalyzer;
let detector: BodyKeypointDetector;
/** astronaut.png analysed before the body model was ever loaded in this thread. */
let faceBeforeBody: FaceAnalysis;

/** The body step as a pipeline runs it: face analysis first (none when no face is found), then keypoints with its mask. */
async function bodyOf(photo: Buffer): Promise<{ analysis: FaceAnalysis | null; pose: BodyKeypoints | null; body: BodyProportions }> {
  let analysis: FaceAnalysis | null = null;
  try {
    analysis = await analyzer.analyze(photo);
  } catch (e) {
    if (!(e instanceof NoFaceError)) throw e;
  }
  const pose = await detector.detect(photo, analysis?.segmentation.person);
  return { analysis, pose, body: bodyProportionsFromPhoto(pose, analysis) };
}

const measured = (b: BodyProportions) => [b.legToTorso, b.legToHeight, b.shoulderToHeight, b.hipToHeight, b.stature, b.shoulderWidth, b.hipWidth];

before(async () => {
  analyzer = await createFaceAnalyzer({ warmUp: false });
  faceBeforeBody = await analyzer.analyze(await readFile(join(ROOT, 'test/fixtures/photos/astronaut.png')));
  detector = createBodyKeypointDetector();
});

after(async () => {
  await analyzer.close();
});

describe('a whole standing body (thumbnails of samples.jpg)', () => {
  for (const [name, t] of Object.entries(TILES)) {
    test(`${name}: ankles and feet are seen, and the ratios are an adult's`, async () => {
      const { body, pose } = await bodyOf(await tile(t));
      assert.ok(pose, 'a body is found');
      assert.equal(body.view, 'whole-body');
      assert.ok(body.visible.ankles && body.visible.feet && body.visible.wholeBody, JSON.stringify(body.visible));
      assert.ok(body.standing);
      assert.ok(pose.keypoints.leftAnkle.score >= 0.5 && pose.keypoints.rightAnkle.score >= 0.5);
      const within = (what: string, v: number | undefined, lo: number, hi: number): void =>
        assert.ok(v !== undefined && v >= lo && v <= hi, `${what} ${v} outside ${lo}..${hi}`);
      within('leg/height', body.legToHeight?.value, 0.42, 0.55);
      within('shoulder/height', body.shoulderToHeight?.value, 0.2, 0.3);
      within('hip/height', body.hipToHeight?.value, 0.15, 0.28);
      within('leg/torso', body.legToTorso?.value, 1.3, 2.0);
      within('stature in pixels', body.stature?.pixels, 0.8 * t.height, t.height);
    });
  }

  test('no face is found in a thumbnail: no scale, so no centimetres and no height, only ratios', async () => {
    const { analysis, body } = await bodyOf(await tile(TILES.aPose));
    assert.equal(analysis, null);
    assert.equal(body.scale, undefined);
    assert.equal(body.stature?.cm, undefined);
    assert.equal(body.shoulderWidth?.cm, undefined);
    const shape = bodyShapeFromPhoto(body, 'female');
    assert.equal(shape.height, undefined);
    assert.equal(shape.hips, undefined);
    assert.ok(shape.legLength !== undefined && Math.abs(shape.legLength - 1) <= 0.15);
  });

  test('the same photo gives the same keypoints and measurements', async () => {
    const photo = await tile(TILES.standing);
    const [a, b] = [await bodyOf(photo), await bodyOf(photo)];
    assert.deepEqual(a.pose?.keypoints, b.pose?.keypoints);
    assert.deepEqual(a.body, b.body);
  });
});

describe('a photo that does not show the whole body', () => {
  test('a photo cut at the knees: no feet, so no whole body, no stature and no ratios to height', async () => {
    const { body } = await bodyOf(await tile({ ...TILES.aPose, height: 115 }));
    assert.equal(body.visible.feet, false);
    assert.equal(body.visible.wholeBody, false);
    assert.equal(body.standing, false);
    for (const r of [body.legToHeight, body.shoulderToHeight, body.hipToHeight, body.stature]) assert.equal(r, undefined);
  });

  for (const file of ['test/fixtures/photos/astronaut.png', 'bench/fixtures/faces/facedetect-1.png']) {
    test(`${file}: head and shoulders, nothing measured below them`, async () => {
      const { analysis, body } = await bodyOf(await readFile(join(ROOT, file)));
      assert.ok(analysis, 'the face is found');
      assert.equal(body.view, 'head-and-shoulders');
      assert.equal(body.visible.hips, false);
      assert.equal(body.visible.ankles, false);
      assert.equal(body.visible.wholeBody, false);
      assert.ok(measured(body).every((m) => m === undefined), JSON.stringify(body));
      assert.ok(body.scale && body.scale.pixelsPerCm > 0, 'the face still gives the photo a scale');
      const shape = bodyShapeFromPhoto(body, analysis.face.gender);
      assert.equal(shape.height, undefined);
      assert.equal(shape.legLength, undefined);
      assert.equal(shape.shoulderWidth, undefined);
    });
  }

  test('astronaut.png: BlazePose squeezes a whole body into the bust (shoulders on the neck ring); the pose is set aside', async () => {
    const { body } = await bodyOf(await readFile(join(ROOT, 'test/fixtures/photos/astronaut.png')));
    assert.equal(body.poseMismatch, 'shoulders-at-the-face');
  });

  test('no body and no face: nothing is seen and nothing is measured', () => {
    const body = bodyProportionsFromPhoto(null, null);
    assert.equal(body.view, 'none');
    assert.ok(Object.values(body.visible).every((v) => v === false));
    assert.ok(measured(body).every((m) => m === undefined));
    assert.deepEqual(bodyShapeFromPhoto(body, 'male'), {});
  });
});

describe('the body step is separate from the face analysis', () => {
  test('the face analysis gives the same result after the body model has run in the same thread', async () => {
    await detector.detect(await tile(TILES.aPose));
    const after = await analyzer.analyze(await readFile(join(ROOT, 'test/fixtures/photos/astronaut.png')));
    assert.deepEqual(after, faceBeforeBody);
  });
});

describe('bodyShapeFromPhoto: the photo’s proportions as body controls', () => {
  const standing = (over: Partial<BodyProportions>): BodyProportions => ({
    view: 'whole-body', standing: true, confidence: 0.9,
    visible: { head: true, shoulders: true, hips: true, knees: true, ankles: true, feet: true, wholeBody: true },
    ...over,
  });

  test('the mean ratios give the mean body (factors of 1)', () => {
    const mean = MEAN_PHOTO_RATIOS.female;
    const shape = bodyShapeFromPhoto(standing({
      shoulderToHeight: { value: mean.shoulderToHeight, confidence: 0.9 },
      legToHeight: { value: mean.legToHeight, confidence: 0.9 },
    }), 'female');
    assert.equal(shape.shoulderWidth, 1);
    assert.equal(shape.legLength, 1);
  });

  test('non_binary takes the even blend of the female and male means', () => {
    const legToHeight = (MEAN_PHOTO_RATIOS.female.legToHeight + MEAN_PHOTO_RATIOS.male.legToHeight) / 2;
    assert.equal(bodyShapeFromPhoto(standing({ legToHeight: { value: legToHeight, confidence: 0.9 } }), 'non_binary').legLength, 1);
  });

  test('longer legs and wider shoulders than the mean raise their controls, within the limits', () => {
    const mean = MEAN_PHOTO_RATIOS.male;
    const shape = bodyShapeFromPhoto(standing({
      shoulderToHeight: { value: mean.shoulderToHeight * 1.05, confidence: 0.9 },
      legToHeight: { value: mean.legToHeight * 1.5, confidence: 0.9 },
    }), 'male');
    assert.ok(shape.shoulderWidth! > 1.04 && shape.shoulderWidth! < 1.06, String(shape.shoulderWidth));
    assert.equal(shape.legLength, 1.15);
  });

  test('measurements below the confidence threshold are left out, so given body_shape values and the model’s means fill in', () => {
    const shape = bodyShapeFromPhoto(standing({
      legToHeight: { value: 0.5, confidence: 0.3 },
      stature: { pixels: 1000, cm: 170, uncertaintyCm: 10, top: [0, 0], sole: [0, 1000], confidence: 0.9 },
    }), 'female');
    assert.deepEqual(shape, { height: 170 });
  });
});

describe('body_0.3 takes what a full-body photo shows (pipelines/body/photoBodyShape.ts)', () => {
  test('a portrait shows no body to measure: the request gets nothing from it', async () => {
    const photo = await readFile(join(ROOT, 'test/fixtures/photos/astronaut.png'));
    assert.deepEqual(await photoBodyShape(photo, faceBeforeBody, 'female'), {});
  });
});
