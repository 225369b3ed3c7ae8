import type { Job } from '../store/jobs.js';
import type { JobKind } from '../store/status.js';
import { runTask, type JobContext } from './runTask.js';
import { computeAvatar } from './tasks/computeAvatar.js';
import { exportAvatar } from './tasks/exportAvatar.js';
import { blendshapeArchive } from './tasks/blendshapeArchive.js';
import { outfitFiles } from './tasks/outfitFiles.js';


/** Each kind of job and the task it runs. */
const TASKS: { readonly [K in JobKind]: (job: Job, ctx: JobContext) => Promise<void> } = {
  compute: (job, ctx) => runTask(job, ctx, computeAvatar(job, ctx)),
  export: (job, ctx) => runTask(job, ctx, exportAvatar(job, ctx)),
  blendshapes: (job, ctx) => runTask(job, ctx, blendshapeArchive(job, ctx)),
  outfit: (job, ctx) => runTask(job, ctx, outfitFiles(job, ctx)),
};

/** One job: an avatar's computation, an export of a computed avatar, a blendshapes download, or an outfit's files. */
export async function runJob(job: Job, ctx: JobContext): Promise<void> {
  return TASKS[job.kind](job, ctx);
}
