import { JobFailedError, WaitTimeoutError } from './errors.js';
import { sleep } from './retry.js';

/** A change seen while waiting. */
export interface Progress<T> {
  status: string;
  /** 0 to 100. */
  progress: number;
  /** The object as just read. */
  object: T;
}

export interface WaitOptions<T> {
  /** Called when the status or the progress changes (and once at the start). */
  onProgress?: (progress: Progress<T>) => void;
  /** The first pause between reads. */
  initialIntervalMs?: number;
  /** Pauses grow by half while nothing changes, up to this. */
  maxIntervalMs?: number;
  /** Give up after this long (WaitTimeoutError); the work goes on on the server. No limit by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const WAIT_DEFAULTS = { initialIntervalMs: 500, maxIntervalMs: 5000 };

const FAILED = ['Failed', 'Timed Out'];

/**
 * Reads an object until it is `Completed` (resolves with it) or `Failed`/`Timed Out` (rejects
 * with its `failure_reason`). Reads come quickly while it moves and slow down while it does not,
 * which keeps a long computation well under the API's throttle.
 */
export async function waitFor<T extends { status?: string; progress?: number; failure_reason?: string | null }>(read: () => Promise<T>, options: WaitOptions<T> = {}): Promise<T> {
  const initial = options.initialIntervalMs ?? WAIT_DEFAULTS.initialIntervalMs;
  const max = options.maxIntervalMs ?? WAIT_DEFAULTS.maxIntervalMs;
  const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
  let interval = initial;
  let last = '';
  for (;;) {
    const object = await read();
    const status = object.status ?? '';
    const progress = object.progress ?? 0;
    const seen = `${status} ${progress}`;
    if (seen !== last) {
      last = seen;
      interval = initial;
      options.onProgress?.({ status, progress, object });
    } else interval = Math.min(max, interval * 1.5);
    if (status === 'Completed') return object;
    if (FAILED.includes(status)) throw new JobFailedError(status, object.failure_reason ?? status, object);
    if (Date.now() + interval > deadline) throw new WaitTimeoutError(`still "${status}" (${progress}%) after ${options.timeoutMs} ms`);
    await sleep(interval, options.signal);
  }
}
