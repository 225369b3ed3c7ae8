import { NoFaceError, PhotoDecodeError, type FaceAnalysis } from '../analysis/index.js';
import type { AnalysedPhoto, ComputeContext } from './avatarModel.js';
import { PipelineFailure } from './failure.js';
import type { StoredAnalysis } from './files.js';

/**
 * The first step every pipeline shares: analyse the face and keep what was found. A photo without
 * a face, or one that does not decode, is the avatar's failure, in words its owner can act on.
 */
export async function analysePhoto(photo: Uint8Array, ctx: ComputeContext): Promise<AnalysedPhoto> {
  ctx.progress(10);
  let analysis: FaceAnalysis;
  try {
    analysis = await ctx.runtime.analyzer.analyze(Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength));
  } catch (err) {
    if (err instanceof NoFaceError || err instanceof PhotoDecodeError) throw new PipelineFailure((err as Error).message);
    throw err;
  }
  ctx.progress(30);
  const { segmentation, ...stored } = analysis;
  return { analysis, model: { analysis: stored satisfies StoredAnalysis, masks: segmentation, facesDetected: analysis.faceCount } };
}
