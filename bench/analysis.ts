import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createFaceAnalyzer } from '../src/analysis/index.js';
import { type Figure, median, printFigures } from './figure.js';

const PHOTOS = ['astronaut.png', 'camera.png', 'messi5.jpg'];
const ROUNDS = 10;

/**
 * Face analysis as a worker runs it: one analyzer, photos analysed one after another.
 * Reports the model load + warm-up time and the median time per photo after warm-up
 * (decode included), over ROUNDS rounds of the fixture face photos.
 */
export async function run(): Promise<Figure[]> {
  const dir = join(process.cwd(), 'test', 'fixtures', 'photos');
  const photos = await Promise.all(PHOTOS.map((name) => readFile(join(dir, name))));

  const loadStart = performance.now();
  const analyzer = await createFaceAnalyzer();
  const loadMs = performance.now() - loadStart;
  try {
    const times: number[] = [];
    const perPhoto = new Map<string, number[]>(PHOTOS.map((name) => [name, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < photos.length; i++) {
        const start = performance.now();
        await analyzer.analyze(photos[i]);
        const ms = performance.now() - start;
        times.push(ms);
        perPhoto.get(PHOTOS[i])!.push(ms);
      }
    }
    return [
      { name: 'face analysis per photo after warm-up (median)', value: median(times), unit: 'ms', target: '<= 300 ms' },
      ...PHOTOS.map((name) => ({ name: `  ${name} (median)`, value: median(perPhoto.get(name)!), unit: 'ms' })),
      { name: 'face analysis slowest photo after warm-up', value: Math.max(...times), unit: 'ms' },
      { name: 'model load + warm-up', value: loadMs, unit: 'ms' },
    ];
  } finally {
    await analyzer.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Face analysis', await run());
}
