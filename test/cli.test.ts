import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFile, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { CLI, exited, freePort, likeness, serve } from './support/process.js';

const exec = promisify(execFile);

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

describe('likeness serve with a data dir it cannot write', () => {
  let dir: string;
  let mounted = false;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'likeness-readonly-'));
    try {
      await exec('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir]);
      mounted = true;
    } catch (err) {
      console.log(`# mount refused (${(err as Error).message.trim()}): the data dir will be a path under a regular file instead`);
    }
  });
  after(async () => {
    if (mounted) await exec('umount', [dir]).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  test('serve exits non-zero with a message naming the data dir, and never listens', async () => {
    let dataDir = dir;
    if (mounted) {
      // A data dir that held a server killed with SIGKILL, then went read-only: SQLite still opens the
      // database read-only from the write-ahead log the killed server left, and only writes fail.
      const killed = await serve({ LIKENESS_DATA_DIR: dir, LIKENESS_WORKERS: '0' }, await freePort());
      killed.kill('SIGKILL');
      await exited(killed);
      await exec('mount', ['-o', 'remount,ro', dir]);
    } else {
      await writeFile(join(dir, 'file'), '');
      dataDir = join(dir, 'file', 'data');
    }
    const port = await freePort();
    const child = spawn(process.execPath, [CLI, 'serve'], {
      env: { ...process.env, LIKENESS_DATA_DIR: dataDir, LIKENESS_WORKERS: '1', LIKENESS_LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    let listened = false;
    const end = Date.now() + 60_000;
    while (child.exitCode === null && child.signalCode === null && Date.now() < end) {
      listened ||= await answers(port);
      await new Promise((r) => setTimeout(r, 100));
    }
    const stillRunning = child.exitCode === null && child.signalCode === null;
    if (stillRunning) child.kill('SIGKILL');
    await exited(child);
    assert.equal(stillRunning, false, `the process was still running after 60 s; it said:\n${output}`);
    assert.notEqual(child.exitCode, 0, output);
    assert.equal(listened, false, 'it accepted a connection before exiting');
    assert.match(output, /did not start/);
    assert.ok(output.includes(dataDir), `the message names the data dir: ${output}`);
    console.log(`# exit code ${child.exitCode}; it said: ${output.trim()}`);
  });
});

/** Whether something accepts TCP connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
