import { parentPort } from 'node:worker_threads';
import { scryptSync } from 'node:crypto';

/** A request to the scrypt thread, and its answer (scryptThread.ts). */
export interface ScryptRequest {
  id: number;
  password: string;
  salt: Uint8Array;
  keylen: number;
}
export type ScryptAnswer = { id: number; hash: Uint8Array } | { id: number; error: string };

// One hash at a time, synchronously, on this thread: none of it touches the libuv pool that file reads share.
parentPort?.on('message', ({ id, password, salt, keylen }: ScryptRequest) => {
  try {
    const hash = scryptSync(password, salt, keylen);
    parentPort!.postMessage({ id, hash } satisfies ScryptAnswer, [hash.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort!.postMessage({ id, error: (err as Error).message } satisfies ScryptAnswer);
  }
});
