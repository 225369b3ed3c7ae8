/** How often and how patiently a step is tried again. */
export interface RetryPolicy {
  /** Tries in all, the first one included. */
  attempts: number;
  /** The wait after the first failure; each later wait is twice the one before. */
  firstDelayMs: number;
}

/** A step that kept failing with a retryable error until the policy's attempts were spent. */
export class RetriesExhausted extends Error {
  constructor(
    readonly last: unknown,
    readonly attempts: number,
    readonly waitedMs: number,
  ) {
    super(last instanceof Error ? last.message : String(last));
  }
}

export interface RetriesOptions {
  policy: RetryPolicy;
  /** Which errors are worth trying again: a full disk may be freed, a bug will not fix itself. */
  retryable(err: unknown): boolean;
  /** True once the server is stopping: waiting then only delays the stop, and the job is queued again anyway. */
  stopping(): boolean;
  /** Told of each failure that will be tried again, and how long it waits first. */
  onRetry(err: unknown, delayMs: number): void;
}

/**
 * Tries steps again after retryable errors, waiting longer each time. One budget covers every step run
 * through it, so that a job whose steps fail in turn still ends after `attempts` failures.
 */
export class Retries {
  private failures = 0;
  private waited = 0;

  constructor(private readonly options: RetriesOptions) {}

  async run<T>(step: () => Promise<T>): Promise<T> {
    const { policy, retryable, stopping, onRetry } = this.options;
    for (;;) {
      try {
        return await step();
      } catch (err) {
        if (!retryable(err) || stopping()) throw err;
        this.failures++;
        if (this.failures >= policy.attempts) throw new RetriesExhausted(err, this.failures, this.waited);
        const delay = policy.firstDelayMs * 2 ** (this.failures - 1);
        onRetry(err, delay);
        await pause(delay, stopping);
        this.waited += delay;
        if (stopping()) throw err;
      }
    }
  }
}

/** Waits `ms`, or less when the server starts stopping meanwhile. */
async function pause(ms: number, stopping: () => boolean): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end && !stopping()) await new Promise((resolve) => setTimeout(resolve, Math.min(250, end - Date.now())));
}
