/**
 * The test tiers, run on the compiled tree (dist/test):
 *   node dist/test/run.js unit   the pure tests (*.unit.test.js): no server, no HTTP, no external program
 *   node dist/test/run.js all    everything; the suites of support/suites.ts in one process around a shared server
 * Both run the dependency check first and fail if it fails, but run the tests either way, so that one
 * broken import rule does not hide the state of the tests. Files run two at a time (this machine has two
 * cores), each in its own process, the slowest first; the report is node's TAP (spec on a terminal).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from 'node:test';
import { spec, tap } from 'node:test/reporters';
import { SHARED_SERVER_SUITES, SLOWEST_FIRST } from './support/suites.js';

const TIERS = ['unit', 'all'] as const;
type Tier = (typeof TIERS)[number];

const here = dirname(fileURLToPath(import.meta.url));
const tier = (process.argv[2] ?? 'all') as Tier;
if (!TIERS.includes(tier)) {
  console.error(`usage: node dist/test/run.js [${TIERS.join('|')}]`);
  process.exit(2);
}

/** The files of a tier; the shared-server process stands for the suites it runs. */
function files(tier: Tier): string[] {
  const tests = readdirSync(here).filter((name) => name.endsWith('.test.js'));
  const unit = tests.filter((name) => name.endsWith('.unit.test.js'));
  if (tier === 'unit') return slowestFirst(unit);
  const shared = new Set(SHARED_SERVER_SUITES.map((suite) => `${suite}.test.js`));
  for (const name of shared) if (!tests.includes(name)) throw new Error(`support/suites.ts lists ${name}, which does not exist`);
  return slowestFirst(['sharedServer.sqlite.js', 'sharedServer.postgres.js', ...tests.filter((name) => !shared.has(name))]);
}

function slowestFirst(names: string[]): string[] {
  const rank = (name: string) => {
    const i = SLOWEST_FIRST.indexOf(name.replace(/(\.test)?\.js$/, ''));
    return i < 0 ? SLOWEST_FIRST.length : i;
  };
  return [...names].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((name) => join(here, name));
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const deps = spawnSync(npm, ['run', '--silent', 'check:deps'], { stdio: 'inherit' });
const depsFailed = deps.status !== 0;

const list = files(tier);
// LIKENESS_TEST_CONCURRENCY: files at a time (default 2), for measuring the runner's balance.
const concurrency = Math.max(1, Number(process.env.LIKENESS_TEST_CONCURRENCY) || 2);
console.log(`# ${tier} tier: ${list.length} files, ${concurrency} at a time`);
// run() rather than `node --test`, which sorts its files by name: here they start in the order given.
const tests = run({ files: list, concurrency });
let testsFailed = false;
// A failing todo test is reported, not counted, as node's own runner does.
tests.on('test:fail', (event) => void (event.todo === undefined || event.todo === false ? (testsFailed = true) : undefined));
// Each file's wall time (its process, start to end), printed after the summary: the figures that keep
// SLOWEST_FIRST in order and show where CI's time goes.
const fileTimes = new Map<string, number>();
tests.on('test:complete', (event) => {
  const { file, name, details } = event as { file?: string; name: string; details: { duration_ms: number } };
  if (file !== undefined && name === file) fileTimes.set(file.slice(here.length + 1).replace(/(\.test)?\.js$/, ''), details.duration_ms);
});
const report = tests.compose(process.stdout.isTTY ? new spec() : tap);
report.pipe(process.stdout);
// After the reporter's last line, so that the summary stays the closing block a reader or CI looks for.
report.on('end', () => {
  const slowest = [...fileTimes].sort((a, b) => b[1] - a[1]).slice(0, 25);
  console.log(`\n# slowest files (wall time of each file's process): ${slowest.map(([name, ms]) => `${name} ${(ms / 1000).toFixed(0)} s`).join(', ')}`);
  if (depsFailed) console.error('\nThe dependency check (npm run check:deps) failed: see its report above the tests.');
  process.exitCode = testsFailed || depsFailed ? 1 : 0;
});
