import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Database } from './schema.js';
import { migrate } from './migrations.js';

export type Db = Kysely<Database>;
export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; anything else is a SQLite file path (or `sqlite://path`). */
  url: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

export interface OpenDatabase {
  db: Db;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export function databaseKind(url: string): DatabaseKind {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

const NO_OP = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) };

/** kysely prepares every query anew, and preparing costs more than running the small queries an API
 * request makes. The SQL text of a builder query is stable, so its prepared statement can be reused. */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  return new Proxy(sqlite, {
    get(target, key) {
      if (key !== 'prepare') {
        const value = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        // SQLite rolls a transaction back by itself when a write fails with a full disk or an I/O error;
        // kysely's own rollback then fails with "cannot rollback - no transaction is active" and hides
        // the error that says what happened. With nothing to roll back, the rollback does nothing.
        if (source === 'rollback' && !target.inTransaction) return NO_OP as unknown as SQLite.Statement;
        let statement = cache.get(source);
        if (!statement) {
          statement = target.prepare(source);
          if (cache.size < 500) cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}

/** Opens the database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<OpenDatabase> {
  const kind = databaseKind(options.url);
  let db: Db;
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection that PostgreSQL closes (a restart, an administrator, a DROP … FORCE while the pool
    // ends) is dropped by the pool, which connects again when asked. Unheard, its 'error' would end the process.
    pool.on('error', () => undefined);
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  } else {
    const file = options.url.replace(/^sqlite:\/\//, '');
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    // WAL lets the CLI read while the server writes; busy_timeout makes concurrent writers wait instead of failing.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // SQLite's own lower() folds ASCII only; filters are case-insensitive for every script, as in PostgreSQL.
    sqlite.function('lower', { deterministic: true }, (text: unknown) => (typeof text === 'string' ? text.toLowerCase() : text) as string);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  }
  await migrate(db, kind);
  return { db, kind, close: () => db.destroy() };
}
