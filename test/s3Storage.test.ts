import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { CreateMultipartUploadCommand, ListMultipartUploadsCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { FsBlobStore, type BlobBackend } from '../src/store/blobs.js';
import pino from 'pino';
import { S3BlobStore, type S3Options } from '../src/store/s3Blobs.js';
import { openDatabase } from '../src/store/database.js';
import { createClient } from '../src/store/clients.js';
import { EmbeddedQueue } from '../src/jobs/embeddedQueue.js';
import { buildApp } from '../src/service/app.js';
import { loadConfig } from '../src/service/config.js';
import { storageFault } from '../src/store/storageFault.js';
import { avatarPrefix } from '../src/store/keys.js';
import { putStaticFile } from '../src/store/staticFiles.js';
import { backends, fetchToken, startTestServer, type TestServer } from './support/server.js';
import { Api, photo, tinyPng } from './support/api.js';
import { S3_SKIP_REASON, ensureTestBucket, freshS3Url, s3Options, s3ServerEnv } from './support/s3.js';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** `size` bytes of a known pattern, given a MiB at a time: a stream no one holds whole. */
function patternStream(size: number, fail?: Error): Readable {
  const chunk = Buffer.alloc(1024 * 1024, 'likeness');
  return Readable.from((function* () {
    for (let sent = 0; sent < size; sent += chunk.length) {
      if (fail && sent >= size / 2) throw fail;
      yield chunk.subarray(0, Math.min(chunk.length, size - sent));
    }
  })());
}

function patternHash(size: number): string {
  const hash = createHash('sha256');
  const chunk = Buffer.alloc(1024 * 1024, 'likeness');
  for (let sent = 0; sent < size; sent += chunk.length) hash.update(chunk.subarray(0, Math.min(chunk.length, size - sent)));
  return hash.digest('hex');
}

async function drain(body: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of body) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Runs `step` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, step: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await step(items[next++]!);
  }));
}

/** What every blob store does, the same on a directory and on a bucket. */
/**
 * `manyKeys`: more than a listing page of the store. S3 lists 1000 keys a page; the S3 store of these
 * tests lists 10, so that a few dozen keys take several pages without a thousand uploads (74 s on Swift).
 */
function blobStoreContract(name: string, open: () => Promise<BlobBackend>, skip: string | false, manyKeys: number) {
  describe(`the blob store contract (${name})`, { skip }, () => {
    let store: BlobBackend;
    before(async () => {
      store = await open();
    });
    after(async () => {
      if (!store) return;
      await store.removePrefix('avatars/');
      if (store instanceof FsBlobStore) await rm(store.root, { recursive: true, force: true });
      store.close();
    });

    test('a blob put is read back whole, by bytes and as a stream with its length', async () => {
      const data = randomBytes(100_000);
      await store.put('avatars/a1/mesh/lod0.zip', data);
      assert.ok(await store.has('avatars/a1/mesh/lod0.zip'));
      assert.equal(sha256((await store.get('avatars/a1/mesh/lod0.zip'))!), sha256(data));
      const stream = (await store.getStream('avatars/a1/mesh/lod0.zip'))!;
      assert.equal(stream.size, data.length);
      assert.deepEqual(await drain(stream.body), { size: data.length, sha256: sha256(data) });
      // Put again: the new bytes replace the old ones.
      await store.put('avatars/a1/mesh/lod0.zip', Buffer.from('second'));
      assert.equal((await store.get('avatars/a1/mesh/lod0.zip'))!.toString(), 'second');
    });

    test('a missing blob is null to get and to stream, and false to has', async () => {
      assert.equal(await store.get('avatars/none/photo'), null);
      assert.equal(await store.getStream('avatars/none/photo'), null);
      assert.equal(await store.has('avatars/none/photo'), false);
      assert.equal(await store.folderModified('avatars/none/'), null);
    });

    test('a 20 MiB stream is stored without being held whole, and read back the same', async () => {
      const size = 20 * 1024 * 1024 + 12345;
      await store.putStream('avatars/big/export.zip', patternStream(size));
      const stream = (await store.getStream('avatars/big/export.zip'))!;
      assert.equal(stream.size, size);
      assert.deepEqual(await drain(stream.body), { size, sha256: patternHash(size) });
    });

    test('a stream that fails half-way stores nothing and leaves no part behind', async () => {
      await assert.rejects(store.putStream('avatars/broken/export.zip', patternStream(18 * 1024 * 1024, new Error('the client went away'))));
      assert.equal(await store.has('avatars/broken/export.zip'), false);
      assert.equal(await store.removeTemporaryFiles(Date.now() + 60_000), 0);
    });

    test('removePrefix removes the folder and everything under it, and nothing that only shares its first letters', async () => {
      await store.put('avatars/x/photo', Buffer.from('1'));
      await store.put('avatars/x/mesh/lod1.zip', Buffer.from('2'));
      await store.put('avatars/xy/photo', Buffer.from('3'));
      await store.removePrefix(avatarPrefix('x'));
      assert.equal(await store.has('avatars/x/photo'), false);
      assert.equal(await store.has('avatars/x/mesh/lod1.zip'), false);
      assert.equal(await store.has('avatars/xy/photo'), true);
    });

    test('removePrefix of a key without a slash removes that blob (and a folder of that name), as a path on disk would', async () => {
      await store.put('avatars/y/photo', Buffer.from('1'));
      await store.put('avatars/y/photos', Buffer.from('2'));
      await store.removePrefix('avatars/y/photo');
      assert.equal(await store.has('avatars/y/photo'), false);
      assert.equal(await store.has('avatars/y/photos'), true);
      await store.removePrefix('avatars/y');
      assert.equal(await store.has('avatars/y/photos'), false);
    });

    test('folders lists more than a listing page of folders, and removePrefix removes more than a page of blobs', async () => {
      const names = Array.from({ length: manyKeys }, (_, i) => `f${String(i).padStart(4, '0')}`);
      await inParallel(names, 16, (n) => store.put(`many/${n}/photo`, Buffer.from(n)));
      const seen: string[] = [];
      for await (const page of store.folders('many/')) seen.push(...page);
      assert.deepEqual(seen.sort(), names);
      const modified = (await store.folderModified('many/f0000/'))!;
      assert.ok(Math.abs(modified - Date.now()) < 10 * 60_000, `modified ${new Date(modified).toISOString()}`);
      await store.removePrefix('many/');
      const left: string[] = [];
      for await (const page of store.folders('many/')) left.push(...page);
      assert.deepEqual(left, []);
      assert.equal(await store.has(`many/${names.at(-1)}/photo`), false);
    });

    test('a key that would leave the store is refused', async () => {
      await assert.rejects(store.put('../outside', Buffer.from('x')), /escapes the store/);
      await assert.rejects(store.get('avatars/../../outside'), /escapes the store/);
    });

    test('the start check writes, reads back and removes a blob', async () => {
      await store.check();
    });
  });
}

blobStoreContract('files on disk', async () => new FsBlobStore(await mkdtemp(join(tmpdir(), 'likeness-blobs-'))), false, 1005);
blobStoreContract('S3', async () => {
  await ensureTestBucket();
  return new S3BlobStore(s3Options(freshS3Url('contract'), { pageSize: 10 }));
}, S3_SKIP_REASON, 35);

describe('S3 specifics', { skip: S3_SKIP_REASON }, () => {
  let store: S3BlobStore;
  before(async () => {
    await ensureTestBucket();
    store = new S3BlobStore(s3Options(freshS3Url('specifics'), { presignedDownloadsMinBytes: 1000 }));
  });
  after(() => store?.close());

  test('an unfinished multipart upload begun before the sweep is aborted; a newer one is left alone', async () => {
    const key = `${store.prefix}/avatars/crashed/export.zip`;
    const started = await store.client.send(new CreateMultipartUploadCommand({ Bucket: store.bucket, Key: key }));
    await store.client.send(new UploadPartCommand({ Bucket: store.bucket, Key: key, UploadId: started.UploadId, PartNumber: 1, Body: Buffer.from('part') }));
    assert.equal(await store.removeTemporaryFiles(Date.now() - 60 * 60_000), 0, 'younger than the grace: kept');
    assert.equal(await store.removeTemporaryFiles(Date.now() + 60_000), 1);
    const left = await store.client.send(new ListMultipartUploadsCommand({ Bucket: store.bucket, Prefix: `${store.prefix}/` }));
    assert.deepEqual(left.Uploads ?? [], []);
  });

  test('a presigned download URL serves the bytes with their type and name; a small blob has none', async () => {
    const data = randomBytes(5000);
    await store.put('avatars/p/export.zip', data);
    await store.put('avatars/p/small', Buffer.from('tiny'));
    assert.equal(await store.downloadUrl('avatars/p/small', { contentType: 'text/plain', filename: 'small.txt' }), null);
    assert.equal(await store.downloadUrl('avatars/p/none', { contentType: 'text/plain', filename: 'none.txt' }), null);
    const url = (await store.downloadUrl('avatars/p/export.zip', { contentType: 'application/zip', filename: 'avatar.zip' }))!;
    assert.match(url, /X-Amz-Signature=/);
    const secret = s3Options('s3://x').credentials?.secretAccessKey;
    if (secret) assert.ok(!url.includes(secret), 'the secret is never in the URL');
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/zip');
    assert.equal(res.headers.get('content-disposition'), 'attachment; filename="avatar.zip"');
    assert.equal(sha256(new Uint8Array(await res.arrayBuffer())), sha256(data));
  });

  test('a bucket that does not exist fails the start check as a storage fault that says so', async () => {
    const missing = new S3BlobStore(s3Options(`s3://likeness-missing-${randomBytes(4).toString('hex')}/x`));
    try {
      const err = await missing.check().then(() => null, (e: unknown) => e);
      assert.deepEqual(storageFault(err), { kind: 'refusing', code: 'S3_NoSuchBucket', cause: 'the bucket does not exist', path: storageFault(err)?.path });
    } finally {
      missing.close();
    }
  });

  test('a wrong secret key is a storage fault, not a bug', async () => {
    const options = s3Options(store.options.url);
    const wrong = new S3BlobStore({ ...options, credentials: { accessKeyId: options.credentials?.accessKeyId ?? 'nobody', secretAccessKey: 'wrong-secret' } });
    try {
      const fault = storageFault(await wrong.put('avatars/w/photo', Buffer.from('x')).then(() => null, (e: unknown) => e));
      assert.equal(fault?.kind, 'refusing', JSON.stringify(fault));
      assert.match(fault!.code, /^S3_(SignatureDoesNotMatch|InvalidAccessKeyId|AccessDenied)$/);
    } finally {
      wrong.close();
    }
  });
});

describe('the storage variables', () => {
  test('LIKENESS_STORAGE_URL=s3://bucket/prefix selects the bucket with the LIKENESS_S3_ variables; none keeps files in the data dir', () => {
    assert.deepEqual(loadConfig({}, { LIKENESS_DATA_DIR: '/srv/l' }).storage, { kind: 'fs', root: '/srv/l/blobs' });
    assert.deepEqual(loadConfig({}, {
      LIKENESS_STORAGE_URL: 's3://avatars/prod/eu', LIKENESS_S3_ENDPOINT: 'http://swift:8080', LIKENESS_S3_FORCE_PATH_STYLE: 'true',
      LIKENESS_S3_ACCESS_KEY_ID: 'id', LIKENESS_S3_SECRET_ACCESS_KEY: 'secret', LIKENESS_S3_PRESIGNED_DOWNLOADS: '1',
    }).storage, {
      kind: 's3', url: 's3://avatars/prod/eu', endpoint: 'http://swift:8080', region: 'us-east-1', forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' }, presignedDownloadsMinBytes: 1024 * 1024,
    });
  });

  test('a storage URL that is not s3://, or a key id without its secret, stops the server from starting', () => {
    assert.throws(() => loadConfig({}, { LIKENESS_STORAGE_URL: 'file:///srv' }), /must be an s3:\/\/bucket\/prefix URL/);
    assert.throws(() => loadConfig({}, { LIKENESS_STORAGE_URL: 's3://b', LIKENESS_S3_ACCESS_KEY_ID: 'id' }), /go together/);
    assert.throws(() => loadConfig({}, { LIKENESS_STORAGE_URL: 's3://b', LIKENESS_S3_FORCE_PATH_STYLE: 'maybe' }), /must be true or false/);
  });
});

describe('an object store that cannot be reached', () => {
  // A port nothing listens on: the connection is refused, as while the store restarts.
  const options: S3Options = { url: 's3://likeness/x', endpoint: 'http://127.0.0.1:9', region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'a', secretAccessKey: 'b' }, presignedDownloadsMinBytes: null };

  test('the server refuses to start, saying so', async () => {
    const env = { LIKENESS_STORAGE_URL: options.url, LIKENESS_S3_ENDPOINT: options.endpoint!, LIKENESS_S3_FORCE_PATH_STYLE: '1', LIKENESS_S3_ACCESS_KEY_ID: 'a', LIKENESS_S3_SECRET_ACCESS_KEY: 'b' };
    await assert.rejects(startTestServer({ env }), (err: Error) => {
      assert.equal(err.message, 'the blob store s3://likeness/x does not take files: the object store cannot be reached (S3_ECONNREFUSED)');
      return true;
    });
  });

  test('a request that needs storage answers 503 with a detail that says why, and the log names the object', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'likeness-s3-down-'));
    const config = loadConfig({}, { LIKENESS_DATA_DIR: dir, LIKENESS_WORKERS: '0' });
    const database = await openDatabase({ url: config.databaseUrl });
    const store = new S3BlobStore(options);
    const lines: { msg: string; path?: string }[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const queue = new EmbeddedQueue({ db: database.db, blobs: store, logger, workers: 0, timeoutSeconds: 60, soleOwner: true });
    const app = await buildApp({ config, db: database.db, dbKind: database.kind, blobs: store, queue, logger });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const client = await createClient(database.db, { name: 's3-down', plan: 'enterprise' });
      const api = new Api(url, await fetchToken(url, client.client_id, client.client_secret));
      const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'down', photo: await tinyPng() });
      assert.equal(res.status, 503, JSON.stringify(res.body));
      assert.equal(res.headers.get('retry-after'), '60');
      assert.match(res.body.detail, /the object store cannot be reached \(S3_ECONNREFUSED\)/);
      assert.ok(lines.some((l) => /^storage failed: the object store cannot be reached/.test(l.msg) && l.path?.startsWith('s3://likeness/x/avatars/')), JSON.stringify(lines));
    } finally {
      await app.close();
      await database.close();
      store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// On the fleet's database (PostgreSQL when the tests have one), once: the computing costs a minute.
for (const backend of backends().slice(-1)) {
  describe(`an avatar's whole life with its files on S3 (${backend.name})`, { skip: S3_SKIP_REASON }, () => {
    let server: TestServer;
    let presigning: TestServer | null = null;
    let api: Api;
    let avatar: any;
    let exported: any;
    let url: string;

    before(async () => {
      await ensureTestBucket();
      url = freshS3Url('life');
      server = await startTestServer({ backend, workers: 1, env: { ...s3ServerEnv(url), LIKENESS_THROTTLE_PER_MINUTE: '0' } });
      api = new Api(server.url, (await server.client('enterprise')).token);
    });
    after(async () => {
      await presigning?.stop();
      await server?.stop();
    });

    test('the server runs on the bucket, and a photo becomes a Completed avatar whose files are objects in it', async () => {
      assert.equal(server.blobs.location, url);
      const res = await api.createAvatar({ pipeline: 'head_1.2', pipeline_subtype: 'base/mobile', name: 's3', photo: photo('astronaut.png') });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      avatar = await api.waitFor(res.body.code, (a) => ['Completed', 'Failed', 'Timed Out'].includes(a.status), 120_000);
      assert.equal(avatar.status, 'Completed', avatar.failure_reason);
      const own = new S3BlobStore(s3Options(url));
      try {
        assert.ok(await own.has(`avatars/${avatar.code}/photo`));
        assert.ok(await own.has(`avatars/${avatar.code}/mesh/lod0.zip`));
      } finally {
        own.close();
      }
    });

    test('its files download with their length, streamed from the bucket', async () => {
      for (const path of ['mesh/', 'mesh/?lod=3', 'pointcloud/', 'preview/', 'textures/model/file/']) {
        const res = await fetch(`${server.url}/avatars/${avatar.code}/${path}`, { headers: { Authorization: `Bearer ${api.token}` } });
        assert.equal(res.status, 200, path);
        const body = new Uint8Array(await res.arrayBuffer());
        assert.ok(body.length > 100, path);
        assert.equal(res.headers.get('content-length'), String(body.length), path);
      }
      const mesh = new Uint8Array(await (await fetch(`${server.url}/avatars/${avatar.code}/mesh/`, { headers: { Authorization: `Bearer ${api.token}` } })).arrayBuffer());
      assert.equal(sha256(mesh), sha256((await server.blobs.get(`avatars/${avatar.code}/mesh/lod0.zip`))!));
    });

    test('an export completes into the bucket, and downloads by its link and by its public link', async () => {
      exported = await api.exportAvatar(avatar, { format: 'glb', embed_textures: true, lod: 4, make_public: true, texture_size: { width: 512, height: 256 } });
      const file = await fetch(exported.files[0].file, { headers: { Authorization: `Bearer ${api.token}` } });
      assert.equal(file.status, 200);
      const zip = new Uint8Array(await file.arrayBuffer());
      assert.equal(file.headers.get('content-length'), String(zip.length));
      assert.equal(Buffer.from(zip.subarray(0, 2)).toString(), 'PK');
      const open = await fetch(exported.public_file);
      assert.equal(open.status, 200);
      assert.equal(sha256(new Uint8Array(await open.arrayBuffer())), sha256(zip));
    });

    test('with presigned downloads on, large files redirect to the bucket and the public link still downloads', async () => {
      // A second server on the same database and bucket, as another API process of the fleet would be.
      presigning = await startTestServer({
        env: {
          ...s3ServerEnv(url),
          LIKENESS_DATA_DIR: server.dataDir,
          LIKENESS_DATABASE_URL: server.config.databaseUrl,
          LIKENESS_S3_PRESIGNED_DOWNLOADS: '1',
          LIKENESS_S3_PRESIGNED_MIN_BYTES: '1000',
        },
      });
      const viaApi = (link: string) => link.replace(server.url, presigning!.url);
      const direct = await fetch(exported.files[0].file, { headers: { Authorization: `Bearer ${api.token}` } });
      const expected = sha256(new Uint8Array(await direct.arrayBuffer()));
      for (const [link, headers] of [[viaApi(exported.files[0].file), { Authorization: `Bearer ${api.token}` }], [viaApi(exported.public_file), {}]] as const) {
        const res = await fetch(link, { headers, redirect: 'manual' });
        assert.equal(res.status, 302, link);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        const location = res.headers.get('location')!;
        assert.match(location, /X-Amz-Signature=/);
        const followed = await fetch(location);
        assert.equal(followed.status, 200);
        assert.equal(followed.headers.get('content-disposition')?.startsWith('attachment; filename="'), true);
        assert.equal(sha256(new Uint8Array(await followed.arrayBuffer())), expected);
      }
      // A file below the threshold is sent as before.
      const data = Buffer.from('a static file smaller than the threshold');
      await putStaticFile(presigning.blobs, { identity: 's3-small', name: 'small.txt', contentType: 'text/plain', data });
      const small = await fetch(`${presigning.url}/static_files/s3-small/file/`, { headers: { Authorization: `Bearer ${api.token}` }, redirect: 'manual' });
      assert.equal(small.status, 200);
      assert.equal(await small.text(), data.toString());
    });

    test('deleting the avatar removes every object of it and of its exports from the bucket', async () => {
      const res = await api.delete(`/avatars/${avatar.code}/`);
      assert.equal(res.status, 204, JSON.stringify(res.body));
      assert.equal(await server.blobs.folderModified(avatarPrefix(avatar.code)), null);
      const names: string[] = [];
      for await (const page of server.blobs.folders('avatars/')) names.push(...page);
      assert.ok(!names.includes(avatar.code));
    });
  });
}

describe('the start sweep on S3', { skip: S3_SKIP_REASON }, () => {
  test('an avatar folder without a record, left by a failed upload, is removed at start', async () => {
    await ensureTestBucket();
    const url = freshS3Url('sweep');
    const store = new S3BlobStore(s3Options(url));
    let server: TestServer | null = null;
    try {
      await store.put('avatars/orphan/photo', Buffer.from('a photo whose record was never written'));
      await store.put('avatars/orphan/segmentation/person.png', Buffer.from('x'));
      // Listings give whole seconds, which some stores (Swift) round up: the folder must be older than the start.
      await new Promise((r) => setTimeout(r, 1100));
      server = await startTestServer({ env: s3ServerEnv(url) });
      assert.equal(await store.folderModified('avatars/orphan/'), null);
      await store.check();
    } finally {
      await server?.stop();
      await store.removePrefix('avatars/');
      store.close();
    }
  });
});
