import { createHash } from 'node:crypto';
import { finishJob, type Job } from '../store/jobs.js';
import { findAvatarByCode } from '../store/avatars.js';
import { exportFileKey, findExportByCode, updateExport, type StoredExportFile } from '../store/exports.js';
import { avatarKey, avatarPrefix, staticKey } from '../store/keys.js';
import { avatarFiles } from '../pipelines/files.js';
import { GENERATED_HAIRCUT } from '../pipelines/catalogue/haircuts.js';
import type { ResolvedExport } from '../pipelines/catalogue/index.js';
import type { JobContext } from './runJob.js';
import { TaskFailure, TimeoutError } from './pool.js';

/** The avatar files an export reads: LOD0 (every LOD and blendshape is rebuilt from it), textures, the generated haircut. */
async function exportInputs(ctx: JobContext, avatarCode: string, parameters: ResolvedExport): Promise<Record<string, Uint8Array>> {
  const keys = [avatarFiles.mesh(0), avatarFiles.textureIndex];
  if (parameters.haircuts.list.includes(GENERATED_HAIRCUT)) {
    keys.push(avatarFiles.haircut(GENERATED_HAIRCUT, 'mesh'), avatarFiles.haircut(GENERATED_HAIRCUT, 'texture'));
  }
  const files: Record<string, Uint8Array> = {};
  const read = async (key: string) => {
    const data = await ctx.blobs.get(avatarKey(avatarCode, key));
    if (data) files[key] = new Uint8Array(data);
  };
  await Promise.all(keys.map(read));
  const index = files[avatarFiles.textureIndex];
  if (index) {
    const entries = JSON.parse(Buffer.from(index).toString()) as { identity: string; extension: string }[];
    await Promise.all(entries.map((e) => read(avatarFiles.texture(e.identity, e.extension))));
  }
  return files;
}

/** One export: the avatar's stored files in, archives and static files out, export state written. */
export async function runExport(job: Job, ctx: JobContext): Promise<void> {
  const settle = async (change: Parameters<typeof updateExport>[2]) => {
    await ctx.db.transaction().execute(async (trx) => {
      if (await finishJob(trx, job)) await updateExport(trx, job.export_code!, change);
    });
  };
  const record = job.export_code ? await findExportByCode(ctx.db, job.export_code) : null;
  const avatar = await findAvatarByCode(ctx.db, job.avatar_code);
  if (!record || !avatar) return void (await settle({ status: 'Failed', failure_reason: 'The avatar or the export was deleted.' }));
  await updateExport(ctx.db, record.code, { status: 'Computing', progress: 5 });
  const parameters = JSON.parse(record.parameters) as ResolvedExport;
  try {
    const output = await ctx.pool.export(
      { pipeline: avatar.pipeline, pipeline_subtype: avatar.pipeline_subtype, parameters, files: await exportInputs(ctx, avatar.code, parameters) },
      (value) => void updateExport(ctx.db, record.code, { progress: Math.min(99, Math.round(value)) }).catch(() => undefined),
    );
    const files: StoredExportFile[] = [];
    for (const file of output.files) {
      const key = exportFileKey(record.code, file.identity);
      await ctx.blobs.put(avatarKey(avatar.code, key), file.data);
      files.push({ identity: file.identity, category: file.category, key, static_files: file.staticFiles });
    }
    // Deleted while it was exporting: what was just written belongs to nobody.
    if (!(await findAvatarByCode(ctx.db, avatar.code))) {
      await ctx.blobs.removePrefix(avatarPrefix(avatar.code));
      return void (await settle({ status: 'Failed', failure_reason: 'The avatar was deleted.' }));
    }
    for (const file of output.staticFiles) {
      // Static files are the same bytes for every export: written once, never changed.
      if (await ctx.blobs.has(staticKey(file.identity))) continue;
      const sha256 = createHash('sha256').update(file.data).digest('hex');
      // Metadata first: the data's presence is what says the static file is complete.
      await ctx.blobs.put(staticKey(`${file.identity}.json`), Buffer.from(JSON.stringify({ name: file.name, contentType: file.contentType, size: file.data.byteLength, sha256 })));
      await ctx.blobs.put(staticKey(file.identity), file.data);
    }
    await settle({ status: 'Completed', progress: 100, files, failure_reason: null });
  } catch (err) {
    if (ctx.stopping()) return;
    if (err instanceof TimeoutError) return void (await settle({ status: 'Timed Out', failure_reason: `The export took longer than the limit: ${err.message}.` }));
    if (err instanceof TaskFailure && err.expected) return void (await settle({ status: 'Failed', failure_reason: err.message }));
    ctx.logger.error({ err, export: record.code }, 'export failed unexpectedly');
    await settle({ status: 'Failed', failure_reason: 'The export failed because of an internal error; the server log has the details.' });
  }
}
