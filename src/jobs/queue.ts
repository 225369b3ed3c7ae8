import type { Db } from '../store/database.js';
import type { BlendshapeTarget } from './blendshapeTarget.js';

/** Where avatar computations wait. The embedded queue keeps them in the database; a Redis-backed
 * queue can take its place when several machines share the work. */
export interface Queue {
  /** Records the computation and marks the avatar Queued, inside the caller's transaction when given,
   * so that an avatar is never stored without its computation. */
  enqueue(avatarCode: string, within?: Db): Promise<void>;
  /**
   * Queues the making of a blendshapes download, unless a job for it is already queued or running,
   * and tells the workers. Returns the job's id, to wait for it.
   */
  enqueueBlendshapes(avatarCode: string, target: BlendshapeTarget): Promise<number>;
  /** Tells the workers that work was committed; call after the transaction that enqueued it. */
  notify(): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}
