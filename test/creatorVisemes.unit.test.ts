import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { VISEMES_15 as SERVICE_VISEMES } from '../src/library/blendshapeNames.js';

/** Lip sync's mapping from a microphone's spectrum to visemes_15 weights (creator/src/visemes.js). */
const load = (name: string) => import(pathToFileURL(join(process.cwd(), 'creator', 'src', name)).href);

/** An analyser's 512 byte bins at 48 kHz with `level` between `lo` and `hi` Hz. */
function spectrum(parts: Array<[number, number, number]>): Uint8Array {
  const bins = new Uint8Array(512);
  const binHz = 24000 / 512;
  for (const [lo, hi, level] of parts) for (let i = Math.floor(lo / binHz); i < Math.ceil(hi / binHz); i++) bins[i] = level;
  return bins;
}

test('the viseme names are the ones the service exports in visemes_15', async () => {
  const { VISEMES_15 } = await load('visemes.js');
  assert.deepEqual(VISEMES_15, [...SERVICE_VISEMES]);
});

test('silence is sil alone, every other viseme at zero', async () => {
  const { visemeWeights, VISEMES_15 } = await load('visemes.js');
  for (const quiet of [new Uint8Array(512), spectrum([[100, 8000, 5]])]) {
    const w = visemeWeights(quiet, { sampleRate: 48000 });
    assert.equal(w.sil, 1);
    for (const n of VISEMES_15.filter((x: string) => x !== 'sil')) assert.equal(w[n], 0, n);
  }
});

test('a loud open vowel (strong first and second formants) opens the mouth: AA leads, sil falls', async () => {
  const { visemeWeights } = await load('visemes.js');
  const w = visemeWeights(spectrum([[600, 1300, 200]]), { sampleRate: 48000 });
  assert.ok(w.AA > 0.5, `AA ${w.AA}`);
  assert.ok(w.sil < 0.2, `sil ${w.sil}`);
  assert.ok(w.AA >= Math.max(w.EE, w.ff, w.OU), JSON.stringify(w));
});

test('a rounded vowel leans to OH/OU, a spread one to EE, hiss to the fricatives', async () => {
  const { visemeWeights } = await load('visemes.js');
  const rounded = visemeWeights(spectrum([[200, 700, 180]]), { sampleRate: 48000 });
  assert.ok(rounded.OH > rounded.EE && rounded.OH > 0.3, JSON.stringify(rounded));
  const spread = visemeWeights(spectrum([[2200, 3500, 180]]), { sampleRate: 48000 });
  assert.ok(spread.EE > spread.OH && spread.EE > 0.3, JSON.stringify(spread));
  const hiss = visemeWeights(spectrum([[4500, 8000, 150]]), { sampleRate: 48000 });
  assert.ok(hiss.ff > 0.3 && hiss.AA === 0, JSON.stringify(hiss));
  for (const w of [rounded, spread, hiss]) for (const v of Object.values(w)) assert.ok((v as number) >= 0 && (v as number) <= 1);
});
