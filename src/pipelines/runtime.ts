import { createFaceAnalyzer, type FaceAnalyzer } from '../analysis/index.js';
import { warmUpHeadGeometry } from '../assets/index.js';
import { warmUpTexture } from '../texture/index.js';

/** What a computation worker loads once and keeps: the models. */
export interface PipelineRuntime {
  analyzer: FaceAnalyzer;
}

/** Options of {@link createPipelineRuntime}. */
export interface PipelineRuntimeOptions {
  /**
   * Build every head template and level of detail now (some 5 s of CPU), before the first avatar needs
   * them; otherwise each is built, and cached, by the first avatar that uses it.
   */
  warmUp?: boolean;
}

export async function createPipelineRuntime(options: PipelineRuntimeOptions = {}): Promise<PipelineRuntime> {
  const analyzer = await createFaceAnalyzer();
  if (options.warmUp ?? true) {
    await warmUpHeadGeometry();
    warmUpTexture();
  }
  return { analyzer };
}
