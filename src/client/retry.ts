/** How requests are tried again. */
export interface RetryOptions {
  /** Tries after the first one. */
  retries?: number;
  /** The first wait of the backoff for 502/503/504 without `Retry-After`, doubled each time. */
  baseDelayMs?: number;
  /** No wait is longer, whatever `Retry-After` asks: past it the error is thrown. */
  maxDelayMs?: number;
}

export const RETRY_DEFAULTS: Required<RetryOptions> = { retries: 5, baseDelayMs: 500, maxDelayMs: 60_000 };

/**
 * Whether an answer is worth asking again, and after how long (ms); null when not.
 * 429 waits as `Retry-After` says. 503 (storage unavailable: nothing was kept) is safe for any
 * method; 502 and 504 come from a proxy that may have passed the request on, so a POST is not
 * sent twice.
 */
export function retryDelay(status: number, method: string, retryAfter: string | null, attempt: number, options: Required<RetryOptions>): number | null {
  const idempotent = method !== 'POST' && method !== 'PATCH';
  if (status !== 429 && status !== 503 && !((status === 502 || status === 504) && idempotent)) return null;
  if (attempt >= options.retries) return null;
  const told = retryAfterMs(retryAfter);
  const backoff = options.baseDelayMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
  const wait = told ?? (status === 429 ? 1000 : backoff);
  return wait > options.maxDelayMs ? null : wait;
}

/** `Retry-After` as seconds or an HTTP date, in ms. */
export function retryAfterMs(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', abort);
      resolve();
    }, ms);
    const abort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', abort, { once: true });
  });
}
