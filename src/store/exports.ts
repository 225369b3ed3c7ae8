import { sql } from 'kysely';
import type { ResolvedExport } from '../pipelines/catalogue/exports/types.js';
import type { Db } from './database.js';
import { enqueueJob } from './jobs.js';
import type { ExportTable } from './schema.js';
import { newestFirst, type Page, type PageRequest } from './page.js';
import type { Scope } from './scope.js';
import type { FinalStatus, Unsuccessful } from './status.js';
import { isRecord, readJson } from '../core/storedJson.js';
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
  /** make_public_direct: the model file on its own, its blob key and the name the public link ends in. */
  direct?: { key: string; name: string };
}

export type NewExport = Pick<ExportRecord, 'code' | 'avatar_code' | 'client_id' | 'player_code' | 'comment'> & { parameters: ResolvedExport };

/** `Pending` waits for its avatar's computation; `Queued` has its job queued with it. */
export async function insertExport(db: Db, input: NewExport, status: 'Queued' | 'Pending' = 'Queued'): Promise<ExportRecord> {
  const now = timestamp();
  const row: ExportRecord = { ...input, parameters: JSON.stringify(input.parameters), status, progress: 0, failure_reason: null, files: null, created_on: now, updated_on: now };
  await db.insertInto('exports').values(row).execute();
  if (status === 'Queued') await enqueueJob(db, input.avatar_code, 'export', { exportCode: input.code });
  return row;
}

/** The resolved export parameters the export was made with (exports.parameters). */
export function exportParameters(record: Pick<ExportRecord, 'parameters'>): ResolvedExport {
  return readJson(record.parameters, 'exports.parameters', (v): v is ResolvedExport =>
    isRecord(v) && isRecord(v.avatar) && isRecord(v.haircuts) && isRecord(v.blendshapes) && isRecord(v.outfits) && typeof v.makePublic === 'boolean');
}

/** The files of a completed export (exports.files); none before. */
export function exportFiles(record: Pick<ExportRecord, 'files'>): StoredExportFile[] {
  if (record.files === null) return [];
  return readJson(record.files, 'exports.files', (v): v is StoredExportFile[] =>
    Array.isArray(v) && v.every((f) => isRecord(f) && typeof f.identity === 'string' && typeof f.key === 'string' && Array.isArray(f.static_files)
      && (f.direct === undefined || (isRecord(f.direct) && typeof f.direct.key === 'string' && typeof f.direct.name === 'string'))));
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

/** Progress is only ever raised, as an avatar's is: a lower value (a restarted export starting over) is ignored. */
const raised = (progress: number) => sql<number>`case when progress > ${progress} then progress else ${progress} end`;

/** Computing, from the worker's first step; an export run again after a restart keeps the progress it had. */
export async function startExport(db: Db, code: string): Promise<void> {
  await db.updateTable('exports').set({ status: 'Computing', progress: raised(5), updated_on: timestamp() }).where('code', '=', code).execute();
}

/** Never lowers the progress (see `raised`). */
export async function exportProgress(db: Db, code: string, progress: number): Promise<void> {
  await db.updateTable('exports').set({ progress: raised(progress), updated_on: timestamp() }).where('code', '=', code).execute();
}

/** How an export ended: Completed with its files, or Failed / Timed Out with the reason. */
export type ExportOutcome =
  | { status: Extract<FinalStatus, 'Completed'>; files: StoredExportFile[] }
  | { status: Unsuccessful; reason: string };

export async function settleExport(db: Db, code: string, outcome: ExportOutcome): Promise<void> {
  const values: Partial<ExportRecord> = outcome.status === 'Completed'
    ? { status: 'Completed', progress: 100, files: JSON.stringify(outcome.files), failure_reason: null }
    : { status: outcome.status, failure_reason: outcome.reason };
  await db.updateTable('exports').set({ ...values, updated_on: timestamp() }).where('code', '=', code).execute();
}

/** Blob key of an export's file, under its avatar's prefix so deleting the avatar removes it. */
export function exportFileKey(exportCode: string, identity: string): string {
  return `exports/${exportCode}/${identity}.zip`;
}

/** Blob key of an export's model file stored on its own (make_public_direct), e.g. `model.glb`. */
export function exportDirectKey(exportCode: string, name: string): string {
  return `exports/${exportCode}/direct/${name}`;
}

/**
 * Pending → Queued for one export, with its job, only if still Pending: when the avatar's completion
 * and the export's creation race, exactly one side wins and queues the job. The one place an
 * export leaves Pending for its job.
 */
export async function queuePendingExport(db: Db, avatarCode: string, code: string): Promise<boolean> {
  const result = await db.updateTable('exports').set({ status: 'Queued', updated_on: timestamp() }).where('code', '=', code).where('status', '=', 'Pending').executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await enqueueJob(db, avatarCode, 'export', { exportCode: code });
  return true;
}

/**
 * Exports asked for before the avatar was computed wait for it: when it completes they are queued,
 * when it fails they fail with it, naming its failure. Inside the transaction that settles the avatar.
 */
export async function settlePendingExports(db: Db, avatarCode: string, avatar: { status: FinalStatus; reason: string | null }): Promise<void> {
  const waiting = await db.selectFrom('exports').select('code').where('avatar_code', '=', avatarCode).where('status', '=', 'Pending').execute();
  for (const { code } of waiting) {
    if (avatar.status === 'Completed') await queuePendingExport(db, avatarCode, code);
    else await settleExport(db, code, { status: 'Failed', reason: `The avatar's computation ended ${avatar.status}: ${avatar.reason}` });
  }
}
