import { findAvatarByCode } from '../../store/avatars.js';
import { exportDirectKey, exportFileKey, exportParameters, exportProgress, findExportByCode, settleExport, startExport, type StoredExportFile } from '../../store/exports.js';
import type { Job } from '../../store/jobs.js';
import { avatarKey, avatarPrefix } from '../../store/keys.js';
import { putStaticFile } from '../../store/staticFiles.js';
import { outfitImageKinds } from '../../pipelines/exports/outfitImageNames.js';
import { storedOutfitImages, storedPersonaItemImages } from './storedOutfitImages.js';
import { avatarFiles, readTextureIndex } from '../../pipelines/files.js';
import { GENERATED_HAIRCUT } from '../../pipelines/catalogue/haircuts.js';
import type { ResolvedExport } from '../../pipelines/catalogue/exports/types.js';
import type { ExportOutput } from '../messages.js';
import type { JobContext, TaskKind } from '../runTask.js';

/** The avatar files an export reads: LOD0 (every LOD and blendshape is rebuilt from it), textures, the analysis, the generated haircut. */
async function exportInputs(ctx: JobContext, avatarCode: string, parameters: ResolvedExport): Promise<Record<string, Uint8Array>> {
  // analysis.json: what the parts take from the face (persona_2.0's iris colour), a few kilobytes.
  const keys = [avatarFiles.mesh(0), avatarFiles.textureIndex, avatarFiles.analysis];
  // persona_2.0's head carries the generated haircut as its `Haircut` blendshape whether or not the haircut is exported.
  if (parameters.haircuts.list.includes(GENERATED_HAIRCUT) || parameters.persona) {
    keys.push(avatarFiles.haircut(GENERATED_HAIRCUT, 'mesh'), avatarFiles.haircut(GENERATED_HAIRCUT, 'texture'));
  }
  const files: Record<string, Uint8Array> = {};
  const read = async (key: string) => {
    const data = await ctx.blobs.get(avatarKey(avatarCode, key));
    if (data) files[key] = new Uint8Array(data);
  };
  await Promise.all(keys.map(read));
  const index = files[avatarFiles.textureIndex];
  if (index) await Promise.all(readTextureIndex(index).map((e) => read(avatarFiles.texture(e.identity, e.extension))));
  return files;
}

/**
 * The static files of an earlier export that this one would make again (a body_0.3 outfit's
 * images, 4096² and some 5 s to paint; a persona_2.0 item's at its profile, not recoloured), by file
 * name: a worker thread takes them instead of painting.
 */
function storedStaticFiles(ctx: JobContext, parameters: ResolvedExport): Promise<Record<string, Uint8Array>> {
  if (parameters.persona) return storedPersonaItemImages(ctx, parameters.persona.outfits);
  const outfit = parameters.outfits.list[0];
  if (!outfit || parameters.avatar.template === 'head') return Promise.resolve({});
  return storedOutfitImages(ctx, outfit, outfitImageKinds(parameters.outfits.additionalTextures));
}

/** An export: the avatar's stored files in, archives and static files out, export state written. */
export function exportAvatar(job: Job, ctx: JobContext): TaskKind<ExportOutput, { files: StoredExportFile[] }> {
  return {
    noun: 'export',
    async prepare() {
      const record = job.export_code ? await findExportByCode(ctx.db, job.export_code) : null;
      const avatar = await findAvatarByCode(ctx.db, job.avatar_code);
      if (!record || !avatar) return { fail: 'The avatar or the export was deleted.' };
      await startExport(ctx.db, record.code);
      const parameters = exportParameters(record);
      return {
        work: async () => ctx.pool.run(
          'export',
          {
            pipeline: avatar.pipeline, pipeline_subtype: avatar.pipeline_subtype, parameters,
            files: await exportInputs(ctx, avatar.code, parameters), staticFiles: await storedStaticFiles(ctx, parameters),
          },
          (value) => void exportProgress(ctx.db, record.code, Math.min(99, Math.round(value))).catch(() => undefined),
        ),
        async keep(output) {
          const files: StoredExportFile[] = [];
          for (const file of output.files) {
            const key = exportFileKey(record.code, file.identity);
            await ctx.blobs.put(avatarKey(avatar.code, key), file.data);
            const stored: StoredExportFile = { identity: file.identity, category: file.category, key, static_files: file.staticFiles };
            if (file.direct) {
              stored.direct = { key: exportDirectKey(record.code, file.direct.name), name: file.direct.name };
              await ctx.blobs.put(avatarKey(avatar.code, stored.direct.key), file.direct.data);
            }
            files.push(stored);
          }
          // Deleted while it was exporting: what was just written belongs to nobody.
          if (!(await findAvatarByCode(ctx.db, avatar.code))) {
            await ctx.blobs.removePrefix(avatarPrefix(avatar.code));
            return { status: 'Failed', reason: 'The avatar was deleted.', cause: 'missing_input' };
          }
          for (const file of output.staticFiles) await putStaticFile(ctx.blobs, file);
          return { status: 'Completed', result: { files } };
        },
      };
    },
    async settle(db, outcome) {
      if (!job.export_code) return;
      await settleExport(db, job.export_code, outcome.status === 'Completed' ? { status: 'Completed', files: outcome.result.files } : outcome);
    },
  };
}
