import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { Transform } from 'node:stream';
import sharp from 'sharp';
import { avatarKey } from '../src/store/keys.js';
import { PHOTO_HEAD_BYTES } from '../src/service/photoUpload.js';
import { Api, tinyPng } from './support/api.js';
import { backends, startTestServer, type TestServer } from './support/server.js';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A PNG of noise, stored without compression: `side`² × 3 bytes that no encoder can make smaller. */
function noisePng(side: number): Promise<Buffer> {
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

const MiB = 1024 * 1024;

for (const backend of backends()) {
  /**
   * What the API holds of a photo is what it has read from the client and not yet given to the store.
   * The store is held back here (its writes wait for the test) while a large photo is sent: the API must
   * stop reading the client once a few chunks are waiting, never read the whole photo first (as it did
   * when it checked a photo whole before storing it: the store then got nothing until the end).
   */
  test(`the API holds a few chunks of a photo, not the photo, while the store is slow (${backend.name}${backend.storage === 's3' ? ' + s3' : ''})`, async () => {
    const server = await startTestServer({ backend });
    try {
      const sockets: Socket[] = [];
      server.app.server.on('connection', (socket: Socket) => sockets.push(socket));
      const api = new Api(server.url, (await server.client('enterprise')).token);
      let delivered = 0;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const putStream = server.blobs.putStream.bind(server.blobs);
      server.blobs.putStream = (key, body) => {
        const counted = new Transform({
          async transform(chunk: Buffer, _encoding, done) {
            // 1 MiB, then nothing until the test opens the gate: a store that takes its time.
            if (delivered >= MiB) await gate;
            delivered += chunk.length;
            done(null, chunk);
          },
        });
        return putStream(key, body.pipe(counted));
      };
      const photo = await noisePng(2240);
      assert.ok(photo.length > 14 * MiB && photo.length < 16 * MiB, `${photo.length} bytes`);
      const answer = api.createAvatar({ pipeline: 'head_1.2', name: 'large', photo });

      // Wait until the API stops reading: its socket's count stays put for half a second.
      const read = () => sockets.reduce((sum, s) => sum + s.bytesRead, 0);
      const end = Date.now() + 10_000;
      let last = -1;
      while (Date.now() < end) {
        const now = read();
        if (now === last && delivered > 0) break;
        last = now;
        await new Promise((r) => setTimeout(r, 500));
      }
      const held = read() - delivered;
      console.log(`# ${backend.name}: photo ${(photo.length / MiB).toFixed(1)} MiB; the API read ${(read() / MiB).toFixed(2)} MiB, the store took ${(delivered / MiB).toFixed(2)} MiB: ${(held / MiB).toFixed(2)} MiB held`);
      assert.ok(delivered > 0, 'the store got nothing while the photo was being sent');
      assert.ok(held < 2 * MiB, `the API held ${(held / MiB).toFixed(1)} MiB of a ${(photo.length / MiB).toFixed(1)} MiB photo`);
      open();
      const res = await answer;
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(sha256((await server.blobs.get(avatarKey(res.body.code, 'photo')))!), sha256(photo));
    } finally {
      await server.stop();
    }
  });
}

for (const backend of backends()) {
  describe(`large uploads are checked from their first bytes and leave nothing behind when refused (${backend.name}${backend.storage === 's3' ? ' + s3' : ''})`, () => {
    let server: TestServer;
    let api: Api;
    const MAX = 3 * MiB;
    let large: Buffer;
    before(async () => {
      server = await startTestServer({ backend, env: { LIKENESS_MAX_PHOTO_BYTES: String(MAX), LIKENESS_MAX_PHOTO_PIXELS: '1000000' } });
      api = new Api(server.url, (await server.client('enterprise')).token);
      large = await noisePng(900);
      assert.ok(large.length > PHOTO_HEAD_BYTES && large.length < MAX);
    });
    after(() => server.stop());

    const base = { pipeline: 'head_1.2', name: 'x' };
    const folders = async () => {
      const all: string[] = [];
      for await (const page of server.blobs.folders('avatars/')) all.push(...page);
      return all;
    };
    const nothingStored = async () => {
      assert.deepEqual(await folders(), []);
      assert.equal(await server.blobs.removeTemporaryFiles(Date.now() + 60_000), 0, 'no part of a write was left');
      assert.equal((await api.get('/avatars/')).body.length, 0);
    };

    test('a large photo is stored as sent', async () => {
      const res = await api.createAvatar({ ...base, photo: large });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.equal(sha256((await server.blobs.get(avatarKey(res.body.code, 'photo')))!), sha256(large));
      assert.equal((await api.delete(`/avatars/${res.body.code}/`)).status, 204);
    });
    test('a large file that is no image gets the same 400, and nothing is stored', async () => {
      const junk = Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(PHOTO_HEAD_BYTES * 2)]);
      const res = await api.createAvatar({ ...base, photo: junk });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { photo: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] });
      await nothingStored();
    });
    test('a large photo whose header is over the pixel limit is refused from its header', async () => {
      const big = await noisePng(1010);
      assert.ok(big.length > PHOTO_HEAD_BYTES && big.length < MAX);
      const res = await api.createAvatar({ ...base, photo: big });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { photo: ['The photo is 1010×1010 pixels (1020100); the limit is 1000000 pixels.'] });
      await nothingStored();
    });
    test('a photo over the byte limit is refused once the limit is passed, and nothing is stored', async () => {
      const res = await api.createAvatar({ ...base, photo: Buffer.concat([large, randomBytes(MAX)]) });
      assert.equal(res.status, 400);
      assert.deepEqual(res.body, { photo: [`The file is larger than the limit of ${MAX} bytes.`] });
      await nothingStored();
    });
    test('a valid large photo with a field in error is not kept', async () => {
      const res = await api.createAvatar({ ...base, pipeline: 'head_9.9', photo: large });
      assert.equal(res.status, 400);
      assert.deepEqual(Object.keys(res.body), ['pipeline']);
      await nothingStored();
    });
    test('an upload whose client goes away half-way leaves nothing behind', async () => {
      const boundary = 'likenessboundary';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="pipeline"\r\n\r\nhead_1.2\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\ncut\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1');
      await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
      socket.on('error', () => undefined);
      socket.write(
        `POST /avatars/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${api.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + large.length + 100}\r\n\r\n`,
      );
      socket.write(head);
      // Past the first bytes, so that the photo is on its way into the store when the client goes.
      socket.write(large.subarray(0, Math.floor(large.length * 0.8)));
      await new Promise((r) => setTimeout(r, 300));
      socket.destroy();
      // The server finds out on its own time: wait for the request to be over, for at most 5 s.
      const end = Date.now() + 5000;
      while ((await folders()).length && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      await nothingStored();
    });
  });
}

test('a small photo is still checked whole: a cut one is refused at once', async () => {
  const server = await startTestServer();
  try {
    const api = new Api(server.url, (await server.client('enterprise')).token);
    const png = await tinyPng();
    const res = await api.createAvatar({ pipeline: 'head_1.2', name: 'x', photo: png.subarray(0, png.length - 20) });
    assert.equal(res.status, 400);
    assert.match(res.body.photo.join(' '), /truncated|corrupt/);
  } finally {
    await server.stop();
  }
});
