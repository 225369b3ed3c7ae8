/**
 * One dressed body_0.3 export in a worker thread of its own, as a fresh worker of the service runs
 * it: its modules loaded, no outfit painted yet. The export bench starts it twice, once with no
 * static files stored and once given those the first one stored (ExportInput.staticFiles), to
 * measure what painting an outfit's images once per deployment rather than once per worker saves.
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { pipelineOf } from '../src/pipelines/registry.js';
import type { ExportInput, StaticFileOutput } from '../src/pipelines/exports/types.js';

interface Result { ms: number; staticFiles: StaticFileOutput[] }

/** Runs `input` in a new worker thread: the build's time, and the static files it gave. */
export function dressedExportInWorker(input: ExportInput): Promise<Result> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), { workerData: input });
    worker.once('message', (result: Result) => { resolve(result); void worker.terminate(); });
    worker.once('error', reject);
  });
}

if (!isMainThread && parentPort) {
  const input = workerData as ExportInput;
  const exporter = pipelineOf(input.pipeline).export;
  if (!exporter.available) throw new Error(`${input.pipeline} has no exporter`);
  const t0 = performance.now();
  const output = await exporter.build(input, () => undefined);
  parentPort.postMessage({ ms: performance.now() - t0, staticFiles: output.staticFiles } satisfies Result);
}
