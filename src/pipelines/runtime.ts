import { createFaceAnalyzer, type FaceAnalyzer } from '../analysis/index.js';
import { warmUpHeadGeometry } from '../assets/index.js';
import { warmUpTexture } from '../texture/index.js';

/** What a computation worker loads once and keeps: the models. */
export interface PipelineRuntime {
  analyzer: FaceAnalyzer;
}

export async function createPipelineRuntime(): Promise<PipelineRuntime> {
  const analyzer = await createFaceAnalyzer();
  // Templates and LOD simplification are built once per worker, before the first avatar needs them.
  await warmUpHeadGeometry();
  warmUpTexture();
  return { analyzer };
}
