/**
 * persona_2.0's accessories on avatars made and exported over the API, rendered from the exported
 * GLB by three.js in Chromium: every pair of glasses, hat, pair of earrings and necklace on a woman
 * and a man (LOD1, 1K.png with Normal and GltfMetallicRoughness), from the front, at 3/4 and from
 * the side (necklaces: front and 3/4, framed lower; watches, bracelets and rings: close on the
 * T-posed arm, from above, the front and below). scratch/personas/accessories-<slot>.png.
 *
 *   npx tsc -p . && node dist/bench/quality/accessorySheets.js [glasses|hats|earrings|necklaces|watches|bracelets|rings]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumAvailable } from '../browserView.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';
import { accessorySet, ACCESSORY_SLOTS, HAND_SLOTS, type AccessorySlot } from '../../src/library/accessories/accessoryLibrary.js';

const OUT_DIR = join('scratch', 'personas');
const FACES = [
  { photo: join('test', 'fixtures', 'photos', 'astronaut.png'), subtype: 'female', haircut: 'high_ponytail_sleek', underHat: 'long_straight_middle' },
  { photo: join('test', 'fixtures', 'photos', 'messi5.jpg'), subtype: 'male', haircut: 'clean_fade', underHat: 'classic_side_part' },
];

export async function run(slots: readonly AccessorySlot[] = ACCESSORY_SLOTS): Promise<string[]> {
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: accessory sheets skipped');
    return [];
  }
  await mkdir(OUT_DIR, { recursive: true });
  const written: string[] = [];
  await withLikeness(async (api) => withStage(async ({ add, shoot, bounds }) => {
    const avatars = [];
    for (const face of FACES) avatars.push({ ...face, avatar: (await completedAvatar(api, { pipeline: 'persona_2.0', pipeline_subtype: face.subtype, photo: await readFile(face.photo) })).avatar });
    for (const slot of slots) {
      const rows: { height: number; panels: Panel[] }[] = [];
      for (const item of accessorySet(slot)) {
        const panels: Panel[] = [];
        for (const { avatar, subtype, haircut, underHat } of avatars) {
          const { files, ms } = await exportedFiles(api, avatar, {
            format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '1K.png', list: ['Normal', 'GltfMetallicRoughness'] },
            haircuts: { list: [slot === 'hats' ? underHat : haircut] },
            [slot]: { list: [item.identity] },
          });
          const url = `/model/${slot}-${item.identity}-${subtype}.glb`;
          add(url, files['model.glb']);
          const caption = (i: number, view: string) => (i === 0 ? `${item.identity} on ${subtype} (${(ms / 1000).toFixed(1)} s)` : view);
          if ((HAND_SLOTS as readonly string[]).includes(slot)) {
            // On the T-posed arm: the item's own bounds, seen from above (the back of the hand), the front and below.
            const [lo, hi] = await bounds(url, {}, `${slot}_${item.identity}`.replace(/[^\w]/g, '_'));
            const target = [0, 1, 2].map((k) => (lo[k] + hi[k]) / 2) as [number, number, number];
            const shot = { target, distance: slot === 'rings' ? 0.16 : 0.3, width: 260, height: 260, floor: false, environment: true };
            const views = [{ yaw: 0, pitch: 70, view: 'above' }, { yaw: 30, pitch: 10, view: 'front' }, { yaw: 180, pitch: -40, view: 'below, behind' }];
            for (const [i, v] of views.entries()) panels.push({ image: await shoot(url, { ...shot, yaw: v.yaw, pitch: v.pitch }), caption: caption(i, v.view) });
            continue;
          }
          const [, hi] = await bounds(url, {});
          const top = hi[1];
          const low = slot === 'necklaces';
          const shot = { target: [0, top - (low ? 0.27 : 0.13), 0.01] as [number, number, number], distance: low ? 0.85 : 0.62, width: 260, height: 260, floor: false, environment: true };
          const yaws = low ? [0, 30, 150] : [0, 35, 90];
          for (const [i, yaw] of yaws.entries()) panels.push({ image: await shoot(url, { ...shot, yaw }), caption: caption(i, `${yaw}°`) });
        }
        rows.push({ height: 260, panels });
      }
      const file = join(OUT_DIR, `accessories-${slot}.png`);
      await writeFile(file, await contactSheet(rows, `persona_2.0 ${slot}: GLB exports (LOD1, 1K.png, Normal, GltfMetallicRoughness) in three.js, woman and man, front, 3/4, side`));
      written.push(file);
    }
  }));
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const asked = process.argv.slice(2).filter((s): s is AccessorySlot => (ACCESSORY_SLOTS as readonly string[]).includes(s));
  console.log((await run(asked.length ? asked : ACCESSORY_SLOTS)).join('\n'));
}
