/**
 * Full-body photos → body_0.3 avatars over the API, as a client makes them, → the exported GLB
 * (textures, normal and roughness maps, a library haircut, the walk) → three.js in Chromium:
 * - a contact sheet per run: each photo beside its avatar from the front, 3/4, side and back, and
 *   posed by its own skeleton in a walk frame, arms raised and sitting (scratch/bodyPhotos/);
 * - the proportions check: the avatar, rendered from the front with its arms down, is measured by
 *   the same BlazePose and silhouette code as the photo, and its shoulder-, hip- and leg-to-height
 *   ratios are compared with the photo's (target: within 5 %).
 *
 * The photos are ../shared/photos/bodies/ (never committed, see its PROVENANCE.md); the run is
 * skipped, saying so, without them or without Chromium.
 *
 *   npx tsc -p . && node dist/bench/quality/bodyPhotoSheets.js [photo ...]
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import {
  BODY_SHAPE_FROM_PHOTO_DEFAULTS, bodyProportionsFromPhoto, createBodyKeypointDetector, createFaceAnalyzer, NoFaceError, type BodyProportions, type FaceAnalysis,
} from '../../src/analysis/index.js';
import { encodePng } from '../../src/formats/image.js';
import { decodeRgb } from '../../src/formats/imageDecode.js';
import type { RgbImage } from '../../src/core/image.js';
import type { Api } from '../../test/support/api.js';
import { completedAvatar, exportedFiles, withLikeness } from './apiClient.js';
import { chromiumAvailable } from '../browserView.js';
import { type Figure, median } from '../figure.js';
import { withStage, type Shot, type ShotRotation } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';

const PHOTO_DIR = join('..', 'shared', 'photos', 'bodies');
const OUT_DIR = join('scratch', 'bodyPhotos');

/** Arms down beside the body, as people stand in photos (T-pose arms lowered 75°). */
const ARMS_DOWN: Record<string, ShotRotation> = {
  LeftArm: { axis: [0, 0, 1], degrees: -75 }, RightArm: { axis: [0, 0, 1], degrees: 75 },
};
const ARMS_RAISED: Record<string, ShotRotation> = {
  LeftArm: { axis: [0, 0, 1], degrees: 80 }, RightArm: { axis: [0, 0, 1], degrees: -80 },
  LeftForeArm: { axis: [0, 1, 0], degrees: -15 }, RightForeArm: { axis: [0, 1, 0], degrees: 15 },
};
const SITTING: Record<string, ShotRotation> = {
  LeftUpLeg: { axis: [1, 0, 0], degrees: -95 }, RightUpLeg: { axis: [1, 0, 0], degrees: -95 },
  LeftLeg: { axis: [1, 0, 0], degrees: 95 }, RightLeg: { axis: [1, 0, 0], degrees: 95 },
  LeftArm: { axis: [0, 0, 1], degrees: -70 }, RightArm: { axis: [0, 0, 1], degrees: 70 },
  LeftForeArm: { axis: [0, 1, 0], degrees: -60 }, RightForeArm: { axis: [0, 1, 0], degrees: 60 },
};

/** The ratios the check compares. */
const RATIOS = ['shoulderToHeight', 'hipToHeight', 'legToHeight'] as const;
type Ratio = (typeof RATIOS)[number];

export interface PhotoAvatar {
  photo: string;
  ratios: { photo: Partial<Record<Ratio, number>>; avatar: Partial<Record<Ratio, number>> };
  heightCm: number | null;
}

/** A GLB of a body_0.3 avatar made from `photo` over the API, with the figures the run prints. */
async function avatarGlb(api: Api, photo: Buffer): Promise<{ glb: Uint8Array; gender: string; timings: Record<string, number> }> {
  const { avatar, ms: completed } = await completedAvatar(api, {
    pipeline: 'body_0.3', pipeline_subtype: 'mobile', photo,
    parameters: JSON.stringify({ model_info: ['gender'], additional_textures: ['roughness_map', 'metallic_map', 'normal_map'] }),
  });
  const info = (await api.get(`/avatars/${avatar.code}/model_info/`)).body;
  const gender = info.gender?.value ?? info.gender ?? 'female';
  const haircut = gender === 'male' ? 'crew_cut' : 'long_straight';
  const { files, ms: exported } = await exportedFiles(api, avatar, {
    format: 'glb', embed_textures: true, additional_textures: ['roughness_map', 'normal_map'], haircuts: { list: [haircut], embed: true },
  });
  return { glb: files['model.glb'], gender, timings: { completed, exported } };
}

/** BlazePose and the silhouette on an image (a photo or a render), as the pipeline measures photos. */
type Measure = (image: Buffer) => Promise<BodyProportions>;

async function thumbnail(photo: Buffer, height: number): Promise<RgbImage> {
  const { data, info } = await sharp(photo).rotate().resize({ height }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, channels: 3, data: new Uint8Array(data) };
}

const pick = (p: BodyProportions): Partial<Record<Ratio, number>> => Object.fromEntries(RATIOS.filter((r) => p[r]).map((r) => [r, p[r]!.value]));
/**
 * The photo's ratios the pipeline trusts (confidence at least bodyShapeFromPhoto's threshold): a
 * width it set aside (an arm raised across the shoulder, arms merged into the hips) is no reference
 * for the avatar either. The others are printed, marked, and left out of the figures.
 */
const trusted = (p: BodyProportions): Partial<Record<Ratio, number>> =>
  Object.fromEntries(RATIOS.filter((r) => p[r] && p[r]!.confidence >= BODY_SHAPE_FROM_PHOTO_DEFAULTS.minConfidence).map((r) => [r, p[r]!.value]));

export async function run(photos?: string[]): Promise<Figure[]> {
  if (!photos) {
    if (!existsSync(PHOTO_DIR)) {
      console.log(`body photo sheets skipped: ${PHOTO_DIR} is absent (run from the project root, with ../shared/photos/bodies/)`);
      return [];
    }
    photos = (await readdir(PHOTO_DIR)).filter((n) => /\.jpe?g$/i.test(n)).sort().map((n) => join(PHOTO_DIR, n));
  }
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: body photo sheets skipped');
    return [];
  }
  await mkdir(OUT_DIR, { recursive: true });
  const analyzer = await createFaceAnalyzer();
  const detector = createBodyKeypointDetector();
  const measure: Measure = async (image) => {
    let analysis: FaceAnalysis | null = null;
    try {
      analysis = await analyzer.analyze(image);
    } catch (e) {
      if (!(e instanceof NoFaceError)) throw e;
    }
    return bodyProportionsFromPhoto(await detector.detect(image, analysis?.segmentation.person), analysis);
  };
  const results: PhotoAvatar[] = [];
  const completed: number[] = [], exports: number[] = [];
  try {
    await withLikeness(async (api) => {
      // The first avatar loads the worker's models: its time is not the pipeline's.
      await avatarGlb(api, await readFile(photos[0]));
      const rows: { height: number; panels: Panel[] }[] = [];
      await withStage(async ({ add, shoot, bounds }) => {
        for (const file of photos!) {
          const name = basename(file).replace(/\.[^.]+$/, '');
          const photo = await readFile(file);
          const { glb, gender, timings } = await avatarGlb(api, photo);
          completed.push(timings.completed);
          exports.push(timings.exported);
          await writeFile(join(OUT_DIR, `${name}.glb`), glb);
          const url = `/model/${name}.glb`;
          add(url, glb);
          const [lo, hi] = await bounds(url, {});
          const heightM = hi[1] - lo[1];
          const H = heightM;
          const whole = { target: [0, H * 0.5, 0] as [number, number, number], distance: H * 2.3, width: 300, height: 500 };
          const panels: Panel[] = [{ image: await thumbnail(photo, 500), caption: `${name} (${gender})` }];
          for (const [yaw, label] of [[0, 'front'], [40, '3/4'], [90, 'side'], [180, 'back']] as const) {
            panels.push({ image: await shoot(url, { ...whole, yaw, pose: ARMS_DOWN }), caption: label });
          }
          const walk = gender === 'male' ? 'Male_Animation_Walk' : 'Female_Animation_WalkRelaxed';
          panels.push({ image: await shoot(url, { ...whole, yaw: 30, clip: walk, time: 0.3 }), caption: 'walk frame' });
          panels.push({ image: await shoot(url, { ...whole, target: [0, H * 0.58, 0], distance: H * 2.6, yaw: 20, pose: ARMS_RAISED }), caption: 'arms raised' });
          panels.push({ image: await shoot(url, { ...whole, target: [0, H * 0.35, 0], yaw: 60, pose: SITTING }), caption: 'sitting' });
          rows.push({ height: 500, panels });

          // The proportions check: the avatar measured as its photo was.
          const front: Shot = { target: [0, H * 0.5, 0], distance: H * 2.4, yaw: 0, width: 720, height: 1200, pose: ARMS_DOWN, floor: false };
          const render = await encodePng(await shoot(url, front));
          await writeFile(join(OUT_DIR, `${name}-measured.png`), render);
          const [ofPhoto, ofAvatar] = [await measure(photo), await measure(render)];
          results.push({ photo: name, ratios: { photo: trusted(ofPhoto), avatar: pick(ofAvatar) }, heightCm: Math.round(heightM * 1000) / 10 });
          const line = RATIOS.map((r) => {
            const a = ofAvatar[r]?.value, p = ofPhoto[r]?.value;
            const untrusted = p !== undefined && trusted(ofPhoto)[r] === undefined ? ` [photo conf. ${ofPhoto[r]!.confidence}, not used]` : '';
            return `${r} photo ${p?.toFixed(3) ?? '–'} avatar ${a?.toFixed(3) ?? '–'}${a && p ? ` (${(((a - p) / p) * 100).toFixed(1)} %)` : ''}${untrusted}`;
          }).join(' | ');
          console.log(`${name}: ${gender}, ${(heightM * 100).toFixed(1)} cm, photo ${ofPhoto.view}${ofPhoto.standing ? ' standing' : ''} | ${line} | ` +
            `Completed ${(timings.completed / 1000).toFixed(1)} s, export ${(timings.exported / 1000).toFixed(1)} s`);
        }
      });
      const sheet = join(OUT_DIR, 'bodies.png');
      await writeFile(sheet, await contactSheet(rows, 'body_0.3 from full-body photos: exported GLB in three.js (front, 3/4, side, back with arms down; walk frame, arms raised, sitting)'));
      console.log(`contact sheet: ${sheet}`);
    });
  } finally {
    await analyzer.close();
  }
  return proportionFigures(results, completed, exports);
}

/** Per ratio: the photos where both sides measured it, and the share within 5 %. */
export function proportionFigures(results: PhotoAvatar[], completed: number[], exports: number[]): Figure[] {
  const figures: Figure[] = [];
  for (const r of RATIOS) {
    const errors = results.flatMap((x) => {
      const a = x.ratios.avatar[r], p = x.ratios.photo[r];
      return a !== undefined && p !== undefined ? [Math.abs(a - p) / p] : [];
    });
    if (!errors.length) continue;
    figures.push({ name: `${r}: avatar vs photo (trusted), median |error| over ${errors.length} photos`, value: 100 * median(errors), unit: '%', target: '<= 5 %' });
    figures.push({ name: `${r}: photos within 5 %`, value: errors.filter((e) => e <= 0.05).length, unit: `of ${errors.length}` });
  }
  if (completed.length) figures.push({ name: 'body_0.3 photo -> Completed (median, full-body photos)', value: median(completed), unit: 'ms' });
  if (exports.length) figures.push({ name: 'GLB export with maps and a haircut (median)', value: median(exports), unit: 'ms' });
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { printFigures } = await import('../figure.js');
  const args = process.argv.slice(2);
  printFigures('Body photos', await run(args.length ? args : undefined));
}
