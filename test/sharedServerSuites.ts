/**
 * Runs the suites of support/suites.ts in this one process, so that they share the warm server of
 * support/sharedServer.ts: the face models load once per backend instead of once per file.
 * `node --test dist/test/sharedServerSuites.js`; test/run.ts does it as part of `npm test`.
 */
import { SHARED_SERVER_SUITES } from './support/suites.js';

for (const suite of SHARED_SERVER_SUITES) await import(`./${suite}.test.js`);
