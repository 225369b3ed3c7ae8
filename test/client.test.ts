import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { promisify } from 'node:util';
import { Likeness as BrowserLikeness, JobFailedError, NotFoundError, ValidationError, type Progress, type Avatar } from '../src/client/index.js';
import { Likeness } from '../src/client/node.js';
import { FIXTURES, photo } from './support/api.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * likeness/client against live servers: the whole life of an avatar and its export, the README's
 * usage as written, token renewal with a short token lifetime, and a throttled request retried.
 */

const run = promisify(execFile);
const final = (s: string | undefined) => s === 'Completed' || s === 'Failed' || s === 'Timed Out';

// The throttled test waits out a minute: it runs beside the others.
describe('likeness/client', { concurrency: true }, () => {
// One after another: later tests read what earlier ones made.
describe('against a live server', { concurrency: 1 }, () => {
  let server: TestServer;
  let likeness: Likeness;
  let credentials: { clientId: string; secret: string };
  let out: string;

  before(async () => {
    server = await startTestServer({ workers: 1 });
    credentials = await server.client('enterprise');
    likeness = new Likeness({ baseUrl: server.url, clientId: credentials.clientId, clientSecret: credentials.secret });
    out = await mkdtemp(join(tmpdir(), 'likeness-client-'));
  });
  after(async () => {
    await server?.stop();
    await rm(out, { recursive: true, force: true });
  });

  test('an avatar from a file path is created, waited for with progress, exported as GLB, downloaded unzipped, and deleted', async () => {
    const created = await likeness.createAvatar({ photo: join(FIXTURES, 'messi5.jpg'), pipeline: 'head_1.2', pipelineSubtype: 'base/mobile', name: 'from a path' });
    assert.equal(created.status, 'Uploading');
    const seen: Progress<Avatar>[] = [];
    const done = await likeness.waitForAvatar(created.code!, { onProgress: (p) => seen.push(p), timeoutMs: 180_000 });
    assert.equal(done.status, 'Completed');
    assert.equal(seen.at(-1)!.status, 'Completed');
    assert.equal(seen.at(-1)!.progress, 100);
    // Progress is reported as it changes, and never goes back.
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i].progress >= seen[i - 1].progress, JSON.stringify(seen.map((p) => [p.status, p.progress])));

    const exp = await likeness.createExport<'head_1.2'>(done.code!, { format: 'glb', embed_textures: true, blendshapes: { list: ['mobile_51'] } }, { comment: 'client test' });
    const exportProgress: number[] = [];
    const finished = await likeness.waitForExport(done.code!, exp.code!, { onProgress: (p) => exportProgress.push(p.progress), timeoutMs: 180_000 });
    assert.equal(finished.status, 'Completed');
    assert.equal(exportProgress.at(-1), 100);
    assert.deepEqual(
      (await collect(likeness.exports(done.code!))).map((e) => e.code),
      [exp.code],
    );

    const written = await likeness.downloadExportTo(finished, join(out, 'glb'), { unzip: true });
    const glb = written.find((p) => p.endsWith('.glb'));
    assert.ok(glb, `a .glb among ${written.join(', ')}`);
    const bytes = await readFile(glb);
    assert.equal(bytes.subarray(0, 4).toString('latin1'), 'glTF');
    assert.deepEqual((await readdir(join(out, 'glb'))).filter((n) => n.endsWith('.part')), []);

    // The same files in memory, as a browser gets them.
    const inMemory = await likeness.downloadExport(finished, { unzip: true });
    const glbBlob = inMemory.find((f) => f.name.endsWith('.glb'))!;
    assert.equal(glbBlob.blob.size, bytes.length);
    // Without unzip: the archive itself, under the server's name.
    const [zip] = await likeness.downloadTo(finished.files![0].file!, join(out, 'zip'));
    assert.match(zip, /\.zip$/);
    assert.equal((await readFile(zip)).subarray(0, 2).toString('latin1'), 'PK');

    await likeness.deleteAvatar(done.code!);
    await assert.rejects(likeness.getAvatar(done.code!), NotFoundError);
  });

  test('a photo as a Buffer, a Blob or a stream is sent whole; a photo without a face rejects waitForAvatar with its failure_reason', async () => {
    const cat = photo('no-face-cat.png');
    const sources = [cat, new Blob([new Uint8Array(cat)]), Readable.from([cat.subarray(0, 1000), cat.subarray(1000)])];
    const codes: string[] = [];
    for (const source of sources) {
      const created = await likeness.createAvatar({ photo: source, pipeline: 'head_1.2', pipelineSubtype: 'base/static', name: 'no face', fileName: 'cat.png' });
      codes.push(created.code!);
    }
    for (const code of codes) {
      const failed = await likeness.waitForAvatar(code, { timeoutMs: 120_000 }).then(
        () => assert.fail('a photo without a face must not complete'),
        (err: unknown) => err,
      );
      assert.ok(failed instanceof JobFailedError);
      assert.equal(failed.status, 'Failed');
      assert.equal(failed.message, 'No face found in the photo.');
    }
  });

  test('lists are read page after page by following Link', async () => {
    const codes = new Set<string>();
    for await (const avatar of likeness.avatars({ page_size: '1' })) codes.add(avatar.code!);
    assert.ok(codes.size >= 3, `at least the three avatars without a face, got ${codes.size}`);
    // Filters stay on every page.
    const failed = await collect(likeness.avatars({ page_size: '1', status: 'Failed' }));
    assert.equal(failed.length, 3);
    assert.ok(failed.every((a) => a.status === 'Failed'));
  });

  test('a 400 carries the DRF field errors as a map', async () => {
    const err = await likeness
      .createAvatar({ photo: photo('messi5.jpg'), pipeline: 'head_1.2', pipelineSubtype: 'base/huge', name: 'x' })
      .catch((e: unknown) => e);
    assert.ok(err instanceof ValidationError, String(err));
    assert.equal(err.status, 400);
    assert.match(err.fields.pipeline_subtype[0], /"base\/huge" is not a valid choice/);
    assert.match(err.message, /^pipeline_subtype: /);
  });

  test('client access sends X-PlayerUID: the player sees only its own avatars', async () => {
    const player = await likeness.createPlayer({ comment: 'client test' });
    const asPlayer = likeness.asPlayer(player.code!);
    assert.deepEqual(await collect(asPlayer.avatars()), []);
    const mine = await asPlayer.createAvatar({ photo: photo('no-face-cat.png'), pipeline: 'head_1.2', pipelineSubtype: 'base/static', name: 'mine' });
    assert.equal(mine.player, player.code);
    assert.deepEqual((await collect(asPlayer.avatars())).map((a) => a.code), [mine.code]);
    assert.deepEqual((await collect(asPlayer.players())).map((p) => p.code), [player.code]);
    await likeness.deletePlayer(player.code!);
    await assert.rejects(likeness.getAvatar(mine.code!), NotFoundError);
  });

  test("the README's usage works exactly as written", async () => {
    const readme = await readFile(join(process.cwd(), 'README.md'), 'utf8');
    const block = /```js\n(import \{ Likeness \} from 'likeness\/client';[\s\S]*?)```/.exec(readme);
    assert.ok(block, 'the README shows the client usage');
    // Run as a program of its own in the package (so 'likeness/client' resolves as for a user),
    // with what the snippet takes from around it: the credentials, readFileSync and me.jpg. Only
    // the address changes, to this test's server.
    const dir = join(process.cwd(), 'scratch', `readme-${process.pid}`);
    await mkdir(dir, { recursive: true });
    try {
      await writeFile(join(dir, 'me.jpg'), photo('messi5.jpg'));
      const program =
        "import { readFileSync } from 'node:fs';\n" +
        `const clientId = ${JSON.stringify(credentials.clientId)}, clientSecret = process.env.SECRET;\n` +
        block[1].replace("'http://127.0.0.1:8080'", JSON.stringify(server.url)) +
        'console.log(JSON.stringify({ last: done.status, code: done.code }));\n';
      assert.ok(block[1].includes("'http://127.0.0.1:8080'"));
      await writeFile(join(dir, 'readme.mjs'), program);
      const { stdout } = await run(process.execPath, ['readme.mjs'], { cwd: dir, env: { ...process.env, SECRET: credentials.secret }, timeout: 180_000 });
      const lines = stdout.trim().split('\n');
      const result = JSON.parse(lines.at(-1)!);
      assert.equal(result.last, 'Completed');
      // onProgress printed each change as it came.
      assert.ok(lines.some((l) => l.includes("status: 'Computing'") || l.includes("status: 'Queued'")), stdout);
      assert.equal((await likeness.getAvatar(result.code)).pipeline_subtype, 'base/static');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a given access token is used as it is', async () => {
    const withToken = new BrowserLikeness({ baseUrl: server.url, accessToken: (await server.client()).token });
    assert.deepEqual(await collect(withToken.avatars()), []);
  });
});

describe('token renewal and retries', { concurrency: true }, () => {
  let shortTokens: TestServer;
  let throttled: TestServer;
  before(async () => {
    [shortTokens, throttled] = await Promise.all([
      startTestServer({ env: { LIKENESS_TOKEN_TTL_S: '3' } }),
      // Three requests in a 5 s window (36 a minute): the fourth waits for the window to end.
      startTestServer({ env: { LIKENESS_THROTTLE_PER_MINUTE: '36', LIKENESS_THROTTLE_WINDOW_S: '5' } }),
    ]);
  });
  after(async () => {
    await Promise.all([shortTokens?.stop(), throttled?.stop()]);
  });

  test('tokens that live 3 s are renewed a second before they expire: no request is refused', async () => {
    const { clientId, secret } = await shortTokens.client();
    const used: string[] = [];
    const statuses: number[] = [];
    const recording: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      const auth = new Headers(init?.headers).get('authorization');
      if (auth?.startsWith('Bearer ')) {
        used.push(auth.slice(7));
        statuses.push(res.status);
      }
      return res;
    };
    // A second of margin: a request made just before renewal still arrives in time on a busy machine.
    const likeness = new BrowserLikeness({ baseUrl: shortTokens.url, clientId, clientSecret: secret, fetch: recording, renewBeforeMs: 1000 });
    const end = Date.now() + 7000;
    while (Date.now() < end) {
      await collect(likeness.avatars());
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(likeness.tokenRequests >= 3, `renewed about every 2 s, asked ${likeness.tokenRequests} times`);
    assert.ok(new Set(used).size >= 3);
    assert.deepEqual([...new Set(statuses)], [200], 'no request went out with an expired token');
    // The first token really did expire on the server.
    const old = await fetch(`${shortTokens.url}/avatars/`, { headers: { Authorization: `Bearer ${used[0]}` } });
    assert.equal(old.status, 401);
  });

  test('a throttled request (429) is sent again after Retry-After and then succeeds', { timeout: 30_000 }, async () => {
    const { clientId, secret } = await throttled.client();
    const retries: Array<{ status: number; waitMs: number }> = [];
    const likeness = new BrowserLikeness({ baseUrl: throttled.url, clientId, clientSecret: secret, onRetry: (r) => retries.push(r) });
    const started = Date.now();
    for (let i = 0; i < 4; i++) await collect(likeness.players());
    assert.equal(retries.length, 1, JSON.stringify(retries));
    assert.equal(retries[0].status, 429);
    assert.ok(retries[0].waitMs >= 1000 && retries[0].waitMs <= 5000, `waited as Retry-After said: ${retries[0].waitMs} ms`);
    assert.ok(Date.now() - started >= retries[0].waitMs);
  });
});

});

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}
