import { collectDefaultMetrics, Counter, Gauge, Histogram, register, type Registry } from 'prom-client';
import type { Db } from '../store/database.js';
import { jobCounts } from '../store/jobs.js';
import type { Queue } from './queue.js';

/**
 * Why a job did not complete, in a few words an alert can be written against. The owner's
 * `failure_reason` is longer and holds numbers (a yaw, a time), which would make a label per avatar.
 */
export type FailureCause = 'rejected' | 'timeout' | 'storage' | 'internal' | 'missing_input';

/** Seconds from the claim to the final state, by job kind, pipeline and final status. */
export const jobDuration = new Histogram({
  name: 'likeness_job_duration_seconds',
  help: 'Time from a worker taking a job to its final state, by kind (compute, export, blendshapes, outfit), pipeline and status.',
  labelNames: ['kind', 'pipeline', 'status'] as const,
  buckets: [0.5, 1, 2, 3, 5, 8, 13, 20, 30, 60, 120, 300],
});

export const jobFailures = new Counter({
  name: 'likeness_job_failures_total',
  help: 'Jobs that ended Failed or Timed Out, by kind, pipeline and reason (rejected: the photo or parameters were refused; timeout; storage; internal; missing_input: deleted or lost meanwhile).',
  labelNames: ['kind', 'pipeline', 'reason'] as const,
});

/** Steps of jobs tried again after a storage fault: an outage that jobs are waiting out shows here before any fails. */
export const storageRetries = new Counter({
  name: 'likeness_storage_retries_total',
  help: 'Steps of jobs tried again after a storage fault (the disk, the object store or the database full or refusing), by kind and fault (full, refusing).',
  labelNames: ['kind', 'fault'] as const,
});

/** Jobs handed back to the queue because their process stopped before finishing them. */
export const jobsHandedBack = new Counter({
  name: 'likeness_jobs_handed_back_total',
  help: 'Jobs a stopping process put back in the queue for another worker, by kind.',
  labelNames: ['kind'] as const,
});

/** V8 heap of each computation thread: the process's RSS counts them all, and a leak shows here first. */
const threadHeaps = new Map<string, { used: number; total: number }>();
new Gauge({
  name: 'likeness_worker_thread_heap_bytes',
  help: 'V8 heap of each computation thread after its last task (used and total); the process RSS counts every thread.',
  labelNames: ['thread', 'type'] as const,
  collect() {
    this.reset();
    for (const [thread, heap] of threadHeaps) {
      this.set({ thread, type: 'used' }, heap.used);
      this.set({ thread, type: 'total' }, heap.total);
    }
  },
});

/** What a computation thread said of its heap; forgotten when the thread goes. */
export function threadHeap(thread: number, heap: { used: number; total: number } | null): void {
  if (heap) threadHeaps.set(String(thread), heap);
  else threadHeaps.delete(String(thread));
}

let defaults = false;
/** The process's own metrics (CPU, RSS, heap, event loop lag, GC) and the jobs it ran, in prom-client's global registry. */
export function processMetrics(): Registry {
  if (!defaults) {
    defaults = true;
    collectDefaultMetrics();
  }
  return register;
}

/**
 * Queue depth, read when scraped: jobs waiting and running in the database (the source of truth), and
 * with BullMQ, its own counts of waiting, prioritized, active, delayed and failed entries.
 */
export function queueMetrics(registry: Registry, db: Db, queue: Queue): void {
  new Gauge({
    name: 'likeness_jobs',
    help: 'Jobs not done yet in the database, by kind and state (queued, running).',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const kind of ['compute', 'export', 'blendshapes', 'outfit']) for (const state of ['queued', 'running']) this.set({ kind, state }, 0);
      for (const row of await jobCounts(db)) this.set({ kind: row.kind, state: row.state }, row.count);
    },
  });
  if (!queue.counts) return;
  const counts = queue.counts.bind(queue);
  new Gauge({
    name: 'likeness_bullmq_jobs',
    help: 'Entries of the BullMQ queue by state.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const [state, count] of Object.entries(await counts())) this.set({ state }, count);
    },
  });
}
