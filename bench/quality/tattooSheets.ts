/**
 * `avatar.tattoos` on persona_2.0 exports, rendered from the exported GLB by three.js in Chromium:
 * all eight placements inked (in two exports, since one takes at most six), the figure from the
 * front, back and both sides with the arms down, close-ups of each arm and calf, and the body's
 * Color map as exported, to see each design's turn and aspect against its UV island. Anchors and
 * roses are used because their up is plain: the anchor's ring and the rose's flower are its top.
 * scratch/tattoos/<gender>.png.
 *
 *   npx tsc -p . && node dist/bench/quality/tattooSheets.js [female|male …]
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NodeIO } from '@gltf-transform/core';
import { decodeRgb } from '../../src/formats/imageDecode.js';
import type { RgbImage } from '../../src/core/image.js';
import { chromiumAvailable } from '../browserView.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { withStage, type ShotRotation } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';

const OUT_DIR = join('scratch', 'tattoos');
const FACES: Record<string, string> = {
  female: join('test', 'fixtures', 'photos', 'astronaut.png'),
  male: join('test', 'fixtures', 'photos', 'messi5.jpg'),
};
const ARMS_DOWN: Record<string, ShotRotation> = { LeftArm: { axis: [0, 0, 1], degrees: -75 }, RightArm: { axis: [0, 0, 1], degrees: 75 } };
const INK = { red: 20, green: 24, blue: 60 };

/**
 * Two exports between them ink every placement once; the chest and back are in both. The right
 * calf's rose has its own ink, opacity and size, as the creator's panel sends them.
 */
const EXPORTS: { name: string; placement: string; color?: { red: number; green: number; blue: number }; opacity?: number; scale?: number }[][] = [
  [
    { name: 'anchor', placement: 'left_forearm' }, { name: 'rose', placement: 'right_forearm' },
    { name: 'rose', placement: 'left_upper_arm' }, { name: 'anchor', placement: 'right_upper_arm' },
    { name: 'anchor', placement: 'chest_left' }, { name: 'rose', placement: 'upper_back' },
  ],
  [
    { name: 'anchor', placement: 'left_calf' }, { name: 'rose', placement: 'right_calf', color: { red: 122, green: 30, blue: 36 }, opacity: 0.7, scale: 0.6 },
    { name: 'script_heart', placement: 'chest_left' }, { name: 'compass', placement: 'upper_back' },
  ],
];

/** The exported GLB's AvatarBody base colour image, decoded. */
async function bodyColor(glb: Uint8Array): Promise<RgbImage> {
  const document = await new NodeIO().readBinary(glb);
  const material = document.getRoot().listMaterials().find((m) => m.getName() === 'AvatarBody');
  const image = material?.getBaseColorTexture()?.getImage();
  if (!image) throw new Error('the export has no AvatarBody base colour texture');
  return decodeRgb(image);
}

export async function run(subtypes = ['female', 'male']): Promise<string[]> {
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: tattoo sheets skipped');
    return [];
  }
  await mkdir(OUT_DIR, { recursive: true });
  const written: string[] = [];
  await withLikeness(async (api) => withStage(async ({ add, shoot, bounds }) => {
    for (const subtype of subtypes) {
      const { avatar } = await completedAvatar(api, { pipeline: 'persona_2.0', pipeline_subtype: subtype, photo: await readFile(FACES[subtype]) });
      const rows: { height: number; panels: Panel[] }[] = [];
      for (const [e, tattoos] of EXPORTS.entries()) {
        const { files } = await exportedFiles(api, avatar, {
          format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '2K.png' },
          avatar: { tattoos: tattoos.map((t) => ({ color: INK, opacity: 0.95, ...t })) },
        });
        const url = `/model/${subtype}-${e}.glb`;
        add(url, files['model.glb']);
        const [lo, hi] = await bounds(url, {});
        const H = hi[1] - lo[1];
        const whole = { target: [0, lo[1] + H * 0.5, 0] as [number, number, number], distance: H * 2.1, width: 320, height: 520, pose: ARMS_DOWN, floor: false };
        const caption = tattoos.map((t) => `${t.placement}:${t.name}${t.scale ? ` (red, opacity ${t.opacity}, scale ${t.scale})` : ''}`).join(' ');
        const figure: Panel[] = [];
        for (const [yaw, label] of [[0, 'front'], [180, 'back'], [90, 'its left'], [-90, 'its right']] as const) figure.push({ image: await shoot(url, { ...whole, yaw }), caption: `${subtype} ${label}` });
        rows.push({ height: 520, panels: figure });
        const close: Panel[] = [];
        if (e === 0) {
          // T-posed arms, from the front, back and above, one side at a time.
          const arm = (x: number) => ({ target: [x, lo[1] + H * 0.8, 0] as [number, number, number], distance: 1.0, width: 420, height: 300, floor: false });
          for (const [x, side] of [[0.45, 'left'], [-0.45, 'right']] as const) {
            close.push({ image: await shoot(url, { ...arm(x), yaw: 0 }), caption: `${side} arm front` });
            close.push({ image: await shoot(url, { ...arm(x), yaw: 180 }), caption: `${side} arm back` });
            close.push({ image: await shoot(url, { ...arm(x), yaw: 0, pitch: 80 }), caption: `${side} arm above` });
          }
          close.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.72, 0], distance: 1.1, width: 300, height: 300, floor: false, yaw: 0, pose: ARMS_DOWN }), caption: 'chest' });
          close.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.72, 0], distance: 1.1, width: 300, height: 300, floor: false, yaw: 180, pose: ARMS_DOWN }), caption: 'back' });
        } else {
          const legs = { target: [0, lo[1] + H * 0.2, 0] as [number, number, number], distance: 1.4, width: 300, height: 360, floor: false };
          for (const [yaw, label] of [[180, 'calves back'], [150, 'calves back-left'], [-150, 'calves back-right'], [0, 'legs front']] as const) close.push({ image: await shoot(url, { ...legs, yaw }), caption: label });
          close.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.72, 0], distance: 1.1, width: 300, height: 300, floor: false, yaw: 0, pose: ARMS_DOWN }), caption: 'chest' });
          close.push({ image: await shoot(url, { target: [0, lo[1] + H * 0.72, 0], distance: 1.1, width: 300, height: 300, floor: false, yaw: 180, pose: ARMS_DOWN }), caption: 'back' });
        }
        rows.push({ height: 300, panels: close });
        rows.push({ height: 700, panels: [{ image: await bodyColor(files['model.glb']), caption: `AvatarBody Color: ${caption}` }] });
      }
      const file = join(OUT_DIR, `${subtype}.png`);
      await writeFile(file, await contactSheet(rows, `persona_2.0 avatar.tattoos (${subtype}), exported GLB LOD1 2K.png, three.js`));
      written.push(file);
    }
  }));
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run(process.argv.length > 2 ? process.argv.slice(2) : undefined)).join('\n'));
