import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../src/store/database.js';
import { POSTGRES_SKIP_REASON, freshPostgresDatabase } from './support/server.js';

// Every HTTP suite runs once per backend (see backends()); this file says plainly when PostgreSQL is left out.
test('the suites also run against PostgreSQL', { skip: POSTGRES_SKIP_REASON }, async () => {
  const pgdb = await freshPostgresDatabase(process.env.LIKENESS_TEST_POSTGRES_URL!);
  try {
    const { db, kind, close } = await openDatabase({ url: pgdb.url });
    assert.equal(kind, 'postgres');
    const tables = await db.introspection.getTables();
    assert.deepEqual(tables.map((t) => t.name).filter((n) => !n.startsWith('kysely_')).sort(), ['avatars', 'clients', 'exports', 'jobs', 'players', 'settings', 'tokens']);
    await close();
    // Migrations run at every start: a second start finds the schema up to date.
    const again = await openDatabase({ url: pgdb.url });
    await again.close();
  } finally {
    await pgdb.drop();
  }
});
