import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { finishJob, type Job } from '../store/jobs.js';
import type { Unsuccessful } from '../store/status.js';
import { describeFault, storageFault } from '../store/storageFault.js';
import { TaskFailure, TimeoutError, type WorkerPool } from './pool.js';
import { Retries, RetriesExhausted, type RetryPolicy } from './retries.js';
import { jobDuration, jobFailures, storageRetries, type FailureCause } from './metrics.js';

export interface JobContext {
  db: Db;
  blobs: BlobStore;
  pool: WorkerPool;
  logger: Logger;
  /** True once the server is stopping: a task cut short by it is not the avatar's failure. */
  stopping(): boolean;
  /** How a task meets a storage fault (a full disk, a read-only or failing one); STORAGE_RETRY by default. */
  storageRetry?: RetryPolicy;
  /** How the final state's write is tried again when it fails; STATUS_WRITE_RETRY by default. */
  statusWriteRetry?: RetryPolicy;
  /** LIKENESS_MAX_PHOTO_PIXELS, checked again on the whole stored photo (see computeAvatar); DEFAULT_MAX_PHOTO_PIXELS by default. */
  maxPhotoPixels?: number;
}

/** 6 tries over about a minute (2 + 4 + 8 + 16 + 32 s): time for a full disk to be freed before the avatar fails. */
export const STORAGE_RETRY: RetryPolicy = { attempts: 6, firstDelayMs: 2000 };
/** 6 tries over about 8 s. A write that still fails leaves the job running; its lease runs out and it is run again. */
export const STATUS_WRITE_RETRY: RetryPolicy = { attempts: 6, firstDelayMs: 250 };

/**
 * A job taken this many times without finishing stops its worker each time (it runs out of memory, say):
 * its next taker fails it instead of losing one more worker. Stops and crashes of a healthy fleet stay far below.
 */
export const MAX_ATTEMPTS = 8;

/** How a task ended: with its result (what `settle` writes), or Failed / Timed Out with a reason for the owner. */
export type TaskOutcome<R> = { status: 'Completed'; result: R } | { status: Unsuccessful; reason: string; cause?: FailureCause };

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
  /** Loads what the task needs and marks it started, or says why it cannot run (its input is gone, unless `cause` says otherwise). */
  prepare(): Promise<ReadyTask<O, R> | { fail: string; cause?: FailureCause }>;
  /** Writes the final state, inside the transaction that finishes the job. */
  settle(db: Db, outcome: TaskOutcome<R>): Promise<void>;
}

/**
 * The one skeleton every job runs through: prepare, work on a worker thread, keep the output,
 * settle. Only the attempt that still holds the job writes the final state, in one transaction
 * with the job's. A task cut short by the server stopping is left to be queued again.
 *
 * A storage fault in any step (the disk is full, read-only or failing) is tried again, waiting longer
 * each time; only when it lasts through STORAGE_RETRY does the task end Failed, saying the storage
 * failed. The final state's write is itself tried again, whatever made it fail.
 */
export async function runTask<O, R>(job: Job, ctx: JobContext, task: TaskKind<O, R>): Promise<void> {
  const about = { avatar: job.avatar_code, job: job.id, kind: job.kind };
  const started = performance.now();
  // Every line about this job, the worker thread's failures included, carries the avatar and the job.
  ctx = { ...ctx, logger: ctx.logger.child({ ...about, attempt: job.attempt }) };
  ctx.logger.info('job started');
  const storage = new Retries({
    policy: ctx.storageRetry ?? STORAGE_RETRY,
    retryable: (err) => storageFault(err) !== null,
    stopping: ctx.stopping,
    onRetry: (err, delayMs) => {
      storageRetries.inc({ kind: job.kind, fault: storageFault(err)!.kind });
      ctx.logger.warn({ err, path: storageFault(err)?.path, delayMs }, `the ${task.noun} met a storage fault; trying again`);
    },
  });
  let outcome: TaskOutcome<R> | null;
  try {
    outcome = job.attempt > MAX_ATTEMPTS
      ? { status: 'Failed', cause: 'internal', reason: `The ${task.noun} was interrupted ${job.attempt - 1} times, its worker stopping each time; it is not tried again.` }
      : await outcomeOf(job, ctx, task, storage);
  } catch (err) {
    if (!(err instanceof RetriesExhausted)) throw err;
    ctx.logger.error({ err: err.last, path: storageFault(err.last)?.path }, `the ${task.noun} failed: storage kept failing`);
    const fault = storageFault(err.last)!;
    outcome = {
      status: 'Failed',
      cause: 'storage',
      reason: `The ${task.noun} failed because the server's storage failed: ${describeFault(fault)}, ${err.attempts} times over ${Math.round(err.waitedMs / 1000)} s.`,
    };
  }
  if (!outcome) return;
  const final = outcome;
  const writes = new Retries({
    policy: ctx.statusWriteRetry ?? STATUS_WRITE_RETRY,
    retryable: () => true,
    stopping: () => false,
    onRetry: (err, delayMs) => ctx.logger.warn({ err, delayMs }, `writing the ${task.noun}'s final state failed; trying again`),
  });
  let settled = false;
  try {
    await writes.run(() =>
      ctx.db.transaction().execute(async (trx) => {
        // Only the attempt that holds the job writes: a retry after a commit that did happen writes nothing.
        settled = await finishJob(trx, job);
        if (settled) await task.settle(trx, final);
      }),
    );
  } catch (err) {
    throw err instanceof RetriesExhausted ? err.last : err;
  }
  if (!settled) {
    ctx.logger.info('the job was taken over by another attempt; this one\'s result is dropped');
    return;
  }
  // Counted once per job, by the attempt whose final state was written.
  const seconds = (performance.now() - started) / 1000;
  const labels = { kind: job.kind, pipeline: job.pipeline ?? 'unknown' };
  jobDuration.observe({ ...labels, status: final.status }, seconds);
  if (final.status !== 'Completed') {
    const reason = final.cause ?? (final.status === 'Timed Out' ? 'timeout' : 'rejected');
    jobFailures.inc({ ...labels, reason });
    ctx.logger.info({ status: final.status, reason, seconds: Math.round(seconds * 1000) / 1000 }, 'job finished');
  } else {
    ctx.logger.info({ status: final.status, seconds: Math.round(seconds * 1000) / 1000 }, 'job finished');
  }
}

/** Prepare, work, keep: the outcome to settle, or null when there is nothing to settle. */
async function outcomeOf<O, R>(job: Job, ctx: JobContext, task: TaskKind<O, R>, storage: Retries): Promise<TaskOutcome<R> | null> {
  try {
    // Inside the try: a prepare that throws (unreadable stored JSON, say) ends the job Failed instead
    // of leaving it to be claimed again, and fail again, for ever.
    const ready = await storage.run(() => task.prepare());
    if ('fail' in ready) return { status: 'Failed', reason: ready.fail, cause: ready.cause ?? 'missing_input' };
    const output = await storage.run(() => ready.work());
    return await storage.run(() => ready.keep(output));
  } catch (err) {
    // Left running: the stop puts the job back in the queue.
    if (ctx.stopping()) return null;
    if (err instanceof RetriesExhausted) throw err;
    if (err instanceof TimeoutError) return { status: 'Timed Out', reason: `The ${task.noun} took longer than the limit: ${err.message}.`, cause: 'timeout' };
    if (err instanceof TaskFailure && err.expected) return { status: 'Failed', reason: err.message, cause: 'rejected' };
    ctx.logger.error({ err }, `${task.noun} failed unexpectedly`);
    return { status: 'Failed', cause: 'internal', reason: `The ${task.noun} failed because of an internal error; the server log has the details.` };
  }
}
