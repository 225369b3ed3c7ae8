import type { PipelineName } from '../pipelines/catalogue/pipelines.js';
import type { NormalisedParameters } from '../pipelines/catalogue/validate.js';
import type { BlendshapeArchiveInput, ExportInput, ExportOutput, OutfitFilesInput, OutfitFilesOutput } from '../pipelines/exports/types.js';

/** What the main thread and a computation worker say to each other. */
export interface ComputeTask {
  pipeline: PipelineName;
  subtype: string;
  parameters: NormalisedParameters;
  photo: Uint8Array;
}

export interface ComputeOutput {
  /** Files to store under the avatar, by relative key, e.g. `analysis.json`. */
  files: Record<string, Uint8Array>;
  /** How many faces the photo shows. */
  facesDetected: number;
}

export type { ExportOutput };

/** Each kind of work a worker does, with what it is given and what it answers. */
export interface WorkerTasks {
  compute: { task: ComputeTask; output: ComputeOutput };
  export: { task: ExportInput; output: ExportOutput };
  blendshapes: { task: BlendshapeArchiveInput; output: Uint8Array };
  outfit: { task: OutfitFilesInput; output: OutfitFilesOutput };
}
export type WorkerTaskKind = keyof WorkerTasks;

export type ToWorker = { [K in WorkerTaskKind]: { type: K; task: WorkerTasks[K]['task'] } }[WorkerTaskKind];

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; value: number }
  /** The thread's V8 heap after a task, for /metrics. */
  | { type: 'memory'; used: number; total: number }
  | { type: 'done'; output: WorkerTasks[WorkerTaskKind]['output'] }
  /** `reason` is for the avatar's owner when `expected` (no face, bad photo), otherwise a bug report. */
  | { type: 'failed'; reason: string; expected: boolean };

/** What a worker thread is started with. */
export interface WorkerData {
  /** Build every head template and level of detail at start (Config.warmUp). */
  warmUp: boolean;
}
