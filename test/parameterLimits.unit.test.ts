import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  exportContext, PARAMETER_LIMITS, parseParametersField, resolveExportParameters, validateParameters,
} from '../src/pipelines/catalogue/index.js';
import { closest } from '../src/pipelines/catalogue/suggest.js';

const COMPUTATION = { pipeline: 'head_1.2', subtype: 'base/mobile', plan: 'enterprise' } as const;
const EXPORT = exportContext('head_2.0', 'head/mobile', 'enterprise');
const { errors: MAX_ERRORS, jsonLength, listLength, nameLength, depth } = PARAMETER_LIMITS;

/** The worst inputs an attacker can fit in a 1 MiB request, as the JSON text of the field. */
const many = <T>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));
const WORST: Record<string, (category: string) => string> = {
  'one name of a million characters': (c) => JSON.stringify({ [c]: { list: ['x'.repeat(1_000_000)] } }),
  'a list of a million names': (c) => JSON.stringify({ [c]: { list: many(1_000_000, () => 'x') } }),
  'a hundred thousand unknown keys': () => JSON.stringify(Object.fromEntries(many(100_000, (i) => [`k${i}`, 1] as const))),
  'a key of a million characters': () => JSON.stringify({ ['k'.repeat(1_000_000)]: 1 }),
  'brackets nested 400000 deep': () => '['.repeat(400_000) + ']'.repeat(400_000),
  'objects nested 100000 deep': () => '{"a":'.repeat(100_000) + '1' + '}'.repeat(100_000),
  // Within every limit, so each name is looked up: only the first few get a "did you mean".
  'lists of 256 wrong names, 40 characters each': (c) =>
    JSON.stringify({ [c]: { list: many(listLength, (i) => `haircut_${i}`.padEnd(40, 'x')) }, model_info: { plus: many(listLength, (i) => `a${i}`.padEnd(40, 'x')) } }),
  'over 4096 values': () => JSON.stringify(Object.fromEntries(many(17, (g) => [`g${g}`, many(listLength, () => 0)] as const))),
};

/** Milliseconds of one call (the median of 5, as other processes share the cores), and its result. */
function timed<T>(f: () => T): { ms: number; result: T } {
  const runs: number[] = [];
  let result!: T;
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    result = f();
    runs.push(performance.now() - t0);
  }
  return { ms: runs.sort((a, b) => a - b)[2], result };
}

function computation(text: string): string[] {
  const parsed = parseParametersField(text);
  if (!parsed.ok) return parsed.errors;
  const checked = validateParameters(parsed.value, COMPUTATION);
  return checked.ok ? [] : checked.errors;
}

function exportErrors(text: string): Record<string, string[]> {
  const parsed = parseParametersField(text);
  if (!parsed.ok) return { parameters: parsed.errors };
  const resolved = resolveExportParameters(parsed.value, EXPORT);
  return resolved.ok ? {} : resolved.errors;
}

describe('errors are cheap and bounded: the worst requests are refused quickly with a small error', () => {
  const times: { what: string; ms: number; bytes: number }[] = [];
  for (const [what, make] of Object.entries(WORST)) {
    test(`computation parameters: ${what}`, () => {
      const text = make('haircuts');
      computation(text); // warm
      const { ms, result } = timed(() => computation(text));
      const bytes = JSON.stringify({ parameters: result }).length;
      times.push({ what: `computation, ${what}`, ms, bytes });
      assert.ok(result.length > 0 && result.length <= MAX_ERRORS + 1, `${result.length} errors`);
      assert.ok(bytes < 16 * 1024, `error body of ${bytes} bytes`);
    });
    test(`export parameters: ${what}`, () => {
      const text = make('haircuts');
      exportErrors(text);
      const { ms, result } = timed(() => exportErrors(text));
      const messages = Object.values(result).flat();
      const bytes = JSON.stringify(result).length;
      times.push({ what: `export, ${what}`, ms, bytes });
      assert.ok(messages.length > 0 && messages.length <= MAX_ERRORS + 1, `${messages.length} errors`);
      assert.ok(bytes < 16 * 1024, `error body of ${bytes} bytes`);
    });
  }
  test('print the worst-case validation time (the lead quotes it)', () => {
    assert.ok(times.length > 0, 'the limit tests above recorded no time');
    const worst = times.reduce((a, b) => (b.ms > a.ms ? b : a));
    for (const t of times) console.log(`# validation ${t.ms.toFixed(2).padStart(7)} ms, error body ${String(t.bytes).padStart(5)} B: ${t.what}`);
    console.log(`# worst-case validation: ${worst.ms.toFixed(2)} ms (${worst.what})`);
    // Measured, not a timing assert: a loaded machine may be slower, never by 100×.
    assert.ok(worst.ms < 500, `${worst.ms} ms`);
  });
});

describe('the limits of parameters, as docs/parameters.md and docs/exports.md state them', () => {
  test(`past ${MAX_ERRORS} problems the rest are counted in one last line`, () => {
    const errors = computation(JSON.stringify({ model_info: { plus: many(100, (i) => `unknown${i}`) } }));
    assert.equal(errors.length, MAX_ERRORS + 1);
    assert.match(errors[MAX_ERRORS], /and 80 more problems/);
    const exportErrs = exportErrors(JSON.stringify({ blendshapes: { list: many(30, (i) => `unknown${i}`) } }));
    assert.equal(Object.values(exportErrs).flat().length, MAX_ERRORS + 1);
    assert.match(exportErrs.parameters.join(' '), /and 10 more problems/);
  });

  test('a name longer than the limit is refused without being echoed', () => {
    const long = 'y'.repeat(nameLength + 1);
    const [error] = computation(JSON.stringify({ model_info: { plus: [long] } }));
    assert.equal(error, `model_info.plus[0]: must be at most ${nameLength} characters, got ${nameLength + 1}`);
    const keyErrors = exportErrors(JSON.stringify({ haircuts: { [long]: 1 } }));
    assert.deepEqual(keyErrors, { 'parameters.haircuts': [`has a key of ${nameLength + 1} characters; a name has at most ${nameLength}`] });
  });

  test('a list longer than the limit is refused as a whole', () => {
    const errors = exportErrors(JSON.stringify({ blendshapes: { list: many(listLength + 1, () => 'mobile_51') } }));
    assert.deepEqual(errors, { 'parameters.blendshapes.list': [`must have at most ${listLength} entries, got ${listLength + 1}`] });
  });

  test('JSON longer than the limit or nested too deep is refused before it is parsed', () => {
    assert.deepEqual(computation(' '.repeat(jsonLength) + '{}'), [`must be at most ${jsonLength} characters of JSON, got ${jsonLength + 2}`]);
    assert.deepEqual(computation('['.repeat(depth + 1) + ']'.repeat(depth + 1)), [`nested deeper than ${depth} levels`]);
    // Brackets inside strings are text, not nesting.
    assert.deepEqual(computation(JSON.stringify({ model_info: { plus: ['[[[[[[[[[[[['] } })).length, 1);
  });

  test('a request at the limits of a real client is still checked name by name', () => {
    const every = EXPORT.blendshapeSets;
    const list = Object.entries(every).flatMap(([set, names]) => names.map((n) => `${set}/${n}`));
    assert.ok(list.length <= listLength);
    const resolved = resolveExportParameters({ blendshapes: { list } }, EXPORT);
    assert.ok(resolved.ok, JSON.stringify(resolved));
  });

  test('"did you mean" is computed only for short names, and still for short typos', () => {
    assert.equal(closest('agee', ['age', 'gender']), 'age');
    assert.equal(closest('x'.repeat(41), ['x'.repeat(40)]), undefined);
  });
});
