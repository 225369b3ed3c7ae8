import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { createFaceAnalyzer, hairRegion } from '../src/analysis/index.js';
import { headTemplate, warmUpHeadGeometry } from '../src/assets/index.js';
import { hairCurtain, haircutShell, haircutTexture, hairTexture, hairVolume } from '../src/assets/haircuts/index.js';
import { blendshapeSet, fitHead } from '../src/geometry/index.js';
import { bakeTexture, decodeRgb, faceOutline } from '../src/texture/index.js';
import { type Figure, median, printFigures } from './figure.js';

const ROUNDS = 7;
const PHOTO = 'test/fixtures/photos/astronaut.png';
/** A long-haired photo, for the curtain (the astronaut's short hair has none). */
const LONG_HAIR = 'bench/fixtures/faces/facedetect-4.png';

/**
 * The generated haircut of a head_2.0 bust/mobile avatar from a real photo, step by step, after
 * the head is fitted and baked (those have their own benchmarks): the hair region, the volume, the
 * shell, the hair painted at 4096×2048, and the RGBA texture at 2048×1024. Median of ROUNDS after
 * one warm-up.
 */
export async function run(): Promise<Figure[]> {
  const analyzer = await createFaceAnalyzer();
  await warmUpHeadGeometry();
  const bytes = await readFile(PHOTO);
  const analysis = await analyzer.analyze(bytes);
  const longBytes = await readFile(LONG_HAIR);
  const longAnalysis = await analyzer.analyze(longBytes);
  await analyzer.close();
  const photo = await decodeRgb(bytes);
  const fitted = fitHead(headTemplate('head_2.0 bust/mobile'), analysis);
  const baked = bakeTexture({ mesh: fitted.mesh, projection: fitted.projection, photo, skin: analysis.colors.skin, masks: analysis.segmentation, faceOutline: faceOutline(analysis.face) });
  const times: Record<string, number[]> = { region: [], volume: [], shell: [], curtain: [], paint: [], rgba: [], total: [], blendshapes: [], both: [] };
  const mobile51 = blendshapeSet('mobile_51');
  let faces = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    const t0 = performance.now();
    const region = hairRegion(photo, analysis);
    const t1 = performance.now();
    const volume = hairVolume(fitted, analysis, region);
    const t2 = performance.now();
    const shell = haircutShell(volume);
    const t2b = performance.now();
    hairCurtain({ hair: volume.mesh, coverage: volume.coverage, head: fitted.mesh, camera: fitted.camera, mask: region, width: analysis.width, height: analysis.height, photo, color: analysis.colors.hair });
    const t3 = performance.now();
    const painted = hairTexture({ texture: baked.texture, mesh: volume.mesh, coverage: volume.coverage, projection: volume.projection, photo, hair: region, color: analysis.colors.hair, skin: baked.tone });
    const t4 = performance.now();
    await haircutTexture(painted.texture, painted.mask, 2048, 1024);
    const t5 = performance.now();
    mobile51.deltas(fitted);
    const t6 = performance.now();
    faces = shell.indices.length / 3;
    if (round === 0) continue;
    times.region.push(t1 - t0);
    times.volume.push(t2 - t1);
    times.shell.push(t2b - t2);
    times.curtain.push(t3 - t2b);
    times.paint.push(t4 - t3);
    times.rgba.push(t5 - t4);
    times.total.push(t5 - t0);
    times.blendshapes.push(t6 - t5);
    times.both.push(t6 - t0);
  }
  const longPhoto = await decodeRgb(longBytes);
  const longFitted = fitHead(headTemplate('head_2.0 bust/mobile'), longAnalysis);
  const longRegion = hairRegion(longPhoto, longAnalysis);
  const longVolume = hairVolume(longFitted, longAnalysis, longRegion);
  const curtainTimes: number[] = [];
  let curtainFaces = 0;
  for (let round = 0; round <= ROUNDS; round++) {
    const t0 = performance.now();
    const curtain = hairCurtain({
      hair: longVolume.mesh, coverage: longVolume.coverage, head: longFitted.mesh, camera: longFitted.camera, mask: longRegion,
      width: longAnalysis.width, height: longAnalysis.height, photo: longPhoto, color: longAnalysis.colors.hair,
    });
    if (round > 0) curtainTimes.push(performance.now() - t0);
    curtainFaces = curtain ? curtain.indices.length / 3 : 0;
  }
  return [
    { name: `generated haircut of ${PHOTO.split('/').pop()} (head_2.0 bust/mobile)`, value: faces, unit: 'faces' },
    { name: '  hair region from the photo (median)', value: median(times.region), unit: 'ms' },
    { name: '  hair volume on the fitted head (median)', value: median(times.volume), unit: 'ms' },
    { name: '  haircut shell (median)', value: median(times.shell), unit: 'ms' },
    { name: '  curtain (none: short hair) (median)', value: median(times.curtain), unit: 'ms' },
    { name: '  hair painted at 4096x2048 (median)', value: median(times.paint), unit: 'ms' },
    { name: '  RGBA texture at 2048x1024 (median)', value: median(times.rgba), unit: 'ms' },
    { name: '  total (median)', value: median(times.total), unit: 'ms' },
    { name: `curtain of ${LONG_HAIR.split('/').pop()}'s long hair`, value: curtainFaces, unit: 'faces' },
    { name: '  time (median)', value: median(curtainTimes), unit: 'ms' },
    { name: 'mobile_51: the 51 blendshapes of the fitted head (median)', value: median(times.blendshapes), unit: 'ms' },
    { name: 'generated haircut + 51 blendshapes (median)', value: median(times.both), unit: 'ms', target: '<= 1000 ms' },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) printFigures('Generated haircut', await run());
