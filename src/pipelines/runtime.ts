import { createFaceAnalyzer, type FaceAnalyzer } from '../analysis/index.js';

/** What a computation worker loads once and keeps: the models. */
export interface PipelineRuntime {
  analyzer: FaceAnalyzer;
}

export async function createPipelineRuntime(): Promise<PipelineRuntime> {
  return { analyzer: await createFaceAnalyzer() };
}
