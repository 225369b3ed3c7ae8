// The light half of pipelines, safe to import on the server's main thread: the registry's Pipeline
// objects load their computation and export code with import(), on worker threads only.
export { PipelineFailure } from './failure.js';
export { buildModelInfo } from './modelInfo.js';
export { inspectPhoto, type Photo, type PhotoLimits } from './photo.js';
export { REGISTRY, pipelineOf } from './registry.js';
export type { Pipeline, PipelineExport, HairMode } from './pipeline.js';
export type { StoredAnalysis, StoredModifications } from './files.js';
