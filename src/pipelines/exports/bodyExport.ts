import type { PipelineExport } from '../pipeline.js';

/** How body_0.3 avatars are exported; the builders load with the first export, on a worker thread. */
export const BODY_EXPORT: PipelineExport = {
  available: true,
  build: async (input, progress) => (await import('./bodyBuild.js')).buildBodyExport(input, progress),
  blendshapeArchive: async (input) => (await import('./bodyBuild.js')).bodyBlendshapeArchive(input),
  outfitFiles: async (input) => (await import('./outfitFiles.js')).bodyOutfitFiles(input),
};
