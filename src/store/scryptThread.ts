import { Worker } from 'node:worker_threads';
import type { ScryptAnswer, ScryptRequest } from './scryptWorker.js';

interface Pending {
  resolve(hash: Buffer): void;
  reject(err: Error): void;
}

/**
 * scrypt on a thread of its own. Node's async scrypt runs on the libuv thread pool (4 threads), the
 * same pool that reads files: a flood of token requests with wrong secrets once queued every
 * download behind it for seconds. Here hashes wait in line for this one thread and nothing else does.
 */
class ScryptThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  hash(password: string, salt: Buffer, keylen: number): Promise<Buffer> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Held while a hash is pending, so that a CLI command awaiting one does not exit; let go when idle.
      if (this.pending.size === 1) worker.ref();
      worker.postMessage({ id, password, salt: new Uint8Array(salt), keylen } satisfies ScryptRequest);
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./scryptWorker.js', import.meta.url));
    worker.unref();
    worker.on('message', (answer: ScryptAnswer) => {
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(Buffer.from(answer.hash.buffer, answer.hash.byteOffset, answer.hash.byteLength));
    });
    const fail = (err: Error) => {
      if (this.worker !== worker) return;
      // The next hash starts a new thread; the ones in flight fail rather than wait forever.
      this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the scrypt thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}

const thread = new ScryptThread();

/** scrypt with Node's default cost (N=16384, r=8, p=1), off the libuv pool. */
export function scryptOffPool(password: string, salt: Buffer, keylen: number): Promise<Buffer> {
  return thread.hash(password, salt, keylen);
}
