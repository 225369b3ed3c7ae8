import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable, type Readable } from 'node:stream';
import pino from 'pino';
import { openDatabase, type OpenDatabase } from '../src/store/database.js';
import { FsBlobStore, type BlobStore } from '../src/store/blobs.js';
import { claimJob, enqueueJob, type Job } from '../src/store/jobs.js';
import { WorkerPool } from '../src/jobs/pool.js';
import { storageRetries } from '../src/jobs/metrics.js';
import { runTask, type JobContext, type TaskKind, type TaskOutcome } from '../src/jobs/runTask.js';
import { contents, fill, mountTinyDisk, unmount } from './support/tinyDisk.js';

/** A store whose first `failures` writes fail with `code`, as a disk that is freed or repaired meanwhile. */
class FlakyStore implements BlobStore {
  constructor(readonly inner: BlobStore, public failures: number, readonly code = 'ENOSPC') {}
  async put(key: string, data: Uint8Array) {
    if (this.failures > 0) {
      this.failures--;
      throw Object.assign(new Error(`${this.code}: the disk failed, write`), { code: this.code, errno: -28, syscall: 'write' });
    }
    return this.inner.put(key, data);
  }
  async putStream(key: string, body: Readable) {
    if (this.failures > 0) body.destroy();
    return this.failures > 0 ? this.put(key, new Uint8Array()) : this.inner.putStream(key, body);
  }
  get(key: string) { return this.inner.get(key); }
  getStream(key: string) { return this.inner.getStream(key); }
  has(key: string) { return this.inner.has(key); }
  removePrefix(prefix: string) { return this.inner.removePrefix(prefix); }
}

describe('a job that meets a storage fault tries again with backoff, then fails saying storage failed', () => {
  let dir: string;
  let disk: string;
  let mounted = false;
  let database: OpenDatabase;
  const pool = new WorkerPool({ size: 0, timeoutMs: 1000 });
  const lines: any[] = [];
  const logger = pino({ level: 'warn' }, new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } }));

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'likeness-jobfaults-'));
    disk = join(dir, 'disk');
    mounted = await mountTinyDisk(disk, '2m');
    database = await openDatabase({ url: join(dir, 'likeness.sqlite') });
  });
  after(async () => {
    await database.close();
    if (mounted) await unmount(disk);
    await rm(dir, { recursive: true, force: true });
  });

  async function claimedJob(): Promise<Job> {
    await enqueueJob(database.db, 'no-avatar', 'blendshapes', { target: `t-${Math.random()}` });
    return (await claimJob(database.db, 'test', 60_000))!;
  }

  /** A task whose work makes `size` bytes and whose keep stores them; what settle was told is recorded. */
  function storingTask(blobs: BlobStore, size: number) {
    const settled: TaskOutcome<null>[] = [];
    let works = 0;
    const task: TaskKind<Uint8Array, null> = {
      noun: 'test task',
      async prepare() {
        return {
          async work() {
            works++;
            return new Uint8Array(size).fill(7);
          },
          async keep(output) {
            await blobs.put('avatars/x/result', output);
            return { status: 'Completed', result: null };
          },
        };
      },
      async settle(_db, outcome) {
        settled.push(outcome);
      },
    };
    return { task, settled, works: () => works };
  }

  const context = (blobs: BlobStore, extra: Partial<JobContext> = {}): JobContext => ({
    db: database.db, blobs, pool, logger, stopping: () => false, storageRetry: { attempts: 3, firstDelayMs: 20 }, statusWriteRetry: { attempts: 3, firstDelayMs: 20 }, ...extra,
  });

  const jobState = async (job: Job) => (await database.db.selectFrom('jobs').select('state').where('id', '=', job.id).executeTakeFirstOrThrow()).state;

  test('on a disk that stays full: tried 3 times, then Failed with a reason that says storage failed, and no temporary file left', async (t) => {
    if (!mounted) return t.skip('no tmpfs: the injected store of the next tests covers the logic');
    await fill(disk);
    const blobs = new FsBlobStore(join(disk, 'blobs'));
    const { task, settled } = storingTask(blobs, 256 * 1024);
    const job = await claimedJob();
    await runTask(job, context(blobs), task);
    assert.equal(settled.length, 1);
    assert.equal(settled[0].status, 'Failed');
    assert.match((settled[0] as { reason: string }).reason, /^The test task failed because the server's storage failed: no space left on device \(ENOSPC\), 3 times over 0 s\.$/);
    assert.equal(await jobState(job), 'done');
    assert.deepEqual((await contents(disk)).filter((p) => !p.startsWith('blobs')), ['filler']);
    assert.deepEqual((await contents(join(disk, 'blobs'))).filter((p) => p.endsWith('.tmp')), [], 'no temporary file holds space');
    assert.equal(lines.filter((l) => /storage fault; trying again/.test(l.msg)).length, 2, 'each retry is logged');
    assert.ok(lines.some((l) => /storage kept failing/.test(l.msg) && String(l.path).startsWith(join(disk, 'blobs'))), 'the final failure is logged with the file');
  });

  test('a transient storage fault does not fail the task: it completes once the store takes the write', async () => {
    const blobs = new FlakyStore(new FsBlobStore(join(dir, 'blobs')), 2, 'EIO');
    const { task, settled, works } = storingTask(blobs, 1024);
    const job = await claimedJob();
    const retried = async () => (await storageRetries.get()).values.find((v) => v.labels.kind === job.kind && v.labels.fault === 'refusing')?.value ?? 0;
    const retriedBefore = await retried();
    await runTask(job, context(blobs), task);
    assert.deepEqual(settled.map((o) => o.status), ['Completed']);
    assert.equal(await retried() - retriedBefore, 2, 'likeness_storage_retries_total counts each retry');
    assert.equal(works(), 1, 'only the step that failed is tried again, not the computation');
    assert.equal(await jobState(job), 'done');
  });

  test('an error that is not a storage fault is not tried again', async () => {
    const blobs = new FlakyStore(new FsBlobStore(join(dir, 'blobs')), 1, 'EBADCODE');
    const { task, settled } = storingTask(blobs, 1024);
    await runTask(await claimedJob(), context(blobs), task);
    assert.equal(settled[0].status, 'Failed');
    assert.match((settled[0] as { reason: string }).reason, /internal error/);
    assert.equal(blobs.failures, 0);
  });

  test('a prepare that throws (unreadable stored JSON) ends the job Failed, not left to be claimed again', async () => {
    const blobs = new FsBlobStore(join(dir, 'blobs'));
    const { task, settled } = storingTask(blobs, 16);
    const unreadable: TaskKind<Uint8Array, null> = { ...task, async prepare() { throw new Error('the export parameters do not have the stored shape'); } };
    const job = await claimedJob();
    await runTask(job, context(blobs), unreadable);
    assert.deepEqual(settled.map((o) => o.status), ['Failed']);
    assert.match((settled[0] as { reason: string }).reason, /internal error/);
    assert.equal(await jobState(job), 'done');
  });

  test('a final state whose write fails is written again', async () => {
    const blobs = new FsBlobStore(join(dir, 'blobs'));
    const { task, settled } = storingTask(blobs, 16);
    let refusals = 1;
    const failingOnce: TaskKind<Uint8Array, null> = {
      ...task,
      async settle(db, outcome) {
        if (refusals-- > 0) throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
        return task.settle(db, outcome);
      },
    };
    const job = await claimedJob();
    await runTask(job, context(blobs), failingOnce);
    assert.deepEqual(settled.map((o) => o.status), ['Completed']);
    assert.equal(await jobState(job), 'done', 'the job is done with its final state, not left running under a lease');
  });

  test('on a database whose disk is full, the final state is written once space is freed, and the error logged is the disk\'s, not "cannot rollback"', async (t) => {
    if (!mounted) return t.skip('no tmpfs to fill under the database');
    const dbDisk = join(dir, 'dbdisk');
    if (!(await mountTinyDisk(dbDisk, '4m'))) return t.skip('no tmpfs to fill under the database');
    const full = await openDatabase({ url: join(dbDisk, 'likeness.sqlite') });
    try {
      await enqueueJob(full.db, 'no-avatar', 'compute');
      const job = (await claimJob(full.db, 'test', 60_000))!;
      const blobs = new FsBlobStore(join(dir, 'blobs'));
      const { task } = storingTask(blobs, 16);
      const writes: any[] = [];
      // The operator frees space when the first failed write is logged.
      const freeing = pino({ level: 'warn' }, new Writable({
        write(chunk, _enc, done) {
          const line = JSON.parse(String(chunk));
          if (/final state failed; trying again/.test(line.msg)) {
            writes.push(line);
            rmSync(join(dbDisk, 'filler'), { force: true });
          }
          done();
        },
      }));
      await fill(dbDisk);
      await runTask(job, { ...context(blobs), db: full.db, logger: freeing, statusWriteRetry: { attempts: 4, firstDelayMs: 50 } }, {
        ...task,
        // Enough to need new pages in the write-ahead log.
        settle: (db) => db.insertInto('settings').values({ key: 'large', value: 'x'.repeat(256 * 1024) }).execute().then(() => undefined),
      });
      assert.equal(writes.length, 1, 'the first write failed, the second one after the space was freed succeeded');
      assert.match(writes[0].err.code, /^SQLITE_FULL/, `the log says the disk is full: ${writes[0].err.message}`);
      const state = await full.db.selectFrom('jobs').select('state').where('id', '=', job.id).executeTakeFirstOrThrow();
      assert.equal(state.state, 'done');
    } finally {
      await full.close();
      await unmount(dbDisk);
    }
  });
});
