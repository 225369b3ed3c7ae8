import type { PipelineExport } from '../pipeline.js';

/**
 * How the head pipelines' avatars are exported. The builders load with the first export, on a
 * worker thread: this module itself imports nothing heavy.
 */
export const HEAD_EXPORT: PipelineExport = {
  available: true,
  build: async (input, progress) => (await import('./index.js')).buildExport(input, progress),
  blendshapeArchive: async (input) => (await import('./blendshapeArchive.js')).blendshapeArchive(input),
};
