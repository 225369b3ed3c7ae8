import { findAvatarByCode } from '../../store/avatars.js';
import type { Job } from '../../store/jobs.js';
import { avatarKey, avatarPrefix } from '../../store/keys.js';
import { putStaticFile } from '../../store/staticFiles.js';
import { avatarFiles, type StoredOutfitFiles } from '../../pipelines/files.js';
import type { OutfitFilesOutput } from '../../pipelines/exports/types.js';
import { readOutfitTarget } from '../outfitTarget.js';
import type { JobContext, TaskKind } from '../runTask.js';
import { storedOutfitJobImages } from './storedOutfitImages.js';

/**
 * An outfit's files for one avatar (GET /avatars/{code}/outfits/{identity}/…), made on its first
 * request: the outfit fitted to the avatar's stored body on a worker thread, its mesh, pointcloud
 * and preview stored under the avatar, its texture and mask (the same for every avatar) as static
 * files, and the index last. Like a blendshapes download it has no state beyond its job: the
 * request waiting for it looks for the index.
 */
export function outfitFiles(job: Job, ctx: JobContext): TaskKind<OutfitFilesOutput, null> {
  return {
    noun: 'outfit',
    async prepare() {
      const avatar = await findAvatarByCode(ctx.db, job.avatar_code);
      if (!avatar) return { fail: 'The avatar was deleted.' };
      if (job.target === null) return { fail: 'The outfit job names no outfit to make.' };
      const { identity } = readOutfitTarget(job.target);
      const reads = [avatarFiles.mesh(0), avatarFiles.texture('model', 'jpg')];
      return {
        async work() {
          const found = await Promise.all(reads.map((k) => ctx.blobs.get(avatarKey(avatar.code, k))));
          if (found.some((f) => !f)) throw new Error('the avatar has no LOD0 mesh or no model texture');
          const files = Object.fromEntries(reads.map((k, i) => [k, new Uint8Array(found[i]!)]));
          // The outfit's texture and mask, when an export or another avatar's job stored them.
          const staticFiles = await storedOutfitJobImages(ctx, identity);
          return ctx.pool.run('outfit', { pipeline: avatar.pipeline, pipeline_subtype: avatar.pipeline_subtype, identity, files, staticFiles }, () => undefined);
        },
        async keep(out) {
          await putStaticFile(ctx.blobs, out.texture);
          await putStaticFile(ctx.blobs, out.bodyVisibilityMask);
          await ctx.blobs.put(avatarKey(avatar.code, avatarFiles.outfit(identity, 'mesh')), out.mesh);
          await ctx.blobs.put(avatarKey(avatar.code, avatarFiles.outfit(identity, 'pointcloud')), out.pointcloud);
          await ctx.blobs.put(avatarKey(avatar.code, avatarFiles.outfit(identity, 'preview')), out.preview);
          const index: StoredOutfitFiles = { texture: out.texture.identity, body_visibility_mask: out.bodyVisibilityMask.identity };
          await ctx.blobs.put(avatarKey(avatar.code, avatarFiles.outfitIndex(identity)), Buffer.from(JSON.stringify(index)));
          // Deleted while it was building: what was just written belongs to nobody (the static files are everyone's).
          if (!(await findAvatarByCode(ctx.db, avatar.code))) await ctx.blobs.removePrefix(avatarPrefix(avatar.code));
          return { status: 'Completed', result: null };
        },
      };
    },
    async settle() {
      // The files are the result; the job's own state (done) is all that is written.
    },
  };
}
