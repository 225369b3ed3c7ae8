import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { dirname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import {
  BODY_BLENDS, bodySkeleton, bodySkinWeights, bodyShapeBlendshapes, idleAnimation, meshSkinWeights, sceneJoints, solveBodyShape,
  walkAnimation, type BodyAnimation, type SolvedBody,
} from '../../src/assets/body/index.js';
import { decodeRgb } from '../../src/formats/imageDecode.js';
import { writeGltf } from '../../src/formats/gltf/index.js';
import type { Scene } from '../../src/formats/scene.js';
import { CHROMIUM, chromiumAvailable } from '../browserView.js';
import { contactSheet, type Panel } from './sheet.js';

const OUT_DIR = join('scratch', 'bodyAnim');

/** A skinned GLB of a body with its body_shape morph targets and the idle and walk clips. */
async function animatedGlb(solved: SolvedBody): Promise<{ glb: Uint8Array; walk: BodyAnimation; idle: BodyAnimation }> {
  const body = solved.body;
  const skeleton = bodySkeleton(body.proportions);
  const walk = walkAnimation(skeleton), idle = idleAnimation(skeleton);
  const scene: Scene = {
    name: 'body',
    meshes: [{
      name: 'body',
      mesh: body.mesh,
      material: { name: 'skin', baseColorFactor: [0.78, 0.6, 0.5, 1], metallic: 0, roughness: 0.65, alphaMode: 'opaque', doubleSided: false },
      morphTargets: bodyShapeBlendshapes(solved),
      skin: meshSkinWeights(bodySkinWeights(body, skeleton), body.vertexOf),
    }],
    skeleton: sceneJoints(skeleton),
    animations: [walk, idle],
  };
  const [file] = await writeGltf(scene, { binary: true });
  return { glb: file.data, walk, idle };
}

/** What the page draws: a clip at a time (or the bind pose), morphs, and a fixed camera. */
interface Shot {
  clip?: string;
  time?: number;
  /** Metres the model is moved forward (+z), to show an in-place clip's root motion. */
  advance?: number;
  morphs?: Record<string, number>;
  yaw: number;
  /** Camera target and distance, metres, so the frames of a sheet line up. */
  target: [number, number, number];
  distance: number;
  width: number;
  height: number;
}

/**
 * The page: three.js's GLTFLoader, an AnimationMixer set to the asked time of the asked clip, a
 * floor grid at y = 0 (to see the feet against the floor), a fixed camera.
 */
const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><style>body{margin:0}</style>
<script type="importmap">{"imports":{"three":"/three/build/three.module.js","three/addons/":"/three/addons/"}}</script>
</head><body><script type="module">
import * as THREE from 'three';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
const renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(1);
document.body.appendChild(renderer.domElement);
const cache = new Map();
window.renderShot = async (url, shot) => {
  if (!cache.has(url)) cache.set(url, await new GLTFLoader().loadAsync(url));
  const gltf = cache.get(url);
  const model = gltf.scene;
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x808080);
  scene.add(model);
  const grid = new THREE.GridHelper(6, 60, 0x303030, 0x5a5a5a);
  scene.add(grid);
  model.position.set(0, 0, shot.advance ?? 0);
  const mixer = new THREE.AnimationMixer(model);
  mixer.stopAllAction();
  if (shot.clip) {
    const clip = gltf.animations.find((a) => a.name === shot.clip);
    const action = mixer.clipAction(clip);
    action.play();
    mixer.setTime(shot.time ?? 0);
  }
  model.traverse((o) => {
    if (!o.morphTargetDictionary) return;
    o.morphTargetInfluences.fill(0);
    for (const [name, weight] of Object.entries(shot.morphs ?? {})) {
      const index = o.morphTargetDictionary[name];
      if (index !== undefined) o.morphTargetInfluences[index] = weight;
    }
  });
  scene.updateMatrixWorld(true);
  const turn = THREE.MathUtils.degToRad(shot.yaw);
  const back = new THREE.Vector3(Math.sin(turn), 0, Math.cos(turn));
  const target = new THREE.Vector3(...shot.target);
  const camera = new THREE.PerspectiveCamera(30, shot.width / shot.height, 0.05, 50);
  camera.position.copy(target).addScaledVector(back, shot.distance);
  camera.lookAt(target);
  scene.add(new THREE.HemisphereLight(0xffffff, 0x606060, 1.5));
  const key = new THREE.DirectionalLight(0xffffff, 2);
  key.position.copy(camera.position).add(new THREE.Vector3(0, shot.distance * 0.5, 0));
  scene.add(key);
  renderer.setSize(shot.width, shot.height, false);
  renderer.render(scene, camera);
  mixer.stopAllAction();
  mixer.uncacheRoot(model);
  scene.remove(model);
  return renderer.domElement.toDataURL('image/png');
};
window.ready = true;
</script></body></html>`;

const THREE_ROOT = join(dirname(createRequire(import.meta.url).resolve('three')), '..');
const STATIC: Record<string, string> = { '/three/build/': join(THREE_ROOT, 'build'), '/three/addons/': join(THREE_ROOT, 'examples', 'jsm') };

function serve(models: Map<string, Uint8Array>): Promise<Server> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const send = (body: string | Uint8Array, type: string): void => void response.writeHead(200, { 'content-type': type }).end(body);
    if (path === '/') return send(PAGE, 'text/html');
    const model = models.get(path);
    if (model) return send(model, 'model/gltf-binary');
    for (const [prefix, dir] of Object.entries(STATIC)) {
      if (!path.startsWith(prefix)) continue;
      const file = normalize(join(dir, path.slice(prefix.length)));
      if (file.startsWith(dir + sep) && existsSync(file)) return send(readFileSync(file), 'text/javascript');
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Contact sheets of the body animations and blendshapes, rendered by three.js (AnimationMixer) in
 * Chromium from the exported GLB: 8 frames of the walk from the side (moved forward at the clip's
 * root speed, so planted feet stay put on the grid) and from the front, 4 of the idle, and every
 * body_shape pair at −1, 0 and +1; for the mean woman and the mean man. Files go to scratch/bodyAnim/.
 *
 *   npx tsc -p . && node dist/bench/quality/bodyAnimationSheets.js
 */
export async function run(): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: body animation sheets skipped');
    return [];
  }
  const written: string[] = [];
  const models = new Map<string, Uint8Array>();
  const server = await serve(models);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await page.goto(`${base}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready, undefined, { timeout: 15_000 });
    const shoot = async (url: string, shot: Shot): Promise<Panel['image']> => {
      const data = await page.evaluate(({ url, shot }) => (window as unknown as { renderShot: (u: string, s: Shot) => Promise<string> }).renderShot(url, shot), { url, shot })
        .catch((e: Error) => { throw new Error(`${e.message} ${errors.join('; ')}`); });
      return decodeRgb(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64'));
    };
    for (const gender of ['female', 'male'] as const) {
      const solved = solveBodyShape({ gender });
      const { glb, walk, idle } = await animatedGlb(solved);
      await writeFile(join(OUT_DIR, `${gender}.glb`), glb);
      const url = `/model/${gender}.glb`;
      models.set(url, glb);
      const H = solved.body.proportions.stature;
      const whole = { target: [0, H * 0.47, 0] as [number, number, number], distance: H * 2.1 };
      console.log(`${gender}: walk ${walk.duration} s, root speed ${walk.rootSpeed.toFixed(2)} m/s; idle ${idle.duration} s; GLB ${(glb.length / 1e6).toFixed(1)} MB`);

      const frames = (clip: BodyAnimation, count: number) => Array.from({ length: count }, (_, i) => (clip.duration * i) / count);
      const side: Panel[] = [], front: Panel[] = [], legs: Panel[] = [];
      for (const time of frames(walk, 8)) {
        // The side view follows the body at the root speed: a planted foot stays on one spot of the grid.
        const advance = walk.rootSpeed * time;
        side.push({ image: await shoot(url, { clip: 'walk', time, advance, yaw: 90, ...whole, target: [0, H * 0.47, advance], width: 300, height: 460 }), caption: `walk ${time.toFixed(2)} s side` });
        front.push({ image: await shoot(url, { clip: 'walk', time, yaw: 20, ...whole, width: 300, height: 460 }), caption: `walk ${time.toFixed(2)} s 3/4 front` });
        legs.push({ image: await shoot(url, { clip: 'walk', time, yaw: 90, target: [0, H * 0.2, 0], distance: H * 1.0, width: 300, height: 300 }), caption: `legs ${time.toFixed(2)} s (in place)` });
      }
      const walkFile = join(OUT_DIR, `${gender}-walk.png`);
      await writeFile(walkFile, await contactSheet([{ height: 460, panels: side }, { height: 460, panels: front }, { height: 300, panels: legs }],
        `${gender} walk: 8 frames of the ${walk.duration} s cycle (side: moved at ${walk.rootSpeed.toFixed(2)} m/s; front 3/4; legs in place)`));
      written.push(walkFile);
      // Four frames large enough to see the knees, feet, hands and the twist of the limbs.
      const large: Panel[] = [];
      for (const [i, time] of frames(walk, 4).entries()) {
        large.push({ image: await shoot(url, { clip: 'walk', time, yaw: [60, 90, 300, 270][i], ...whole, distance: H * 2.15, width: 560, height: 800 }), caption: `walk ${time.toFixed(3)} s, yaw ${[60, 90, 300, 270][i]}` });
      }
      const largeFile = join(OUT_DIR, `${gender}-walk-large.png`);
      await writeFile(largeFile, await contactSheet([{ height: 800, panels: large }], `${gender} walk: the strikes and mid-stances, close`));
      written.push(largeFile);

      const idlePanels: Panel[] = [];
      for (const time of frames(idle, 4)) idlePanels.push({ image: await shoot(url, { clip: 'idle', time, yaw: 0, ...whole, width: 320, height: 460 }), caption: `idle ${time.toFixed(1)} s front` });
      for (const time of frames(idle, 4)) idlePanels.push({ image: await shoot(url, { clip: 'idle', time, yaw: 90, ...whole, width: 320, height: 460 }), caption: `idle ${time.toFixed(1)} s side` });
      const idleFile = join(OUT_DIR, `${gender}-idle.png`);
      await writeFile(idleFile, await contactSheet([{ height: 460, panels: idlePanels.slice(0, 4) }, { height: 460, panels: idlePanels.slice(4) }], `${gender} idle: 4 frames of the ${idle.duration} s loop, front and side`));
      written.push(idleFile);

      for (const [part, blends] of [[1, BODY_BLENDS.slice(0, 4)], [2, BODY_BLENDS.slice(4)]] as const) {
        const rows: { height: number; panels: Panel[] }[] = [];
        for (const blend of blends) {
          const view = {
            Body: whole, Neck: { target: [0, H * 0.8, 0], distance: H * 0.8 }, Shoulders: { target: [0, H * 0.72, 0], distance: H * 1.2 },
            Chest: { target: [0, H * 0.68, 0], distance: H * 1.0 }, Forearms: { target: [0, H * 0.55, 0], distance: H * 1.3 },
            Waist: { target: [0, H * 0.6, 0], distance: H * 1.1 }, Hips: { target: [0, H * 0.5, 0], distance: H * 1.2 }, Legs: { target: [0, H * 0.3, 0], distance: H * 1.4 },
          }[blend] as { target: [number, number, number]; distance: number };
          const panels: Panel[] = [];
          for (const yaw of [0, 90]) {
            for (const [label, morphs] of [['−1', { [`${blend}_decrease`]: 1 }], ['0', {}], ['+1', { [`${blend}_increase`]: 1 }]] as const) {
              panels.push({ image: await shoot(url, { clip: 'idle', time: 0, morphs, yaw, ...view, width: 340, height: 420 }), caption: `${blend} ${label} ${yaw ? 'side' : 'front'}` });
            }
          }
          rows.push({ height: 420, panels });
        }
        const blendFile = join(OUT_DIR, `${gender}-blendshapes-${part}.png`);
        await writeFile(blendFile, await contactSheet(rows, `${gender} body_shape blendshapes at −1 (decrease), 0, +1 (increase), idle pose at 0 s`));
        written.push(blendFile);
      }
    }
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
