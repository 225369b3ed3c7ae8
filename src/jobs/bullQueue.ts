import { randomUUID } from 'node:crypto';
import { Queue as BullMq, Worker as BullWorker, type Job as BullJob } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { Db } from '../store/database.js';
import type { BlobStore } from '../store/blobs.js';
import { queuedComputations, queuedJobs, reclaimJobs, takeJob, type Job, type QueuedJob } from '../store/jobs.js';
import { closeRedis, openRedis } from '../store/redis.js';
import type { BlendshapeTarget } from './blendshapeTarget.js';
import { writeBlendshapes, writeComputation, writeOutfit } from './enqueue.js';
import type { OutfitTarget } from './outfitTarget.js';
import type { Queue, StopOptions } from './queue.js';
import { Runner } from './runner.js';

export interface BullQueueOptions {
  db: Db;
  blobs: BlobStore;
  logger: Logger;
  /** LIKENESS_REDIS_URL. */
  redisUrl: string;
  /** LIKENESS_REDIS_PREFIX: BullMQ's keys are `<prefix>:jobs:…`. */
  prefix: string;
  /** Worker threads; 0 for an API process, which only publishes. */
  workers: number;
  /** Whether each thread builds every head template at its start (Config.warmUp). */
  warmUp?: boolean;
  /** Per job, in seconds. */
  timeoutSeconds: number;
  /** LIKENESS_MAX_PHOTO_PIXELS (see JobContext). */
  maxPhotoPixels?: number;
  /** A job's lease in the database and its lock in BullMQ, in ms: a worker that stops renewing them is replaced this long after. */
  leaseMs: number;
  /** True when this process alone owns the database (SQLite, `likeness serve`): at start it takes back every running job. */
  soleOwner: boolean;
  /** How often one process of the fleet looks for queued jobs that BullMQ does not hold, in ms. */
  sweepMs?: number;
}

/** What a BullMQ entry carries: the database job, and its attempt when it was queued. */
interface Entry {
  job: number;
  generation: number;
}

/** Lower runs first. A GET waits on a blendshapes download or an outfit's files, a developer on an export. */
const PRIORITY = { urgent: 1, single: 2, bulk: 3 } as const;
/** A client's computations past this many waiting at once are bulk work, and let other clients' avatars go first. */
const BULK_AFTER = 3;
/** Jobs are committed out of id order by up to this many ids (concurrent transactions); the quick look goes back as far. */
const LOOK_BACK = 256;
const PAGE = 500;

/**
 * Avatar, export and blendshapes jobs through BullMQ on Redis, for a fleet of API and worker processes.
 *
 * The database stays the source of truth: a route writes the job's row (with the avatar, in one
 * transaction) exactly as with the embedded queue, and publishing it to BullMQ comes after the commit.
 * An entry names the job and the attempt it was queued at; the worker that gets it takes the job with a
 * conditional update, and only the attempt that holds the job writes its final state. So BullMQ may
 * deliver an entry twice (a stalled worker, a retry) without an avatar completing twice.
 *
 * BullMQ gives the fleet what the database polling does not: delivery within milliseconds, priorities
 * (blendshapes downloads, outfits and exports, then single avatars, then a client's bulk work), retries with backoff of
 * an entry whose job another process still holds or whose database was away, and stalled-job recovery:
 * the entries of a worker that died (SIGKILL, a lost machine) go to another worker once their lock runs
 * out, which takes the job over once its lease has run out too.
 *
 * Publishing is idempotent (the entry's id is `<job>-<attempt>`), and a sweep by one process at a time
 * publishes whatever the database has queued and BullMQ lacks: a job committed while Redis was away,
 * or lost with a Redis that restarted without its data.
 */
export class BullQueue implements Queue {
  private readonly owner = randomUUID();
  private connection: Redis | null = null;
  private producer: BullMq<Entry> | null = null;
  private worker: BullWorker<Entry> | null = null;
  private runner: Runner | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Highest job id published by this process; the quick look starts LOOK_BACK below it. */
  private watermark = 0;
  /** Entries this process published lately, so that the quick look does not publish them again. */
  private readonly published = new Set<string>();
  private publishing: Promise<void> | null = null;
  private publishAgain = false;

  constructor(private readonly options: BullQueueOptions) {}

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

  /** Publishes what was committed. Calls while a publication runs are folded into one more after it. */
  notify(): void {
    if (!this.producer) return;
    if (this.publishing) {
      this.publishAgain = true;
      return;
    }
    this.publishing = (async () => {
      do {
        this.publishAgain = false;
        try {
          await this.publishFrom(Math.max(0, this.watermark - LOOK_BACK), true);
        } catch (err) {
          this.options.logger.warn({ err }, 'publishing queued jobs to BullMQ failed; the sweep will try again');
        }
      } while (this.publishAgain);
      this.publishing = null;
    })();
  }

  async ready(): Promise<void> {
    const status = this.connection?.status ?? 'closed';
    if (status !== 'ready') throw new Error(`the queue's Redis connection is ${status}`);
  }

  async counts(): Promise<Record<string, number>> {
    if (!this.producer) return {};
    return this.producer.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed');
  }

  async start(): Promise<void> {
    const { db, logger, redisUrl, prefix, workers, leaseMs } = this.options;
    this.connection = openRedis(redisUrl, { waitWhileAway: true, name: `likeness:${workers ? 'worker' : 'api'}` });
    this.producer = new BullMq<Entry>('jobs', {
      connection: this.connection,
      prefix,
      defaultJobOptions: {
        // An entry that failed (its job held by another process for all its tries, a database away) is
        // removed, so that the sweep may publish its job again under the same id.
        removeOnComplete: true,
        removeOnFail: true,
        attempts: 8,
        backoff: { type: 'exponential', delay: 1000 },
      },
    });
    this.producer.on('error', (err) => logger.warn({ err }, 'BullMQ queue error'));
    if (workers > 0) {
      const reclaimed = await reclaimJobs(db, this.options.soleOwner ? {} : { expiredOnly: true });
      if (reclaimed) logger.info({ reclaimed }, 'computations interrupted by a stop are queued again');
      this.runner = new Runner({
        db, blobs: this.options.blobs, logger, workers, warmUp: this.options.warmUp, timeoutSeconds: this.options.timeoutSeconds, maxPhotoPixels: this.options.maxPhotoPixels, leaseMs,
        onHandBack: (job) => this.publish([{ id: job.id, attempt: job.attempt, kind: job.kind, avatar_code: job.avatar_code, client_id: null }]),
      });
      this.runner.start();
      this.worker = new BullWorker<Entry>('jobs', (entry) => this.process(entry), {
        connection: openRedis(redisUrl, { waitWhileAway: true, name: 'likeness:worker' }),
        prefix,
        concurrency: workers,
        lockDuration: leaseMs,
        stalledInterval: Math.max(1000, Math.round(leaseMs / 2)),
        // Past this many stalls an entry ends failed in BullMQ; its job's lease then runs out and the
        // sweep queues it again, so it is never lost. A job that keeps killing its worker is failed by
        // runTask after MAX_ATTEMPTS takes instead.
        maxStalledCount: 5,
        removeOnComplete: { count: 0 },
        removeOnFail: { count: 0 },
      });
      this.worker.on('error', (err) => logger.warn({ err }, 'BullMQ worker error'));
      this.worker.on('stalled', (id) => logger.warn({ entry: id }, 'a worker stopped renewing a job: it goes to another worker'));
    }
    this.notify();
    const sweepMs = this.options.sweepMs ?? Math.max(5000, leaseMs / 2);
    this.sweepTimer = setInterval(() => void this.sweep(sweepMs).catch((err) => logger.warn({ err }, 'the queue sweep failed; it runs again')), sweepMs);
    this.sweepTimer.unref();
  }

  /** One BullMQ entry: take its job, run it, publish what its completion queued (an avatar's waiting exports). */
  private async process(entry: BullJob<Entry>): Promise<unknown> {
    const { job: id, generation } = entry.data;
    const take = await takeJob(this.options.db, id, generation, this.owner, this.options.leaseMs);
    if ('dropped' in take) return { dropped: take.dropped };
    // Thrown: BullMQ tries the entry again with backoff, by when the job is done or its holder is gone.
    if ('held' in take) throw new Error(`job ${id} is running on another worker whose lease has not run out`);
    await this.runner!.run(take.taken);
    this.notify();
    return { attempt: take.taken.attempt };
  }

  /** Publishes queued jobs with an id above `afterId`, a page at a time. */
  private async publishFrom(afterId: number, skipPublished: boolean): Promise<void> {
    for (let from = afterId; ; ) {
      const rows = await queuedJobs(this.options.db, from, PAGE);
      const fresh = skipPublished ? rows.filter((r) => !this.published.has(entryId(r))) : rows;
      await this.publish(fresh);
      if (rows.length < PAGE) return;
      from = rows[rows.length - 1].id;
    }
  }

  /** Adds one entry per job; an entry whose id BullMQ already holds is left as it is. */
  private async publish(jobs: QueuedJob[]): Promise<void> {
    if (!jobs.length || !this.producer) return;
    const bulk = await this.bulkWork(jobs);
    await this.producer.addBulk(
      jobs.map((job) => ({
        name: job.kind,
        data: { job: job.id, generation: job.attempt },
        opts: { jobId: entryId(job), priority: job.kind !== 'compute' ? PRIORITY.urgent : bulk.has(job.id) ? PRIORITY.bulk : PRIORITY.single },
      })),
    );
    for (const job of jobs) {
      this.published.add(entryId(job));
      this.watermark = Math.max(this.watermark, job.id);
    }
    // What the quick look no longer reaches need not be remembered; the sweep covers it.
    const floor = this.watermark - LOOK_BACK;
    if (this.published.size > 4 * LOOK_BACK) for (const id of this.published) if (Number(id.split('-')[0]) < floor) this.published.delete(id);
  }

  /** The computations that are some client's bulk work: its queued avatars past the first BULK_AFTER. */
  private async bulkWork(jobs: QueuedJob[]): Promise<Set<number>> {
    const clients = [...new Set(jobs.filter((j) => j.kind === 'compute' && j.client_id).map((j) => j.client_id!))];
    const queued = await queuedComputations(this.options.db, clients);
    const bulk = new Set<number>();
    for (const ids of queued.values()) for (const id of ids.slice(BULK_AFTER)) bulk.add(id);
    return bulk;
  }

  /**
   * One process of the fleet at a time (a Redis lock for one period): queues again the jobs whose lease
   * ran out without BullMQ giving them to another worker, and publishes every queued job.
   */
  private async sweep(periodMs: number): Promise<void> {
    if (!this.connection || this.connection.status !== 'ready') return;
    const lock = await this.connection.set(`${this.options.prefix}:sweep`, this.owner, 'PX', periodMs, 'NX');
    if (lock !== 'OK') return;
    // A lease that ran out just now is BullMQ's to recover (its stalled check hands the entry on); the
    // sweep takes back only what BullMQ lost, a lease later.
    const expired = await reclaimJobs(this.options.db, { expiredOnly: true, expiredForMs: this.options.leaseMs });
    if (expired) this.options.logger.warn({ reclaimed: expired }, 'jobs whose lease ran out are queued again');
    await this.publishFrom(0, false);
  }

  async stop(options: StopOptions = {}): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    // Stops taking entries at once; the close itself waits for the ones in flight.
    const closing = this.worker?.close();
    await this.runner?.stop(options.drainMs ?? 0);
    await closing?.catch(() => undefined);
    await this.publishing;
    await this.producer?.close().catch(() => undefined);
    if (this.worker) await closeRedis(this.worker.opts.connection as Redis);
    if (this.connection) await closeRedis(this.connection);
    this.producer = null;
  }
}

/** The entry's id: one per job and attempt, so that a job queued again gets a new entry and a duplicate is refused. */
function entryId(job: Pick<Job, 'id' | 'attempt'>): string {
  return `${job.id}-${job.attempt}`;
}
