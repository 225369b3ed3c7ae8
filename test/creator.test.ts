import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { chromiumAvailable, CHROMIUM, LAUNCH_ARGS } from '../bench/browserView.js';
import { withStage } from '../bench/quality/glbStage.js';
import type { RgbImage } from '../src/core/image.js';
import { photo } from './support/api.js';
import { startTestServer, type TestClient, type TestServer } from './support/server.js';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { Document, NodeIO } from '@gltf-transform/core';

/**
 * The embeddable creator (docs/creator.md) driven as a game's web page drives it: examples/host.html,
 * on an origin of its own, embeds both variants from a running service and talks to them with
 * postMessage only. Its backend (here, this test's page server) turns client credentials into the
 * token it hands the page, as the README's sample integration does.
 *
 * One page, one browser and ONE avatar for the whole file (an avatar is most of the time): the cases
 * run in order and build on each other (loaded → authenticated → generated → exported → reopened).
 * The camera is Chromium's fake one, playing a photo with a face.
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
  // The fake camera plays a photo (an MJPEG file of one frame), and the page may use it without asking.
  const camera = join(tmpdir(), `likeness-creator-camera-${process.pid}.mjpeg`);
  writeFileSync(camera, photo('messi5.jpg'));
  mkdirSync(join(process.cwd(), 'scratch', 'creator'), { recursive: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: [...LAUNCH_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${camera}`] });
  page = await browser.newPage({ viewport: { width: 1000, height: 600 } });
  page.on('console', (m) => consoleLines.push(m.text()));
  lap('service and browser started');
});

after(async () => {
  await browser?.close();
  hostServer?.close();
  await api?.stop();
});

type Host = { host: { events: Event[]; send(v: unknown, m: unknown): void } };
// Every poll runs in the page and hands back only what it found: the events hold photo and PNG bytes
// as arrays of numbers, too heavy to copy out a few times a second.
const events = (): Promise<Event[]> => page.evaluate(() => (window as unknown as Host).host.events);
const eventCount = (): Promise<number> => page.evaluate(() => (window as unknown as Host).host.events.length);
const send = (variant: string, message: unknown): Promise<void> =>
  page.evaluate(([v, m]) => (window as unknown as Host).host.send(v, m), [variant, message] as const);

/** Waits for the next event matching, after the `from`th event. */
async function next(variant: string, eventName: string, from: number, timeout = 60_000): Promise<Event> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = await page.evaluate(([v, n, f]) => (window as unknown as Host).host.events.slice(f as number).find((e) => e.variant === v && e.eventName === n) ?? null, [variant, eventName, from] as const);
    if (found) return found;
    if (Date.now() > deadline) {
      const seen = await page.evaluate((f) => (window as unknown as Host).host.events.slice(f).map((e) => [e.variant, e.eventName, e.reason ?? e.errorMessage]), from);
      throw new Error(`no ${eventName} from ${variant} in ${timeout} ms; events: ${JSON.stringify(seen)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

function frame(variant: 'desktop' | 'mobile'): Frame {
  const f = page.frames().find((x) => x.url().includes(variant === 'desktop' ? '/creator/desktop/' : '/creator/mobile/'));
  assert.ok(f, `the ${variant} frame`);
  return f;
}

const avatarState: { made?: Event; exported?: Event; dressed?: Event; dressedShot?: Buffer; token?: string } = {};
/** Where the time goes, in the test's output (this file is the slowest of CI's browser suites). */
const t0 = Date.now();
const lap = (label: string) => console.log(`# ${((Date.now() - t0) / 1000).toFixed(1)} s: ${label}`);
/** Pictures of the panels and prompts to look at, with LIKENESS_CREATOR_SHOTS=1 (scratch/creator/): each costs a software-WebGL frame of both variants. */
const snap = async (name: string): Promise<void> => {
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') await page.screenshot({ path: join(process.cwd(), 'scratch', 'creator', `${name}.png`) });
};

/** Opens a panel's tab: one panel shows at a time. */
async function openPanel(f: Frame, control: string): Promise<void> {
  await f.click(`#panel .tabs button[data-tab="${control}"]`);
}

/** Waits until `variant` says avatar_export is available (an avatar shown, its model loaded, idle). */
async function exportReady(variant: string): Promise<void> {
  await page.waitForFunction((v) => (window as unknown as Host).host.events
    .filter((e) => e.variant === v && e.eventName === 'action_availability_changed' && e.actionName === 'avatar_export').at(-1)?.isAvailable === true, variant, { polling: 50, timeout: 60_000 });
}

/** The GLB inside a zip export, or the file itself, read with glTF-Transform. */
async function readModel(url: string): Promise<{ doc: Document; entries: Record<string, Uint8Array> }> {
  const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
  const entries = bytes[0] === 0x50 ? unzipSync(bytes) : { 'model.glb': bytes };
  return { doc: await new NodeIO().readBinary(entries['model.glb']), entries };
}

test('loading once, junk ignored, authentication, UI parameters without a flash', { skip, timeout: 60_000 }, async () => {
  await page.goto(`${hostOrigin}/host.html?creator=${encodeURIComponent(api.url)}&auto=0&logoUrl=${encodeURIComponent(`${hostOrigin}/logo.png`)}&logoWidth=300`);
  await next('desktop', 'persona_creator_loaded', 0, 15_000);
  await next('mobile', 'persona_creator_loaded', 0, 15_000);
  // Which chunks a page fetched is read from its resource timings, whose buffer keeps 250 by default:
  // a slow run's polling could fill it before the GIF encoder or the Chinese strings are fetched.
  for (const variant of ['desktop', 'mobile'] as const) await frame(variant).evaluate(() => performance.setResourceTimingBufferSize(100_000));
  lap('loaded');
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
  let mark = (await eventCount());
  for (const junk of ['authenticate', 42, null, [1, 2], { foo: 1 }, { eventName: 'no_such_message' }, { eventName: 7 },
    { eventName: 'generate_avatar', source: 'persona_creator', gender: 'male', image: 'x' },
    { eventName: 'persona_creator_loaded', source: 'persona_creator' }]) {
    await send('desktop', junk);
    await send('mobile', junk);
  }
  await new Promise((r) => setTimeout(r, 400));
  assert.deepEqual((await events()).slice(mark), []);

  lap('junk ignored');
  // Bad credentials: Desktop says so; Mobile has no authentication_status (the spec), only the flag.
  mark = (await eventCount());
  await send('desktop', { eventName: 'authenticate', clientId: client.clientId, clientSecret: 'wrong' });
  let status = await next('desktop', 'authentication_status', mark);
  assert.equal(status.isAuthenticated, false);
  assert.match(String(status.errorMessage), /client|credentials|invalid/i);
  mark = (await eventCount());
  await send('desktop', { eventName: 'authenticate', accessToken: 'not-a-token' });
  status = await next('desktop', 'authentication_status', mark);
  assert.equal(status.isAuthenticated, false);
  await send('desktop', { eventName: 'export_avatar' });
  const refused = await next('desktop', 'message_processing_error', mark);
  assert.equal(refused.failedEventName, 'export_avatar');
  assert.match(String(refused.reason), /not authenticated/);

  lap('bad credentials refused');
  // The token form, with the anchor's undocumented exportTemplateCode and a misspelled key.
  mark = (await eventCount());
  const token = client.token;
  avatarState.token = token;
  await send('desktop', { eventName: 'authenticate', accessToken: token, exportTemplateCode: 'abc' });
  status = await next('desktop', 'authentication_status', mark);
  assert.deepEqual([status.isAuthenticated, status.errorMessage], [true, undefined]);
  const generation = await next('desktop', 'action_availability_changed', mark);
  assert.deepEqual([generation.actionName, generation.isAvailable], ['avatar_generation', true]);

  lap('authenticated');
  await send('desktop', { eventName: 'set_ui_parameters', isScreenshotButtonVisible: false, isTakeSelfieButtonVisible: false, skipViewerControls: ['eyes'], closeExportDialogWhenExportComlpeted: true });
  await send('desktop', { eventName: 'set_export_parameters', format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: false, unknownKey: 1 });
  const ui = await frame('desktop').evaluate(() => ({
    app: document.getElementById('app')!.hidden,
    screenshot: document.getElementById('screenshot')!.hidden,
    selfie: document.getElementById('selfie')!.hidden,
    eyes: (document.querySelector('#panel section[data-control="eyes"]') as HTMLElement).hidden,
    head: (document.querySelector('#panel section[data-control="head"]') as HTMLElement).hidden,
  }));
  assert.deepEqual(ui, { app: false, screenshot: true, selfie: true, eyes: true, head: false });
});

test('generation: bad input refused; Desktop asks for the gender it was not given and shows progress; meanwhile Mobile\'s selfie, age prompt and sample avatar', { skip, timeout: 180_000 }, async () => {
  let mark: number;
  // Bad actions get our message_processing_error.
  mark = (await eventCount());
  await send('desktop', { eventName: 'generate_avatar', gender: 'female', image: 'bm90IGFuIGltYWdl' });
  assert.match(String((await next('desktop', 'message_processing_error', mark)).reason), /neither a JPEG nor a PNG/);
  mark = (await eventCount());
  await send('desktop', { eventName: 'generate_avatar', gender: 'female', image: photo('messi5.jpg').toString('base64'), blends: [{ name: 'NoseLength', value: 3 }] });
  assert.match(String((await next('desktop', 'message_processing_error', mark)).reason), /NoseLength must be a number in \[-1, 1\]/);


  // Desktop from a PNG as a data: URL with a blend and no gender: the user is asked.
  mark = (await eventCount());
  const started = Date.now();
  await send('desktop', { eventName: 'generate_avatar', gender: '', image: `data:image/png;base64,${photo('astronaut.png').toString('base64')}`, blends: [{ name: 'NoseLength', value: 0.5 }] });
  const desktop = frame('desktop');
  await desktop.waitForSelector('#prompt[data-question="gender"]:not([hidden])');
  await snap('desktop-gender-prompt');
  await desktop.click('#prompt button[data-value="female"]');
  await desktop.waitForFunction(() => !document.getElementById('progress')!.hidden && /Making the avatar/.test(document.getElementById('progress')!.textContent!));
  // While the avatar is made: Mobile's selfie and its configuration.
  // Mobile's own selfie button before it is authenticated: the fake camera's frame becomes the
  // generate_avatar message, with the gender the UI parameters fixed and the age the user picks.
  // Mobile's home screen asks for the gender first; a host's gender skips to the photo choice.
  const mobile = frame('mobile');
  await send('mobile', { eventName: 'set_ui_parameters', theme: 'light' });
  await mobile.waitForSelector('#home:not([hidden]) #home-gender:not([hidden])');
  assert.equal(await mobile.isHidden('#home-photo'), true);
  await snap('mobile-home');
  // The login button (isLoginButtonVisible, default true) asks the host to sign the user in (ours):
  // the event carries nothing but its name and source.
  let mobileMark = (await eventCount());
  await mobile.click('#login-button');
  const login = await next('mobile', 'login_requested', mobileMark);
  assert.deepEqual(Object.keys(login).filter((k) => k !== 'variant').sort(), ['eventName', 'source']);
  await send('mobile', { eventName: 'set_ui_parameters', gender: 'male', theme: 'light', exportButtonText: 'Save me', isLoginButtonVisible: false });
  await mobile.waitForSelector('#home:not([hidden]) #home-photo:not([hidden])');
  assert.equal(await mobile.isHidden('#home-gender'), true);
  assert.equal(await mobile.isHidden('#login-button'), true);
  await mobile.evaluate(() => {
    (window as unknown as { sent: unknown[] }).sent = [];
    window.addEventListener('message', (e) => { if (e.data?.eventName === 'generate_avatar') (window as unknown as { sent: unknown[] }).sent.push(e.data); });
  });
  mobileMark = (await eventCount());
  await mobile.click('#selfie');
  lap('selfie clicked');
  await mobile.waitForFunction(() => (document.querySelector('#camera video') as HTMLVideoElement).videoWidth > 0, undefined, { polling: 50 });
  await snap('mobile-camera');
  await mobile.click('#camera [data-action="take"]');
  lap('camera playing');
  // The gender is fixed (skipped); the age is asked.
  await mobile.waitForSelector('#prompt[data-question="age"]:not([hidden])');
  await snap('mobile-age-prompt');
  await mobile.click('#prompt button[data-value="teen15"]');
  const selfie = await mobile.waitForFunction(() => (window as unknown as { sent: Array<{ gender: string; age: string; image: string }> }).sent[0]);
  const sent = await selfie.jsonValue();
  assert.deepEqual([sent.gender, sent.age], ['male', 'teen15']);
  assert.match(sent.image, /^data:image\/jpeg;base64,\/9j\//);
  assert.equal(await mobile.evaluate(() => (document.querySelector('#camera video') as HTMLVideoElement).srcObject), null, 'the camera is let go');
  assert.match(String((await next('mobile', 'message_processing_error', mobileMark)).reason), /not authenticated/);

  lap('selfie sent');
  // No photo: a sample (isNoPhotoVisible, default true), only of the gender the host fixed; it is
  // made as a photo is, the sample's JPEG in generate_avatar with its gender, as an adult.
  await mobile.click('#home-button');
  await mobile.waitForSelector('#home:not([hidden]) #samples:not([hidden])');
  assert.deepEqual(await mobile.$$eval('#samples button', (bs) => bs.map((b) => (b as HTMLElement).dataset.sample)), ['camera']);
  await mobile.waitForFunction(() => (document.querySelector('#samples img') as HTMLImageElement).naturalWidth === 128, undefined, { polling: 50 });
  await snap('mobile-home-samples');
  mobileMark = (await eventCount());
  await mobile.click('#samples button[data-sample="camera"]');
  const sample = await (await mobile.waitForFunction(() => (window as unknown as { sent: Array<{ gender: string; age: string; image: string }> }).sent[1])).jsonValue();
  assert.deepEqual([sample.gender, sample.age], ['male', 'adult']);
  assert.ok(Buffer.from(sample.image.replace(/^data:image\/jpeg;base64,/, ''), 'base64').equals(readFileSync(join(process.cwd(), 'creator', 'src', 'samples', 'camera.jpg'))), 'the sample\'s own photo');
  assert.match(String((await next('mobile', 'message_processing_error', mobileMark)).reason), /not authenticated/);
  lap('sample sent');

  // Mobile: its own UI parameters, then the token; no authentication_status there (the spec), only the flag.
  assert.deepEqual(await mobile.evaluate(() => [document.getElementById('export')!.textContent, document.documentElement.dataset.theme]), ['Save me', 'light']);
  mobileMark = (await eventCount());
  await send('mobile', { eventName: 'authenticate', accessToken: avatarState.token });
  await send('mobile', { eventName: 'set_export_parameters', format: 'glb', lod: 2, textureProfile: '1K.jpg', headOnly: true });
  await next('mobile', 'action_availability_changed', mobileMark);
  assert.equal(await mobile.evaluate(() => (window as unknown as { personaCreator: { isAuthenticated: boolean } }).personaCreator.isAuthenticated), true);
  assert.equal((await events()).slice(mobileMark).some((e) => e.variant === 'mobile' && e.eventName === 'authentication_status'), false);
  lap('Mobile authenticated');

  const made = await next('desktop', 'model_generated', mark, 150_000);
  lap('progress shown');
  console.log(`# avatar generated in ${Date.now() - started} ms`);
  assert.equal(made.gender, 'female');
  assert.match(String(made.avatarCode), /^[0-9a-f-]{36}$/);
  assert.match(String(made.photoUrl), /^blob:/);
  assert.equal(made.photoFileName, 'photo.png');
  assert.deepEqual((made.photoBytes as number[]).slice(0, 3), [0xff, 0xd8, 0xff], 'photoBytes are JPEG even from a PNG');
  avatarState.made = made;
  lap('generated');
  await exportReady('desktop');
});

test('animations, exports with every Desktop override, the screenshot', { skip, timeout: 90_000 }, async () => {
  const made = avatarState.made!;
  assert.ok(made, 'the avatar of the case before');
  const desktop = frame('desktop');
  // The animations panel lists the avatar's own clips; the one clicked plays.
  const clips = await desktop.$$eval('#panel section[data-control="animations"] button', (bs) => bs.map((b) => (b as HTMLElement).dataset.animation));
  assert.deepEqual(clips, ['', 'Female_Animation_WalkRelaxed', 'Female_Animation_Idle', 'Female_Pose_01', 'Female_Pose_02', 'Female_Pose_03', 'Female_Pose_04', 'Female_Pose_05', 'Female_Pose_A', 'Female_Pose_Idle']);
  await openPanel(desktop, 'animations');
  await desktop.click('#panel button[data-animation="Female_Pose_03"]');
  await desktop.waitForTimeout(300);
  await snap('desktop-animations');
  // The lighting panel: five presets, studio first; the one chosen lights the viewer and is kept in avatarState.
  await openPanel(desktop, 'lighting');
  assert.deepEqual(await desktop.$$eval('#panel section[data-control="lighting"] button', (bs) => bs.map((b) => [(b as HTMLElement).dataset.lighting, b.getAttribute('aria-pressed')])),
    [['studio', 'true'], ['daylight', 'false'], ['warm_indoor', 'false'], ['evening', 'false'], ['dramatic_rim', 'false']]);
  await desktop.click('#panel button[data-lighting="evening"]');
  await desktop.waitForTimeout(200);
  await snap('desktop-lighting-evening');
  // The tattoo panel: a design on a placement, inked into the body's texture by the viewer's export, as export_avatar will.
  let inked = await eventCount();
  await openPanel(desktop, 'tattoo');
  await desktop.click('#panel .tattoo-row[data-tattoo="left_forearm"] button[data-value="anchor"]');
  await lookShown('desktop', inked);
  assert.equal(await desktop.getAttribute('#panel .tattoo-row[data-tattoo="left_forearm"] button[data-value="anchor"]', 'aria-pressed'), 'true');
  assert.ok((await viewerExports(String(made.avatarCode))).some((e) => e.comment.includes('tattoo.left_forearm=anchor')), 'the viewer\'s model carries the tattoo');
  // Its ink: a swatch under the designs, enabled now the placement has one, is another viewer export.
  inked = await eventCount();
  await desktop.click('#panel .tattoo-row[data-tattoo="left_forearm"] button[data-ink="#7a1e24"]');
  await lookShown('desktop', inked);
  assert.equal(await desktop.getAttribute('#panel .tattoo-row[data-tattoo="left_forearm"] button[data-ink="#7a1e24"]', 'aria-pressed'), 'true');
  assert.equal(await desktop.isDisabled('#panel .tattoo-row[data-tattoo="right_calf"] input[name="right_calf-opacity"]'), true, 'no design, no opacity');
  assert.ok((await viewerExports(String(made.avatarCode))).some((e) => e.comment.includes('tattoo.left_forearm=anchor,ink=#7a1e24')), 'the viewer\'s model carries the ink');
  await snap('desktop-tattoo');

  lap('avatar shown, animation playing');
  // The export as set: a direct .glb, the blend in avatarState with the animation playing.
  let mark = (await eventCount());
  await send('desktop', { eventName: 'export_avatar' });
  const plain = await next('desktop', 'model_exported', mark);
  assert.match(String(plain.url), /^http:\/\/127\.0\.0\.1:\d+\/public\/exports\/[^?#]+\.glb$/);
  assert.equal(plain.avatarCode, made.avatarCode);
  assert.deepEqual(JSON.parse(String(plain.avatarState)), { version: 3, blends: { NoseLength: 0.5 }, haircut: 'HaircutGenerated', items: {}, colors: {}, makeup: {}, tattoos: { left_forearm: { name: 'anchor', color: '#7a1e24' } }, animation: 'Female_Pose_03', facialAnimation: null, lighting: 'evening' });
  avatarState.exported = plain;

  lap('exported');
  // Every override at once, into a zip: head only without corneas, four neck layers fewer, the clip
  // playing as the bind pose, model.json, and a template's textures.
  mark = (await eventCount());
  await send('desktop', {
    eventName: 'export_avatar', format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: true, headOnly: true, removeNeckLayers: 4,
    removeTransparentCornea: true, animationAsBindPose: true, exportModelInfo: true,
    exportTemplateJson: JSON.stringify({ avatar: { textures: { profile: '1K.png', list: ['Color'] } } }),
  });
  const zipped = await next('desktop', 'model_exported', mark);
  assert.match(String(zipped.url), /\.zip$/);
  // gltf behind its link: one self-contained .gltf, its buffer and images as data: URIs.
  mark = (await eventCount());
  await send('desktop', { eventName: 'export_avatar', format: 'gltf', lod: 2, textureProfile: '1K.jpg', useZip: false });
  const gltfUrl = String((await next('desktop', 'model_exported', mark)).url);
  assert.match(gltfUrl, /^http:\/\/127\.0\.0\.1:\d+\/public\/exports\/[^?#]+\.gltf$/);
  const gltfJson = await (await fetch(gltfUrl)).json() as { buffers: Array<{ uri: string }>; images: Array<{ uri: string }>; meshes: Array<{ name: string }> };
  assert.ok([...gltfJson.buffers, ...gltfJson.images].every((r) => r.uri.startsWith('data:')), 'every resource inline');
  assert.ok(gltfJson.meshes.some((m) => m.name === 'AvatarHead'));
  lap('exported with overrides');
  const [whole, head] = await Promise.all([readModel(String(plain.url)), readModel(String(zipped.url))]);
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') {
    writeFileSync(join(process.cwd(), 'scratch', 'creator', 'plain.glb'), whole.entries['model.glb']);
    writeFileSync(join(process.cwd(), 'scratch', 'creator', 'head-only.glb'), head.entries['model.glb']);
  }
  const meshes = (d: Document) => d.getRoot().listMeshes().map((m) => m.getName()).sort();
  assert.deepEqual(meshes(head.doc), ['AvatarEyelashes', 'AvatarHead', 'AvatarLeftEyeball', 'AvatarRightEyeball', 'AvatarTeethLower', 'AvatarTeethUpper', 'HaircutGenerated']);
  const headCount = (d: Document) => d.getRoot().listMeshes().find((m) => m.getName() === 'AvatarHead')!.listPrimitives()[0].getIndices()!.getCount() / 3;
  assert.ok(headCount(head.doc) < headCount(whole.doc) - 40, `neck layers gone: ${headCount(head.doc)} of ${headCount(whole.doc)} triangles`);
  assert.deepEqual(head.doc.getRoot().listAnimations().map((a) => a.getName()), ['Female_Pose_03']);
  assert.deepEqual(whole.doc.getRoot().listAnimations().map((a) => a.getName()), ['Female_Pose_03'], 'the clip playing is the clip exported');
  // The bind pose is the clip's first frame: a joint's rest rotation is its first key.
  // The bind pose is the clip's first frame: every turned joint rests as its first key has it.
  const turned = head.doc.getRoot().listAnimations()[0].listChannels().filter((c) => c.getTargetPath() === 'rotation')
    .map((c) => ({ node: c.getTargetNode()!, first: Array.from(c.getSampler()!.getOutput()!.getArray()!.slice(0, 4) as Float32Array) }))
    .filter(({ first }) => Math.abs(first[3]) < 0.999);
  assert.ok(turned.length > 5, 'the pose turns joints');
  for (const { node, first } of turned) assert.ok(first.every((v, i) => Math.abs(Math.abs(v) - Math.abs(node.getRotation()[i])) < 1e-4), `${node.getName()} rests as the clip starts`);
  assert.ok(head.doc.getRoot().listTextures().every((t) => t.getMimeType() === 'image/png'), 'the template\'s 1K.png');
  const info = JSON.parse(new TextDecoder().decode(head.entries['model.json']));
  for (const key of ['skin_color', 'hair_color', 'eye_iris_color', 'eyebrows_color', 'lips_color']) assert.ok(Number.isInteger(info[key]?.red), key);

  lap('files checked');
  // Standing still again: under software WebGL an animation playing takes a core.
  await openPanel(desktop, 'animations');
  await desktop.click('#panel button[data-animation=""]');
  // An override the avatar cannot take says why.
  mark = (await eventCount());
  await send('desktop', { eventName: 'export_avatar', removeNeckLayers: 3 });
  assert.match(String((await next('desktop', 'message_processing_error', mark)).reason), /needs headOnly/);

  // A head screenshot at 320×240: the PNG's own header says so.
  mark = (await eventCount());
  await send('desktop', { eventName: 'make_screenshot', width: 320, height: 240, mode: 'head' });
  const screenshot = await next('desktop', 'model_screenshot', mark);
  const png = Buffer.from(screenshot.imageBytes as number[]);
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [320, 240]);
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') writeFileSync(join(process.cwd(), 'scratch', 'creator', 'desktop-head.png'), png);
  assert.match(String(screenshot.screenshotUrl), /^blob:/);
});

/**
 * Two pictures of an avatar, `avatar` telling its pixels from the background's: the share of the
 * picture it covers, the overlap of the two silhouettes (intersection over union) and the mean colour
 * difference (0–255) over pixels of the avatar in both.
 */
function pictureDifference(a: Uint8Array, b: Uint8Array, channels: number, avatar: (data: Uint8Array, k: number) => boolean): PictureDifference {
  assert.equal(a.length, b.length);
  let both = 0, either = 0, sum = 0;
  for (let k = 0; k < a.length; k += channels) {
    const p = avatar(a, k), q = avatar(b, k);
    if (p || q) either++;
    if (!(p && q)) continue;
    both++;
    for (let c = 0; c < 3; c++) sum += Math.abs(a[k + c] - b[k + c]);
  }
  const round = (v: number) => Math.round(v * 1000) / 1000;
  return { coverage: round(either / (a.length / channels)), silhouette: round(both / Math.max(1, either)), meanColour: round(sum / Math.max(1, both * 3)), apart: either - both };
}

/** How two pictures of an avatar differ; `apart`: the pixels inside one silhouette only. */
interface PictureDifference {
  coverage: number;
  silhouette: number;
  meanColour: number;
  apart: number;
}

/** Two screenshots (RGBA PNGs, transparent around the avatar), by {@link pictureDifference}. */
async function renderDifference(a: Buffer, b: Buffer): Promise<PictureDifference> {
  const [x, y] = await Promise.all([a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })));
  assert.deepEqual([x.info.width, x.info.height], [y.info.width, y.info.height]);
  return pictureDifference(x.data, y.data, 4, (data, k) => data[k + 3] > 127);
}

/** Two renders of the stage, on its grey (0x808080), by {@link pictureDifference}; only their top `rows` when given. */
function stageDifference(a: RgbImage, b: RgbImage, rows = a.height): PictureDifference {
  assert.deepEqual([a.width, a.height], [b.width, b.height]);
  const top = (image: RgbImage) => image.data.subarray(0, rows * image.width * 3);
  return pictureDifference(top(a), top(b), 3, (data, k) => Math.abs(data[k] - 128) + Math.abs(data[k + 1] - 128) + Math.abs(data[k + 2] - 128) > 3);
}

/** Waits for a look the user picked: export unavailable while it loads, then available again. */
async function lookShown(variant: string, from: number): Promise<void> {
  await page.waitForFunction(([v, f]) => {
    const mine = (window as unknown as Host).host.events.slice(f as number).filter((e) => e.variant === v && e.eventName === 'action_availability_changed' && e.actionName === 'avatar_export');
    return mine.length >= 2 && mine.some((e) => e.isAvailable === false) && mine.at(-1)!.isAvailable === true;
  }, [variant, from] as const, { polling: 50, timeout: 60_000 });
  const failed = (await events()).slice(from).find((e) => e.variant === variant && e.eventName === 'message_processing_error');
  assert.equal(failed, undefined, `the look loaded: ${JSON.stringify(failed)}`);
}

/** The avatar's exports the viewer made, newest first (by the comment that names their look). */
async function viewerExports(code: string): Promise<Array<{ comment: string; public_file: string; status: string }>> {
  const res = await fetch(`${api.url}/avatars/${code}/exports/?page_size=50`, { headers: { Authorization: `Bearer ${avatarState.token}` } });
  type Listed = Array<{ comment: string; public_file: string; status: string }>;
  const body = (await res.json()) as Listed | { results: Listed };
  return (Array.isArray(body) ? body : body.results).filter((e) => e.comment.startsWith('likeness creator viewer: '));
}

const pressed = (f: Frame, slot: string) => f.$$eval(`#panel [data-slot="${slot}"] button[aria-pressed="true"]`, (bs) => bs.map((b) => (b as HTMLElement).dataset.item));

test('outfits (the conflict rule, the black list), accessories, colours: the viewer shows the export; the template\'s slots; PNG, GIF and Animate', { skip, timeout: 150_000 }, async () => {
  const made = avatarState.made!;
  assert.ok(made, 'the avatar of the cases before');
  const desktop = frame('desktop');
  await send('desktop', { eventName: 'set_ui_parameters', isScreenshotButtonVisible: false, isTakeSelfieButtonVisible: false, skipViewerControls: ['eyes', 'tattoo', 'lighting'], outfitsBlackList: ['persona_summer_dress', 'top_grey_hoodie'], isPngButtonVisible: true, isAnimateButtonVisible: true, isGifButtonVisible: true });
  await desktop.waitForSelector('#png:not([hidden])');
  // Sample avatars (showSampleAvatars, default true): one of each gender, as the gender is the user's to pick here.
  assert.deepEqual(await desktop.$$eval('#samples:not([hidden]) button', (bs) => bs.map((b) => (b as HTMLElement).dataset.sample)), ['astronaut', 'camera']);
  // The computation parameters panel (hidden by default): gender and age picked before the photo; the samples follow the gender.
  assert.equal(await desktop.isHidden('#computation'), true);
  await send('desktop', { eventName: 'set_ui_parameters', computationParametersPanelVisible: true, isScreenshotButtonVisible: false, isTakeSelfieButtonVisible: false, skipViewerControls: ['eyes', 'tattoo', 'lighting'], outfitsBlackList: ['persona_summer_dress', 'top_grey_hoodie'], isPngButtonVisible: true, isAnimateButtonVisible: true, isGifButtonVisible: true });
  await desktop.waitForSelector('#computation:not([hidden]) [data-computation="age"] button[data-value="adult"][aria-pressed="true"]');
  await desktop.click('#computation [data-computation="gender"] button[data-value="female"]');
  assert.deepEqual(await desktop.$$eval('#samples:not([hidden]) button', (bs) => bs.map((b) => (b as HTMLElement).dataset.sample)), ['astronaut']);
  // The latest avatar (showLatestCreatedAvatar, default true) is the one shown: nothing to offer.
  assert.equal(await desktop.isHidden('#latest'), true);
  await send('desktop', { eventName: 'set_ui_parameters', isScreenshotButtonVisible: false, isTakeSelfieButtonVisible: false, skipViewerControls: ['eyes', 'tattoo', 'lighting'], outfitsBlackList: ['persona_summer_dress', 'top_grey_hoodie'], isPngButtonVisible: true, isAnimateButtonVisible: true, isGifButtonVisible: true });
  await desktop.waitForSelector('#computation', { state: 'hidden' });
  // Only the panels we have, as tabs in the spec's order; a skipped one has no tab.
  assert.deepEqual(await desktop.$$eval('#panel .tabs button:not([hidden])', (bs) => bs.map((b) => (b as HTMLElement).dataset.tab)), ['style', 'outfits', 'hairstyles', 'head_accessories', 'jewelry', 'hands_accessories', 'body', 'head', 'color', 'makeup', 'animations', 'facial_animations'], 'lighting skipped');
  assert.equal(await desktop.isHidden('#panel section[data-control="lighting"]'), true);
  await openPanel(desktop, 'outfits');
  const offered = (slot: string) => desktop.$$eval(`#panel [data-slot="${slot}"] button`, (bs) => bs.map((b) => (b as HTMLElement).dataset.item));
  assert.ok(!(await offered('outfits')).includes('persona_summer_dress') && (await offered('outfits')).includes('persona_winter_coat'), 'the black list hides a full outfit');
  assert.ok(!(await offered('outfits_top')).includes('top_grey_hoodie') && (await offered('outfits_top')).includes('top_navy_polo'), 'and a top');

  // A full outfit, then a top, a bottom and shoes, the accessories and a hair colour picked in a row:
  // one look, the last (picks made while a look loads fold into the next); the top, bottom and shoes take the full outfit's place.
  // A body blend set before dressing: the outfit follows that body in the viewer by its morph targets, as the export fits it.
  await desktop.evaluate(() => {
    const input = document.querySelector('input[name="Body"]') as HTMLInputElement;
    input.value = '0.5';
    input.dispatchEvent(new Event('input'));
    input.dispatchEvent(new Event('change'));
  });
  // A style dresses every slot at once; where the black list hides its item (sporty's hoodie), the next it names.
  let mark = await eventCount();
  await openPanel(desktop, 'style');
  await desktop.click('#panel button[data-style="sporty"]');
  await lookShown('desktop', mark);
  await desktop.waitForSelector('#panel button[data-style="sporty"][aria-pressed="true"]');
  await openPanel(desktop, 'outfits');
  assert.deepEqual([await pressed(desktop, 'outfits_top'), await pressed(desktop, 'outfits_bottom'), await pressed(desktop, 'outfits_shoes')], [['top_black_zip_jacket'], ['bottom_grey_joggers'], ['shoes_black_running_sneakers']]);
  await snap('desktop-style-sporty');
  mark = await eventCount();
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') {
    await desktop.click('#panel [data-slot="outfits"] button[data-item="persona_winter_coat"]');
    await lookShown('desktop', mark);
    await snap('desktop-full-outfit');
    mark = await eventCount();
  }
  await desktop.click('#panel [data-slot="outfits"] button[data-item="persona_winter_coat"]');
  await desktop.click('#panel [data-slot="outfits_top"] button[data-item="top_navy_polo"]');
  await desktop.click('#panel [data-slot="outfits_bottom"] button[data-item="bottom_khaki_chinos"]');
  await desktop.click('#panel [data-slot="outfits_shoes"] button[data-item="shoes_tan_loafers"]');
  await openPanel(desktop, 'head_accessories');
  await desktop.click('#panel [data-slot="hats"] button[data-item="knit_beanie"]');
  await desktop.click('#panel [data-slot="glasses"] button[data-item="round_metal"]');
  await openPanel(desktop, 'jewelry');
  await desktop.click('#panel [data-slot="earrings"] button[data-item="gold_hoops"]');
  await desktop.click('#panel [data-slot="necklaces"] button[data-item="silver_pendant"]');
  await openPanel(desktop, 'hands_accessories');
  await desktop.click('#panel [data-slot="watches"] button[data-item="classic_leather_watch"]');
  await desktop.click('#panel [data-slot="rings"] button[data-item="gold_band"]');
  await openPanel(desktop, 'color');
  await desktop.click('#panel .color-row[data-color="hair"] button[data-value="#b0301c"]');
  await desktop.click('#panel .color-row[data-color="eyes"] button[data-value="#4f86c0"]');
  // Makeup: a lipstick from its palette, painted by the same export as the colours.
  await openPanel(desktop, 'makeup');
  await desktop.click('#panel .makeup-row[data-makeup="lipstick"] button[data-value="#8a2d3b"]');
  await lookShown('desktop', mark);
  assert.equal(await desktop.getAttribute('#panel .makeup-row[data-makeup="lipstick"] button[data-value="#8a2d3b"]', 'aria-pressed'), 'true');
  assert.equal(await desktop.isDisabled('#panel .makeup-row[data-makeup="lipstick"] input[type="range"]'), false, 'the opacity slider of a layer that is on');
  await openPanel(desktop, 'color');
  await desktop.waitForSelector('#panel .color-row[data-color="outfits_top"]');
  await openPanel(desktop, 'outfits');
  assert.deepEqual([await pressed(desktop, 'outfits'), await pressed(desktop, 'outfits_top'), await pressed(desktop, 'outfits_bottom'), await pressed(desktop, 'outfits_shoes')], [[''], ['top_navy_polo'], ['bottom_khaki_chinos'], ['shoes_tan_loafers']]);
  await snap('desktop-outfits');
  lap('dressed');
  // An item's colour: a look of its own.
  mark = await eventCount();
  await openPanel(desktop, 'color');
  await desktop.click('#panel .color-row[data-color="outfits_top"] button[data-value="#7a1f2b"]');
  await lookShown('desktop', mark);
  await desktop.waitForSelector('#panel .color-row[data-color="outfits_top"] button[data-value="#7a1f2b"][aria-pressed="true"]');
  lap('colours shown');
  await snap('desktop-colour');
  const dressed = (await viewerExports(String(made.avatarCode)))[0];

  // The export: the viewer's items, coloured, the template's hats and glasses slots applied.
  mark = await eventCount();
  await send('desktop', { eventName: 'export_avatar', useZip: false, exportTemplateJson: JSON.stringify({ hats: { textures: { profile: '1K.png', list: ['Color', 'Normal'] } }, glasses: { textures: { profile: '1K.png', list: ['Color', 'Normal'] } } }) });
  const exported = await next('desktop', 'model_exported', mark);
  const state = JSON.parse(String(exported.avatarState));
  assert.deepEqual(state, {
    version: 3, lighting: 'evening', blends: { NoseLength: 0.5, Body: 0.5 }, haircut: 'HaircutGenerated',
    items: { outfits_top: 'top_navy_polo', outfits_bottom: 'bottom_khaki_chinos', outfits_shoes: 'shoes_tan_loafers', hats: 'knit_beanie', glasses: 'round_metal', earrings: 'gold_hoops', necklaces: 'silver_pendant', watches: 'classic_leather_watch', rings: 'gold_band' },
    colors: { hair: '#b0301c', eyes: '#4f86c0', outfits_top: '#7a1f2b' }, makeup: { lipstick: { color: '#8a2d3b', opacity: 0.7 } },
    // The tattoo of the case before stays on, its panel hidden by skipViewerControls.
    tattoos: { left_forearm: { name: 'anchor', color: '#7a1e24' } }, animation: null, facialAnimation: null,
  });
  avatarState.dressed = exported;
  // The dressed avatar as Desktop shows it, which Mobile's show_avatar must draw again (by rendering).
  mark = await eventCount();
  await send('desktop', { eventName: 'make_screenshot', width: 320, height: 240, mode: 'body' });
  avatarState.dressedShot = Buffer.from((await next('desktop', 'model_screenshot', mark)).imageBytes as number[]);
  const [file, shown] = await Promise.all([readModel(String(exported.url)), readModel(dressed.public_file)]);
  const meshes = (d: Document) => d.getRoot().listMeshes().map((m) => m.getName()).sort();
  assert.deepEqual(meshes(file.doc), meshes(shown.doc), 'what the viewer shows is what is exported');
  // The same garments on the same body: the file bakes the body blend and fits the cloth to it; the
  // viewer's model moves body and cloth by their body_shape morph targets (the cloth as the body
  // points it was fitted from: millimetres off a refit, docs/outfits.md).
  const { morphWeights } = await import(pathToFileURL(join(process.cwd(), 'creator', 'src', 'blends.js')).href);
  const weights = morphWeights(state.blends) as Record<string, number>;
  // The bounds with `morphs` applied, and the farthest any vertex moves by them.
  const bounds = (d: Document, name: string, morphs: Record<string, number> = {}) => {
    const mesh = d.getRoot().listMeshes().find((m) => m.getName() === name)!;
    const primitive = mesh.listPrimitives()[0];
    const names = (mesh.getExtras().targetNames as string[] | undefined) ?? [];
    const moving = primitive.listTargets().flatMap((t, i) => (morphs[names[i]] ? [[morphs[names[i]], t.getAttribute('POSITION')!] as const] : []));
    const p = primitive.getAttribute('POSITION')!;
    const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity], at = [0, 0, 0], delta = [0, 0, 0];
    let farthest = 0;
    for (let i = 0; i < p.getCount(); i++) {
      p.getElement(i, at);
      const [x, y, z] = at;
      for (const [w, target] of moving) { target.getElement(i, delta); for (let c = 0; c < 3; c++) at[c] += w * delta[c]; }
      farthest = Math.max(farthest, Math.hypot(at[0] - x, at[1] - y, at[2] - z));
      for (let c = 0; c < 3; c++) { lo[c] = Math.min(lo[c], at[c]); hi[c] = Math.max(hi[c], at[c]); }
    }
    return { box: [...lo, ...hi], farthest };
  };
  for (const name of ['outfit_top_navy_polo', 'AvatarBody']) {
    const [a, b] = [bounds(file.doc, name).box, bounds(shown.doc, name, weights)];
    assert.ok(a.every((v, i) => Math.abs(v - b.box[i]) < 5e-3), `${name}: the file's bounds ${a} are the viewer's ${b.box}`);
    assert.ok(b.farthest > 2e-3, `${name}: the viewer's model moves by its Body weight (${b.farthest} m), not baked`);
  }
  for (const name of ['outfit_top_navy_polo', 'outfit_bottom_khaki_chinos', 'outfit_shoes_tan_loafers', 'hats_knit_beanie', 'glasses_round_metal', 'earrings_gold_hoops', 'necklaces_silver_pendant']) assert.ok(meshes(file.doc).includes(name), name);
  // The template's slots: the hat's and the glasses' textures at 1K.png with their normal maps; the rest as set (1K.jpg).
  const material = (d: Document, name: string) => d.getRoot().listMaterials().find((m) => m.getName().startsWith(name))!;
  for (const name of ['hats_knit_beanie', 'glasses_round_metal']) {
    const m = material(file.doc, name);
    assert.equal(m.getBaseColorTexture()?.getMimeType(), 'image/png', `${name} Color`);
    assert.ok(m.getNormalTexture(), `${name} Normal`);
  }
  assert.equal(material(file.doc, 'outfit_top_navy_polo').getBaseColorTexture()?.getMimeType(), 'image/jpeg');
  assert.equal(material(shown.doc, 'hats_knit_beanie').getNormalTexture(), null, 'the viewer\'s hat has no normal map: the template is the export\'s');
  // The colours: the hair and the top as chosen, the same in the viewer's model and in the file.
  for (const [name, hex] of [['HaircutGenerated', '#b0301c'], ['outfit_top_navy_polo', '#7a1f2b']] as const) {
    const [inFile, inViewer] = await Promise.all([file, shown].map((m) => meanColor(material(m.doc, name).getBaseColorTexture()!.getImage()!)));
    const want = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    assert.ok(inFile[0] > inFile[1] * 1.5 && inFile[0] > inFile[2] * 1.3, `${name} is red as ${hex}: ${inFile}`);
    assert.ok(inFile.every((c, i) => Math.abs(c - inViewer[i]) < 12), `${name}: the file's ${inFile} is the viewer's ${inViewer}`);
    assert.ok(Math.abs(inFile[0] - want[0]) < 60, `${name}: ${inFile} near ${want}`);
  }
  // The eyes: the irises (a ring about the eyeball texture's centre, eyeLayout.ts) blue as chosen, in the file as in the viewer.
  const irises = await Promise.all([file, shown].map(async (m) => {
    const { data, info } = await sharp(material(m.doc, 'AvatarEyeball').getBaseColorTexture()!.getImage()!).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const sum = [0, 0, 0];
    let n = 0;
    for (let y = 0; y < info.height; y++) for (let x = 0; x < info.width; x++) {
      const r = Math.hypot((x + 0.5) / info.width - 0.5, (y + 0.5) / info.height - 0.5);
      if (r < 0.04 || r >= 0.07) continue;
      for (let c = 0; c < 3; c++) sum[c] += data[(y * info.width + x) * 3 + c];
      n++;
    }
    return sum.map((v) => Math.round(v / n));
  }));
  for (const iris of irises) assert.ok(iris[2] > iris[0] + 50 && Math.abs(iris[2] - 0xc0) < 45, `the irises are #4f86c0: ${iris}`);
  // Drawn by another renderer (a plain three.js scene, not the creator's viewer), the exported file
  // with its blends baked and the viewer's model with the viewer's morph weights are the same picture:
  // the whole avatar, and the head in profile, where NoseLength shows. Without the weights the
  // profile differs: the check sees a blend. The profile is compared above the chin: below it the
  // collar and the necklace follow the Body blend by their morph targets in the viewer and are
  // fitted to it in the file, a few pixels apart.
  const drawn = await withStage(async (stage) => {
    stage.add('/file.glb', file.entries['model.glb']);
    stage.add('/viewer.glb', shown.entries['model.glb']);
    const body = { yaw: 20, target: [0, 1.0, 0] as [number, number, number], distance: 3.4, width: 240, height: 320, floor: false };
    const head = { yaw: 90, target: [0, 1.52, 0.03] as [number, number, number], distance: 0.55, width: 320, height: 320, floor: false };
    const profile = await stage.shoot('/file.glb', head);
    if (process.env.LIKENESS_CREATOR_SHOTS === '1') await sharp(profile.data, { raw: { width: profile.width, height: profile.height, channels: 3 } }).png().toFile(join('scratch', 'creator', 'file-profile.png'));
    return {
      body: stageDifference(await stage.shoot('/file.glb', body), await stage.shoot('/viewer.glb', { ...body, morphs: weights })),
      head: stageDifference(profile, await stage.shoot('/viewer.glb', { ...head, morphs: weights }), 280),
      unblended: stageDifference(profile, await stage.shoot('/viewer.glb', head), 280),
    };
  });
  lap(`the file drawn against the viewer's model: ${JSON.stringify(drawn)}`);
  assert.ok(drawn.body.coverage > 0.05 && drawn.head.coverage > 0.1, `the avatar is in the pictures: ${JSON.stringify(drawn)}`);
  assert.ok(drawn.body.silhouette > 0.98 && drawn.body.meanColour < 6, `the exported file looks as the viewer's model does: ${JSON.stringify(drawn)}`);
  assert.ok(drawn.head.silhouette > 0.995 && drawn.head.meanColour < 6, `and so does its head in profile: ${JSON.stringify(drawn)}`);
  assert.ok(drawn.head.apart <= 8 && drawn.unblended.apart > 4 * Math.max(drawn.head.apart, 10), `without the viewer's weights the nose's outline moves: ${JSON.stringify(drawn)}`);
  lap('dressed export checked');

  // The top's own colour again: the look before, back without a new export.
  const before = (await viewerExports(String(made.avatarCode))).length;
  mark = await eventCount();
  const back = Date.now();
  await desktop.click('#panel .color-row[data-color="outfits_top"] button.own');
  await lookShown('desktop', mark);
  const backMs = Date.now() - back;
  console.log(`# back to a look seen before: ${backMs} ms`);
  assert.equal((await viewerExports(String(made.avatarCode))).length, before, 'no export for a look seen before');
  assert.ok(backMs < 3000, `at once: ${backMs} ms`);

  // Desktop extras: the PNG button saves the view; Animate plays the walk and stops it.
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), desktop.click('#png')]);
  assert.equal(download.suggestedFilename(), 'avatar.png');
  const png = readFileSync((await download.path())!);
  assert.equal(png.subarray(1, 4).toString(), 'PNG');
  assert.ok(png.readUInt32BE(16) >= 200 && png.length > 5000, `a picture: ${png.readUInt32BE(16)}×${png.readUInt32BE(20)}, ${png.length} bytes`);
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') writeFileSync(join(process.cwd(), 'scratch', 'creator', 'desktop-png-button.png'), png);
  await desktop.click('#animate');
  assert.equal(await desktop.getAttribute('#animate', 'aria-pressed'), 'true');
  assert.equal(await desktop.getAttribute('#panel button[data-animation="Female_Animation_WalkRelaxed"]', 'aria-pressed'), 'true');
  await desktop.click('#animate');
  assert.equal(await desktop.getAttribute('#animate', 'aria-pressed'), 'false');
  assert.equal(await desktop.getAttribute('#panel button[data-animation=""]', 'aria-pressed'), 'true');
  lap('PNG and Animate');
  // GIF: 2.4 s of the avatar turning, its chunk fetched only now.
  const gifLoaded = () => desktop.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/gif-[^/]*\.js$/.test(r.name)));
  assert.equal(await gifLoaded(), false, 'no GIF encoder before the button is pressed');
  const gifStarted = Date.now();
  const [gifDownload] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), desktop.click('#gif')]);
  assert.equal(gifDownload.suggestedFilename(), 'avatar.gif');
  const gif = readFileSync((await gifDownload.path())!);
  console.log(`# GIF: ${Date.now() - gifStarted} ms, ${gif.length} bytes`);
  assert.equal(gif.subarray(0, 6).toString('latin1'), 'GIF89a');
  const gifMeta = await sharp(gif, { animated: true }).metadata();
  assert.deepEqual([gifMeta.pages, gifMeta.loop, gifMeta.delay?.[0]], [30, 0, 80]);
  // It turns: the first frame and the quarter turn differ.
  const gifFrames = await sharp(gif, { animated: true }).raw().toBuffer();
  const gifFrame = gifFrames.length / gifMeta.pages!;
  assert.ok(!gifFrames.subarray(0, gifFrame).equals(gifFrames.subarray(7 * gifFrame, 8 * gifFrame)), 'the avatar turns');
  assert.equal(await gifLoaded(), true);
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') writeFileSync(join(process.cwd(), 'scratch', 'creator', 'desktop-gif-button.gif'), gif);
  await exportReady('desktop');
  lap('GIF');

  // Chinese: its strings come as a chunk of their own, only when asked for.
  const zhLoaded = () => desktop.evaluate(() => performance.getEntriesByType('resource').some((r) => /strings\.zh-[^/]*\.js$/.test(r.name)));
  assert.equal(await zhLoaded(), false, 'no Chinese before it is asked for');
  await send('desktop', { eventName: 'set_ui_parameters', language: '中文', isPngButtonVisible: true, isAnimateButtonVisible: true, outfitsBlackList: ['persona_summer_dress', 'top_grey_hoodie'] });
  await desktop.waitForFunction(() => document.querySelector('#panel .tabs button[data-tab="outfits"]')?.textContent === '服装');
  assert.equal(await zhLoaded(), true);
  assert.equal(await desktop.textContent('#export'), '导出');
  assert.equal(await desktop.textContent('#panel [data-slot="outfits_top"] button[data-item="top_navy_polo"]'), '藏青色 Polo 衫');
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') await panelShots(desktop, 'desktop-zh');
  await send('desktop', { eventName: 'set_ui_parameters', language: 'EN', isPngButtonVisible: true, isAnimateButtonVisible: true });
  await desktop.waitForFunction(() => document.querySelector('#panel .tabs button[data-tab="outfits"]')?.textContent === 'Outfits');
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') await panelShots(desktop, 'desktop');
});

/** The mean colour of an image's opaque texels. */
async function meanColor(bytes: Uint8Array): Promise<number[]> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (data[i + 3] < 128) continue;
    for (let c = 0; c < 3; c++) sum[c] += data[i + c];
    n++;
  }
  return sum.map((v) => Math.round(v / n));
}

/** A picture of each panel of a variant, the page made large enough to read them (LIKENESS_CREATOR_SHOTS=1). */
async function panelShots(f: Frame, prefix: string): Promise<void> {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1800, height: 900 });
  const element = await f.frameElement();
  for (const tab of await f.$$eval('#panel .tabs button:not([hidden])', (bs) => bs.map((b) => (b as HTMLElement).dataset.tab!))) {
    await openPanel(f, tab);
    await f.waitForTimeout(150);
    await element.screenshot({ path: join(process.cwd(), 'scratch', 'creator', `${prefix}-${tab}.png`) });
  }
  await page.setViewportSize(size);
}

test('Mobile reopens the avatar with its state, exports FBX in a zip; the host fetches both; no secret anywhere', { skip, timeout: 90_000 }, async () => {
  const desktopExport = avatarState.exported!;
  const dressed = avatarState.dressed!;
  const token = avatarState.token!;
  assert.ok(desktopExport && dressed && token, 'the cases before');
  let mark = (await eventCount());
  await send('mobile', { eventName: 'show_avatar', avatarCode: desktopExport.avatarCode, avatarState: '{"blends": {"Squint": 2}}' });
  assert.match(String((await next('mobile', 'message_processing_error', mark)).reason), /Squint must be a number in \[0, 1\]/);
  // A state wearing what outfitsBlackList hides is refused.
  await send('mobile', { eventName: 'set_ui_parameters', gender: 'male', theme: 'light', exportButtonText: 'Save me', outfitsBlackList: ['bottom_khaki_chinos'] });
  mark = (await eventCount());
  await send('mobile', { eventName: 'show_avatar', avatarCode: dressed.avatarCode, avatarState: dressed.avatarState });
  assert.match(String((await next('mobile', 'message_processing_error', mark)).reason), /"bottom_khaki_chinos", which outfitsBlackList hides/);
  await send('mobile', { eventName: 'set_ui_parameters', gender: 'male', theme: 'light', exportButtonText: 'Save me' });
  // The first export's state: its blends and its animation.
  mark = (await eventCount());
  await send('mobile', { eventName: 'show_avatar', avatarCode: desktopExport.avatarCode, avatarState: desktopExport.avatarState });
  await next('mobile', 'action_availability_changed', mark);
  lap('Mobile shows the avatar');
  await exportReady('mobile');
  const mobile = frame('mobile');
  assert.equal(await mobile.evaluate(() => (document.querySelector('input[name="NoseLength"]') as HTMLInputElement).value), '0.5');
  assert.equal(await mobile.getAttribute('#panel button[data-animation="Female_Pose_03"]', 'aria-pressed'), 'true', 'the animation comes back');
  assert.equal(await mobile.getAttribute('#panel button[data-lighting="evening"]', 'aria-pressed'), 'true', 'the lighting comes back');
  // The dressed state: every item and colour, from the viewer export Desktop made of that look.
  mark = (await eventCount());
  await send('mobile', { eventName: 'show_avatar', avatarCode: dressed.avatarCode, avatarState: dressed.avatarState });
  await lookShown('mobile', mark);
  assert.deepEqual([await pressed(mobile, 'outfits_top'), await pressed(mobile, 'outfits_bottom'), await pressed(mobile, 'outfits_shoes'), await pressed(mobile, 'glasses')], [['top_navy_polo'], ['bottom_khaki_chinos'], ['shoes_tan_loafers'], ['round_metal']]);
  assert.equal(await mobile.getAttribute('#panel .color-row[data-color="hair"] button[data-value="#b0301c"]', 'aria-pressed'), 'true');
  // Compared by rendering: Mobile's screenshot of the state restored is Desktop's of the state exported.
  mark = (await eventCount());
  await send('mobile', { eventName: 'make_screenshot', width: 320, height: 240, mode: 'body' });
  const shotUrl = String((await next('mobile', 'model_screenshot', mark)).screenshotUrl);
  const restored = Buffer.from(await mobile.evaluate(async (u) => Array.from(new Uint8Array(await (await fetch(u)).arrayBuffer())), shotUrl));
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') {
    writeFileSync(join(process.cwd(), 'scratch', 'creator', 'restored-desktop.png'), avatarState.dressedShot!);
    writeFileSync(join(process.cwd(), 'scratch', 'creator', 'restored-mobile.png'), restored);
  }
  const difference = await renderDifference(avatarState.dressedShot!, restored);
  console.log(`# show_avatar by rendering: ${JSON.stringify(difference)}`);
  assert.ok(difference.coverage > 0.05, 'the avatar is in the picture');
  assert.ok(difference.silhouette > 0.98 && difference.meanColour < 3, `the restored avatar renders as the exported one: ${JSON.stringify(difference)}`);
  assert.deepEqual(await mobile.$$eval('#panel .tabs button:not([hidden])', (bs) => bs.map((b) => (b as HTMLElement).dataset.tab)), ['outfits', 'hairstyles', 'glasses', 'age', 'body', 'head', 'color', 'animations', 'lighting']);
  // The age panel: a new age is a new avatar from the same photo, which this page does not have for an avatar shown by code.
  await openPanel(mobile, 'age');
  assert.deepEqual(await mobile.$$eval('#panel section[data-control="age"] button', (bs) => bs.map((b) => [(b as HTMLElement).dataset.age, (b as HTMLButtonElement).disabled])), [['adult', true], ['teen15', true], ['teen12', true]]);
  assert.match(await mobile.textContent('#panel section[data-control="age"] .note') ?? '', /photo is not on this page/);
  if (process.env.LIKENESS_CREATOR_SHOTS === '1') await panelShots(mobile, 'mobile');
  // Nothing wider than the page, also after the page was made wider and back (the viewer's canvas follows).
  for (const f of [mobile, frame('desktop')]) assert.ok(await f.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${f.url()} fits its width`);
  await openPanel(mobile, 'animations');
  await mobile.click('#panel button[data-animation=""]');
  // Home, with a gender set by the host: back to the photo choice, not the first screen; and back to the avatar.
  await mobile.click('#home-button');
  assert.deepEqual(await mobile.evaluate(() => ['home', 'home-gender', 'home-photo', 'home-back'].map((id) => document.getElementById(id)!.hidden)), [false, true, false, false]);
  await snap('mobile-home-again');
  await mobile.click('#home-back');
  assert.equal(await mobile.isHidden('#home'), true);
  await snap('mobile-reopened');
  mark = (await eventCount());
  lap('Mobile page screenshot');
  await send('mobile', { eventName: 'make_screenshot' });
  assert.equal('imageBytes' in (await next('mobile', 'model_screenshot', mark)), false, 'imageBytes are Desktop only');
  mark = (await eventCount());
  await send('mobile', { eventName: 'set_export_parameters', format: 'fbx', useZip: true });
  lap('Mobile screenshot');
  await send('mobile', { eventName: 'export_avatar', headOnly: true });
  const mobileExport = await next('mobile', 'model_exported', mark);
  assert.match(String(mobileExport.url), /^http:\/\/127\.0\.0\.1:\d+\/public\/exports\/[^?#]+\.zip$/);
  assert.deepEqual([mobileExport.avatarCode, mobileExport.gender], [desktopExport.avatarCode, 'female']);
  assert.deepEqual(JSON.parse(String(mobileExport.avatarState)), JSON.parse(String(dressed.avatarState)), 'show_avatar restored the state exactly');

  lap('Mobile exported');
  // The host fetches both files from its own origin.
  const magic = await page.evaluate(async (urls) => Promise.all(urls.map(async (u) => {
    const bytes = new Uint8Array(await (await fetch(u)).arrayBuffer());
    return String.fromCharCode(...bytes.slice(0, 4));
  })), [String(desktopExport.url), String(mobileExport.url)]);
  assert.deepEqual(magic, ['glTF', 'PK\u0003\u0004']);
  const fbx = unzipSync(new Uint8Array(await (await fetch(String(mobileExport.url))).arrayBuffer()));
  assert.ok(fbx['model.fbx'], 'FBX in the zip');
  assert.equal(new TextDecoder().decode(fbx['model.fbx'].subarray(0, 18)), 'Kaydara FBX Binary');

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

test('facial animations: the first demo asked for loads the look with mobile_51, plays, and is what the export carries', { skip, timeout: 150_000 }, async () => {
  const made = avatarState.made!;
  assert.ok(made, 'the avatar of the cases before');
  const desktop = frame('desktop');
  await send('desktop', { eventName: 'set_ui_parameters', isPngButtonVisible: true });
  await exportReady('desktop');
  await openPanel(desktop, 'facial_animations');
  assert.deepEqual(await desktop.$$eval('#panel section[data-control="facial_animations"] button', (bs) => bs.map((b) => (b as HTMLElement).dataset.face)),
    ['', 'FaceDemo_001', 'FaceDemo_002', 'FaceDemo_003', 'FaceDemo_004', 'FaceDemo_005']);
  // The face demos are not body clips: the animations panel does not list them.
  assert.equal(await desktop.$$eval('#panel section[data-control="animations"] button', (bs) => bs.some((b) => /FaceDemo/.test((b as HTMLElement).dataset.animation!))), false);
  let mark = await eventCount();
  await desktop.click('#panel button[data-face="FaceDemo_002"]');
  await lookShown('desktop', mark);
  await desktop.waitForSelector('#panel button[data-face="FaceDemo_002"][aria-pressed="true"]');
  lap('face demo playing');
  await desktop.waitForTimeout(600);
  await snap('desktop-face-demo');
  // The viewer's model with and without the head's expressions: the same look, one with mobile_51.
  const listed = await viewerExports(String(made.avatarCode));
  const withFace = listed.find((e) => e.comment.endsWith(';shapes:mobile_51'))!;
  assert.ok(withFace, 'a viewer export with mobile_51');
  const without = listed.find((e) => e.comment === withFace.comment.replace(';shapes:mobile_51', ''));
  const size = async (url: string) => (await (await fetch(url)).arrayBuffer()).byteLength;
  if (without) console.log(`# viewer model: ${await size(without.public_file)} bytes, with mobile_51 ${await size(withFace.public_file)} bytes`);
  const viewerModel = await readModel(withFace.public_file);
  const head = viewerModel.doc.getRoot().listMeshes().find((m) => m.getName() === 'AvatarHead')!;
  const targets = (head.getExtras() as { targetNames?: string[] }).targetNames ?? [];
  assert.ok(targets.some((n) => /jawOpen$/.test(n)), `the head carries mobile_51: ${targets.slice(0, 8).join(', ')}…`);
  // The export holds the demo playing (WYSIWYG), with the blendshapes it plays.
  mark = await eventCount();
  await send('desktop', { eventName: 'export_avatar', useZip: false });
  const exported = await next('desktop', 'model_exported', mark, 90_000);
  assert.deepEqual(Object.fromEntries(Object.entries(JSON.parse(String(exported.avatarState))).filter(([k]) => /nimation/.test(k))), { animation: null, facialAnimation: 'FaceDemo_002' });
  const file = await readModel(String(exported.url));
  assert.deepEqual(file.doc.getRoot().listAnimations().map((a) => a.getName()), ['FaceDemo_002']);
  // A body clip plays with the demo, and the export holds both: the walk's bones, the demo's blendshapes.
  await openPanel(desktop, 'animations');
  await desktop.click('#panel button[data-animation="Female_Animation_WalkRelaxed"]');
  await openPanel(desktop, 'facial_animations');
  assert.equal(await desktop.getAttribute('#panel button[data-face="FaceDemo_002"]', 'aria-pressed'), 'true');
  await desktop.waitForTimeout(600);
  await snap('desktop-face-demo-walking');
  mark = await eventCount();
  await send('desktop', { eventName: 'export_avatar', useZip: false });
  const together = await next('desktop', 'model_exported', mark, 90_000);
  assert.deepEqual([JSON.parse(String(together.avatarState)).animation, JSON.parse(String(together.avatarState)).facialAnimation], ['Female_Animation_WalkRelaxed', 'FaceDemo_002']);
  const both = (await readModel(String(together.url))).doc.getRoot().listAnimations();
  assert.deepEqual(both.map((a) => a.getName()), ['Female_Animation_WalkRelaxed', 'FaceDemo_002']);
  assert.ok(both[0].listChannels().some((c) => c.getTargetPath() === 'rotation') && both[1].listChannels().some((c) => c.getTargetPath() === 'weights'));
  // Each layer stops on its own.
  await desktop.click('#panel button[data-face=""]');
  await openPanel(desktop, 'animations');
  assert.equal(await desktop.getAttribute('#panel button[data-animation="Female_Animation_WalkRelaxed"]', 'aria-pressed'), 'true');
  await desktop.click('#panel button[data-animation=""]');
  // skipViewerControls hides it.
  await send('desktop', { eventName: 'set_ui_parameters', skipViewerControls: ['facial_animations'] });
  assert.equal(await desktop.isHidden('#panel .tabs button[data-tab="facial_animations"]'), true);
  await send('desktop', { eventName: 'set_ui_parameters' });
  assert.equal(await desktop.isHidden('#mic'), true, 'lip sync is off by default');

  // Lip sync: the microphone button, the model made with visemes_15, the fake microphone's beep moving the head's visemes.
  await send('desktop', { eventName: 'set_ui_parameters', enableLipsync: true });
  assert.equal(await desktop.isHidden('#mic'), false);
  mark = await eventCount();
  await desktop.click('#mic');
  await lookShown('desktop', mark);
  await desktop.waitForSelector('#mic[aria-pressed="true"]', { timeout: 30_000 });
  lap('lip sync listening');
  const moved = await desktop.waitForFunction(() => {
    type Mesh = { name: string; morphTargetDictionary: Record<string, number>; morphTargetInfluences: number[] };
    const v = (document.getElementById('viewer') as unknown as { viewer: { morphMeshes: Mesh[] } }).viewer;
    const head = v.morphMeshes.find((m) => m.name === 'AvatarHead');
    if (!head) return null;
    const visemes = ['AA', 'CH', 'EE', 'IH', 'OH', 'OU', 'TH', 'ff'].map((n) => head.morphTargetDictionary[n] ?? head.morphTargetDictionary[`visemes_15.${n}`]).filter((i) => i !== undefined);
    const top = Math.max(...visemes.map((i) => head.morphTargetInfluences[i]));
    return visemes.length && top > 0.01 ? top : null;
  }, null, { polling: 50, timeout: 20_000 });
  console.log(`# lip sync: a viseme of the head at ${await moved.jsonValue()}`);
  await snap('desktop-lipsync');
  await desktop.click('#mic');
  assert.equal(await desktop.getAttribute('#mic', 'aria-pressed'), 'false');
  // On again, then turned off by the host: the microphone is let go with the button.
  await desktop.click('#mic');
  await desktop.waitForSelector('#mic[aria-pressed="true"]', { timeout: 10_000 });
  await send('desktop', { eventName: 'set_ui_parameters' });
  await desktop.waitForSelector('#mic', { state: 'hidden', timeout: 10_000 });
  assert.equal(await desktop.getAttribute('#mic', 'aria-pressed'), 'false');
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
