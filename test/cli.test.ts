import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { likeness } from './support/process.js';

describe('likeness client', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'likeness-cli-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  test('client create --json prints only the credentials as JSON', async () => {
    const out = await likeness(['client', 'create', '--name', 'Studio', '--plan', 'pro', '--json', '--data-dir', dataDir], {});
    const parsed = JSON.parse(out);
    assert.deepEqual(Object.keys(parsed).sort(), ['client_id', 'client_secret', 'plan']);
    assert.equal(parsed.plan, 'pro');
  });

  test('client list shows clients without secrets, and client delete removes one', async () => {
    const env = { LIKENESS_DATA_DIR: dataDir };
    const { client_id, client_secret } = JSON.parse(await likeness(['client', 'create', '--name', 'Other', '--plan', 'plus', '--json'], env));
    const listed = await likeness(['client', 'list'], env);
    assert.match(listed, new RegExp(client_id));
    assert.doesNotMatch(listed, new RegExp(client_secret));
    await likeness(['client', 'delete', client_id], env);
    assert.doesNotMatch(await likeness(['client', 'list'], env), new RegExp(client_id));
  });

  test('a bad plan is refused', async () => {
    await assert.rejects(likeness(['client', 'create', '--name', 'x', '--plan', 'gold', '--data-dir', dataDir], {}));
  });
});
