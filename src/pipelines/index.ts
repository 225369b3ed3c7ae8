// The light half of pipelines, safe to import on the server's main thread. The computation itself
// (run.ts, runtime.ts) loads the models and is imported only by worker threads.
export { PipelineFailure } from './failure.js';
export { buildModelInfo } from './modelInfo.js';
export { inspectPhoto, type Photo, type PhotoLimits } from './photo.js';
export type { StoredAnalysis } from './run.js';
