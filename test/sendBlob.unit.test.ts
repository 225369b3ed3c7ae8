import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, test } from 'node:test';
import Fastify from 'fastify';
import pino from 'pino';
import type { AppContext } from '../src/service/context.js';
import type { AvatarRecord } from '../src/store/avatars.js';
import { sendAvatarFile } from '../src/service/routes/avatarAssets.js';

/**
 * sendBlob and its callers, on a fastify app with an in-memory store: a download that succeeds is
 * neither logged nor answered as a missing file. (sendBlob once returned the reply, a thenable that
 * resolves to undefined: every caller took a sent file for a missing one and logged an error.)
 */
describe('sendBlob', () => {
  const avatar = { code: '6a1f3f5e-2d0e-4c3a-9f57-0d1e2a3b4c5d', status: 'Completed', pipeline: 'head_2.0', pipeline_subtype: 'head/mobile', progress: 100 } as AvatarRecord;
  const bytes = Buffer.from('stored bytes');

  async function app(stored: boolean) {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const ctx = {
      blobs: {
        getStream: async () => (stored ? { size: bytes.byteLength, body: Readable.from([bytes]) } : null),
        has: async () => true,
      },
    } as unknown as AppContext;
    const fastify = Fastify({ loggerInstance: logger });
    fastify.get('/file', (request, reply) => sendAvatarFile(ctx, reply, avatar, 'preview.png', 'preview', 'image/png', 'preview.png'));
    await fastify.ready();
    return { fastify, lines };
  }

  test('a stored file is sent once and nothing is logged as missing', async () => {
    const { fastify, lines } = await app(true);
    const res = await fastify.inject({ url: '/file' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.body, bytes.toString());
    assert.equal(res.headers['content-length'], String(bytes.byteLength));
    // Give a late throw after the answer a turn to be logged.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const bad = lines.filter((l) => l.level >= 40);
    assert.deepEqual(bad.map((l) => l.msg), []);
    await fastify.close();
  });

  test('a file gone from storage is a 500 that names it, logged once', async () => {
    const { fastify, lines } = await app(false);
    const res = await fastify.inject({ url: '/file' });
    assert.equal(res.statusCode, 500);
    // The app's error handler makes it `{"detail": …}`; fastify's own puts the same words in `message`.
    assert.match(res.json().message, /missing from the server's storage/);
    assert.equal(lines.filter((l) => /missing from storage/.test(l.msg)).length, 1);
    await fastify.close();
  });
});
