import { parentPort, workerData } from 'node:worker_threads';
import { getHeapStatistics } from 'node:v8';
import { createPipelineRuntime } from '../pipelines/runtime.js';
import { runPipeline } from '../pipelines/run.js';
import { pipelineOf } from '../pipelines/registry.js';
import type { Pipeline, PipelineExport } from '../pipelines/pipeline.js';
import { PipelineFailure } from '../pipelines/failure.js';
import type { FromWorker, ToWorker, WorkerData, WorkerTasks } from './messages.js';

// A worker thread owns its own models, loaded once: computation never touches the server's event loop.
const port = parentPort;
if (!port) throw new Error('worker.ts must run as a worker thread');
const send = (message: FromWorker) => port.postMessage(message);

const runtime = createPipelineRuntime({ warmUp: (workerData as WorkerData | undefined)?.warmUp ?? true });
runtime.then(
  () => send({ type: 'ready' }),
  (err: Error) => send({ type: 'failed', reason: `models failed to load: ${err.message}`, expected: false }),
);

/** The pipeline's exporter, or the failure its owner reads when it has none yet (an export asked at creation). */
function exporter(pipeline: Pipeline, subtype: string): Extract<PipelineExport, { available: true }> {
  if (!pipeline.export.available) throw new PipelineFailure(`Exports of ${pipeline.name} ${subtype} avatars are not implemented by this server yet: it makes no mesh for them.`);
  return pipeline.export;
}

async function perform(message: ToWorker, progress: (value: number) => void): Promise<WorkerTasks[keyof WorkerTasks]['output']> {
  switch (message.type) {
    case 'compute':
      return runPipeline(message.task, { runtime: await runtime, progress });
    case 'export':
      return exporter(pipelineOf(message.task.pipeline), message.task.pipeline_subtype).build(message.task, progress);
    case 'blendshapes':
      return exporter(pipelineOf(message.task.pipeline), message.task.pipeline_subtype).blendshapeArchive(message.task);
    case 'outfit': {
      const outfitFiles = exporter(pipelineOf(message.task.pipeline), message.task.pipeline_subtype).outfitFiles;
      if (!outfitFiles) throw new PipelineFailure(`${message.task.pipeline} avatars wear no outfits.`);
      return outfitFiles(message.task);
    }
  }
}

port.on('message', async (message: ToWorker) => {
  const progress = (value: number) => send({ type: 'progress', value });
  try {
    // Not transferred: small Buffers share a pooled ArrayBuffer, and transferring one would detach its neighbours.
    send({ type: 'done', output: await perform(message, progress) });
  } catch (err) {
    const expected = err instanceof PipelineFailure;
    send({ type: 'failed', reason: expected ? (err as Error).message : String((err as Error)?.stack ?? err), expected });
  }
  const heap = getHeapStatistics();
  send({ type: 'memory', used: heap.used_heap_size, total: heap.total_heap_size });
});
