import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { backends, fetchToken, freshPostgresDatabase, startTestServer, type TestServer } from './support/server.js';
import { Api, tinyPng } from './support/api.js';
import { contents, fill, mountTinyDisk, remountReadOnly, unmount } from './support/tinyDisk.js';
import { loadConfig } from '../src/service/config.js';
import { buildApp } from '../src/service/app.js';
import { createClient } from '../src/store/clients.js';
import { openDatabase, type OpenDatabase } from '../src/store/database.js';
import type { Readable } from 'node:stream';
import { FsBlobStore, type BlobStore } from '../src/store/blobs.js';
import { EmbeddedQueue } from '../src/jobs/embeddedQueue.js';

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: any[] = [];
  const logger = pino({ level: 'info' }, new Writable({ write(chunk, _enc, done) { lines.push(JSON.parse(String(chunk))); done(); } }));
  return { logger, lines };
}

for (const backend of backends()) {
  describe(`a write that fails on a full or read-only disk answers 507 or 503 and leaves nothing behind (${backend.name}, a 2 MB tmpfs)`, () => {
    let server: TestServer;
    let api: Api;
    let blobs: string;
    let mounted = false;
    const { logger, lines } = recordingLogger();
    before(async () => {
      // A disk's faults: this server keeps its files on disk whatever the backend's storage (s3Storage.test.ts has the bucket's).
      server = await startTestServer({ backend: { ...backend, storage: 'fs' }, logger });
      api = new Api(server.url, (await server.client()).token);
      blobs = join(server.dataDir, 'blobs');
      mounted = await mountTinyDisk(blobs, '2m');
    });
    after(async () => {
      if (mounted) await unmount(blobs);
      await server.stop();
    });

    test('a photo that does not fit answers 507 naming the cause, logs the path, and leaves no temporary file or avatar folder', async (t) => {
      if (!mounted) return t.skip('no tmpfs: see the injected store below');
      await fill(blobs);
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'full', photo: await tinyPng() });
      assert.equal(res.status, 507, JSON.stringify(res.body));
      assert.match(res.body.detail, /storage is full \(no space left on device \(ENOSPC\)\)/);
      // `avatars/` itself is the store's own folder, there before and after.
      assert.deepEqual((await contents(blobs)).filter((path) => path !== 'avatars'), ['filler'], 'the avatar folder and the temporary file went with the failed write');
      assert.deepEqual((await api.get('/avatars/')).body, [], 'no avatar was recorded');
      const logged = lines.find((l) => l.code === 'ENOSPC');
      assert.ok(logged, 'the fault is logged');
      assert.ok(String(logged.path).startsWith(join(blobs, 'avatars')), `the log names the file: ${logged.path}`);
      await rm(join(blobs, 'filler'));
      const fits = await api.createAvatar({ pipeline: 'head_1.2', name: 'fits', photo: await tinyPng() });
      assert.equal(fits.status, 201, 'once space is freed, uploads work again');
    });

    test('a read-only disk answers 503 naming the cause', async (t) => {
      if (!mounted) return t.skip('no tmpfs: see the injected store below');
      const before = await contents(blobs);
      await remountReadOnly(blobs, true);
      try {
        const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'read-only', photo: await tinyPng() });
        assert.equal(res.status, 503, JSON.stringify([res.body, lines.at(-1)]));
        assert.match(res.body.detail, /storage is unavailable \(read-only file system \(EROFS\)\)/);
        assert.equal(res.headers.get('retry-after'), '60');
      } finally {
        await remountReadOnly(blobs, false);
      }
      assert.deepEqual(await contents(blobs), before);
    });
  });
}

/** A store whose writes fail as a disk would with `code`, after making the folder, as a real write does. */
class FailingStore implements BlobStore {
  code: string | null = null;
  constructor(readonly inner: FsBlobStore) {}
  async put(key: string, data: Uint8Array) {
    if (!this.code) return this.inner.put(key, data);
    const path = join(this.inner.root, key);
    await mkdir(dirname(path), { recursive: true });
    throw Object.assign(new Error(`${this.code}: the disk failed, open '${path}'`), { code: this.code, errno: -1, syscall: 'open', path });
  }
  async putStream(key: string, body: Readable) {
    if (!this.code) return this.inner.putStream(key, body);
    body.destroy();
    return this.put(key, new Uint8Array());
  }
  get(key: string) { return this.inner.get(key); }
  getStream(key: string) { return this.inner.getStream(key); }
  has(key: string) { return this.inner.has(key); }
  removePrefix(prefix: string) { return this.inner.removePrefix(prefix); }
}

describe('each storage fault has its status and cause (a store that fails on demand)', () => {
  let dir: string;
  let database: OpenDatabase;
  let app: FastifyInstance;
  let store: FailingStore;
  let api: Api;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'likeness-faults-'));
    const config = loadConfig({}, { LIKENESS_DATA_DIR: dir, LIKENESS_WORKERS: '0' });
    database = await openDatabase({ url: config.databaseUrl });
    store = new FailingStore(new FsBlobStore(join(dir, 'blobs')));
    const logger = pino({ level: 'silent' });
    const queue = new EmbeddedQueue({ db: database.db, blobs: store, logger, workers: 0, timeoutSeconds: 60, soleOwner: true });
    app = await buildApp({ config, db: database.db, dbKind: database.kind, blobs: store, queue, logger });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const client = await createClient(database.db, { name: 'faults', plan: 'enterprise' });
    api = new Api(url, await fetchToken(url, client.client_id, client.client_secret));
  });
  after(async () => {
    await app.close();
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  for (const [code, status, cause] of [
    ['ENOSPC', 507, 'no space left on device'],
    ['EDQUOT', 507, 'disk quota exceeded'],
    ['EACCES', 503, 'permission denied'],
    ['EROFS', 503, 'read-only file system'],
    ['EIO', 503, 'input/output error'],
  ] as const) {
    test(`${code} answers ${status} with "${cause}" in the detail, never a generic 500, and leaves no avatar folder`, async () => {
      store.code = code;
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: code, photo: await tinyPng() });
      assert.equal(res.status, status, JSON.stringify(res.body));
      assert.ok(res.body.detail.includes(`${cause} (${code})`), res.body.detail);
      const left = (await contents(join(dir, 'blobs')).catch(() => [])).filter((path) => path !== 'avatars');
      assert.deepEqual(left, [], 'the folder the failed write made is gone');
    });
  }
});

for (const backend of backends()) {
  describe(`at start, what failed writes left in the blob store is removed (${backend.name})`, () => {
    test('temporary files and the folders of avatars never recorded go; recorded avatars keep theirs', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'likeness-leftovers-'));
      const pgdb = backend.name === 'postgres' ? await freshPostgresDatabase(backend.url!) : null;
      const env = { LIKENESS_DATA_DIR: dataDir, ...(pgdb ? { LIKENESS_DATABASE_URL: pgdb.url } : {}) };
      try {
        // Both servers on one data dir and one database: `env` names them, so no fresh database is made per server.
        const first = await startTestServer({ backend: { name: 'sqlite' }, env });
        const api = new Api(first.url, (await first.client()).token);
        const kept = (await api.createAvatar({ pipeline: 'head_1.2', name: 'kept', photo: await tinyPng() })).body.code;
        await first.close();
        await rm(first.dataDir, { recursive: true, force: true });

        const blobs = join(dataDir, 'blobs');
        const orphan = join(blobs, 'avatars', randomUUID());
        const leftovers = [join(orphan, 'photo'), join(blobs, 'avatars', kept, `.${randomUUID()}.tmp`), join(blobs, 'static', `.${randomUUID()}.tmp`)];
        for (const file of leftovers) {
          await mkdir(dirname(file), { recursive: true });
          await writeFile(file, 'half');
        }
        // Older than the hour other servers on PostgreSQL get to finish an upload in flight.
        const old = new Date(Date.now() - 2 * 3600_000);
        for (const path of [...leftovers, orphan]) await utimes(path, old, old);

        const second = await startTestServer({ backend: { name: 'sqlite' }, env });
        await second.close();
        await rm(second.dataDir, { recursive: true, force: true });
        assert.deepEqual(await contents(blobs), ['avatars', `avatars/${kept}`, `avatars/${kept}/photo`, 'static']);
      } finally {
        await pgdb?.drop();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  });
}
