/** The shared-server suites on SQLite: `node --test dist/test/sharedServer.sqlite.js` (see sharedServerSuites.ts). */
import { runSharedSuites } from './sharedServerSuites.js';

await runSharedSuites('sqlite');
