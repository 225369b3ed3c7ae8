/**
 * `avatar.colors` (skin, lips, eyebrows) on persona_2.0 exports, rendered from the exported GLB by
 * three.js in Chromium: for each face photo, the face and the whole figure as made, then with a dark
 * skin, a pale skin, and red lips with dark brows. scratch/personas/colors.png.
 *
 *   npx tsc -p . && node dist/bench/quality/personaColorSheets.js
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumAvailable } from '../browserView.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';

const OUT_DIR = join('scratch', 'personas');
const FACES = [
  { photo: join('test', 'fixtures', 'photos', 'astronaut.png'), subtype: 'female' },
  { photo: join('test', 'fixtures', 'photos', 'messi5.jpg'), subtype: 'male' },
];
const LOOKS: { label: string; colors: Record<string, { red: number; green: number; blue: number }> | null }[] = [
  { label: 'as made', colors: null },
  { label: 'skin 95,62,45', colors: { skin: { red: 95, green: 62, blue: 45 } } },
  { label: 'skin 238,208,192', colors: { skin: { red: 238, green: 208, blue: 192 } } },
  { label: 'lips red, brows dark', colors: { lips: { red: 175, green: 30, blue: 60 }, eyebrows: { red: 35, green: 25, blue: 20 } } },
];

export async function run(): Promise<string[]> {
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: colour sheets skipped');
    return [];
  }
  await mkdir(OUT_DIR, { recursive: true });
  const rows: { height: number; panels: Panel[] }[] = [];
  await withLikeness(async (api) => withStage(async ({ add, shoot, bounds }) => {
    for (const face of FACES) {
      const { avatar } = await completedAvatar(api, { pipeline: 'persona_2.0', pipeline_subtype: face.subtype, photo: await readFile(face.photo) });
      const faces: Panel[] = [];
      const bodies: Panel[] = [];
      for (const look of LOOKS) {
        const { files } = await exportedFiles(api, avatar, { format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '2K.jpg' }, ...(look.colors && { avatar: { colors: look.colors } }) });
        const url = `/model/${face.subtype}-${faces.length}.glb`;
        add(url, files['model.glb']);
        const [lo, hi] = await bounds(url, {});
        const H = hi[1] - lo[1];
        faces.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.935, 0.02], distance: 0.55, width: 400, height: 500, floor: false, yaw: 20 }), caption: `${face.subtype}: ${look.label}` });
        bodies.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.5, 0], distance: H * 2.3, width: 300, height: 500, yaw: 0 }), caption: look.label });
      }
      rows.push({ height: 500, panels: faces }, { height: 500, panels: bodies });
    }
  }));
  const file = join(OUT_DIR, 'colors.png');
  await writeFile(file, await contactSheet(rows, 'persona_2.0 avatar.colors: skin, lips and eyebrows recoloured in the exported GLB (LOD1, 2K.jpg), three.js'));
  return [file];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
