/**
 * `avatar.makeup` on persona_2.0 exports, rendered from the exported GLB by three.js in Chromium:
 * the face as made, with the default makeup (every layer at its own colour), and with a bolder look,
 * each close up, straight on and turned. scratch/personas/overlays.png.
 *
 *   npx tsc -p . && node dist/bench/quality/overlaySheets.js
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumAvailable } from '../browserView.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';

const OUT_DIR = join('scratch', 'personas');
const FACE = { photo: join('test', 'fixtures', 'photos', 'astronaut.png'), subtype: 'female' };
const LOOKS: { label: string; makeup: Record<string, unknown>[] }[] = [
  { label: 'as made', makeup: [] },
  { label: 'every layer, defaults', makeup: [{ name: 'lipstick' }, { name: 'eyeshadow' }, { name: 'eyeliner' }, { name: 'blush' }] },
  {
    label: 'bold: plum lips, blue shadow',
    makeup: [
      { name: 'lipstick', color: { red: 120, green: 20, blue: 60 }, opacity: 0.9 },
      { name: 'eyeshadow', color: { red: 60, green: 90, blue: 160 }, opacity: 0.7 },
      { name: 'eyeliner', opacity: 1 },
      { name: 'blush', color: { red: 230, green: 90, blue: 110 }, opacity: 0.5 },
    ],
  },
];

export async function run(): Promise<string[]> {
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: overlay sheets skipped');
    return [];
  }
  await mkdir(OUT_DIR, { recursive: true });
  const rows: { height: number; panels: Panel[] }[] = [];
  await withLikeness(async (api) => withStage(async ({ add, shoot, bounds }) => {
    const { avatar } = await completedAvatar(api, { pipeline: 'persona_2.0', pipeline_subtype: FACE.subtype, photo: await readFile(FACE.photo) });
    const straight: Panel[] = [];
    const turned: Panel[] = [];
    for (const look of LOOKS) {
      const { files } = await exportedFiles(api, avatar, { format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '2K.jpg' }, avatar: { makeup: look.makeup } });
      const url = `/model/overlay-${straight.length}.glb`;
      add(url, files['model.glb']);
      const [lo, hi] = await bounds(url, {});
      const H = hi[1] - lo[1];
      straight.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.935, 0.02], distance: 0.45, width: 400, height: 500, floor: false, yaw: 0 }), caption: look.label });
      turned.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.935, 0.02], distance: 0.5, width: 400, height: 500, floor: false, yaw: 35 }), caption: `${look.label}, turned` });
    }
    rows.push({ height: 500, panels: straight }, { height: 500, panels: turned });
  }));
  const file = join(OUT_DIR, 'overlays.png');
  await writeFile(file, await contactSheet(rows, 'persona_2.0 avatar.makeup painted on the exported GLB\'s AvatarHead Color (LOD1, 2K.jpg), three.js'));
  return [file];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
