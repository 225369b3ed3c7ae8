import { CompiledQuery, sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from './database.js';
import type { AvatarTable, Database } from './schema.js';
import { newestFirst, type Page, type PageRequest } from './page.js';
import type { Scope } from './scope.js';
import { timestamp } from './time.js';
import type { AvatarStatus } from './status.js';
import { isRecord, readJson } from '../core/storedJson.js';
import type { NormalisedParameters } from '../pipelines/catalogue/validate.js';

export type AvatarRecord = AvatarTable;

/** List filters; each may be given several times, and every value must match (logical AND). */
export interface AvatarFilters {
  /** Exact, case-insensitive. */
  status?: string[];
  pipeline?: string[];
  pipeline_subtype?: string[];
  /** Substring, case-insensitive. */
  name?: string[];
  description?: string[];
  /** Instants in the database's form (see parseInstant). */
  created_after?: string[];
  created_before?: string[];
}

export type NewAvatar = Omit<AvatarRecord, 'created_on' | 'updated_on' | 'status' | 'progress' | 'failure_reason' | 'faces_detected' | 'parameters'> & {
  parameters: NormalisedParameters;
};

export async function insertAvatar(db: Db, input: NewAvatar): Promise<AvatarRecord> {
  const now = timestamp();
  const row: AvatarRecord = {
    ...input, parameters: JSON.stringify(input.parameters), status: 'Uploading', progress: 0, failure_reason: null, faces_detected: null, created_on: now, updated_on: now,
  };
  await db.insertInto('avatars').values(row).execute();
  return row;
}

function scoped(db: Db, scope: Scope): SelectQueryBuilder<Database, 'avatars', {}> {
  let query = db.selectFrom('avatars').where('client_id', '=', scope.clientId);
  if (scope.playerCode) query = query.where('player_code', '=', scope.playerCode);
  return query;
}

// Reading one avatar is the hottest query of the API (clients poll it), so its SQL is compiled once per
// database and scope shape and then run with fresh parameters, skipping kysely's per-call query building.
const compiledFind = new WeakMap<Db, Map<boolean, CompiledQuery>>();

export async function findAvatar(db: Db, scope: Scope, code: string): Promise<AvatarRecord | null> {
  const byPlayer = scope.playerCode !== null;
  let forDb = compiledFind.get(db);
  if (!forDb) compiledFind.set(db, (forDb = new Map()));
  let compiled = forDb.get(byPlayer);
  if (!compiled) {
    // Placeholder values only fix the SQL text; their order is the order of the parameters below.
    const template = byPlayer ? { clientId: '?', playerCode: '?' } : { clientId: '?', playerCode: null };
    // No LIMIT: code is the primary key, and a bound LIMIT makes SQLite's lookup several times slower.
    compiled = scoped(db, template).selectAll().where('code', '=', '').compile();
    forDb.set(byPlayer, compiled);
  }
  // Codes are stored lower-case; a client that upper-cases a UUID still finds its avatar.
  const lower = code.toLowerCase();
  const parameters = byPlayer ? [scope.clientId, scope.playerCode, lower] : [scope.clientId, lower];
  const { rows } = await db.executeQuery<AvatarRecord>(CompiledQuery.raw(compiled.sql, parameters));
  return rows[0] ?? null;
}

/** The computation parameters as validated at creation (avatars.parameters). */
export function avatarParameters(avatar: Pick<AvatarRecord, 'parameters'>): NormalisedParameters {
  return readJson(avatar.parameters, 'avatars.parameters', (v): v is NormalisedParameters => isRecord(v));
}

/** For workers, which act for the system rather than for a caller. */
export async function findAvatarByCode(db: Db, code: string): Promise<AvatarRecord | null> {
  return (await db.selectFrom('avatars').selectAll().where('code', '=', code).executeTakeFirst()) ?? null;
}

function escapeLike(value: string): string {
  return value.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
}

function applyFilters(query: SelectQueryBuilder<Database, 'avatars', {}>, filters: AvatarFilters) {
  const exact = ['status', 'pipeline', 'pipeline_subtype'] as const;
  for (const field of exact) {
    for (const value of filters[field] ?? []) {
      query = query.where((eb: ExpressionBuilder<Database, 'avatars'>) => eb(eb.fn('lower', [field]), '=', value.toLowerCase()));
    }
  }
  for (const field of ['name', 'description'] as const) {
    for (const value of filters[field] ?? []) {
      query = query.where(sql<boolean>`lower(${sql.ref(field)}) like ${`%${escapeLike(value)}%`} escape '\\'`);
    }
  }
  for (const value of filters.created_after ?? []) query = query.where('created_on', '>', value);
  for (const value of filters.created_before ?? []) query = query.where('created_on', '<', value);
  return query;
}

/** Avatars in scope, newest first. */
export async function listAvatars(db: Db, scope: Scope, filters: AvatarFilters, page: PageRequest): Promise<Page<AvatarRecord>> {
  return newestFirst(applyFilters(scoped(db, scope), filters), page);
}

export interface AvatarProgress {
  status?: AvatarStatus;
  /** Only ever raised: a lower value is ignored, so progress never goes back. */
  progress?: number;
  failure_reason?: string | null;
  faces_detected?: number;
}

export async function updateAvatar(db: Db, code: string, change: AvatarProgress): Promise<void> {
  const values: Record<string, unknown> = { updated_on: timestamp() };
  if (change.status !== undefined) values.status = change.status;
  if (change.failure_reason !== undefined) values.failure_reason = change.failure_reason;
  if (change.faces_detected !== undefined) values.faces_detected = change.faces_detected;
  if (change.progress !== undefined) {
    values.progress = sql`case when progress > ${change.progress} then progress else ${change.progress} end`;
  }
  await db.updateTable('avatars').set(values).where('code', '=', code).execute();
}

/** Removes the record, its exports and its jobs; the caller removes the files. */
export async function deleteAvatar(db: Db, scope: Scope, code: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    code = code.toLowerCase();
    const owned = await findAvatar(trx, scope, code);
    if (!owned) return false;
    await trx.deleteFrom('exports').where('avatar_code', '=', code).execute();
    let query = trx.deleteFrom('avatars').where('client_id', '=', scope.clientId).where('code', '=', code);
    if (scope.playerCode) query = query.where('player_code', '=', scope.playerCode);
    const result = await query.executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await trx.deleteFrom('jobs').where('avatar_code', '=', code).execute();
    return true;
  });
}
