import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { DatabaseKind } from './database.js';

/** Migrations live in code, not in files on disk, so that the compiled package carries them. */
function migrations(kind: DatabaseKind): Record<string, Migration> {
  return {
    '0001_initial': {
      async up(db: Kysely<any>) {
        await db.schema
          .createTable('clients')
          .addColumn('client_id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('plan', 'text', (c) => c.notNull())
          .addColumn('secret_hash', 'text', (c) => c.notNull())
          .addColumn('created_on', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('tokens')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id').onDelete('cascade'))
          .addColumn('scope', 'text', (c) => c.notNull())
          .addColumn('expires_on', 'text', (c) => c.notNull())
          .addColumn('created_on', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('players')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id').onDelete('cascade'))
          .addColumn('comment', 'text', (c) => c.notNull())
          .addColumn('created_on', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('players_client').on('players').columns(['client_id', 'created_on']).execute();
        await db.schema
          .createTable('avatars')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('client_id', 'text', (c) => c.notNull().references('clients.client_id').onDelete('cascade'))
          .addColumn('player_code', 'text')
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('pipeline', 'text', (c) => c.notNull())
          .addColumn('pipeline_subtype', 'text', (c) => c.notNull())
          .addColumn('parameters', 'text', (c) => c.notNull())
          .addColumn('export_parameters', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('progress', 'integer', (c) => c.notNull())
          .addColumn('failure_reason', 'text')
          .addColumn('created_on', 'text', (c) => c.notNull())
          .addColumn('updated_on', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('avatars_client').on('avatars').columns(['client_id', 'created_on']).execute();
        await db.schema.createIndex('avatars_player').on('avatars').columns(['player_code', 'created_on']).execute();
        await db.schema
          .createTable('jobs')
          .addColumn('id', kind === 'postgres' ? 'serial' : 'integer', (c) =>
            kind === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn('avatar_code', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('attempt', 'integer', (c) => c.notNull())
          .addColumn('owner', 'text')
          .addColumn('lease_until', 'text')
          .addColumn('created_on', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('jobs_state').on('jobs').columns(['state', 'id']).execute();
      },
    },
    '0002_faces_detected': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('avatars').addColumn('faces_detected', 'integer').execute();
      },
    },
    '0003_exports': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('jobs').addColumn('export_code', 'text').execute();
        await db.schema
          .createTable('exports')
          .addColumn('code', 'text', (c) => c.primaryKey())
          .addColumn('avatar_code', 'text', (c) => c.notNull().references('avatars.code').onDelete('cascade'))
          .addColumn('client_id', 'text', (c) => c.notNull())
          .addColumn('player_code', 'text')
          .addColumn('comment', 'text', (c) => c.notNull())
          .addColumn('parameters', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('progress', 'integer', (c) => c.notNull())
          .addColumn('failure_reason', 'text')
          .addColumn('files', 'text')
          .addColumn('created_on', 'text', (c) => c.notNull())
          .addColumn('updated_on', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('exports_avatar').on('exports').columns(['avatar_code', 'created_on']).execute();
        await db.schema
          .createTable('settings')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .execute();
      },
    },
    '0004_job_target': {
      async up(db: Kysely<any>) {
        await db.schema.alterTable('jobs').addColumn('target', 'text').execute();
      },
    },
  };
}

export async function migrate(db: Kysely<any>, kind: DatabaseKind): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(kind) };
  // Several servers may start at once against one PostgreSQL: kysely's migrator takes a lock for that.
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
