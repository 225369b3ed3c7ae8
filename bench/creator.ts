import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, LAUNCH_ARGS, chromiumAvailable } from './browserView.js';
import { type Figure, median, printFigures } from './figure.js';
import { photo } from '../test/support/api.js';
import { startTestServer } from '../test/support/server.js';
import './warmUp.js';

/**
 * The embeddable creator in headless Chromium against a local service: navigation to
 * persona_creator_loaded and the JavaScript transferred before it (a fresh browser context each
 * time, so nothing is cached), generate_avatar → model_generated and export_avatar (LOD2, 1K.jpg,
 * GLB) → model_exported. Screenshots of both variants go to scratch/creator/.
 */
const OUT = join(process.cwd(), 'scratch', 'creator');

/** The page is opened on its own: the creator then posts its events to itself, where this script listens. */
const LISTEN = `
  window.__events = [];
  window.addEventListener('message', (e) => {
    if (e.data?.source !== 'persona_creator') return;
    const at = performance.now();
    if (e.data.eventName === 'persona_creator_loaded') {
      const js = performance.getEntriesByType('resource').filter((r) => r.name.endsWith('.js'));
      window.__loaded = { at, bytes: js.reduce((s, r) => s + r.transferSize, 0), files: js.length };
    }
    window.__events.push({ ...e.data, at, photoBytes: undefined, imageBytes: undefined });
  });`;

async function waitEvent(page: Page, eventName: string, from: number, timeout = 120_000): Promise<{ at: number; [k: string]: unknown }> {
  const handle = await page.waitForFunction(([name, i]) => (window as any).__events.slice(i).find((e: any) => e.eventName === name || e.eventName === 'message_processing_error'), [eventName, from] as const, { timeout, polling: 50 });
  const e = (await handle.jsonValue()) as { at: number; eventName: string; reason?: string };
  if (e.eventName === 'message_processing_error') throw new Error(`${eventName}: ${e.reason}`);
  return e;
}

/**
 * Frames per second of the viewer with a dressed avatar as the viewer shows it (its LOD2 model,
 * 1K.jpg): top, bottom, shoes, the generated haircut and glasses, walking, so that every frame
 * skins and draws the whole avatar; then the same look exported at LOD1 with 2K.jpg, the issue's
 * case, in the same viewer.
 */
async function viewerFps(page: Page, count: () => Promise<number>): Promise<Figure[]> {
  const generated = (await page.evaluate(() => (window as any).__events.filter((e: any) => e.eventName === 'model_generated').at(-1))) as { avatarCode: string; gender: string };
  const state = {
    version: 3, blends: {}, haircut: 'HaircutGenerated', colors: {}, makeup: {}, lighting: 'studio',
    items: { outfits_top: 'top_navy_polo', outfits_bottom: 'bottom_slim_blue_jeans', outfits_shoes: 'shoes_white_canvas_sneakers', glasses: 'round_metal' },
    animation: generated.gender === 'female' ? 'Female_Animation_WalkRelaxed' : 'Male_Animation_Walk',
  };
  const from = await count();
  await page.evaluate((m) => window.postMessage(m, '*'), { eventName: 'show_avatar', avatarCode: generated.avatarCode, avatarState: JSON.stringify(state) });
  await page.waitForFunction((i) => (window as any).__events.slice(i).some((e: any) => e.actionName === 'avatar_export' && e.isAvailable), from, { timeout: 180_000, polling: 100 });
  await page.waitForTimeout(1000);
  const lod2 = await framesPerSecond(page);
  await page.screenshot({ path: join(OUT, 'desktop-dressed-walk.png') });
  // The same look exported at LOD1 with 2K.jpg, the case, loaded into the same viewer.
  const from1 = await count();
  await page.evaluate(() => window.postMessage({ eventName: 'export_avatar', format: 'glb', lod: 1, textureProfile: '2K.jpg', useZip: false }, '*'));
  const exported = await waitEvent(page, 'model_exported', from1, 180_000);
  await page.evaluate(async (url) => {
    const v = (document.getElementById('viewer') as any).viewer;
    const walk = v.playing;
    await v.load(url, false);
    v.play(walk);
  }, String(exported.url));
  await page.waitForTimeout(1000);
  const lod1 = await framesPerSecond(page);
  await page.screenshot({ path: join(OUT, 'desktop-dressed-walk-lod1.png') });
  // What limits it: a quarter of the pixels tells filling pixels (shading) from skinning and drawing the triangles.
  await page.evaluate(() => { const v = (document.getElementById('viewer') as any).viewer; v.renderer.setPixelRatio(0.5); v.resize(); });
  const quarter = await framesPerSecond(page);
  await page.evaluate(() => { const v = (document.getElementById('viewer') as any).viewer; v.renderer.setPixelRatio(window.devicePixelRatio); v.resize(); });
  const what = 'top, bottom, shoes, haircut, glasses, walking; software WebGL (SwiftShader), 1280×720';
  return [
    { name: `viewer, dressed avatar at LOD2 1K.jpg (the viewer's own model), ${what}`, value: lod2, unit: 'fps', target: '>= 30 fps' },
    { name: `viewer, the same look's export at LOD1 2K.jpg, ${what}`, value: lod1, unit: 'fps', target: '>= 30 fps' },
    { name: '  the same, drawn at half the resolution (a quarter of the pixels)', value: quarter, unit: 'fps' },
  ];
}

/** requestAnimationFrame callbacks a second over 4 s: the viewer draws in its own callback, so a slow frame lowers the count. */
function framesPerSecond(page: Page): Promise<number> {
  return page.evaluate(() => new Promise<number>((resolve) => {
    let n = 0;
    const start = performance.now();
    const tick = (t: number) => { if (t - start < 4000) { n++; requestAnimationFrame(tick); } else resolve(n / ((t - start) / 1000)); };
    requestAnimationFrame(tick);
  }));
}

export async function run(): Promise<Figure[]> {
  if (!chromiumAvailable()) return [];
  await mkdir(OUT, { recursive: true });
  const server = await startTestServer({ workers: 1 });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  const figures: Figure[] = [];
  try {
    const { token } = await server.client('enterprise');
    for (const [variant, path] of [['Desktop', '/creator/desktop/iframe.html'], ['Mobile', '/creator/mobile/generator']] as const) {
      const times: number[] = [];
      const bytes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript(LISTEN);
        await page.goto(`${server.url}${path}`);
        const loaded = (await (await page.waitForFunction(() => (window as any).__loaded, undefined, { polling: 20 })).jsonValue()) as { at: number; bytes: number };
        times.push(loaded.at);
        bytes.push(loaded.bytes);
        await context.close();
      }
      figures.push({ name: `${variant}: navigation → persona_creator_loaded (median of 5, cold)`, value: median(times), unit: 'ms', target: '<= 1500 ms' });
      figures.push({ name: `${variant}: JavaScript transferred before loaded`, value: median(bytes) / 1024, unit: 'KiB', target: '<= 1.5 MB gzipped' });
    }

    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.addInitScript(LISTEN);
    await page.goto(`${server.url}/creator/desktop/iframe.html`);
    await waitEvent(page, 'persona_creator_loaded', 0);
    const post = (m: object) => page.evaluate((msg) => window.postMessage(msg, '*'), m);
    const count = () => page.evaluate(() => (window as any).__events.length as number);
    await post({ eventName: 'authenticate', accessToken: token });
    await waitEvent(page, 'authentication_status', 0);
    await post({ eventName: 'set_ui_parameters' });
    await post({ eventName: 'set_export_parameters', format: 'glb', lod: 2, textureProfile: '1K.jpg', useZip: false });
    const generate: number[] = [];
    const exporting: number[] = [];
    const image = photo('messi5.jpg').toString('base64');
    // The first generation also warms the worker thread (models, templates): reported on its own.
    for (let i = 0; i < 4; i++) {
      let from = await count();
      const t0 = await page.evaluate(() => performance.now());
      await post({ eventName: 'generate_avatar', gender: i % 2 ? 'female' : 'male', image });
      generate.push((await waitEvent(page, 'model_generated', from)).at - t0);
      await page.waitForFunction(() => (window as any).__events.filter((e: any) => e.actionName === 'avatar_export').at(-1)?.isAvailable, undefined, { timeout: 120_000, polling: 50 });
      from = await count();
      const t1 = await page.evaluate(() => performance.now());
      await post({ eventName: 'export_avatar' });
      exporting.push((await waitEvent(page, 'model_exported', from)).at - t1);
    }
    figures.push({ name: 'generate_avatar → model_generated, first (worker warming up)', value: generate[0], unit: 'ms' });
    figures.push({ name: 'generate_avatar → model_generated (median of 3 after)', value: median(generate.slice(1)), unit: 'ms', target: '<= 7000 ms' });
    figures.push({ name: 'export_avatar (LOD2, 1K.jpg, GLB) → model_exported (median of 4)', value: median(exporting), unit: 'ms', target: '<= 2000 ms' });
    await page.waitForTimeout(500);
    await page.screenshot({ path: join(OUT, 'desktop.png') });
    figures.push(...(await viewerFps(page, count)));
    const from = await count();
    await post({ eventName: 'make_screenshot', width: 320, height: 240, mode: 'head' });
    await waitEvent(page, 'model_screenshot', from);
    const shot = await page.evaluate(async () => {
      const url = (window as any).__events.filter((e: any) => e.eventName === 'model_screenshot').at(-1).screenshotUrl;
      return Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer()));
    });
    await writeFile(join(OUT, 'screenshot-head.png'), Buffer.from(shot));

    const mobile = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await mobile.addInitScript(LISTEN);
    await mobile.goto(`${server.url}/creator/mobile/generator`);
    await waitEvent(mobile, 'persona_creator_loaded', 0);
    await mobile.evaluate((t) => window.postMessage({ eventName: 'authenticate', accessToken: t }, '*'), token);
    await mobile.evaluate(() => window.postMessage({ eventName: 'set_ui_parameters', theme: 'light', exportButtonText: 'Save' }, '*'));
    await mobile.waitForFunction(() => (window as any).personaCreator.isAuthenticated, undefined, { polling: 50 });
    await mobile.evaluate((img) => window.postMessage({ eventName: 'generate_avatar', gender: 'female', image: img }, '*'), `data:image/png;base64,${photo('astronaut.png').toString('base64')}`);
    await mobile.waitForFunction(() => (window as any).__events.filter((e: any) => e.actionName === 'avatar_export').at(-1)?.isAvailable, undefined, { timeout: 120_000, polling: 50 });
    await mobile.waitForTimeout(500);
    await mobile.screenshot({ path: join(OUT, 'mobile.png') });
  } finally {
    await browser.close();
    await server.stop();
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printFigures('Creator', await run());
