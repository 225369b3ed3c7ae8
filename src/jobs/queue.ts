/** Where avatar computations wait. The embedded queue keeps them in the database; a Redis-backed
 * queue can take its place when several machines share the work. */
export interface Queue {
  /** Records the computation and marks the avatar Queued. */
  enqueue(avatarCode: string): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}
