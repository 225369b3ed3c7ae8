/**
 * The shared-server suites on PostgreSQL (with S3 when set): `node --test dist/test/sharedServer.postgres.js`
 * (see sharedServerSuites.ts). Without LIKENESS_TEST_POSTGRES_URL it has nothing to run.
 */
import { runSharedSuites } from './sharedServerSuites.js';

await runSharedSuites('postgres');
