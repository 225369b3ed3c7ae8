/**
 * The face demos (`FaceDemo_001` to `FaceDemo_005`) of a persona_2.0 export, as a client gets them:
 * an avatar made and exported over the API (GLB with mobile_51), each demo played by three.js's
 * AnimationMixer in Chromium and shot close up at six times through it, one row per demo, plus
 * the frames one by one. scratch/personas/facedemos/ (or the directory given).
 *
 *   npx tsc -p . && node dist/bench/quality/faceDemoSheets.js [out-dir]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { chromiumAvailable } from '../browserView.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';
import { faceDemo, FACE_DEMO_NAMES } from '../../src/assets/face/index.js';

/** Fractions of each demo's length shot: its start, four moments through it, and near its end. */
const MOMENTS = [0, 0.2, 0.35, 0.5, 0.65, 0.85];

export async function run(outDir = join('scratch', 'personas', 'facedemos')): Promise<string[]> {
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: face demo sheets skipped');
    return [];
  }
  await mkdir(outDir, { recursive: true });
  const rows: { height: number; panels: Panel[] }[] = [];
  await withLikeness(async (api) => withStage(async ({ add, shoot, bounds }) => {
    const photo = await readFile(join('test', 'fixtures', 'photos', 'astronaut.png'));
    const { avatar } = await completedAvatar(api, { pipeline: 'persona_2.0', pipeline_subtype: 'female', photo });
    const { files } = await exportedFiles(api, avatar, { format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '2K.jpg' }, blendshapes: { list: ['mobile_51'] } });
    const url = '/model/face.glb';
    add(url, files['model.glb']);
    await writeFile(join(outDir, 'face.glb'), files['model.glb']);
    const [lo, hi] = await bounds(url, {});
    const H = hi[1] - lo[1];
    const shot = { target: [0, lo[1] + H * 0.935, 0.02] as [number, number, number], distance: 0.5, width: 360, height: 420, floor: false };
    for (const name of FACE_DEMO_NAMES) {
      const { duration } = faceDemo(name);
      const panels: Panel[] = [];
      for (const m of MOMENTS) {
        const time = m * duration;
        const image = await shoot(url, { ...shot, yaw: name === 'FaceDemo_004' ? 0 : 20, clip: name, time });
        panels.push({ image, caption: `${name} ${time.toFixed(2)} s` });
        const file = join(outDir, `${name}_${time.toFixed(2)}s.png`);
        await writeFile(file, await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } }).png().toBuffer());
      }
      rows.push({ height: 420, panels });
    }
  }));
  const file = join(outDir, 'facedemos.png');
  await writeFile(file, await contactSheet(rows, 'persona_2.0 face demos (GLB with mobile_51, LOD1) played by three.js: six moments of each'));
  return [file];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run(process.argv[2])).join('\n'));
