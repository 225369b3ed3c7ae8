import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { createFaceAnalyzer, hairRegion } from '../src/analysis/index.js';
import { headTemplate, warmUpHeadGeometry } from '../src/assets/index.js';
import { ABSOLUTELY_BALD, haircutByIdentity, predictHaircut, type HaircutLength } from '../src/assets/haircuts/index.js';
import { fitHead } from '../src/geometry/index.js';
import { decodeRgb } from '../src/texture/index.js';
import { median, type Figure } from './figure.js';

type Label = HaircutLength | 'bald';

/**
 * Hair length of each test photo, labelled by looking at the photo (bench/fixtures/faces and
 * test/fixtures/photos; see their PROVENANCE.md). A prediction is right when the predicted
 * haircut's length class is one the label accepts.
 */
const LABELS: Record<string, Label[]> = {
  'bench/fixtures/faces/facedetect-1.png': ['short'],
  'bench/fixtures/faces/facedetect-2.png': ['long'],
  'bench/fixtures/faces/facedetect-3.png': ['long'],
  'bench/fixtures/faces/facedetect-4.png': ['long'],
  'bench/fixtures/faces/facedetect-5.png': ['long'],
  'bench/fixtures/faces/faceid.png': ['short', 'shaved'],
  'test/fixtures/photos/astronaut.png': ['short'],
  'test/fixtures/photos/camera.png': ['short'],
  'test/fixtures/photos/messi5.jpg': ['medium', 'long'],
  'test/fixtures/photos/sunglasses.png': ['bald', 'shaved'],
};

/** predict_haircut (head_1.2's candidates: base and facegen) on every labelled photo. */
export async function run(verbose = false): Promise<Figure[]> {
  const analyzer = await createFaceAnalyzer();
  await warmUpHeadGeometry();
  const template = headTemplate('head_1.2 base/mobile');
  let right = 0;
  const lines: string[] = [];
  const times: number[] = [];
  for (const [file, accepted] of Object.entries(LABELS)) {
    const bytes = await readFile(file);
    const analysis = await analyzer.analyze(bytes);
    const photo = await decodeRgb(bytes);
    const fitted = fitHead(template, analysis);
    const region = hairRegion(photo, analysis);
    const t0 = performance.now();
    const { name } = predictHaircut(fitted, region, analysis, { sets: ['base', 'facegen'] });
    times.push(performance.now() - t0);
    const length: Label = name === ABSOLUTELY_BALD ? 'bald' : haircutByIdentity(name)!.length;
    const ok = accepted.includes(length);
    if (ok) right++;
    lines.push(`  ${ok ? 'right' : 'WRONG'}  ${file.split('/').pop()!.padEnd(18)} ${name} (${length}); labelled ${accepted.join(' or ')}`);
  }
  await analyzer.close();
  if (verbose) console.log(lines.join('\n'));
  return [
    { name: `predict_haircut length class right, of ${Object.keys(LABELS).length} labelled photos`, value: right, unit: 'photos' },
    { name: '  accuracy', value: (100 * right) / Object.keys(LABELS).length, unit: '%' },
    // The first photo pays for making the 45 haircuts for the template.
    { name: 'predict_haircut per photo, after the first (median)', value: median(times.slice(1)), unit: 'ms' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printFigures } = await import('./figure.js');
  printFigures('Haircut prediction', await run(true));
}
