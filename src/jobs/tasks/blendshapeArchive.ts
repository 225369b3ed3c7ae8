import { findAvatarByCode } from '../../store/avatars.js';
import type { Job } from '../../store/jobs.js';
import { avatarKey, avatarPrefix } from '../../store/keys.js';
import { avatarFiles, readBlendshapeIndex } from '../../pipelines/files.js';
import { readBlendshapeTarget } from '../blendshapeTarget.js';
import type { JobContext, TaskKind } from '../runTask.js';

/**
 * A blendshapes download not made yet (another format or LOD than the one made with the avatar):
 * built from the avatar's LOD0 mesh on a worker thread and stored for every later request. It has
 * no state of its own beyond its job: the request waiting for it looks for the file.
 */
export function blendshapeArchive(job: Job, ctx: JobContext): TaskKind<Uint8Array, null> {
  return {
    noun: 'blendshapes download',
    async prepare() {
      const avatar = await findAvatarByCode(ctx.db, job.avatar_code);
      if (!avatar) return { fail: 'The avatar was deleted.' };
      if (job.target === null) return { fail: 'The blendshapes job names no download to make.' };
      const target = readBlendshapeTarget(job.target);
      const key = avatarFiles.blendshapeArchive(target.fmt, target.lod);
      return {
        async work() {
          const [mesh, index] = await Promise.all([avatarFiles.mesh(0), avatarFiles.blendshapeIndex].map((k) => ctx.blobs.get(avatarKey(avatar.code, k))));
          if (!mesh || !index) throw new Error('the avatar has no LOD0 mesh or no blendshape index');
          return ctx.pool.run('blendshapes', {
            pipeline: avatar.pipeline, pipeline_subtype: avatar.pipeline_subtype, files: { [avatarFiles.mesh(0)]: new Uint8Array(mesh) },
            sets: readBlendshapeIndex(index), fmt: target.fmt, lod: target.lod,
          }, () => undefined);
        },
        async keep(zip) {
          await ctx.blobs.put(avatarKey(avatar.code, key), zip);
          // Deleted while it was building: what was just written belongs to nobody.
          if (!(await findAvatarByCode(ctx.db, avatar.code))) await ctx.blobs.removePrefix(avatarPrefix(avatar.code));
          return { status: 'Completed', result: null };
        },
      };
    },
    async settle() {
      // The file is the result; the job's own state (done) is all that is written.
    },
  };
}
