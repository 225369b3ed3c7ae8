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
  /** What a `blendshapes` or `outfit` job makes, JSON. */
  target: string | null;
  attempt: number;
  /** The avatar's pipeline, for metrics and logs; null when the avatar is gone. */
  pipeline: string | null;
}

/** A job as the claim reads it back: with its avatar's pipeline. */
function selectJob(db: Db, id: number): Promise<Job | undefined> {
  return db
    .selectFrom('jobs')
    .leftJoin('avatars', 'avatars.code', 'jobs.avatar_code')
    .select(['jobs.id', 'jobs.avatar_code', 'jobs.kind', 'jobs.export_code', 'jobs.target', 'jobs.attempt', 'avatars.pipeline'])
    .where('jobs.id', '=', id)
    .executeTakeFirst()
    .then((job) => job && { ...job, pipeline: job.pipeline ?? null });
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
 * requests for one blendshapes download (or one outfit's files) share one job.
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
    if (Number(result.numUpdatedRows) === 1) return (await selectJob(db, next.id)) ?? null;
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
export async function reclaimJobs(db: Db, options: { owner?: string | null; expiredOnly?: boolean; expiredForMs?: number }): Promise<number> {
  let query = db.updateTable('jobs').set({ state: 'queued', owner: null, lease_until: null }).where('state', '=', 'running');
  if (options.owner) query = query.where('owner', '=', options.owner);
  if (options.expiredOnly) query = query.where('lease_until', '<', formatInstant(Date.now() - (options.expiredForMs ?? 0)));
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function jobsOf(db: Db, avatarCode: string): Promise<Pick<JobTable, 'state' | 'attempt'>[]> {
  return db.selectFrom('jobs').select(['state', 'attempt']).where('avatar_code', '=', avatarCode).execute();
}

/** What a queue entry finds when it asks for its job (see `takeJob`). */
export type Take =
  | { taken: Job }
  /** Done, deleted with its avatar, or carried by a newer queue entry: the entry is dropped. */
  | { dropped: 'done' | 'gone' | 'superseded' }
  /** Another process runs it and still renews its lease: the entry waits and asks again. */
  | { held: true };

/**
 * Takes job `id` for `owner` on behalf of a queue entry made when the job was queued at attempt
 * `generation` (BullMQ's entries). A queued job is taken when the generation matches; a running one
 * only when its lease ran out, which is how a worker that died is replaced. Either way the attempt goes
 * up, so the attempt that lost the job can never complete it.
 */
export async function takeJob(db: Db, id: number, generation: number, owner: string, leaseMs: number): Promise<Take> {
  const row = await db.selectFrom('jobs').select(['state', 'attempt', 'lease_until']).where('id', '=', id).executeTakeFirst();
  if (!row) return { dropped: 'gone' };
  if (row.state === 'done') return { dropped: 'done' };
  if (row.state === 'queued' && row.attempt !== generation) return { dropped: 'superseded' };
  if (row.state === 'running' && row.lease_until !== null && row.lease_until >= formatInstant(Date.now())) return { held: true };
  const result = await db
    .updateTable('jobs')
    .set({ state: 'running', attempt: row.attempt + 1, owner, lease_until: formatInstant(Date.now() + leaseMs) })
    .where('id', '=', id)
    .where('state', '=', row.state)
    .where('attempt', '=', row.attempt)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return { held: true };
  const job = await selectJob(db, id);
  return job ? { taken: job } : { dropped: 'gone' };
}

/** Puts a job this attempt holds back in the queue, for another process; false when it was not held any more. */
export async function handBackJob(db: Db, job: Job): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'queued', owner: null, lease_until: null })
    .where('id', '=', job.id)
    .where('attempt', '=', job.attempt)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A queued job as a distributed queue publishes it. */
export interface QueuedJob {
  id: number;
  kind: JobKind;
  attempt: number;
  avatar_code: string;
  /** The avatar's client, to tell one client's bulk work from everyone's single avatars. */
  client_id: string | null;
}

/** Queued jobs with an id above `afterId`, oldest first. */
export async function queuedJobs(db: Db, afterId: number, limit: number): Promise<QueuedJob[]> {
  const rows = await db
    .selectFrom('jobs')
    .leftJoin('avatars', 'avatars.code', 'jobs.avatar_code')
    .select(['jobs.id', 'jobs.kind', 'jobs.attempt', 'jobs.avatar_code', 'avatars.client_id'])
    .where('jobs.state', '=', 'queued')
    .where('jobs.id', '>', afterId)
    .orderBy('jobs.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, client_id: r.client_id ?? null }));
}

/** How many computations each of these clients has queued, up to each job: a client's n-th waiting avatar. */
export async function queuedComputations(db: Db, clientIds: string[]): Promise<Map<string, number[]>> {
  const out = new Map<string, number[]>();
  if (clientIds.length === 0) return out;
  const rows = await db
    .selectFrom('jobs')
    .innerJoin('avatars', 'avatars.code', 'jobs.avatar_code')
    .select(['jobs.id', 'avatars.client_id'])
    .where('jobs.state', '=', 'queued')
    .where('jobs.kind', '=', 'compute')
    .where('avatars.client_id', 'in', clientIds)
    .orderBy('jobs.id')
    .execute();
  for (const row of rows) {
    const ids = out.get(row.client_id) ?? [];
    ids.push(row.id);
    out.set(row.client_id, ids);
  }
  return out;
}

/** Jobs not done, by kind and state: the queue's depth. */
export async function jobCounts(db: Db): Promise<{ kind: JobKind; state: string; count: number }[]> {
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', 'state', db.fn.countAll<number | string>().as('count')])
    .where('state', 'in', ['queued', 'running'])
    .groupBy(['kind', 'state'])
    .execute();
  return rows.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.count) }));
}
