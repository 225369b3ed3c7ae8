import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { claimJob, enqueueJob, ensureJob, reclaimJobs, renewLease, type Job } from '../store/jobs.js';
import { writeBlendshapeTarget, type BlendshapeTarget } from './blendshapeTarget.js';
import { updateAvatar } from '../store/avatars.js';
import type { Queue } from './queue.js';
import { WorkerPool } from './pool.js';
import { runJob } from './runJob.js';

export interface EmbeddedQueueOptions {
  db: Db;
  blobs: BlobStore;
  logger: Logger;
  /** Worker threads. */
  workers: number;
  /** Per computation, in seconds. */
  timeoutSeconds: number;
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
  private pool: WorkerPool | null = null;
  private running = false;
  /** Set while stopping: jobs cut short then go back to the queue instead of failing. */
  private stopping = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private readonly active = new Set<Promise<void>>();

  constructor(private readonly options: EmbeddedQueueOptions) {}

  async enqueue(avatarCode: string, within?: Db): Promise<void> {
    const write = async (db: Db) => {
      await enqueueJob(db, avatarCode, 'compute');
      await updateAvatar(db, avatarCode, { status: 'Queued' });
    };
    if (within) return write(within);
    await this.options.db.transaction().execute(write);
    this.notify();
  }

  async enqueueBlendshapes(avatarCode: string, target: BlendshapeTarget): Promise<number> {
    const id = await ensureJob(this.options.db, avatarCode, 'blendshapes', writeBlendshapeTarget(target));
    this.notify();
    return id;
  }

  notify(): void {
    this.wake?.();
  }

  async start(): Promise<void> {
    const { db, soleOwner } = this.options;
    // An API-only server (no workers) must not take back jobs another server is running.
    const reclaimed = this.options.workers === 0 ? 0 : await reclaimJobs(db, soleOwner ? {} : { expiredOnly: true });
    if (reclaimed) this.options.logger.info({ reclaimed }, 'computations interrupted by a stop are queued again');
    if (this.options.workers === 0) return;
    this.pool = new WorkerPool({ size: this.options.workers, timeoutMs: this.options.timeoutSeconds * 1000 });
    this.running = true;
    this.loop = this.dispatch();
  }

  private async dispatch(): Promise<void> {
    const { db, pollMs = 1000, leaseMs = 30_000 } = this.options;
    while (this.running) {
      try {
        // Also on SQLite, where the start took back everything: a job of this very server whose
        // bookkeeping failed (a full disk) stops renewing its lease, and must run again, not wait for a restart.
        const expired = await reclaimJobs(db, { expiredOnly: true });
        if (expired) this.options.logger.warn({ reclaimed: expired }, 'jobs whose lease ran out are queued again');
        // Capacity is counted in jobs in flight, not idle threads: a claimed job takes its thread a few
        // awaits later, and counting threads would let the loop claim more jobs than there are threads.
        while (this.running && this.pool && this.active.size < this.options.workers) {
          const job = await claimJob(db, this.owner, leaseMs);
          if (!job) break;
          const task = this.track(job, leaseMs);
          this.active.add(task);
          void task.finally(() => {
            this.active.delete(task);
            this.wake?.();
          });
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

  private async track(job: Job, leaseMs: number): Promise<void> {
    const { db, logger } = this.options;
    const heartbeat = setInterval(() => void renewLease(db, job, leaseMs).catch(() => undefined), leaseMs / 3);
    try {
      await runJob(job, { db, blobs: this.options.blobs, pool: this.pool!, logger, stopping: () => this.stopping });
    } catch (err) {
      logger.error({ err, avatar: job.avatar_code }, 'job bookkeeping failed; the job will be retried');
    } finally {
      clearInterval(heartbeat);
    }
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.stopping = true;
    await this.pool?.close();
    await Promise.allSettled([...this.active]);
    // Jobs cut short by the stop go back to the queue for the next start, which computes them again.
    await reclaimJobs(this.options.db, { owner: this.owner }).catch(() => undefined);
  }
}
