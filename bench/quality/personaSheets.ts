/**
 * persona_2.0 avatars made and exported over the API, as a client makes them, rendered from the
 * exported GLB by three.js in Chromium: for each face photo and gender, the whole figure from the
 * front, 3/4 and back, a close-up of the face, and at LOD2 the same front; a frame of the walk and
 * a blink (mobile_51's eyeBlink on the head and lashes); the three ages (adult, teen15, teen12) of one
 * photo under one camera. scratch/personas/personas.png. It prints how much light is left on each
 * face (faceShading.ts).
 *
 *   npx tsc -p . && node dist/bench/quality/personaSheets.js
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromiumAvailable } from '../browserView.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { withStage, type ShotRotation } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';
import { faceShading } from './faceShading.js';
import { CUSTOMISATION } from '../../src/library/blendshapeNames.js';

const OUT_DIR = join('scratch', 'personas');
const FACES = [
  { photo: join('test', 'fixtures', 'photos', 'astronaut.png'), subtype: 'female' },
  { photo: join('test', 'fixtures', 'photos', 'messi5.jpg'), subtype: 'male' },
];
/** The blends whose creator range is [−1, 1]. */
const SIGNED = new Set(['EyesSize', 'NoseLength', 'NosePosition', 'NoseTipUpDown', 'NoseTipLeftRight', 'NoseWingsUpDown', 'NoseWingsInOut', 'LipsSize']);
const ARMS_DOWN: Record<string, ShotRotation> = { LeftArm: { axis: [0, 0, 1], degrees: -75 }, RightArm: { axis: [0, 0, 1], degrees: 75 } };

export async function run(): Promise<string[]> {
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: persona sheets skipped');
    return [];
  }
  await mkdir(OUT_DIR, { recursive: true });
  const rows: { height: number; panels: Panel[] }[] = [];
  const blends: Panel[] = [];
  await withLikeness(async (api) => withStage(async ({ add, shoot, bounds }) => {
    for (const face of FACES) {
      const { avatar } = await completedAvatar(api, { pipeline: 'persona_2.0', pipeline_subtype: face.subtype, photo: await readFile(face.photo) });
      for (const lod of ['LOD1', 'LOD2'] as const) {
        const { files } = await exportedFiles(api, avatar, { format: 'glb', lod, textures: { embed: true, profile: '2K.jpg' }, blendshapes: { list: ['mobile_51'] } });
        const url = `/model/${face.subtype}-${lod}.glb`;
        add(url, files['model.glb']);
        await writeFile(join(OUT_DIR, `${face.subtype}-${lod}.glb`), files['model.glb']);
        if (lod === 'LOD1') {
          const s = await faceShading(files['model.glb']);
          console.log(`${face.photo} ${face.subtype}: the face's log-luma spread ${s.spread.toFixed(3)}, darkest tenth ${s.darkestTenth.toFixed(0)}, median ${s.median.toFixed(0)}, grain ${s.grain.toFixed(2)} levels (${s.vertices} vertices)`);
        }
        const [lo, hi] = await bounds(url, {});
        const H = hi[1] - lo[1];
        const whole = { target: [0, lo[1] + H * 0.5, 0] as [number, number, number], distance: H * 2.3, width: 300, height: 500, pose: ARMS_DOWN };
        const faceShot = { target: [0, lo[1] + H * 0.935, 0.02] as [number, number, number], distance: 0.55, width: 400, height: 500, floor: false };
        const panels: Panel[] = [];
        for (const [yaw, label] of [[0, 'front'], [35, '3/4'], [180, 'back']] as const) panels.push({ image: await shoot(url, { ...whole, yaw }), caption: `${face.subtype} ${lod} ${label}` });
        panels.push({ image: await shoot(url, { ...faceShot, yaw: 0 }), caption: 'face' });
        panels.push({ image: await shoot(url, { ...faceShot, yaw: 40 }), caption: 'face 3/4' });
        panels.push({ image: await shoot(url, { ...faceShot, yaw: 0, morphs: { eyeBlinkLeft: 1, eyeBlinkRight: 1 } }), caption: 'blink' });
        const walk = face.subtype === 'male' ? 'Male_Animation_Walk' : 'Female_Animation_WalkRelaxed';
        panels.push({ image: await shoot(url, { ...whole, pose: undefined, yaw: 30, clip: walk, time: 0.3 }), caption: 'walk frame' });
        rows.push({ height: 500, panels });
      }
      if (face.subtype !== 'female') continue;
      // The three ages side by side, from the same photo: adult, teen15, teen12.
      const ages: Panel[] = [];
      for (const age of ['adult', 'teen15', 'teen12'] as const) {
        const aged = age === 'adult' ? avatar : (await completedAvatar(api, {
          pipeline: 'persona_2.0', pipeline_subtype: face.subtype, photo: await readFile(face.photo),
          parameters: JSON.stringify({ avatar_modifications: { plus: { age } } }),
        })).avatar;
        const { files } = await exportedFiles(api, aged, { format: 'glb', lod: 'LOD2', textures: { embed: true, profile: '1K.jpg' } });
        const url = `/model/age-${age}.glb`;
        add(url, files['model.glb']);
        // One camera for all three, so that their heights compare.
        const shot = { target: [0, 0.85, 0] as [number, number, number], distance: 4.2, width: 300, height: 500, pose: ARMS_DOWN };
        for (const [yaw, label] of [[0, 'front'], [90, 'side']] as const) ages.push({ image: await shoot(url, { ...shot, yaw }), caption: `${age} ${label}` });
      }
      rows.push({ height: 500, panels: ages });
      // The customisation blends at their extremes (weight 1, and −1 where the creator's range has it).
      const { files } = await exportedFiles(api, avatar, { format: 'glb', lod: 'LOD1', textures: { embed: true, profile: '1K.jpg' }, blendshapes: { list: ['customisation'] } });
      const url = '/model/blends.glb';
      add(url, files['model.glb']);
      const [lo, hi] = await bounds(url, {});
      const shot = { target: [0, lo[1] + (hi[1] - lo[1]) * 0.935, 0.02] as [number, number, number], distance: 0.5, width: 260, height: 300, floor: false, yaw: 25 };
      blends.push({ image: await shoot(url, shot), caption: 'as made' });
      for (const name of CUSTOMISATION) {
        for (const w of SIGNED.has(name) ? [-1, 1] : [1]) blends.push({ image: await shoot(url, { ...shot, morphs: { [name]: w } }), caption: `${name} ${w > 0 ? '+1' : '−1'}` });
      }
    }
  }));
  const blendFile = join(OUT_DIR, 'customisation.png');
  const perRow = 9;
  await writeFile(blendFile, await contactSheet(
    Array.from({ length: Math.ceil(blends.length / perRow) }, (_, r) => ({ height: 300, panels: blends.slice(r * perRow, (r + 1) * perRow) })),
    'persona_2.0 customisation blends as morph targets of the exported GLB, at weight 1 (and −1 for the creator\'s [−1, 1] ones)',
  ));
  const file = join(OUT_DIR, 'personas.png');
  await writeFile(file, await contactSheet(rows, 'persona_2.0: exported GLB (all parts, 2K.jpg) in three.js: front, 3/4, back, the face, a blink, a walk frame; LOD1 and LOD2'));
  return [file, blendFile];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
