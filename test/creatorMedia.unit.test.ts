import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import sharp from 'sharp';

/**
 * The creator's GIF (creator/src/gifEncode.js: its frames and file) and sample avatars (samples.js),
 * run here as plain ES modules; test/creator.test.ts presses the buttons in a browser.
 */
const load = (name: string) => import(pathToFileURL(join(process.cwd(), 'creator', 'src', name)).href);

test('GIF: 2.4 s of frames 80 ms apart, one whole turn that loops; the file is a looping GIF89a of every frame', async () => {
  const { gifPlan, gifSize, encodeGif } = await load('gifEncode.js');
  const plan = gifPlan();
  assert.equal(plan.count, 30);
  assert.equal(plan.delay, 80);
  assert.equal(plan.count * plan.delay, 2400);
  assert.equal(plan.turn(0), 0);
  // The frame after the last would be the first again: no frame repeats, none is skipped.
  assert.ok(Math.abs(plan.turn(plan.count) - 2 * Math.PI) < 1e-12);
  assert.deepEqual(gifSize(800, 600), { width: 320, height: 240 });
  assert.deepEqual(gifSize(400, 1200), { width: 160, height: 480 }, 'a tall viewer is held to 480 pixels high');
  assert.throws(() => gifPlan(0, 10), /positive/);

  // Three frames of a gradient that moves: the GIF has them all, at their delay, looping for ever.
  const [width, height] = [40, 30];
  const frames = [0, 1, 2].map((shift) => {
    const rgba = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) {
      const k = (y * width + x) * 4;
      rgba.set([((x + shift * 10) * 6) % 256, y * 8, 128, 255], k);
    }
    return rgba;
  });
  const bytes = Buffer.from(encodeGif(frames, width, height, plan.delay));
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
  const meta = await sharp(bytes, { animated: true }).metadata();
  assert.deepEqual([meta.width, meta.pageHeight, meta.pages, meta.loop], [width, height, 3, 0]);
  assert.deepEqual(meta.delay, [80, 80, 80]);
  // The frames differ as their pictures do: the second is not the first again.
  const pixels = await sharp(bytes, { animated: true }).raw().toBuffer();
  const frameBytes = width * height * (pixels.length / (width * height * 3));
  assert.notDeepEqual(pixels.subarray(0, frameBytes), pixels.subarray(frameBytes, 2 * frameBytes));
  assert.throws(() => encodeGif([new Uint8Array(10)], width, height, 80), /has 4800 bytes, got 10/);
});

test('sample avatars: each a shipped JPEG with a face picture, by gender; generate_avatar takes its gender and an adult age unless fixed', async () => {
  const { SAMPLES, samplesFor, sampleRequest } = await load('samples.js');
  assert.deepEqual(SAMPLES.map((s: { gender: string }) => s.gender).sort(), ['female', 'male']);
  for (const s of SAMPLES as Array<{ photo: string; face: string }>) {
    for (const url of [s.photo, s.face]) {
      const file = readFileSync(fileURLToPath(url));
      assert.deepEqual([...file.subarray(0, 3)], [0xff, 0xd8, 0xff], `${url} is a JPEG`);
    }
    assert.ok((await sharp(readFileSync(fileURLToPath(s.photo))).metadata()).width! >= 512, 'the photo at its full size');
  }
  const provenance = readFileSync(join(process.cwd(), 'creator', 'src', 'samples', 'PROVENANCE.md'), 'utf8');
  for (const s of SAMPLES as Array<{ name: string }>) assert.match(provenance, new RegExp(`${s.name}\\.jpg.*(public domain|CC0)`), `${s.name}'s licence is written down`);
  assert.deepEqual(samplesFor('male').map((s: { gender: string }) => s.gender), ['male']);
  assert.equal(samplesFor('').length, SAMPLES.length);
  const male = samplesFor('male')[0];
  assert.deepEqual(sampleRequest(male, '', 'data:x'), { eventName: 'generate_avatar', gender: 'male', age: 'adult', image: 'data:x' });
  assert.equal(sampleRequest(male, 'teen12', 'data:x').age, 'teen12', 'the host\'s fixed age wins');
});
