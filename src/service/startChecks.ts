import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Db } from '../store/database.js';
import type { BlobBackend } from '../store/blobs.js';
import { describeFault, storageFault } from '../store/storageFault.js';

/** A check before listening failed: the server must not start half-way. */
export class StartError extends Error {
  constructor(what: string, err: unknown) {
    const fault = storageFault(err);
    super(`${what}: ${fault ? describeFault(fault) : (err as Error).message}`, { cause: err });
  }
}

/** Runs one step of the start, saying what failed if it does. */
export async function startStep<T>(what: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (err) {
    throw new StartError(what, err);
  }
}

/** The data dir exists (or can be made) and takes a file. */
export function checkDataDir(dir: string): Promise<void> {
  return startStep(`the data dir ${dir} is not writable`, async () => {
    await mkdir(dir, { recursive: true });
    const probe = join(dir, `.${randomUUID()}.tmp`);
    await writeFile(probe, 'likeness');
    await rm(probe);
  });
}

/** The database takes a write: opening it and migrating may succeed on a read-only file. */
export function checkDatabase(db: Db): Promise<void> {
  return startStep('the database does not take writes', async () => {
    const key = `start-check:${randomUUID()}`;
    await db.insertInto('settings').values({ key, value: '' }).execute();
    await db.deleteFrom('settings').where('key', '=', key).execute();
  });
}

export function checkBlobStore(blobs: BlobBackend): Promise<void> {
  return startStep(`the blob store ${blobs.location} does not take files`, () => blobs.check());
}
