import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { build } from 'esbuild';
import { chromium, type Browser } from 'playwright-core';
import { chromiumAvailable, CHROMIUM, LAUNCH_ARGS } from '../bench/browserView.js';
import { Likeness } from '../src/client/node.js';
import { photo } from './support/api.js';
import { startTestServer, type TestServer } from './support/server.js';

/**
 * likeness/client from a web page in Chromium: the browser build (client/index.js, bundled as a
 * bundler would, for the browser platform) makes an avatar from the photo the page fetched, waits
 * for it with progress, exports it as GLB and unzips the download in the page. The page is on
 * another origin than the API, as it would be in a game's web build.
 */

const PAGE = `<!doctype html><meta charset="utf-8"><title>likeness/client</title>
<script type="module">
import { Likeness, JobFailedError } from '/client.js';
window.makeAvatar = async ({ baseUrl, clientId, clientSecret }) => {
  const likeness = new Likeness({ baseUrl, clientId, clientSecret });
  const photo = await (await fetch('/me.jpg')).blob();
  const created = await likeness.createAvatar({ photo, pipeline: 'head_1.2', pipelineSubtype: 'base/mobile', name: 'from a page' });
  const progress = [];
  const done = await likeness.waitForAvatar(created.code, { onProgress: (p) => progress.push([p.status, p.progress]) });
  const exp = await likeness.createExport(done.code, { format: 'glb', embed_textures: true, blendshapes: { list: ['mobile_51'] } });
  const finished = await likeness.waitForExport(done.code, exp.code);
  const files = await likeness.downloadExport(finished, { unzip: true });
  const glb = files.find((f) => f.name.endsWith('.glb'));
  const magic = new TextDecoder().decode(new Uint8Array(await glb.blob.slice(0, 4).arrayBuffer()));
  const listed = [];
  for await (const a of likeness.avatars({ page_size: '1' })) listed.push(a.code);
  let failure = null;
  const cat = await likeness.createAvatar({ photo: new Uint8Array(await (await fetch('/cat.png')).arrayBuffer()), pipeline: 'head_1.2', pipelineSubtype: 'base/static', name: 'cat' });
  await likeness.waitForAvatar(cat.code).catch((e) => (failure = e instanceof JobFailedError ? e.message : String(e)));
  return { status: done.status, progress, names: files.map((f) => f.name), magic, glbSize: glb.blob.size, listed, code: done.code, exportCode: exp.code, failure };
};
window.ready = true;
</script>`;

let api: TestServer;
let page: Server;
let browser: Browser | undefined;

before(async () => {
  if (!chromiumAvailable()) return;
  api = await startTestServer({ workers: 1 });
  const bundle = await build({ entryPoints: [join(process.cwd(), 'dist', 'src', 'client', 'index.js')], bundle: true, write: false, format: 'esm', platform: 'browser', logLevel: 'silent' });
  const files: Record<string, [string | Uint8Array, string]> = {
    '/': [PAGE, 'text/html'],
    '/client.js': [bundle.outputFiles[0].contents, 'text/javascript'],
    '/me.jpg': [photo('messi5.jpg'), 'image/jpeg'],
    '/cat.png': [photo('no-face-cat.png'), 'image/png'],
  };
  page = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://page').pathname];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': file[1] }).end(file[0]);
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
});

after(async () => {
  await browser?.close();
  page?.close();
  await api?.stop();
});

test('a page in Chromium makes, exports and downloads an avatar with likeness/client', { skip: chromiumAvailable() ? false : `${CHROMIUM} is not installed`, timeout: 300_000 }, async () => {
  const { clientId, secret } = await api.client();
  const tab = await browser!.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (e) => errors.push(e.message));
  // The page is served from localhost and the API from 127.0.0.1: another origin, so CORS is exercised.
  await tab.goto(`http://localhost:${(page.address() as AddressInfo).port}/`);
  await tab.waitForFunction(() => (window as unknown as { ready?: boolean }).ready, undefined, { timeout: 15_000 });
  const result = await tab.evaluate(
    (args) => (window as unknown as { makeAvatar: (a: typeof args) => Promise<Record<string, unknown>> }).makeAvatar(args),
    { baseUrl: api.url, clientId, clientSecret: secret },
  );
  assert.deepEqual(errors, []);
  assert.equal(result.status, 'Completed');
  assert.deepEqual((result.progress as Array<[string, number]>).at(-1), ['Completed', 100]);
  assert.equal(result.magic, 'glTF');
  assert.ok((result.glbSize as number) > 100_000, `a textured head GLB, got ${result.glbSize} bytes`);
  assert.deepEqual(result.listed, [result.code]);
  assert.equal(result.failure, 'No face found in the photo.');
  // The page's avatar is its client's: another client does not see it.
  const other = await fetch(`${api.url}/avatars/${result.code}/`, { headers: { Authorization: `Bearer ${(await api.client()).token}` } });
  assert.equal(other.status, 404);
  exported = { clientId, secret, avatar: result.code as string, export: result.exportCode as string };
});

let exported: { clientId: string; secret: string; avatar: string; export: string } | undefined;

test('examples/viewer loads the GLB and moves its ARKit blendshapes from sliders', { skip: chromiumAvailable() ? false : `${CHROMIUM} is not installed`, timeout: 120_000 }, async (t) => {
  if (!exported) return t.skip('the page test made no export');
  const likeness = new Likeness({ baseUrl: api.url, clientId: exported.clientId, clientSecret: exported.secret });
  const dir = await mkdtemp(join(tmpdir(), 'likeness-viewer-'));
  const { serveViewer } = (await import(pathToFileURL(join(process.cwd(), 'examples', 'viewer', 'serve.mjs')).href)) as {
    serveViewer: (o: { model: string }) => Promise<{ server: Server; url: string }>;
  };
  const written = await likeness.downloadExportTo(await likeness.getExport(exported.avatar, exported.export), dir, { unzip: true });
  const viewer = await serveViewer({ model: written.find((f) => f.endsWith('.glb'))! });
  try {
    const tab = await browser!.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(viewer.url);
    await tab.waitForFunction(() => (window as unknown as { viewer: { loaded: boolean } }).viewer.loaded, undefined, { timeout: 30_000 });
    const morphs = await tab.evaluate(() => (window as unknown as { viewer: { morphs: string[] } }).viewer.morphs);
    assert.equal(morphs.length, 51);
    assert.ok(morphs.includes('jawOpen') && morphs.includes('eyeBlinkLeft'), morphs.join(', '));
    assert.equal(await tab.locator('input[data-morph]').count(), 51);
    // Moving the slider moves the mesh.
    await tab.locator('input[data-morph="jawOpen"]').fill('0.8');
    const influence = await tab.evaluate(() => (window as unknown as { viewer: { weight: (n: string) => number } }).viewer.weight('jawOpen'));
    assert.equal(influence, 0.8);
    assert.deepEqual(errors, []);
  } finally {
    viewer.server.close();
    await rm(dir, { recursive: true, force: true });
  }
});
