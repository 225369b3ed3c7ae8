import type { Db } from './database.js';
import type { ExportTable } from './schema.js';
import { newestFirst, type Page, type PageRequest } from './page.js';
import type { Scope } from './scope.js';
import { timestamp } from './time.js';

export type ExportRecord = ExportTable;

/** One file of a completed export, as stored in `exports.files`. */
export interface StoredExportFile {
  identity: string;
  category: string | null;
  /** Blob key of the file, relative to the avatar's prefix. */
  key: string;
  /** Identities of the static files it references (served once under /static_files/). */
  static_files: string[];
}

export type NewExport = Pick<ExportRecord, 'code' | 'avatar_code' | 'client_id' | 'player_code' | 'comment' | 'parameters'>;

/** `Pending` waits for its avatar's computation; `Queued` has its job queued with it. */
export async function insertExport(db: Db, input: NewExport, status: 'Queued' | 'Pending' = 'Queued'): Promise<ExportRecord> {
  const now = timestamp();
  const row: ExportRecord = { ...input, status, progress: 0, failure_reason: null, files: null, created_on: now, updated_on: now };
  await db.insertInto('exports').values(row).execute();
  return row;
}

function scoped(db: Db, scope: Scope, avatarCode: string) {
  let query = db.selectFrom('exports').where('client_id', '=', scope.clientId).where('avatar_code', '=', avatarCode.toLowerCase());
  if (scope.playerCode) query = query.where('player_code', '=', scope.playerCode);
  return query;
}

export async function findExport(db: Db, scope: Scope, avatarCode: string, code: string): Promise<ExportRecord | null> {
  return (await scoped(db, scope, avatarCode).selectAll().where('code', '=', code.toLowerCase()).executeTakeFirst()) ?? null;
}

/** For workers and public links, which act for the system rather than for a caller. */
export async function findExportByCode(db: Db, code: string): Promise<ExportRecord | null> {
  return (await db.selectFrom('exports').selectAll().where('code', '=', code.toLowerCase()).executeTakeFirst()) ?? null;
}

/** An avatar's exports in scope, newest first. */
export async function listExports(db: Db, scope: Scope, avatarCode: string, page: PageRequest): Promise<Page<ExportRecord>> {
  return newestFirst(scoped(db, scope, avatarCode), page);
}

export interface ExportChange {
  status?: string;
  progress?: number;
  failure_reason?: string | null;
  files?: StoredExportFile[];
}

export async function updateExport(db: Db, code: string, change: ExportChange): Promise<void> {
  const values: Partial<ExportRecord> = { updated_on: timestamp() };
  if (change.status !== undefined) values.status = change.status;
  if (change.progress !== undefined) values.progress = change.progress;
  if (change.failure_reason !== undefined) values.failure_reason = change.failure_reason;
  if (change.files !== undefined) values.files = JSON.stringify(change.files);
  await db.updateTable('exports').set(values).where('code', '=', code).execute();
}

/** Blob key of an export's file, under its avatar's prefix so deleting the avatar removes it. */
export function exportFileKey(exportCode: string, identity: string): string {
  return `exports/${exportCode}/${identity}.zip`;
}

/**
 * Pending → Queued for one export, only if still Pending: when the avatar's completion and the
 * export's creation race, exactly one side wins and queues the job.
 */
export async function promotePendingExport(db: Db, code: string): Promise<boolean> {
  const result = await db.updateTable('exports').set({ status: 'Queued', updated_on: timestamp() }).where('code', '=', code).where('status', '=', 'Pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
