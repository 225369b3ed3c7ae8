import { uvSphere } from '../src/core/uvSphere.js';
import { mirrorVertices } from '../src/geometry/mirrorVertices.js';
import { pathToFileURL } from 'node:url';
import type { Mask, Rgb } from '../src/analysis/types.js';
import type { Mesh } from '../src/core/mesh.js';
import {
  bakeTexture, encodeJpeg, encodePng, evenLighting, projectOrthographic, recolorRegion, resizeTexture, type Image,
} from '../src/texture/index.js';
import { type Figure, median, printFigures } from './figure.js';
import { orientedShadingIn } from '../src/texture/bake/orientedShading.js';

const ROUNDS = 7;
const SKIN: Rgb = { red: 205, green: 160, blue: 140 };

/**
 * RgbImage baking as the pipeline runs it: a ~30 000-triangle head-sized mesh (a UV sphere: 128 × 120
 * quads, the whole texture used, its front half facing the camera) baked at 4096×2048 from a
 * 1024×1024 photo with person and hair masks and a face outline, ROUNDS times after one warm-up;
 * then the encoders and the edits on the result.
 */
export async function run(): Promise<Figure[]> {
  const mesh = uvSphere({ radius: 0.1, rings: 120, segments: 128 });
  const { photo, person, hair } = scene(1024);
  const projection = projectOrthographic(mesh, { scale: 4000, centerX: 512, centerY: 540 });
  const outline: number[] = [];
  for (let a = 0; a < 2 * Math.PI; a += Math.PI / 18) outline.push(512 + 300 * Math.sin(a), 540 + 380 * Math.cos(a));
  const input = { mesh, projection, photo, skin: SKIN, masks: { person, hair }, faceOutline: outline };

  bakeTexture(input);
  const bake: number[] = [];
  const bakeCpu: number[] = [];
  const even: number[] = [];
  let baked = bakeTexture(input);
  for (let round = 0; round < ROUNDS; round++) {
    const cpu = process.cpuUsage();
    let start = performance.now();
    baked = bakeTexture(input);
    bake.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    bakeCpu.push((used.user + used.system) / 1000);
    start = performance.now();
    bakeTexture(input, { evenLighting: 1 });
    even.push(performance.now() - start);
  }
  // As the head pipelines bake: completed from the mirror image (the sphere is symmetric in x).
  const mirrored = { ...input, mirror: mirrorVertices(mesh.positions) };
  bakeTexture(mirrored);
  const symmetric: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    bakeTexture(mirrored);
    symmetric.push(performance.now() - start);
  }
  const half: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    bakeTexture(input, { width: 2048, height: 1024 });
    half.push(performance.now() - start);
  }
  const time = async (f: () => unknown): Promise<number> => {
    const times: number[] = [];
    for (let round = 0; round < 3; round++) {
      const start = performance.now();
      await f();
      times.push(performance.now() - start);
    }
    return median(times);
  };
  const lips: Mask = { width: 4096, height: 2048, channels: 1, data: new Uint8Array(4096 * 2048) };
  for (let y = 1100; y < 1200; y++) lips.data.fill(255, y * 4096 + 1850, y * 4096 + 2250);
  return [
    { name: `bake 4096×2048, ${mesh.indices.length / 3} triangles, 1024² photo (median)`, value: median(bake), unit: 'ms', target: '< 1000 ms' },
    { name: '  fastest round', value: Math.min(...bake), unit: 'ms' },
    // On a shared VM the host may steal the CPU for long stretches: CPU time is what the bake costs.
    { name: '  CPU time (median; host steal excluded)', value: median(bakeCpu), unit: 'ms' },
    { name: '  with evenLighting (enhance_lighting) (median)', value: median(even), unit: 'ms' },
    { name: '  with completion by symmetry (median; the head pipelines\' bake)', value: median(symmetric), unit: 'ms' },
    { name: 'bake 2048×1024 (median)', value: median(half), unit: 'ms' },
    { name: 'encode texture JPEG q90 4096×2048', value: await time(() => encodeJpeg(baked.texture, 90)), unit: 'ms' },
    { name: 'encode confidence PNG 4096×2048', value: await time(() => encodePng(baked.confidence)), unit: 'ms' },
    { name: 'evenLighting on a finished 4096×2048 texture', value: await time(() => evenLighting(baked.texture, baked.skin)), unit: 'ms' },
    {
      name: '  its first step, orientedShadingIn (the light fitted over the normals)',
      value: await time(() => orientedShadingIn(baked.texture.data.slice(), baked.skin.data, 4096, 2048, { x0: 0, y0: 0, x1: 4095, y1: 2047 }, mesh)),
      unit: 'ms',
    },
    { name: 'recolorRegion 4096×2048', value: await time(() => recolorRegion(baked.texture, lips, { red: 190, green: 60, blue: 80 })), unit: 'ms' },
    { name: 'resizeTexture 4096×2048 → 1024×512', value: await time(() => resizeTexture(baked.texture, 1024, 512)), unit: 'ms' },
  ];
}


/** A photo with a textured face-sized disc on a background, hair over its top, and the masks. */
function scene(size: number): { photo: Image; person: Mask; hair: Mask } {
  const data = new Uint8Array(size * size * 3);
  const person = new Uint8Array(size * size), hair = new Uint8Array(size * size);
  const cx = size / 2, cy = size * 0.53, r = size * 0.38;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const k = y * size + x, dx = x + 0.5 - cx, dy = y + 0.5 - cy;
      const inside = dx * dx + dy * dy < r * r;
      const isHair = inside && dy < -0.6 * r;
      const noise = ((x * 7919 + y * 104729) % 23) - 11;
      const rgb = !inside ? [90, 120, 160] : isHair ? [70, 50, 40] : [SKIN.red + noise, SKIN.green + noise, SKIN.blue + noise];
      data.set(rgb, k * 3);
      person[k] = inside ? 255 : 0;
      hair[k] = isHair ? 255 : 0;
    }
  }
  return {
    photo: { width: size, height: size, channels: 3, data },
    person: { width: size, height: size, channels: 1, data: person },
    hair: { width: size, height: size, channels: 1, data: hair },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('RgbImage', await run());
}
