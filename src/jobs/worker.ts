import { parentPort } from 'node:worker_threads';
import { createPipelineRuntime } from '../pipelines/runtime.js';
import { runPipeline } from '../pipelines/run.js';
import { buildExport } from '../pipelines/exports/index.js';
import { PipelineFailure } from '../pipelines/failure.js';
import type { FromWorker, ToWorker } from './messages.js';

// A worker thread owns its own models, loaded once: computation never touches the server's event loop.
const port = parentPort;
if (!port) throw new Error('worker.ts must run as a worker thread');
const send = (message: FromWorker) => port.postMessage(message);

const runtime = createPipelineRuntime();
runtime.then(
  () => send({ type: 'ready' }),
  (err: Error) => send({ type: 'failed', reason: `models failed to load: ${err.message}`, expected: false }),
);

port.on('message', async (message: ToWorker) => {
  const progress = (value: number) => send({ type: 'progress', value });
  try {
    const output = message.type === 'export'
      ? await buildExport(message.task, progress)
      : await runPipeline(message.task, { runtime: await runtime, progress });
    // Not transferred: small Buffers share a pooled ArrayBuffer, and transferring one would detach its neighbours.
    send({ type: 'done', output });
  } catch (err) {
    const expected = err instanceof PipelineFailure;
    send({ type: 'failed', reason: expected ? (err as Error).message : String((err as Error)?.stack ?? err), expected });
  }
});
