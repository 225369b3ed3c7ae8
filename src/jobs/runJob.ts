import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { finishJob, type Job } from '../store/jobs.js';
import { findAvatarByCode, updateAvatar } from '../store/avatars.js';
import { avatarKey, avatarPrefix } from '../store/keys.js';
import { TaskFailure, TimeoutError, type WorkerPool } from './pool.js';
import { enqueueJob } from '../store/jobs.js';
import { promotePendingExport } from '../store/exports.js';
import { runExport } from './runExport.js';

export interface JobContext {
  db: Db;
  blobs: BlobStore;
  pool: WorkerPool;
  logger: Logger;
  /** True once the server is stopping: a computation cut short by it is not the avatar's failure. */
  stopping(): boolean;
}

/** Ends the job with a final avatar state, but only if this attempt still holds the job. */
async function settle(ctx: JobContext, job: Job, status: string, reason: string | null, facesDetected?: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    if (await finishJob(trx, job)) {
      await updateAvatar(trx, job.avatar_code, { status, failure_reason: reason, progress: status === 'Completed' ? 100 : undefined, faces_detected: facesDetected });
      // Exports asked for at creation wait for the avatar: now they run, or fail with it.
      const waiting = await trx.selectFrom('exports').select('code').where('avatar_code', '=', job.avatar_code).where('status', '=', 'Pending').execute();
      for (const { code } of waiting) {
        if (status === 'Completed') {
          if (await promotePendingExport(trx, code)) await enqueueJob(trx, job.avatar_code, 'export', code);
        } else {
          await trx.updateTable('exports').set({ status: 'Failed', failure_reason: `The avatar's computation ended ${status}: ${reason}` }).where('code', '=', code).execute();
        }
      }
    }
  });
}

/** One job: an avatar's computation, or an export of a computed avatar. */
export async function runJob(job: Job, ctx: JobContext): Promise<void> {
  return job.kind === 'export' ? runExport(job, ctx) : runComputation(job, ctx);
}

/** One computation: photo in, files out, avatar state written. */
async function runComputation(job: Job, ctx: JobContext): Promise<void> {
  const avatar = await findAvatarByCode(ctx.db, job.avatar_code);
  if (!avatar) return void (await settle(ctx, job, 'Failed', 'The avatar was deleted.'));
  const photo = await ctx.blobs.get(avatarKey(avatar.code, 'photo'));
  if (!photo) return void (await settle(ctx, job, 'Failed', 'The uploaded photo is missing from storage.'));

  await updateAvatar(ctx.db, avatar.code, { status: 'Computing', progress: 5 });
  let lastProgress = 5;
  try {
    const output = await ctx.pool.run(
      { pipeline: avatar.pipeline, pipeline_subtype: avatar.pipeline_subtype, parameters: JSON.parse(avatar.parameters), photo: new Uint8Array(photo) },
      (value) => {
        // Leave 100 to the final write, which is the one that says Completed.
        const progress = Math.min(99, Math.round(value));
        if (progress <= lastProgress) return;
        lastProgress = progress;
        void updateAvatar(ctx.db, avatar.code, { progress }).catch(() => undefined);
      },
    );
    for (const [name, data] of Object.entries(output.files)) await ctx.blobs.put(avatarKey(avatar.code, name), data);
    // Deleted while it was computing: what was just written belongs to nobody.
    if (!(await findAvatarByCode(ctx.db, avatar.code))) return void (await ctx.blobs.removePrefix(avatarPrefix(avatar.code)));
    await settle(ctx, job, 'Completed', null, output.facesDetected);
  } catch (err) {
    // Left running: the stop puts the job back in the queue.
    if (ctx.stopping()) return;
    if (err instanceof TimeoutError) {
      await settle(ctx, job, 'Timed Out', `The computation took longer than the limit: ${err.message}.`);
    } else if (err instanceof TaskFailure && err.expected) {
      await settle(ctx, job, 'Failed', err.message);
    } else {
      ctx.logger.error({ err, avatar: avatar.code }, 'computation failed unexpectedly');
      await settle(ctx, job, 'Failed', 'The computation failed because of an internal error; the server log has the details.');
    }
  }
}
