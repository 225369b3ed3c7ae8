import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { sampleScene } from '../bench/blenderImport.js';
import { chromiumAvailable, CHROMIUM, withBrowser } from '../bench/browserView.js';
import type { Scene } from '../src/formats/scene.js';
import { writeGltf } from '../src/formats/gltf/index.js';

const SIZE = 256;
const BACKGROUND = 128;

interface Pixels { data: Buffer; width: number; height: number }

const decode = async (png: Uint8Array): Promise<Pixels> => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};
const glb = async (scene: Scene): Promise<Uint8Array> => (await writeGltf(scene, { binary: true }))[0].data;
/** Pixel indices where the two images differ by more than a rounding error in some channel. */
const changed = (a: Pixels, b: Pixels): number[] => {
  const found: number[] = [];
  for (let p = 0; p < a.width * a.height; p++) {
    if ([0, 1, 2].some((c) => Math.abs(a.data[p * 3 + c] - b.data[p * 3 + c]) > 8)) found.push(p);
  }
  return found;
};

test('three.js renders the sample GLB: a framed model on grey, jawOpen moves the jaw, the masked haircut is cut out', {
  skip: chromiumAvailable() ? false : `${CHROMIUM} is not installed`,
  timeout: 60_000,
}, async (t) => {
  const scene = await sampleScene();
  const masked = await glb(scene);
  const hair = scene.meshes.find((m) => m.name === 'haircut')!;
  const opaque = await glb({ ...scene, meshes: scene.meshes.map((m) => (m === hair ? { ...m, material: { ...m.material!, alphaMode: 'opaque' } } : m)) });
  const start = performance.now();
  const [neutral, jaw, solid] = await withBrowser(async (render) => [
    await decode(await render(masked, { width: SIZE, height: SIZE, morphs: { jawOpen: 0 } })),
    await decode(await render(masked, { width: SIZE, height: SIZE, morphs: { jawOpen: 1 } })),
    await decode(await render(opaque, { width: SIZE, height: SIZE, morphs: { jawOpen: 0 } })),
  ]);
  t.diagnostic(`3 renders in ${Math.round(performance.now() - start)} ms including browser start`);
  assert.equal(neutral.width, SIZE);
  assert.equal(neutral.height, SIZE);

  const pixels = SIZE * SIZE;
  let model = 0;
  for (let p = 0; p < pixels; p++) {
    if ([0, 1, 2].some((c) => Math.abs(neutral.data[p * 3 + c] - BACKGROUND) > 3)) model++;
  }
  // A sphere framed with a margin covers about half the square; a blank or clipped frame does not.
  assert.ok(model / pixels > 0.2 && model / pixels < 0.8, `model covers ${(model / pixels).toFixed(3)} of the image`);
  const corner = [0, 1, 2].map((c) => neutral.data[c]);
  assert.deepEqual(corner, [BACKGROUND, BACKGROUND, BACKGROUND], 'the background is neutral grey');

  // The jaw sinks by up to 2 cm below the head: the change is visible and all of it is in the lower half.
  const jawMoved = changed(neutral, jaw);
  assert.ok(jawMoved.length > pixels * 0.002, `jawOpen changed ${jawMoved.length} pixels`);
  const upper = jawMoved.filter((p) => Math.floor(p / SIZE) < SIZE / 2).length;
  assert.equal(upper, 0, `jawOpen changed ${upper} pixels in the upper half of the image`);

  // Half of the haircut texture has alpha 0: with alphaMode MASK the head shows through there.
  const cutOut = changed(neutral, solid);
  assert.ok(cutOut.length > model * 0.2, `the mask changed ${cutOut.length} of ${model} model pixels`);
});
