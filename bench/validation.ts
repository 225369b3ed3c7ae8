import { pathToFileURL } from 'node:url';
import { exportContext, PARAMETER_LIMITS, parseParametersField, resolveExportParameters, validateParameters } from '../src/pipelines/catalogue/index.js';
import { type Figure, median, printFigures } from './figure.js';

const many = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const { listLength } = PARAMETER_LIMITS;

/** The worst `parameters` texts a client can send, from the million-character name to input just inside every limit. */
const WORST: Record<string, string> = {
  'a name of a million characters': JSON.stringify({ haircuts: { list: ['x'.repeat(1_000_000)] } }),
  'a list of 200000 names': JSON.stringify({ haircuts: { list: many(200_000, () => 'x') } }),
  'brackets nested 400000 deep': '['.repeat(400_000) + ']'.repeat(400_000),
  '3 lists of 256 wrong names': JSON.stringify({
    haircuts: { list: many(listLength, (i) => `haircut_${i}`.padEnd(40, 'x')) },
    model_info: { plus: many(listLength, (i) => `a${i}`.padEnd(40, 'x')) },
    blendshapes: { list: many(listLength, (i) => `bs_${i}`) },
  }),
  '4096 values': JSON.stringify(Object.fromEntries(many(16, (g) => [`g${g}`, many(listLength, () => 0)] as const))),
};

const COMPUTATION = { pipeline: 'head_1.2', subtype: 'base/mobile', plan: 'enterprise' } as const;
const EXPORT = exportContext('head_2.0', 'head/mobile', 'enterprise');

/** Parse and check one field as the service does, computation and export parameters alike. */
function validate(text: string): void {
  const parsed = parseParametersField(text);
  if (!parsed.ok) return;
  validateParameters(parsed.value, COMPUTATION);
  resolveExportParameters(parsed.value, EXPORT);
}

/** Event-loop time the worst requests cost to refuse: the median of 50 runs of each, and the worst case's. */
export async function run(): Promise<Figure[]> {
  const figures: Figure[] = [];
  let worst = 0;
  for (const [what, text] of Object.entries(WORST)) {
    for (let i = 0; i < 5; i++) validate(text);
    const times = many(50, () => {
      const t0 = performance.now();
      validate(text);
      return performance.now() - t0;
    });
    const ms = median(times);
    worst = Math.max(worst, ms);
    figures.push({ name: `validation, ${what} (median)`, value: ms, unit: 'ms' });
  }
  figures.push({ name: 'worst-case parameter validation (median)', value: worst, unit: 'ms', target: '<= a few ms' });
  return figures;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) printFigures('Parameter validation', await run());
