import { pathToFileURL } from 'node:url';
import { render, uvSphere, viewCamera, type Image, type Scene } from '../src/render/index.js';
import { type Figure, median, printFigures } from './figure.js';

const WARM_UP = 5;
const ROUNDS = 20;

/**
 * The software renderer on an avatar-sized job: a ~30k-triangle UV sphere with a 1024 × 1024 texture,
 * three-quarter view, default lights, 2× supersampling, opaque background. Reports the median time of a
 * render after warm-up at 512 × 512 (the preview size) and at 1024 × 1024, wall clock and CPU.
 */
export async function run(): Promise<Figure[]> {
  const mesh = uvSphere({ radius: 0.1, rings: 100, segments: 150 });
  const scene: Scene = { meshes: [{ mesh, material: { texture: noiseTexture(1024) } }] };
  const camera = viewCamera(scene, { view: 'three-quarter' });
  const time = (size: number): { wall: number[]; cpu: number[] } => {
    const options = { width: size, height: size, background: [0.5, 0.5, 0.5, 1] as const };
    for (let i = 0; i < WARM_UP; i++) render(scene, camera, options);
    const wall: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const start = performance.now();
      const usage = process.cpuUsage();
      render(scene, camera, options);
      const used = process.cpuUsage(usage);
      wall.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
    }
    return { wall, cpu };
  };
  const preview = time(512);
  const large = time(1024);
  return [
    { name: `render 512x512, ${mesh.indices.length / 3} triangles, textured, 2x AA (median)`, value: median(preview.wall), unit: 'ms', target: '< 100 ms' },
    { name: '  fastest of the rounds', value: Math.min(...preview.wall), unit: 'ms' },
    // CPU time moves less than wall time when other processes share the two cores.
    { name: '  CPU time (median)', value: median(preview.cpu), unit: 'ms' },
    { name: 'render 1024x1024, same scene (median)', value: median(large.wall), unit: 'ms' },
    { name: '  CPU time (median)', value: median(large.cpu), unit: 'ms' },
  ];
}

/** A texture of smooth colour gradients with per-texel noise, so that every texel read matters. */
function noiseTexture(size: number): Image {
  const data = new Uint8Array(size * size * 3);
  let seed = 1;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const o = (y * size + x) * 3;
      data[o] = (x * 200) / size + (seed >>> 27);
      data[o + 1] = (y * 200) / size + ((seed >>> 22) & 31);
      data[o + 2] = 128 + ((seed >>> 17) & 63);
    }
  }
  return { width: size, height: size, channels: 3, data };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Software renderer', await run());
}
