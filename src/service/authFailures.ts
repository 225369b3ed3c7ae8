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

/** Failed authentications counted for a set of keys at once, in memory or in Redis. */
export interface FailureLedger {
  /** Whole seconds until one of `keys` may try again; otherwise 0, and the attempt is counted for each key. */
  admit(keys: string[]): Promise<number>;
  /** Takes back an attempt counted by `admit`, once it turned out right. */
  forgive(keys: string[]): Promise<void>;
}

/** One process's count. */
export class MemoryFailureLedger implements FailureLedger {
  private readonly counter: FailureCounter;

  constructor(limit: number, windowMs = 60_000) {
    this.counter = new FailureCounter(limit, windowMs);
  }

  async admit(keys: string[]): Promise<number> {
    const retryAfter = Math.max(0, ...keys.map((k) => this.counter.retryAfter(k)));
    if (!retryAfter) for (const k of keys) this.counter.add(k);
    return retryAfter;
  }

  async forgive(keys: string[]): Promise<void> {
    for (const k of keys) this.counter.remove(k);
  }
}

/**
 * Checks every key's window and counts the attempt in one step, so that concurrent guesses through
 * several API processes cannot all pass before the first is counted. KEYS: the windows; ARGV: the
 * limit and the window in ms. Returns the ms until the first full window ends, or 0 once counted.
 */
const ADMIT = `
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[1]) then
    local ttl = redis.call('PTTL', key)
    if ttl > 0 then return ttl end
  end
end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return 0`;

/** What the Redis ledger needs of a connection (ioredis's `eval` and `decr`). */
interface RedisCommands {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  decr(key: string): Promise<number>;
}

/**
 * The count shared by every API process through Redis, so that N processes behind a load balancer
 * allow what one does. While Redis is away each process counts its own, as without Redis: the limit
 * stays, at most N times looser, rather than going away.
 */
export class RedisFailureLedger implements FailureLedger {
  private readonly local: MemoryFailureLedger;

  constructor(
    private readonly redis: RedisCommands,
    private readonly prefix: string,
    private readonly limit: number,
    private readonly windowMs = 60_000,
  ) {
    this.local = new MemoryFailureLedger(limit, windowMs);
  }

  async admit(keys: string[]): Promise<number> {
    try {
      const ms = Number(await this.redis.eval(ADMIT, keys.length, ...keys.map((k) => this.prefix + k), this.limit, this.windowMs));
      return ms > 0 ? Math.max(1, Math.ceil(ms / 1000)) : 0;
    } catch {
      return this.local.admit(keys);
    }
  }

  async forgive(keys: string[]): Promise<void> {
    try {
      await Promise.all(keys.map((k) => this.redis.decr(this.prefix + k)));
    } catch {
      await this.local.forgive(keys);
    }
  }
}
