import { avatarParameters, findAvatarByCode, updateAvatar } from '../../store/avatars.js';
import { settlePendingExports } from '../../store/exports.js';
import type { Job } from '../../store/jobs.js';
import { avatarKey, avatarPrefix } from '../../store/keys.js';
import { DEFAULT_MAX_PHOTO_PIXELS, inspectPhotoHeader } from '../../pipelines/photo.js';
import type { ComputeOutput } from '../messages.js';
import type { JobContext, TaskKind } from '../runTask.js';

/**
 * The reason the analysis gives when the photo holds no face (its NoFaceError, which reaches this
 * thread as text only). Such an avatar did have its faces counted: zero, not "not analysed".
 */
const NO_FACE = 'No face found in the photo.';

/** An avatar's computation: photo in, files out, avatar state written, its waiting exports released. */
export function computeAvatar(job: Job, ctx: JobContext): TaskKind<ComputeOutput, { facesDetected: number }> {
  return {
    noun: 'computation',
    async prepare() {
      const avatar = await findAvatarByCode(ctx.db, job.avatar_code);
      if (!avatar) return { fail: 'The avatar was deleted.' };
      const photo = await ctx.blobs.get(avatarKey(avatar.code, 'photo'));
      if (!photo) return { fail: 'The uploaded photo is missing from storage.' };
      // The API checked a large photo from its first bytes only: its size may be in a header further on.
      // Corrupt or cut pixels are found by the analysis's decode, which fails the avatar with the reason.
      const header = await inspectPhotoHeader(photo, ctx.maxPhotoPixels ?? DEFAULT_MAX_PHOTO_PIXELS);
      if ('refused' in header) return { fail: `The photo was refused: ${header.refused}`, cause: 'rejected' };
      await updateAvatar(ctx.db, avatar.code, { status: 'Computing', progress: 5 });
      let lastProgress = 5;
      return {
        work: () => ctx.pool.run(
          'compute',
          { pipeline: avatar.pipeline, subtype: avatar.pipeline_subtype, parameters: avatarParameters(avatar), photo: new Uint8Array(photo) },
          (value) => {
            // Leave 100 to the final write, which is the one that says Completed.
            const progress = Math.min(99, Math.round(value));
            if (progress <= lastProgress) return;
            lastProgress = progress;
            void updateAvatar(ctx.db, avatar.code, { progress }).catch(() => undefined);
          },
        ),
        async keep(output) {
          // Eight at a time: on S3 each write is a round trip, and an avatar has dozens of files.
          const files = Object.entries(output.files);
          let next = 0;
          await Promise.all(Array.from({ length: Math.min(8, files.length) }, async () => {
            while (next < files.length) {
              const [name, data] = files[next++]!;
              await ctx.blobs.put(avatarKey(avatar.code, name), data);
            }
          }));
          // Deleted while it was computing: what was just written belongs to nobody.
          if (!(await findAvatarByCode(ctx.db, avatar.code))) {
            await ctx.blobs.removePrefix(avatarPrefix(avatar.code));
            return null;
          }
          return { status: 'Completed', result: { facesDetected: output.facesDetected } };
        },
      };
    },
    async settle(db, outcome) {
      const completed = outcome.status === 'Completed';
      await updateAvatar(db, job.avatar_code, {
        status: outcome.status,
        failure_reason: completed ? null : outcome.reason,
        progress: completed ? 100 : undefined,
        faces_detected: completed ? outcome.result.facesDetected : outcome.reason === NO_FACE ? 0 : undefined,
      });
      // Exports asked for at creation wait for the avatar: now they run, or fail with it.
      await settlePendingExports(db, job.avatar_code, { status: outcome.status, reason: completed ? null : outcome.reason });
    },
  };
}
