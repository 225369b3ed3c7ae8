/**
 * Runs the suites of support/suites.ts in one process on one backend, so that they share that
 * backend's warm server (support/sharedServer.ts): the face models load once per backend instead of
 * once per file. test/sharedServer.sqlite.ts and test/sharedServer.postgres.ts are the two processes
 * test/run.ts starts side by side; each suite's backend loops (`backends()`, `oneBackend()`) keep
 * only the part on that process's backend.
 */
import { runOnlyOn, type Backend } from './support/server.js';
import { SHARED_SERVER_SUITES } from './support/suites.js';

export async function runSharedSuites(backend: Backend['name']): Promise<void> {
  runOnlyOn(backend);
  for (const suite of SHARED_SERVER_SUITES) await import(`./${suite}.test.js`);
}
