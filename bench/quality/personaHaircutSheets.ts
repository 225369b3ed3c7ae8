/**
 * The persona haircut set on persona_2.0 avatars made and exported over the API, rendered from the
 * exported GLB by three.js in Chromium: every haircut of the set on a woman and a man, from the
 * front (3/4) and the back, with its Normal and GltfMetallicRoughness maps, some recoloured.
 * scratch/personas/persona-haircuts.png.
 *
 *   npx tsc -p . && node dist/bench/quality/personaHaircutSheets.js
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumAvailable } from '../browserView.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';
import { haircutSet } from '../../src/library/haircuts/haircutLibrary.js';

const OUT_DIR = join('scratch', 'personas');
const FACES = [
  { photo: join('test', 'fixtures', 'photos', 'astronaut.png'), subtype: 'female', gender: 'female' },
  { photo: join('test', 'fixtures', 'photos', 'messi5.jpg'), subtype: 'male', gender: 'male' },
];
/** Colours some haircuts are recoloured to, so the sheet shows `haircuts.color` too. */
const COLORS = [null, { red: 40, green: 28, blue: 20 }, { red: 200, green: 160, blue: 100 }, { red: 120, green: 50, blue: 30 }];

export async function run(): Promise<string[]> {
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: persona haircut sheets skipped');
    return [];
  }
  await mkdir(OUT_DIR, { recursive: true });
  const panels: Panel[] = [];
  await withLikeness(async (api) => withStage(async ({ add, shoot, bounds }) => {
    const avatars = [];
    for (const face of FACES) avatars.push({ ...face, avatar: (await completedAvatar(api, { pipeline: 'persona_2.0', pipeline_subtype: face.subtype, photo: await readFile(face.photo) })).avatar });
    let k = 0;
    for (const haircut of haircutSet('persona')) {
      // Each haircut on the avatar of its gender (unisex ones alternate).
      const { avatar, gender } = avatars[haircut.gender === 'male' || (haircut.gender === 'unisex' && k % 2) ? 1 : 0];
      const color = COLORS[k++ % COLORS.length];
      const { files } = await exportedFiles(api, avatar, {
        format: 'glb', lod: 'LOD2', textures: { embed: true, profile: '1K.png', list: ['Normal', 'GltfMetallicRoughness'] },
        haircuts: { list: [haircut.identity], ...(color && { color }) },
      });
      const url = `/model/${haircut.identity}.glb`;
      add(url, files['model.glb']);
      const [lo, hi] = await bounds(url, {});
      const shot = { target: [0, lo[1] + (hi[1] - lo[1]) * 0.9, 0] as [number, number, number], distance: 1.05, width: 240, height: 300, floor: false };
      const label = `${haircut.identity} (${haircut.gender}${color ? ', recoloured' : ''}) on ${gender}`;
      panels.push({ image: await shoot(url, { ...shot, yaw: 30 }), caption: label });
      panels.push({ image: await shoot(url, { ...shot, yaw: 160 }), caption: 'back' });
    }
  }));
  const file = join(OUT_DIR, 'persona-haircuts.png');
  const perRow = 8;
  await writeFile(file, await contactSheet(
    Array.from({ length: Math.ceil(panels.length / perRow) }, (_, r) => ({ height: 300, panels: panels.slice(r * perRow, (r + 1) * perRow) })),
    'The persona haircut set on persona_2.0 GLB exports (LOD2, 1K.png, Normal and GltfMetallicRoughness), three.js: 3/4 front and back',
  ));
  return [file];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
