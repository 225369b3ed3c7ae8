import type { ExportInput, ExportOutput } from '../pipelines/exports/index.js';

/** What the main thread and a computation worker say to each other. */
export interface ComputeTask {
  pipeline: string;
  pipeline_subtype: string;
  parameters: unknown;
  photo: Uint8Array;
}

export interface ComputeOutput {
  /** Files to store under the avatar, by relative key, e.g. `analysis.json`. */
  files: Record<string, Uint8Array>;
  /** How many faces the photo shows. */
  facesDetected: number;
}

export type ExportTask = ExportInput;
export type { ExportOutput };

export type ToWorker = { type: 'run'; task: ComputeTask } | { type: 'export'; task: ExportTask };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'progress'; value: number }
  | { type: 'done'; output: ComputeOutput | ExportOutput }
  /** `reason` is for the avatar's owner when `expected` (no face, bad photo), otherwise a bug report. */
  | { type: 'failed'; reason: string; expected: boolean };
