import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { claimJob, reclaimJobs } from '../store/jobs.js';
import type { BlendshapeTarget } from './blendshapeTarget.js';
import { writeBlendshapes, writeComputation, writeOutfit } from './enqueue.js';
import type { OutfitTarget } from './outfitTarget.js';
import type { Queue, StopOptions } from './queue.js';
import { Runner } from './runner.js';

export interface EmbeddedQueueOptions {
  db: Db;
  blobs: BlobStore;
  logger: Logger;
  /** Worker threads. */
  workers: number;
  /** Whether each thread builds every head template at its start (Config.warmUp). */
  warmUp?: boolean;
  /** Per computation, in seconds. */
  timeoutSeconds: number;
  /** LIKENESS_MAX_PHOTO_PIXELS (see JobContext). */
  maxPhotoPixels?: number;
  /** How often to look for work queued by another server on the same database, in ms. */
  pollMs?: number;
  /** A running job whose server stops renewing it for this long goes back to the queue, in ms. */
  leaseMs?: number;
  /** True when this server alone owns the database (SQLite): at start it takes back every running job
   * at once, instead of waiting for leases to run out. Expired leases are taken back while running either way. */
  soleOwner: boolean;
}

/** A queue in the database, fed to a pool of worker threads in this process. Jobs survive restarts:
 * a job left running by a killed server is claimed again, and only the attempt that holds it may complete it. */
export class EmbeddedQueue implements Queue {
  private readonly owner = randomUUID();
  private runner: Runner | null = null;
  private running = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(private readonly options: EmbeddedQueueOptions) {}

  async enqueue(avatarCode: string, within?: Db): Promise<void> {
    await writeComputation(this.options.db, avatarCode, within);
    // Inside the caller's transaction, the caller notifies once it has committed.
    if (!within) this.notify();
  }

  async enqueueBlendshapes(avatarCode: string, target: BlendshapeTarget): Promise<number> {
    const id = await writeBlendshapes(this.options.db, avatarCode, target);
    this.notify();
    return id;
  }

  async enqueueOutfit(avatarCode: string, target: OutfitTarget): Promise<number> {
    const id = await writeOutfit(this.options.db, avatarCode, target);
    this.notify();
    return id;
  }

  notify(): void {
    this.wake?.();
  }

  /** The database is the queue: when it answers, the queue does (the readiness check asks it anyway). */
  async ready(): Promise<void> {}

  async start(): Promise<void> {
    const { db, soleOwner } = this.options;
    // An API-only server (no workers) must not take back jobs another server is running.
    const reclaimed = this.options.workers === 0 ? 0 : await reclaimJobs(db, soleOwner ? {} : { expiredOnly: true });
    if (reclaimed) this.options.logger.info({ reclaimed }, 'computations interrupted by a stop are queued again');
    if (this.options.workers === 0) return;
    const { leaseMs = 30_000 } = this.options;
    this.runner = new Runner({ db, blobs: this.options.blobs, logger: this.options.logger, workers: this.options.workers, warmUp: this.options.warmUp, timeoutSeconds: this.options.timeoutSeconds, maxPhotoPixels: this.options.maxPhotoPixels, leaseMs });
    this.runner.start();
    this.running = true;
    this.loop = this.dispatch();
  }

  private async dispatch(): Promise<void> {
    const { db, pollMs = 1000, leaseMs = 30_000 } = this.options;
    const runner = this.runner!;
    while (this.running) {
      try {
        // Also on SQLite, where the start took back everything: a job of this very server whose
        // bookkeeping failed (a full disk) stops renewing its lease, and must run again, not wait for a restart.
        const expired = await reclaimJobs(db, { expiredOnly: true });
        if (expired) this.options.logger.warn({ reclaimed: expired }, 'jobs whose lease ran out are queued again');
        while (this.running && runner.free > 0) {
          const job = await claimJob(db, this.owner, leaseMs);
          if (!job) break;
          void runner.run(job).finally(() => this.wake?.());
        }
      } catch (err) {
        this.options.logger.error({ err }, 'queue dispatch failed; retrying');
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  async stop(options: StopOptions = {}): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    await this.runner?.stop(options.drainMs ?? 0);
    // Whatever this server still holds (a job whose bookkeeping failed) goes back to the queue too.
    await reclaimJobs(this.options.db, { owner: this.owner }).catch(() => undefined);
  }
}
