import { NoFaceError, PhotoDecodeError, encodeMaskPng, type FaceAnalysis } from '../analysis/index.js';
import type { PipelineRuntime } from './runtime.js';
import { PipelineFailure } from './failure.js';
import { avatarFiles } from './files.js';
import { headAvatar, makesHead } from './head.js';
import type { NormalisedParameters } from './catalogue/index.js';

export interface PipelineInput {
  pipeline: string;
  pipeline_subtype: string;
  /** Validated computation parameters, as stored at creation. */
  parameters: unknown;
  photo: Uint8Array;
}

export interface PipelineContext {
  runtime: PipelineRuntime;
  /** Reports progress in percent; callers keep it monotonic. */
  progress(value: number): void;
}

export interface PipelineOutput {
  /** Files of the avatar by relative name: `analysis.json`, `segmentation/person.png`, … */
  files: Record<string, Uint8Array>;
  /** How many faces the photo shows; the main one is used. */
  facesDetected: number;
}

/** The analysis as stored: everything model_info and later steps need, without the pixel masks. */
export type StoredAnalysis = Omit<FaceAnalysis, 'segmentation'>;

/** The first step every pipeline shares: analyse the face and keep what was found.
 * Geometry, texture and assets join here as later steps. */
export async function runPipeline(input: PipelineInput, ctx: PipelineContext): Promise<PipelineOutput> {
  ctx.progress(10);
  let analysis: FaceAnalysis;
  try {
    analysis = await ctx.runtime.analyzer.analyze(Buffer.from(input.photo.buffer, input.photo.byteOffset, input.photo.byteLength));
  } catch (err) {
    if (err instanceof NoFaceError || err instanceof PhotoDecodeError) throw new PipelineFailure((err as Error).message);
    throw err;
  }
  ctx.progress(30);
  const { segmentation, ...stored } = analysis;
  const files: Record<string, Uint8Array> = {
    [avatarFiles.analysis]: Buffer.from(JSON.stringify(stored satisfies StoredAnalysis)),
    [avatarFiles.personMask]: await encodeMaskPng(segmentation.person),
    [avatarFiles.hairMask]: await encodeMaskPng(segmentation.hair),
  };
  if (makesHead(input.pipeline, input.pipeline_subtype)) {
    const head = await headAvatar(
      { pipeline: input.pipeline, subtype: input.pipeline_subtype, parameters: input.parameters as NormalisedParameters, photo: input.photo, analysis },
      ctx.progress,
    );
    Object.assign(files, head);
  }
  ctx.progress(95);
  return { files, facesDetected: analysis.faceCount };
}
