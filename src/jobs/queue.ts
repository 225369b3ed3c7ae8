import type { Db } from '../store/database.js';
import type { BlendshapeTarget } from './blendshapeTarget.js';
import type { OutfitTarget } from './outfitTarget.js';

/** How a stop treats the jobs in flight. */
export interface StopOptions {
  /** How long jobs in flight may take to finish; past it they are cut short and handed back to the queue. 0 by default. */
  drainMs?: number;
}

/** Where avatar computations wait. The embedded queue keeps them in the database (`EmbeddedQueue`); with
 * LIKENESS_REDIS_URL, BullMQ carries them between processes (`BullQueue`). The database stays the
 * source of truth of every job's state either way. */
export interface Queue {
  /** Records the computation and marks the avatar Queued, inside the caller's transaction when given,
   * so that an avatar is never stored without its computation. */
  enqueue(avatarCode: string, within?: Db): Promise<void>;
  /**
   * Queues the making of a blendshapes download, unless a job for it is already queued or running,
   * and tells the workers. Returns the job's id, to wait for it.
   */
  enqueueBlendshapes(avatarCode: string, target: BlendshapeTarget): Promise<number>;
  /** The same for an outfit's files for the avatar (GET /avatars/{code}/outfits/{identity}/…). */
  enqueueOutfit(avatarCode: string, target: OutfitTarget): Promise<number>;
  /** Tells the workers that work was committed; call after the transaction that enqueued it. */
  notify(): void;
  start(): Promise<void>;
  /** Stops taking jobs; jobs in flight finish within `drainMs`, or go back to the queue for another worker. */
  stop(options?: StopOptions): Promise<void>;
  /** Throws, saying why, when the queue cannot take work (Redis is away). */
  ready(): Promise<void>;
  /** The queue's own counts by state, when it keeps any beside the database (BullMQ). */
  counts?(): Promise<Record<string, number>>;
}
