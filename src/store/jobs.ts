import type { Db } from './database.js';
import type { JobTable } from './schema.js';
import type { JobKind } from './status.js';
import { formatInstant, timestamp } from './time.js';

export interface Job {
  id: number;
  avatar_code: string;
  kind: JobKind;
  /** The export an `export` job makes. */
  export_code: string | null;
  /** What a `blendshapes` job makes, JSON. */
  target: string | null;
  attempt: number;
}

/** The job's id. `exportCode` for an export job, `target` (JSON) for a blendshapes job. */
export async function enqueueJob(db: Db, avatarCode: string, kind: JobKind, what: { exportCode?: string; target?: string } = {}): Promise<number> {
  const row = await db
    .insertInto('jobs')
    .values({ avatar_code: avatarCode, kind, export_code: what.exportCode ?? null, target: what.target ?? null, state: 'queued', attempt: 0, owner: null, lease_until: null, created_on: timestamp() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The job of this kind and target for the avatar that is not done yet, else a new one: several
 * requests for one blendshapes download share one job.
 */
export async function ensureJob(db: Db, avatarCode: string, kind: JobKind, target: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const open = await trx.selectFrom('jobs').select('id').where('avatar_code', '=', avatarCode).where('kind', '=', kind).where('target', '=', target).where('state', '!=', 'done').executeTakeFirst();
    return open ? open.id : enqueueJob(trx, avatarCode, kind, { target });
  });
}

/** Whether the job is done (or gone, with its avatar). */
export async function jobDone(db: Db, id: number): Promise<boolean> {
  const job = await db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirst();
  return !job || job.state === 'done';
}

/** Takes the oldest queued job for `owner`. Safe with several servers on one database:
 * the conditional update lets only one claimer win a job, and a loser tries the next one. */
export async function claimJob(db: Db, owner: string, leaseMs: number): Promise<Job | null> {
  for (let tries = 0; tries < 5; tries++) {
    const next = await db.selectFrom('jobs').select(['id', 'attempt']).where('state', '=', 'queued').orderBy('id').limit(1).executeTakeFirst();
    if (!next) return null;
    const attempt = next.attempt + 1;
    const result = await db
      .updateTable('jobs')
      .set({ state: 'running', attempt, owner, lease_until: formatInstant(Date.now() + leaseMs) })
      .where('id', '=', next.id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      const job = await db.selectFrom('jobs').select(['id', 'avatar_code', 'kind', 'export_code', 'target', 'attempt']).where('id', '=', next.id).executeTakeFirstOrThrow();
      return job;
    }
  }
  return null;
}

/** Keeps a running job's lease alive; false when the job was taken away (reclaimed or deleted). */
export async function renewLease(db: Db, job: Job, leaseMs: number): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: formatInstant(Date.now() + leaseMs) })
    .where('id', '=', job.id)
    .where('attempt', '=', job.attempt)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the job done, only if this attempt still holds it, inside the caller's transaction
 * so that the avatar's final state and the job's are written together or not at all. */
export async function finishJob(db: Db, job: Job): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'done', lease_until: null })
    .where('id', '=', job.id)
    .where('attempt', '=', job.attempt)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Puts running jobs back in the queue: those of a dead owner (all of them when `owner` is null),
 * or those whose lease ran out because their server stopped renewing it. */
export async function reclaimJobs(db: Db, options: { owner?: string | null; expiredOnly?: boolean }): Promise<number> {
  let query = db.updateTable('jobs').set({ state: 'queued', owner: null, lease_until: null }).where('state', '=', 'running');
  if (options.owner) query = query.where('owner', '=', options.owner);
  if (options.expiredOnly) query = query.where('lease_until', '<', formatInstant(Date.now()));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function jobsOf(db: Db, avatarCode: string): Promise<Pick<JobTable, 'state' | 'attempt'>[]> {
  return db.selectFrom('jobs').select(['state', 'attempt']).where('avatar_code', '=', avatarCode).execute();
}
