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

test('PostgreSQL closing idle connections (a restart, an administrator) does not end the process', { skip: POSTGRES_SKIP_REASON }, async () => {
  const pgdb = await freshPostgresDatabase(process.env.LIKENESS_TEST_POSTGRES_URL!);
  const uncaught: Error[] = [];
  const onUncaught = (err: Error) => void uncaught.push(err);
  process.on('uncaughtException', onUncaught);
  try {
    const { db, close } = await openDatabase({ url: pgdb.url });
    await db.selectFrom('clients').select('client_id').execute();
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: pgdb.url });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
    await admin.end();
    await new Promise((r) => setTimeout(r, 300));
    assert.deepEqual(uncaught.map((e) => e.message), []);
    // The pool connects again when asked.
    assert.deepEqual(await db.selectFrom('clients').select('client_id').execute(), []);
    await close();
  } finally {
    process.off('uncaughtException', onUncaught);
    await pgdb.drop();
  }
});
