import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { handBackJob, renewLease, type Job } from '../store/jobs.js';
import { jobsHandedBack } from './metrics.js';
import { WorkerPool } from './pool.js';
import { runJob } from './runJob.js';

export interface RunnerOptions {
  db: Db;
  blobs: BlobStore;
  logger: Logger;
  /** Worker threads. */
  workers: number;
  /** Whether each thread builds every head template at its start (Config.warmUp). */
  warmUp?: boolean;
  /** Per job, in seconds. */
  timeoutSeconds: number;
  /** A running job's lease, renewed every third of it. */
  leaseMs: number;
  /** LIKENESS_MAX_PHOTO_PIXELS (see JobContext). */
  maxPhotoPixels?: number;
  /** Told of each job handed back by a stop, after the database has it queued again. */
  onHandBack?(job: Job): Promise<void>;
}

/**
 * Runs the jobs a queue claimed on this process's worker threads, keeping their leases alive. A stop lets
 * them finish for a while, then cuts them short and hands each back to the queue: another worker (or this
 * one's next start) does it again from its stored inputs, and only one attempt ever completes it.
 */
export class Runner {
  private pool: WorkerPool | null = null;
  private stopping = false;
  private readonly active = new Set<Promise<void>>();

  constructor(private readonly options: RunnerOptions) {}

  start(): void {
    this.pool = new WorkerPool({ size: this.options.workers, warmUp: this.options.warmUp, timeoutMs: this.options.timeoutSeconds * 1000 });
  }

  /** Jobs this process may still take. Counted in jobs in flight, not idle threads: a job takes its thread a few awaits after its claim. */
  get free(): number {
    return this.pool && !this.stopping ? this.options.workers - this.active.size : 0;
  }

  /** Runs one claimed job to its end: settled, taken over by another attempt, or handed back by a stop. */
  run(job: Job): Promise<void> {
    const task = this.track(job);
    this.active.add(task);
    void task.finally(() => this.active.delete(task));
    return task;
  }

  private async track(job: Job): Promise<void> {
    const { db, logger, leaseMs } = this.options;
    const heartbeat = setInterval(() => void renewLease(db, job, leaseMs).catch(() => undefined), leaseMs / 3);
    try {
      await runJob(job, { db, blobs: this.options.blobs, pool: this.pool!, logger, stopping: () => this.stopping, maxPhotoPixels: this.options.maxPhotoPixels });
    } catch (err) {
      logger.error({ err, avatar: job.avatar_code, job: job.id }, 'job bookkeeping failed; the job will be retried');
    } finally {
      clearInterval(heartbeat);
    }
    if (this.stopping) await this.handBack(job);
  }

  private async handBack(job: Job): Promise<void> {
    try {
      if (!(await handBackJob(this.options.db, job))) return;
      jobsHandedBack.inc({ kind: job.kind });
      this.options.logger.info({ avatar: job.avatar_code, job: job.id, kind: job.kind }, 'the process is stopping: job handed back to the queue');
      await this.options.onHandBack?.(job);
    } catch (err) {
      // Its lease runs out instead, and a live worker takes it then.
      this.options.logger.warn({ err, avatar: job.avatar_code, job: job.id }, 'handing a job back failed; its lease will run out');
    }
  }

  /** Lets jobs in flight finish for up to `drainMs`, then cuts the rest short and hands them back. */
  async stop(drainMs = 0): Promise<void> {
    if (this.active.size && drainMs > 0) {
      this.options.logger.info({ jobs: this.active.size, drainMs }, 'stopping: letting jobs in flight finish');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([...this.active]),
        new Promise((resolve) => {
          timer = setTimeout(resolve, drainMs);
        }),
      ]);
      clearTimeout(timer);
    }
    this.stopping = true;
    await this.pool?.close();
    await Promise.allSettled([...this.active]);
  }
}
