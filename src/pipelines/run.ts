import type { ComputeContext, ComputeInput } from './avatarModel.js';
import { avatarModelFiles } from './avatarModelFiles.js';
import { avatarFiles } from './files.js';
import { pipelineOf } from './registry.js';


export interface PipelineOutput {
  /** Files of the avatar by relative name: `analysis.json`, `segmentation/person.png`, … */
  files: Record<string, Uint8Array>;
  /** How many faces the photo shows; the main one is used. */
  facesDetected: number;
}

/**
 * One avatar's computation on a worker thread: its pipeline computes the avatar in memory, then it
 * is turned into files in one step. The blendshapes download most clients ask for first (`fmt=ply`,
 * LOD 0, the sets named at creation) is made now, so that its GET finds it ready.
 */
export async function runPipeline(input: ComputeInput, ctx: ComputeContext): Promise<PipelineOutput> {
  const pipeline = pipelineOf(input.pipeline);
  const model = await pipeline.compute(input, ctx);
  const files = await avatarModelFiles(model);
  const sets = model.head?.blendshapeSets ?? [];
  if (sets.length && pipeline.export.available) {
    files[avatarFiles.blendshapeArchive('ply', 0)] = await pipeline.export.blendshapeArchive({
      pipeline: input.pipeline, pipeline_subtype: input.subtype, files: { [avatarFiles.mesh(0)]: files[avatarFiles.mesh(0)] }, sets, fmt: 'ply', lod: 0,
    });
  }
  ctx.progress(95);
  return { files, facesDetected: model.facesDetected };
}
