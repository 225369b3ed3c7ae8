import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createFaceAnalyzer, type FaceAnalysis } from '../src/analysis/index.js';
import { HEAD_SUBTYPE_NAMES, headTemplate, warmUpHeadGeometry } from '../src/assets/index.js';
import { fitHead, headLod } from '../src/geometry/index.js';
import { type Figure, median, printFigures } from './figure.js';

const PHOTOS = ['astronaut.png', 'camera.png', 'messi5.jpg'];
const ROUNDS = 10;

const timeAsync = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const result = await f();
  return [result, performance.now() - start];
};

const time = <T>(f: () => T): [T, number] => {
  const start = performance.now();
  const result = f();
  return [result, performance.now() - start];
};

/**
 * Head geometry as a worker runs it. The first avatar of a subtype in a process also builds the
 * subtype's template (cached afterwards) and, per level of detail, its simplification (cached too);
 * later avatars only fit. Reports both, for the largest bust template and the head-only one, over
 * the fixture photos' analyses.
 */
export async function run(): Promise<Figure[]> {
  const dir = join(process.cwd(), 'test', 'fixtures', 'photos');
  const analyzer = await createFaceAnalyzer();
  const analyses: FaceAnalysis[] = [];
  try {
    for (const name of PHOTOS) analyses.push(await analyzer.analyze(await readFile(join(dir, name))));
  } finally {
    await analyzer.close();
  }

  const figures: Figure[] = [];
  // Cold: a fresh process's first avatar of the subtype, without warm-up.
  const [bust, bustMs] = time(() => headTemplate('head_1.2 base/mobile'));
  const [, firstFitMs] = time(() => fitHead(bust, analyses[0]));
  figures.push({ name: 'first avatar, no warm-up: template + fit + LOD0', value: bustMs + firstFitMs, unit: 'ms', target: '< 1000 ms' });
  figures.push({ name: '  template build (head_1.2 base/mobile, 58k faces)', value: bustMs, unit: 'ms' });
  figures.push({ name: '  fit (code not yet compiled)', value: firstFitMs, unit: 'ms' });
  const [head, headMs] = time(() => headTemplate('head_2.0 head/mobile'));
  figures.push({ name: 'template build (head_2.0 head/mobile, 23k faces)', value: headMs, unit: 'ms' });
  const [, allMs] = time(() => HEAD_SUBTYPE_NAMES.forEach((s) => headTemplate(s)));
  figures.push({ name: 'template build, the other five subtypes', value: allMs, unit: 'ms' });

  let lodStart = performance.now();
  for (let lod = 1; lod < bust.lodFaces.length; lod++) await headLod(bust, lod);
  figures.push({ name: 'LOD1-7 simplification, first time (head_1.2 base/mobile)', value: performance.now() - lodStart, unit: 'ms' });

  // Warm: every later avatar.
  for (const [template, label] of [[bust, 'head_1.2 base/mobile'], [head, 'head_2.0 head/mobile']] as const) {
    const fits: number[] = [];
    const totals: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const analysis of analyses) {
        const start = performance.now();
        const fitted = fitHead(headTemplate(template.subtype), analysis);
        fits.push(performance.now() - start);
        await headLod(fitted, 0);
        totals.push(performance.now() - start);
      }
    }
    figures.push({ name: `template + fit + LOD0 per avatar, ${label} (median)`, value: median(totals), unit: 'ms', target: '< 1000 ms' });
    figures.push({ name: `  fit alone (median)`, value: median(fits), unit: 'ms' });
    figures.push({ name: `  slowest`, value: Math.max(...totals), unit: 'ms' });
  }
  const fitted = fitHead(bust, analyses[0]);
  lodStart = performance.now();
  for (let lod = 1; lod < bust.lodFaces.length; lod++) await headLod(fitted, lod);
  figures.push({ name: 'LOD1-7 of a fitted head, simplifications cached', value: performance.now() - lodStart, unit: 'ms' });
  const [, warmUpMs] = await timeAsync(() => warmUpHeadGeometry());
  figures.push({ name: 'warmUpHeadGeometry, all subtypes (after the above)', value: warmUpMs, unit: 'ms' });
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Head geometry', await run());
}
