import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { chromiumAvailable, CHROMIUM, LAUNCH_ARGS } from '../bench/browserView.js';
import { photo } from './support/api.js';
import { startTestServer, type TestClient, type TestServer } from './support/server.js';

/**
 * The embeddable creator (docs/creator.md) driven as a game's web page drives it: examples/host.html,
 * on an origin of its own, embeds both variants from a running service and talks to them with
 * postMessage only. Its backend (here, this test's page server) turns client credentials into the
 * token it hands the page, as the README's sample integration does.
 */

type Event = { variant: 'desktop' | 'mobile'; eventName: string; source: string; [k: string]: unknown };

const BUILT = join(process.cwd(), 'creator', 'dist', 'desktop', 'iframe.html');
const skip = !chromiumAvailable() ? `${CHROMIUM} is not installed` : false;

let api: TestServer;
let client: TestClient;
let hostServer: Server;
let hostOrigin: string;
let browser: Browser | undefined;
let page: Page;
const consoleLines: string[] = [];

before(async () => {
  if (skip) return;
  assert.ok(existsSync(BUILT), 'creator/dist is missing: npm ci (or npm run build:creator) builds it');
  hostServer = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://host').pathname;
    if (path === '/host.html') return void res.writeHead(200, { 'content-type': 'text/html' }).end(readFileSync(join(process.cwd(), 'examples', 'host.html')));
    if (path === '/likeness-token' && req.method === 'POST') {
      // The host's backend: the secret stays here, the page gets a token.
      const r = await fetch(`${api.url}/o/token/`, {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.secret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
      return void res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text());
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => hostServer.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(hostServer.address() as AddressInfo).port}`;
  api = await startTestServer({ workers: 1, env: { LIKENESS_CREATOR_FRAME_ANCESTORS: `'self' ${hostOrigin}` } });
  client = await api.client('enterprise');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  page = await browser.newPage({ viewport: { width: 1400, height: 700 } });
  page.on('console', (m) => consoleLines.push(m.text()));
});

after(async () => {
  await browser?.close();
  hostServer?.close();
  await api?.stop();
});

const events = (): Promise<Event[]> => page.evaluate(() => (window as unknown as { host: { events: Event[] } }).host.events);
const send = (variant: string, message: unknown): Promise<void> =>
  page.evaluate(([v, m]) => (window as unknown as { host: { send(v: unknown, m: unknown): void } }).host.send(v, m), [variant, message] as const);

/** Waits for the next event matching, after the `from`th event. */
async function next(variant: string, eventName: string, from: number, timeout = 60_000): Promise<Event> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await events()).slice(from).find((e) => e.variant === variant && e.eventName === eventName);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${eventName} from ${variant} in ${timeout} ms; events: ${JSON.stringify((await events()).slice(from).map((e) => [e.variant, e.eventName, e.reason ?? e.errorMessage]))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function frame(variant: 'desktop' | 'mobile'): Frame {
  const f = page.frames().find((x) => x.url().includes(variant === 'desktop' ? '/creator/desktop/' : '/creator/mobile/'));
  assert.ok(f, `the ${variant} frame`);
  return f;
}

test('the creator in a host page: loading, authentication, junk, generation, export, screenshot', { skip, timeout: 300_000 }, async () => {
  await page.goto(`${hostOrigin}/host.html?creator=${encodeURIComponent(api.url)}&auto=0&logoUrl=${encodeURIComponent(`${hostOrigin}/logo.png`)}&logoWidth=300`);
  await next('desktop', 'persona_creator_loaded', 0, 15_000);
  await next('mobile', 'persona_creator_loaded', 0, 15_000);
  await new Promise((r) => setTimeout(r, 300));

  // Loaded exactly once per variant, the older event right after it; nothing else before configuration.
  for (const [variant, older] of [['desktop', 'unity_loaded'], ['mobile', 'mobile_loaded']] as const) {
    const mine = (await events()).filter((e) => e.variant === variant);
    assert.deepEqual(mine.map((e) => e.eventName), ['persona_creator_loaded', older], variant);
    assert.ok(mine.every((e) => e.source === 'persona_creator'));
    // A host that came late reads the status object instead.
    assert.deepEqual(await frame(variant).evaluate(() => ({ ...(window as unknown as { personaCreator: object }).personaCreator })), { isLoaded: true, isAuthenticated: false });
  }
  // The Desktop loading screen's logo: the query's URL and width, the spec's default height.
  assert.deepEqual(await frame('desktop').evaluate(() => {
    const img = document.getElementById('logo') as HTMLImageElement;
    return [img.src, img.style.width, img.style.height];
  }), [`${hostOrigin}/logo.png`, '300px', '120px']);
  // Nothing is shown before set_ui_parameters: no flash of controls a host might hide.
  assert.equal(await frame('desktop').evaluate(() => document.getElementById('app')!.hidden), true);

  // Junk and echoes are ignored without a word.
  let mark = (await events()).length;
  for (const junk of ['authenticate', 42, null, [1, 2], { foo: 1 }, { eventName: 'no_such_message' }, { eventName: 7 },
    { eventName: 'generate_avatar', source: 'persona_creator', gender: 'male', image: 'x' },
    { eventName: 'persona_creator_loaded', source: 'persona_creator' }]) {
    await send('desktop', junk);
    await send('mobile', junk);
  }
  await new Promise((r) => setTimeout(r, 400));
  assert.deepEqual((await events()).slice(mark), []);

  // Bad credentials: Desktop says so; Mobile has no authentication_status (the spec), only the flag.
  mark = (await events()).length;
  await send('desktop', { eventName: 'authenticate', clientId: client.clientId, clientSecret: 'wrong' });
  let status = await next('desktop', 'authentication_status', mark);
  assert.equal(status.isAuthenticated, false);
  assert.match(String(status.errorMessage), /client|credentials|invalid/i);
  mark = (await events()).length;
  await send('desktop', { eventName: 'authenticate', accessToken: 'not-a-token' });
  status = await next('desktop', 'authentication_status', mark);
  assert.equal(status.isAuthenticated, false);
  await send('desktop', { eventName: 'export_avatar' });
  const refused = await next('desktop', 'message_processing_error', mark);
  assert.equal(refused.failedEventName, 'export_avatar');
  assert.match(String(refused.reason), /not authenticated/);

  // The token form, with the anchor's undocumented exportTemplateCode and a misspelled key.
  mark = (await events()).length;
  const token = client.token;
  await send('desktop', { eventName: 'authenticate', accessToken: token, exportTemplateCode: 'abc' });
  await send('mobile', { eventName: 'authenticate', accessToken: token });
  status = await next('desktop', 'authentication_status', mark);
  assert.deepEqual([status.isAuthenticated, status.errorMessage], [true, undefined]);
  const generation = await next('desktop', 'action_availability_changed', mark);
  assert.deepEqual([generation.actionName, generation.isAvailable], ['avatar_generation', true]);
  await next('mobile', 'action_availability_changed', mark);
  assert.equal(await frame('mobile').evaluate(() => (window as unknown as { personaCreator: { isAuthenticated: boolean } }).personaCreator.isAuthenticated), true);
  assert.equal((await events()).slice(mark).some((e) => e.variant === 'mobile' && e.eventName === 'authentication_status'), false);

  await send('desktop', { eventName: 'set_ui_parameters', isScreenshotButtonVisible: false, skipViewerControls: ['eyes'], closeExportDialogWhenExportComlpeted: true });
  await send('mobile', { eventName: 'set_ui_parameters', exportButtonText: 'Save me', theme: 'light' });
  await send('desktop', { eventName: 'set_export_parameters', format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: false, unknownKey: 1 });
  await send('mobile', { eventName: 'set_export_parameters', format: 'glb', lod: 2, textureProfile: '1K.jpg', headOnly: true });
  const ui = await frame('desktop').evaluate(() => ({
    app: document.getElementById('app')!.hidden,
    screenshot: document.getElementById('screenshot')!.hidden,
    eyes: (document.querySelector('#panel section[data-control="eyes"]') as HTMLElement).hidden,
    head: (document.querySelector('#panel section[data-control="head"]') as HTMLElement).hidden,
  }));
  assert.deepEqual(ui, { app: false, screenshot: true, eyes: true, head: false });
  assert.deepEqual(await frame('mobile').evaluate(() => [document.getElementById('export')!.textContent, document.documentElement.dataset.theme]), ['Save me', 'light']);

  // Bad actions get our message_processing_error.
  mark = (await events()).length;
  await send('desktop', { eventName: 'generate_avatar', gender: 'female', image: 'bm90IGFuIGltYWdl' });
  assert.match(String((await next('desktop', 'message_processing_error', mark)).reason), /neither a JPEG nor a PNG/);
  mark = (await events()).length;
  await send('desktop', { eventName: 'generate_avatar', gender: 'female', image: photo('messi5.jpg').toString('base64'), blends: [{ name: 'NoseLength', value: 3 }] });
  assert.match(String((await next('desktop', 'message_processing_error', mark)).reason), /NoseLength must be a number in \[-1, 1\]/);

  // Generation: Desktop from a PNG as a data: URL with a blend, Mobile from a plain base64 JPEG.
  mark = (await events()).length;
  const started = Date.now();
  await send('desktop', { eventName: 'generate_avatar', gender: 'female', age: 'adult', image: `data:image/png;base64,${photo('astronaut.png').toString('base64')}`, blends: [{ name: 'NoseLength', value: 0.5 }] });
  await send('mobile', { eventName: 'generate_avatar', gender: 'male', image: photo('messi5.jpg').toString('base64'), blends: [{ name: 'NoseLength', value: 9 }] });
  const desktopMade = await next('desktop', 'model_generated', mark, 90_000);
  const mobileMade = await next('mobile', 'model_generated', mark, 90_000);
  console.log(`# both avatars generated in ${Date.now() - started} ms`);
  assert.equal(desktopMade.gender, 'female');
  assert.match(String(desktopMade.avatarCode), /^[0-9a-f-]{36}$/);
  assert.match(String(desktopMade.photoUrl), /^blob:/);
  assert.equal(desktopMade.photoFileName, 'photo.png');
  const jpeg = desktopMade.photoBytes as number[];
  assert.deepEqual(jpeg.slice(0, 3), [0xff, 0xd8, 0xff], 'photoBytes are JPEG even from a PNG');
  assert.equal(mobileMade.gender, 'male');
  assert.equal('photoBytes' in mobileMade, false, 'photoBytes are Desktop only');

  // Export: available once the model is shown; Desktop a direct .glb, Mobile the zip.
  const exportReady = async (variant: string) => {
    for (;;) {
      const last = (await events()).filter((e) => e.variant === variant && e.eventName === 'action_availability_changed' && e.actionName === 'avatar_export').at(-1);
      if (last?.isAvailable) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await exportReady('desktop');
  mark = (await events()).length;
  await send('desktop', { eventName: 'export_avatar' });
  const desktopExport = await next('desktop', 'model_exported', mark);
  assert.match(String(desktopExport.url), /^http:\/\/127\.0\.0\.1:\d+\/public\/exports\/[^?#]+\.glb$/);
  assert.equal(desktopExport.avatarCode, desktopMade.avatarCode);
  assert.deepEqual(JSON.parse(String(desktopExport.avatarState)).blends, { NoseLength: 0.5 });

  // A head screenshot at 320×240: the PNG's own header says so.
  mark = (await events()).length;
  await send('desktop', { eventName: 'make_screenshot', width: 320, height: 240, mode: 'head' });
  const shot = await next('desktop', 'model_screenshot', mark);
  const png = Buffer.from(shot.imageBytes as number[]);
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [320, 240]);
  assert.match(String(shot.screenshotUrl), /^blob:/);

  // Mobile shows its own avatar, then reopens Desktop's with its state (show_avatar) and exports it as a zip.
  await exportReady('mobile');
  mark = (await events()).length;
  await send('mobile', { eventName: 'make_screenshot' });
  const mobileShot = await next('mobile', 'model_screenshot', mark);
  assert.equal('imageBytes' in mobileShot, false, 'imageBytes are Desktop only');
  mark = (await events()).length;
  await send('mobile', { eventName: 'show_avatar', avatarCode: desktopExport.avatarCode, avatarState: '{"blends": {"Squint": 2}}' });
  assert.match(String((await next('mobile', 'message_processing_error', mark)).reason), /Squint must be a number in \[0, 1\]/);
  await send('mobile', { eventName: 'show_avatar', avatarCode: desktopExport.avatarCode, avatarState: desktopExport.avatarState });
  await next('mobile', 'action_availability_changed', mark);
  await exportReady('mobile');
  assert.equal(await frame('mobile').evaluate(() => (document.querySelector('input[name="NoseLength"]') as HTMLInputElement).value), '0.5');
  mark = (await events()).length;
  await send('mobile', { eventName: 'set_export_parameters', useZip: true });
  await send('mobile', { eventName: 'export_avatar' });
  const mobileExport = await next('mobile', 'model_exported', mark);
  assert.match(String(mobileExport.url), /^http:\/\/127\.0\.0\.1:\d+\/public\/exports\/[^?#]+\.zip$/);
  assert.deepEqual([mobileExport.avatarCode, mobileExport.gender], [desktopMade.avatarCode, 'female']);
  assert.deepEqual(JSON.parse(String(mobileExport.avatarState)).blends, { NoseLength: 0.5 });

  // The host fetches both files from its own origin.
  const magic = await page.evaluate(async (urls) => Promise.all(urls.map(async (u) => {
    const bytes = new Uint8Array(await (await fetch(u)).arrayBuffer());
    return String.fromCharCode(...bytes.slice(0, 4));
  })), [String(desktopExport.url), String(mobileExport.url)]);
  assert.deepEqual(magic, ['glTF', 'PK\u0003\u0004']);

  // Neither token nor secret anywhere a page or a log can see.
  const all = JSON.stringify(await events());
  for (const secret of [token, client.secret]) {
    assert.ok(!all.includes(secret), 'not in events');
    assert.ok(!consoleLines.some((l) => l.includes(secret)), 'not in the console');
    for (const f of page.frames()) {
      assert.ok(!(await f.content()).includes(secret), `not in the DOM of ${f.url()}`);
      assert.ok(!f.url().includes(secret), 'not in a URL');
    }
  }
});

test('frame-ancestors on both pages comes from LIKENESS_CREATOR_FRAME_ANCESTORS', { skip }, async () => {
  for (const path of ['/creator/desktop/iframe.html', '/creator/mobile/generator']) {
    const res = await fetch(`${api.url}${path}`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-security-policy'), `frame-ancestors 'self' ${hostOrigin}`);
    assert.match(await res.text(), /<script type="module"/);
    // With a trailing slash the page's relative links would miss: the address itself, relatively.
    const slash = await fetch(`${api.url}${path}/?logoUrl=x`, { redirect: 'manual' });
    assert.equal(slash.status, 301);
    assert.equal(new URL(slash.headers.get('location')!, `${api.url}${path}/`).href, `${api.url}${path}?logoUrl=x`);
  }
});
