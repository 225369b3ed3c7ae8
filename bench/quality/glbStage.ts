import type { AddressInfo } from 'node:net';
import { chromium } from 'playwright-core';
import { decodeRgb } from '../../src/formats/imageDecode.js';
import type { RgbImage } from '../../src/core/image.js';
import { CHROMIUM, LAUNCH_ARGS, servePage, threePage } from '../browserView.js';

/** A bone's rotation in its bind frame (the exported joints have none), applied over the clip's. */
export interface ShotRotation {
  axis: [number, number, number];
  degrees: number;
}

/** What the page draws: a clip at a time (or the bind pose), morphs, and a fixed camera. */
export interface Shot {
  clip?: string;
  time?: number;
  /** Metres the model is moved forward (+z), to show an in-place clip's root motion. */
  advance?: number;
  morphs?: Record<string, number>;
  /** Bone name → rotation, after the clip: a still pose of the exported skeleton. */
  pose?: Record<string, ShotRotation>;
  yaw: number;
  /** The camera's height over the target, degrees above level (default 0): a watch face on a T-posed wrist is seen from above. */
  pitch?: number;
  /** Camera target and distance, metres, so the frames of a sheet line up. */
  target: [number, number, number];
  distance: number;
  width: number;
  height: number;
  /** Draw the floor grid (default true); off for renders measured as photos. */
  floor?: boolean;
  /** Light the model by a room too, as engines' image-based lighting does: what metals reflect (default off). */
  environment?: boolean;
}

/**
 * The page: three.js's GLTFLoader, an AnimationMixer set to the asked time of the asked clip, a
 * floor grid at y = 0 (to see the feet against the floor), a fixed camera.
 */
const PAGE = threePage(`const cache = new Map();
// The model at the shot's clip time, morphs and pose; every bone first back at its loaded (bind) rotation.
async function posed(url, shot) {
  if (!cache.has(url)) {
    const loaded = await new GLTFLoader().loadAsync(url);
    loaded.scene.traverse((o) => { o.userData.rest = o.quaternion.clone(); });
    cache.set(url, { gltf: loaded, mixer: new THREE.AnimationMixer(loaded.scene) });
  }
  const { gltf, mixer } = cache.get(url);
  const model = gltf.scene;
  mixer.stopAllAction();
  model.traverse((o) => { if (o.userData.rest) o.quaternion.copy(o.userData.rest); });
  model.position.set(0, 0, shot.advance ?? 0);
  // Morphs back at rest before the clip, which may drive them (the face demos); the shot's own go on top.
  model.traverse((o) => { if (o.morphTargetInfluences) o.morphTargetInfluences.fill(0); });
  if (shot.clip) {
    const clip = gltf.animations.find((a) => a.name === shot.clip);
    if (!clip) throw new Error('no clip ' + shot.clip);
    mixer.clipAction(clip).play();
    mixer.setTime(shot.time ?? 0);
  }
  model.traverse((o) => {
    if (!o.morphTargetDictionary) return;
    for (const [name, weight] of Object.entries(shot.morphs ?? {})) {
      const index = o.morphTargetDictionary[name];
      if (index !== undefined) o.morphTargetInfluences[index] = weight;
    }
  });
  for (const [name, r] of Object.entries(shot.pose ?? {})) {
    const bone = model.getObjectByName(name);
    if (!bone) throw new Error('no bone ' + name);
    bone.quaternion.multiply(new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(...r.axis).normalize(), THREE.MathUtils.degToRad(r.degrees)));
  }
  model.updateMatrixWorld(true);
  return model;
}
let room;
window.renderShot = async (url, shot) => {
  const model = await posed(url, shot);
  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x808080);
  scene.add(model);
  if (shot.floor !== false) scene.add(new THREE.GridHelper(6, 60, 0x303030, 0x5a5a5a));
  if (shot.environment) {
    const { RoomEnvironment } = await import('three/addons/environments/RoomEnvironment.js');
    room ??= new THREE.PMREMGenerator(renderer).fromScene(new RoomEnvironment(), 0.04).texture;
    scene.environment = room;
  }
  scene.updateMatrixWorld(true);
  const turn = THREE.MathUtils.degToRad(shot.yaw);
  const rise = THREE.MathUtils.degToRad(shot.pitch ?? 0);
  const back = new THREE.Vector3(Math.sin(turn) * Math.cos(rise), Math.sin(rise), Math.cos(turn) * Math.cos(rise));
  const target = new THREE.Vector3(...shot.target);
  const camera = new THREE.PerspectiveCamera(30, shot.width / shot.height, 0.05, 50);
  camera.position.copy(target).addScaledVector(back, shot.distance);
  camera.lookAt(target);
  // With the room's light the lamps are dimmed, so the total stays about the same.
  scene.add(new THREE.HemisphereLight(0xffffff, 0x606060, shot.environment ? 0.5 : 1.5));
  const key = new THREE.DirectionalLight(0xffffff, shot.environment ? 1.2 : 2);
  key.position.copy(camera.position).add(new THREE.Vector3(0, shot.distance * 0.5, 0));
  scene.add(key);
  renderer.setSize(shot.width, shot.height, false);
  renderer.render(scene, camera);
  scene.remove(model);
  return renderer.domElement.toDataURL('image/png');
};
// The posed model's bounds in metres, skinning and morphs applied (Box3's precise mode).
window.modelBounds = async (url, shot, node) => {
  const model = await posed(url, shot);
  const part = node ? model.getObjectByName(node) : model;
  if (!part) throw new Error('no node ' + node);
  const box = new THREE.Box3().setFromObject(part, true);
  return [box.min.toArray(), box.max.toArray()];
};
`);

/** The stage: GLBs by URL, and a shot of one of them as an RGB image. */
export interface Stage {
  add(url: string, glb: Uint8Array): void;
  shoot(url: string, shot: Shot): Promise<RgbImage>;
  /** The model's bounds in that shot's pose, or one node's of it: min and max corners, metres. */
  bounds(url: string, shot: Partial<Shot>, node?: string): Promise<[number[], number[]]>;
}

/**
 * three.js in Debian's Chromium, on a throw-away localhost server: `fn` adds GLBs and shoots them
 * (a clip at a time, morphs, a pose, a camera); the browser and server close after it.
 */
export async function withStage<T>(fn: (stage: Stage) => Promise<T>): Promise<T> {
  const models = new Map<string, Uint8Array>();
  const server = await servePage(PAGE, models);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: LAUNCH_ARGS });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await page.goto(`${base}/`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready, undefined, { timeout: 15_000 });
    return await fn({
      add: (url, glb) => void models.set(url, glb),
      async shoot(url, shot) {
        const data = await page.evaluate(({ url, shot }) => (window as unknown as { renderShot: (u: string, s: Shot) => Promise<string> }).renderShot(url, shot), { url, shot })
          .catch((e: Error) => { throw new Error(`${e.message} ${errors.join('; ')}`); });
        return decodeRgb(Buffer.from(data.slice(data.indexOf(',') + 1), 'base64'));
      },
      bounds: (url, shot, node) => page.evaluate(({ url, shot, node }) =>
        (window as unknown as { modelBounds: (u: string, s: Partial<Shot>, n?: string) => Promise<[number[], number[]]> }).modelBounds(url, shot, node), { url, shot, node }),
    });
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
