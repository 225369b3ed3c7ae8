import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { finishJob, type Job } from '../store/jobs.js';
import type { Unsuccessful } from '../store/status.js';
import { TaskFailure, TimeoutError, type WorkerPool } from './pool.js';

export interface JobContext {
  db: Db;
  blobs: BlobStore;
  pool: WorkerPool;
  logger: Logger;
  /** True once the server is stopping: a task cut short by it is not the avatar's failure. */
  stopping(): boolean;
}

/** How a task ended: with its result (what `settle` writes), or Failed / Timed Out with a reason for the owner. */
export type TaskOutcome<R> = { status: 'Completed'; result: R } | { status: Unsuccessful; reason: string };

/** A task ready to run: its work on a worker thread, and what to do with the output. */
export interface ReadyTask<O, R> {
  /** Runs on a worker thread, reporting its own progress. */
  work(): Promise<O>;
  /** Stores the output; null when the avatar went away meanwhile and nothing is left to settle. */
  keep(output: O): Promise<TaskOutcome<R> | null>;
}

/** One kind of task: avatar computation, export, blendshapes download. */
export interface TaskKind<O, R> {
  /** What the owner's messages call it: "The export took longer than the limit". */
  noun: string;
  /** Loads what the task needs and marks it started, or says why it cannot run. */
  prepare(): Promise<ReadyTask<O, R> | { fail: string }>;
  /** Writes the final state, inside the transaction that finishes the job. */
  settle(db: Db, outcome: TaskOutcome<R>): Promise<void>;
}

/**
 * The one skeleton every job runs through: prepare, work on a worker thread, keep the output,
 * settle. Only the attempt that still holds the job writes the final state, in one transaction
 * with the job's. A task cut short by the server stopping is left to be queued again.
 */
export async function runTask<O, R>(job: Job, ctx: JobContext, task: TaskKind<O, R>): Promise<void> {
  const settle = (outcome: TaskOutcome<R>) =>
    ctx.db.transaction().execute(async (trx) => {
      if (await finishJob(trx, job)) await task.settle(trx, outcome);
    });
  const ready = await task.prepare();
  if ('fail' in ready) return settle({ status: 'Failed', reason: ready.fail });
  try {
    const outcome = await ready.keep(await ready.work());
    if (outcome) await settle(outcome);
  } catch (err) {
    // Left running: the stop puts the job back in the queue.
    if (ctx.stopping()) return;
    if (err instanceof TimeoutError) return settle({ status: 'Timed Out', reason: `The ${task.noun} took longer than the limit: ${err.message}.` });
    if (err instanceof TaskFailure && err.expected) return settle({ status: 'Failed', reason: err.message });
    ctx.logger.error({ err, avatar: job.avatar_code, job: job.id, kind: job.kind }, `${task.noun} failed unexpectedly`);
    await settle({ status: 'Failed', reason: `The ${task.noun} failed because of an internal error; the server log has the details.` });
  }
}
