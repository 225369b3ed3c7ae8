import { Worker } from 'node:worker_threads';
import type { WorkerData } from './messages.js';
import type { FromWorker, ToWorker, WorkerTaskKind, WorkerTasks } from './messages.js';
import { threadHeap } from './metrics.js';

export interface WorkerPoolOptions {
  /** Number of worker threads, each with its own models. */
  size: number;
  /** Whether each thread builds every head template and level of detail at its start (default true). */
  warmUp?: boolean;
  /** A task still running after this many milliseconds is stopped and fails with TimeoutError. */
  timeoutMs: number;
  /** The worker script; the compiled worker.js beside this file by default. */
  script?: URL;
}

export class TimeoutError extends Error {}
/** The task ran but failed with a reason meant for the avatar's owner. */
export class TaskFailure extends Error {
  constructor(message: string, readonly expected: boolean) {
    super(message);
  }
}

interface Slot {
  worker: Worker;
  busy: boolean;
}

/** A fixed set of worker threads. Callers ask for a free slot before running, so tasks never queue here:
 * the queue lives in the database, where it survives restarts. */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly script: URL;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {
    this.script = options.script ?? new URL('./worker.js', import.meta.url);
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn(i));
  }

  private spawn(index: number): Slot {
    const workerData: WorkerData = { warmUp: this.options.warmUp ?? true };
    const worker = new Worker(this.script, { workerData });
    // An idle worker whose models failed to load or that died is replaced at once.
    worker.on('error', () => undefined);
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'memory') threadHeap(index, message);
    });
    worker.unref();
    return { worker, busy: false };
  }

  get idle(): number {
    return this.slots.filter((s) => !s.busy).length;
  }

  /**
   * Runs one task on an idle worker thread: an avatar's computation (its photo is transferred, not
   * copied), an export's build, a blendshapes download or an outfit's files, from the files it is given.
   */
  run<K extends WorkerTaskKind>(type: K, task: WorkerTasks[K]['task'], onProgress: (value: number) => void): Promise<WorkerTasks[K]['output']> {
    const transfer = type === 'compute' ? [(task as WorkerTasks['compute']['task']).photo.buffer as ArrayBuffer] : [];
    return this.post({ type, task } as ToWorker, transfer, onProgress) as Promise<WorkerTasks[K]['output']>;
  }

  private post(message: ToWorker, transfer: ArrayBuffer[], onProgress: (value: number) => void): Promise<WorkerTasks[WorkerTaskKind]['output']> {
    if (this.closed) return Promise.reject(new TaskFailure('the worker pool is closed', false));
    const index = this.slots.findIndex((s) => !s.busy);
    if (index < 0) return Promise.reject(new Error('no idle worker'));
    const slot = this.slots[index];
    slot.busy = true;
    return new Promise<WorkerTasks[WorkerTaskKind]['output']>((resolve, reject) => {
      const { worker } = slot;
      const settle = (replace: boolean, fn: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (replace && !this.closed) {
          void worker.terminate();
          threadHeap(index, null);
          this.slots[index] = this.spawn(index);
        } else {
          slot.busy = false;
        }
        fn();
      };
      const onMessage = (message: FromWorker) => {
        if (message.type === 'progress') onProgress(message.value);
        else if (message.type === 'done') settle(false, () => resolve(message.output));
        else if (message.type === 'failed') settle(!message.expected, () => reject(new TaskFailure(message.reason, message.expected)));
      };
      const onError = (err: Error) => settle(true, () => reject(new TaskFailure(`worker crashed: ${err.message}`, false)));
      const onExit = (code: number) => settle(true, () => reject(new TaskFailure(`worker exited with code ${code}`, false)));
      const timer = setTimeout(
        () => settle(true, () => reject(new TimeoutError(`computation took longer than ${this.options.timeoutMs / 1000} s`))),
        this.options.timeoutMs,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage(message, transfer);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.slots.forEach((_, index) => threadHeap(index, null));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
