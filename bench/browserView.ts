import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/**
 * How a GLB looks to a real glTF consumer: three.js's GLTFLoader and WebGLRenderer in headless Chromium
 * (software WebGL through SwiftShader). Everything is served from a throw-away localhost server, so no
 * network is needed.
 *
 *   npx tsc -p . && node dist/bench/browserView.js in.glb out.png [--morph jawOpen=1] [--yaw 30] [--width 512] [--height 512]
 *
 * ```ts
 * const png = await renderGlb(glb, { morphs: { jawOpen: 1 }, yaw: 30 });
 * ```
 */

export interface ViewOptions {
  /** Image width in pixels. */
  width?: number;
  /** Image height in pixels. */
  height?: number;
  /**
   * Morph target name → weight, applied to every mesh that has it. Morph targets not named keep the
   * weights stored in the file.
   */
  morphs?: Record<string, number>;
  /** Yaw of the camera in degrees around the model; positive moves the camera towards +X, the model's left. */
  yaw?: number;
}

export const VIEW_DEFAULTS: Required<ViewOptions> = { width: 512, height: 512, morphs: {}, yaw: 0 };

/** The browser used; Debian's package. Renders are skipped, saying so, when it is absent. */
export const CHROMIUM = '/usr/bin/chromium';

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

export const LAUNCH_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
  // Without a GPU, Chromium only gives WebGL through SwiftShader when told that is acceptable.
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];

const THREE_ROOT = join(dirname(createRequire(import.meta.url).resolve('three')), '..');
const STATIC: Record<string, string> = { '/three/build/': join(THREE_ROOT, 'build'), '/three/addons/': join(THREE_ROOT, 'examples', 'jsm') };

/**
 * The page: loads the model, frames it, renders one frame and returns the canvas as a PNG data URL.
 * The camera looks at the centre of the meshes that carry morph targets (the face) when there are any,
 * from +Z (glTF's front) turned by the yaw, and stands back far enough for the whole model to fit. The
 * framing is measured before the requested morphs are applied, so renders that differ only in morphs
 * line up pixel for pixel.
 */
const PAGE = threePage(`const FOV = 30;
window.renderModel = async (url, { width, height, morphs, yaw }) => {
  const model = (await new GLTFLoader().loadAsync(url)).scene;
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x808080);
  scene.add(model);
  scene.updateMatrixWorld(true);
  const whole = new THREE.Box3().setFromObject(model, true);
  const face = new THREE.Box3();
  model.traverse((o) => { if (o.isMesh && o.morphTargetDictionary && Object.keys(o.morphTargetDictionary).length) face.expandByObject(o, true); });
  const target = (face.isEmpty() ? whole : face).getCenter(new THREE.Vector3());
  const turn = THREE.MathUtils.degToRad(yaw);
  const back = new THREE.Vector3(Math.sin(turn), 0, Math.cos(turn));
  const right = new THREE.Vector3(Math.cos(turn), 0, -Math.sin(turn));
  const up = new THREE.Vector3(0, 1, 0);
  const tanV = Math.tan(THREE.MathUtils.degToRad(FOV / 2));
  const tanH = tanV * width / height;
  // Distance from the target at which every corner of the model's box is inside the view, plus a margin.
  let distance = 0;
  for (let c = 0; c < 8; c++) {
    const corner = new THREE.Vector3(c & 1 ? whole.max.x : whole.min.x, c & 2 ? whole.max.y : whole.min.y, c & 4 ? whole.max.z : whole.min.z).sub(target);
    const depth = -corner.dot(back);
    distance = Math.max(distance, Math.abs(corner.dot(right)) / tanH - depth, Math.abs(corner.dot(up)) / tanV - depth);
  }
  distance *= 1.1;
  const camera = new THREE.PerspectiveCamera(FOV, width / height, distance / 100, distance * 10 + whole.getSize(new THREE.Vector3()).length());
  camera.position.copy(target).addScaledVector(back, distance);
  camera.lookAt(target);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x606060, 1.5));
  const key = new THREE.DirectionalLight(0xffffff, 2);
  key.position.copy(camera.position).addScaledVector(up, distance * 0.5).addScaledVector(right, distance * 0.3);
  key.target.position.copy(target);
  scene.add(key, key.target);
  model.traverse((o) => {
    if (!o.morphTargetDictionary) return;
    for (const [name, weight] of Object.entries(morphs)) {
      const index = o.morphTargetDictionary[name];
      if (index !== undefined) o.morphTargetInfluences[index] = weight;
    }
  });
  renderer.setSize(width, height, false);
  renderer.render(scene, camera);
  const png = renderer.domElement.toDataURL('image/png');
  model.traverse((o) => {
    o.geometry?.dispose();
    for (const m of [o.material ?? []].flat()) {
      for (const value of Object.values(m)) if (value?.isTexture) value.dispose();
      m.dispose();
    }
  });
  return png;
};`);

/**
 * A page with three.js and its GLTFLoader (served by servePage), a WebGL renderer that keeps its
 * drawing buffer (for toDataURL) on the page, and `script`, a module's body that sets its functions
 * on window; `window.ready` is set after it.
 */
export function threePage(script: string): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>body{margin:0}</style>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/addons/"}}</script>
</head><body><script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
document.body.appendChild(renderer.domElement);
${script}
window.ready = true;
</script></body></html>`;
}

/** One PNG of a GLB as three.js shows it; starts and stops a browser. Use withBrowser for several. */
export async function renderGlb(glb: Uint8Array, options: ViewOptions = {}): Promise<Uint8Array> {
  return withBrowser((render) => render(glb, options));
}

/** Runs fn with a renderer that shares one browser and page; renders run one at a time. */
export async function withBrowser<T>(fn: (render: typeof renderGlb) => Promise<T>): Promise<T> {
  if (!chromiumAvailable()) throw new Error(`${CHROMIUM} is not installed: cannot render GLB files in a browser`);
  const models = new Map<string, Uint8Array>();
  const server = await servePage(PAGE, models);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await page.goto(`${base}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready, undefined, { timeout: 15_000 })
      .catch((e: Error) => { throw new Error(`three.js page did not start: ${errors.join('; ') || e.message}`); });
    let queue: Promise<unknown> = Promise.resolve();
    let next = 0;
    const render = (glb: Uint8Array, options: ViewOptions = {}): Promise<Uint8Array> => {
      const id = `/model/${next++}.glb`;
      const done = queue.then(() => renderOnPage(page, base + id, { ...VIEW_DEFAULTS, ...options }, errors, () => models.set(id, glb)))
        .finally(() => models.delete(id));
      queue = done.catch(() => undefined);
      return done;
    };
    return await fn(render);
  } finally {
    await browser?.close();
    await new Promise((resolve) => server.close(resolve));
  }
}

async function renderOnPage(page: Page, url: string, options: Required<ViewOptions>, errors: string[], publish: () => void): Promise<Uint8Array> {
  publish();
  errors.length = 0;
  type RenderModel = (url: string, options: Required<ViewOptions>) => Promise<string>;
  const dataUrl = await page.evaluate(
    ({ url, options }) => (window as unknown as { renderModel: RenderModel }).renderModel(url, options),
    { url, options },
  ).catch((e: Error) => { throw new Error(`render of ${url} failed: ${[e.message, ...errors].join('; ')}`); });
  return new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
}

const TYPES: Record<string, string> = { js: 'text/javascript', html: 'text/html', glb: 'model/gltf-binary' };

/** The page, three.js's build and addons (nothing else from disk), and the models being rendered, on a free localhost port. */
export function servePage(page: string, models: Map<string, Uint8Array>): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const send = (body: string | Uint8Array, type: string): void => {
      response.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    };
    if (path === '/') return send(page, TYPES.html);
    const model = models.get(path);
    if (model) return send(model, TYPES.glb);
    for (const [prefix, dir] of Object.entries(STATIC)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(dir, path.slice(prefix.length)));
      if (file.startsWith(dir + sep) && existsSync(file)) return send(readFileSync(file), TYPES[file.split('.').pop()!] ?? 'application/octet-stream');
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

async function main(args: string[]): Promise<void> {
  const [input, output] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!input || !output) {
    console.error('usage: node dist/bench/browserView.js in.glb out.png [--morph name=weight]... [--yaw degrees] [--width px] [--height px]');
    process.exitCode = 2;
    return;
  }
  const options: ViewOptions = { morphs: {} };
  for (let i = 0; i < args.length; i++) {
    const value = args[i + 1];
    if (args[i] === '--morph') {
      const [name, weight] = value.split('=');
      options.morphs![name] = Number(weight ?? 1);
    } else if (args[i] === '--yaw') options.yaw = Number(value);
    else if (args[i] === '--width') options.width = Number(value);
    else if (args[i] === '--height') options.height = Number(value);
  }
  if (!chromiumAvailable()) {
    console.log(`${CHROMIUM} is not installed: browser view skipped`);
    return;
  }
  const start = performance.now();
  writeFileSync(output, await renderGlb(new Uint8Array(readFileSync(input)), options));
  console.log(`${output} written in ${Math.round(performance.now() - start)} ms`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main(process.argv.slice(2));
