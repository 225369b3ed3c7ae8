import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { S3BlobStore } from '../src/store/s3Blobs.js';
import { storageFault } from '../src/store/storageFault.js';

/**
 * An object store whose connections break half-way, as when it restarts or a proxy cuts them: a real
 * HTTP server on loopback that answers a GET with the headers of 1 MiB and then 64 KiB of it, and cuts
 * a PUT off after its first bytes. The S3 client is the real one, talking HTTP to it.
 */
function breakingStore(): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'Content-Length': String(1024 * 1024), 'Content-Type': 'application/octet-stream', ETag: '"x"' });
      response.write(Buffer.alloc(64 * 1024, 1), () => setTimeout(() => response.socket?.destroy(), 20));
      return;
    }
    request.once('data', () => request.socket.destroy());
    request.on('end', () => request.socket.destroy());
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function isRefusing(err: unknown, code: RegExp): true {
  const fault = storageFault(err);
  assert.ok(fault, `not a storage fault: ${(err as Error)?.stack ?? err}`);
  assert.equal(fault.kind, 'refusing');
  assert.match(fault.code, code);
  assert.match(fault.path ?? '', /^s3:\/\/bucket\/prefix\/avatars\/a\//);
  return true;
}

describe('an object store connection that breaks half-way is a storage fault (503, jobs retry)', () => {
  let server: Server;
  let store: S3BlobStore;
  before(async () => {
    server = await breakingStore();
    store = new S3BlobStore({
      url: 's3://bucket/prefix',
      endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      presignedDownloadsMinBytes: null,
    });
  });
  after(() => {
    store.close();
    server.close();
    server.closeAllConnections();
  });

  test('a download stream cut before its end', async () => {
    const found = await store.getStream('avatars/a/photo');
    assert.ok(found);
    assert.equal(found.size, 1024 * 1024);
    await assert.rejects(async () => {
      for await (const _ of found.body);
    }, (err) => isRefusing(err, /^S3_(ERR_STREAM_PREMATURE_CLOSE|ECONNRESET)$/));
  });
  test('a whole read cut before its end', async () => {
    await assert.rejects(store.get('avatars/a/photo'), (err) => isRefusing(err, /^S3_(ERR_STREAM_PREMATURE_CLOSE|ECONNRESET)$/));
  });
  test('an upload whose connection is reset (socket hang up, EPIPE)', async () => {
    await assert.rejects(store.put('avatars/a/photo', Buffer.alloc(256 * 1024, 2)), (err) => isRefusing(err, /^S3_(ECONNRESET|EPIPE|ERR_STREAM_PREMATURE_CLOSE)$/));
  });
  test('a streamed upload whose connection is reset', async () => {
    const body = Readable.from([Buffer.alloc(256 * 1024, 3), Buffer.alloc(256 * 1024, 4)]);
    await assert.rejects(store.putStream('avatars/a/photo', body), (err) => isRefusing(err, /^S3_(ECONNRESET|EPIPE|ERR_STREAM_PREMATURE_CLOSE)$/));
  });
  test('a streamed upload whose source fails is the source\'s error, not the store\'s', async () => {
    const gone = Object.assign(new Error('the client went away'), { code: 'ECONNRESET' });
    const body = Readable.from((async function* () {
      yield Buffer.alloc(1024, 5);
      throw gone;
    })());
    await assert.rejects(store.putStream('avatars/a/photo', body), (err) => err === gone && storageFault(err) === null);
  });
});
