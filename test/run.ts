/**
 * The test tiers, run on the compiled tree (dist/test):
 *   node dist/test/run.js unit   the pure tests (*.unit.test.js): no server, no HTTP, no external program
 *   node dist/test/run.js all    everything; the suites of support/suites.ts in one process around a shared server
 * Both run the dependency check first and fail if it fails, but run the tests either way, so that one
 * broken import rule does not hide the state of the tests. Files run two at a time (this machine has two cores).
 */
import { spawnSync, spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_SERVER_SUITES } from './support/suites.js';

const TIERS = ['unit', 'all'] as const;
type Tier = (typeof TIERS)[number];

const here = dirname(fileURLToPath(import.meta.url));
const tier = (process.argv[2] ?? 'all') as Tier;
if (!TIERS.includes(tier)) {
  console.error(`usage: node dist/test/run.js [${TIERS.join('|')}]`);
  process.exit(2);
}

/** Longest first, so that the two slots end close together: the shared-server process, then the other servers, then the pure tests. */
function files(tier: Tier): string[] {
  const tests = readdirSync(here).filter((name) => name.endsWith('.test.js')).sort();
  const unit = tests.filter((name) => name.endsWith('.unit.test.js'));
  if (tier === 'unit') return unit.map((name) => join(here, name));
  const shared = new Set(SHARED_SERVER_SUITES.map((suite) => `${suite}.test.js`));
  for (const name of shared) if (!tests.includes(name)) throw new Error(`support/suites.ts lists ${name}, which does not exist`);
  const integration = tests.filter((name) => !unit.includes(name) && !shared.has(name));
  return ['sharedServerSuites.js', ...integration, ...unit].map((name) => join(here, name));
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const deps = spawnSync(npm, ['run', '--silent', 'check:deps'], { stdio: 'inherit' });
const depsFailed = deps.status !== 0;

const runner = spawn(process.execPath, ['--test', '--test-concurrency=2', ...files(tier)], { stdio: 'inherit' });
runner.on('exit', (code) => {
  const testsFailed = code !== 0;
  if (depsFailed) console.error('\nThe dependency check (npm run check:deps) failed: see its report above the tests.');
  process.exit(testsFailed ? (code ?? 1) : depsFailed ? 1 : 0);
});
