/**
 * Failed client authentications counted per key (a client_id, an address) in fixed windows: past
 * `limit` failures in a window the key waits for the window's end. Counted in memory, per process.
 */
export class FailureCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    /** Keys are chosen by callers (any client_id): past this many, expired windows are swept, then the oldest go. */
    private readonly maxKeys = 100_000,
  ) {}

  /** Whole seconds until `key` may try again; 0 when it may now. */
  retryAfter(key: string, now = Date.now()): number {
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now || w.count < this.limit) return 0;
    return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
  }

  add(key: string, now = Date.now()): void {
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      if (!w && this.windows.size >= this.maxKeys) this.makeRoom(now);
      w = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, w);
    }
    w.count++;
  }

  /** Takes back an attempt counted while it was checked, once it turned out right. */
  remove(key: string): void {
    const w = this.windows.get(key);
    if (w && w.count > 0) w.count--;
  }

  private makeRoom(now: number): void {
    for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    // Maps iterate in insertion order: the first keys are the oldest windows.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
