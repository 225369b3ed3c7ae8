import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BODY_SHAPE_INTERVALS, bodySkeleton, bodySkinWeights, heldPoseAnimation, HELD_POSES, meshSkinWeights, sceneJoints, solveBodyShape, walkAnimation,
  type BodyGender, type BodyShape,
} from '../../src/assets/body/index.js';
import { fitOutfit, paintOutfit } from '../../src/assets/outfits/index.js';
import { encodeJpeg, encodePng } from '../../src/texture/index.js';
import { writeGltf } from '../../src/formats/gltf/index.js';
import type { Scene, SceneImage } from '../../src/formats/scene.js';
import { outfitSet } from '../../src/library/outfits/outfitLibrary.js';
import { chromiumAvailable } from '../browserView.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';

/**
 * Contact sheets of the outfits, rendered by three.js in Chromium from GLBs written by our glTF
 * writer (the body skinned to its skeleton with its walk and A pose, the outfit fitted and skinned
 * as exports fit it, with its colour, normal and metallic-roughness maps):
 * every base outfit on a male and a female body (front, side, back), the walk in three frames and
 * the A pose, and one outfit on the smallest, mean and largest bodies of the spec's intervals.
 *
 *   npx tsc -p . && node dist/bench/quality/outfitSheets.js   # → scratch/outfits/*.png
 */
const OUT_DIR = join('scratch', 'outfits');
const TEXTURE = 1024;

const bytes = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

async function dressedGlb(shape: BodyShape, garments: string, detail: 'full' | 'lowpoly', budget: { vertices: number; faces: number }): Promise<Uint8Array> {
  const solved = solveBodyShape(shape);
  const skeleton = bodySkeleton(solved.body.proportions);
  const weights = bodySkinWeights(solved.body, skeleton);
  const outfit = await fitOutfit(garments, { positions: solved.body.positions, weights }, detail, budget);
  const maps = paintOutfit(outfit, TEXTURE);
  const packed = new Uint8Array(TEXTURE * TEXTURE * 3);
  for (let i = 0; i < TEXTURE * TEXTURE; i++) { packed[i * 3] = 255; packed[i * 3 + 1] = maps.roughness.data[i]; packed[i * 3 + 2] = maps.metallic.data[i]; }
  const image = async (name: string, data: Promise<Buffer>, mimeType: SceneImage['mimeType']): Promise<SceneImage> => ({ name, mimeType, data: bytes(await data) });
  const scene: Scene = {
    name: 'dressed',
    skeleton: sceneJoints(skeleton),
    animations: [{ ...walkAnimation(skeleton), name: 'walk' }, { ...heldPoseAnimation(skeleton, HELD_POSES.Pose_A, 'Pose_A'), name: 'Pose_A' }],
    meshes: [
      {
        name: 'body', mesh: solved.body.mesh, morphTargets: [], skin: meshSkinWeights(weights, solved.body.vertexOf),
        material: { name: 'skin', baseColorFactor: [0.78, 0.6, 0.5, 1], metallic: 0, roughness: 0.6, alphaMode: 'opaque', doubleSided: false },
      },
      {
        name: 'outfit', mesh: outfit.mesh, morphTargets: [], skin: outfit.skin,
        material: {
          name: 'outfit', metallic: 1, roughness: 1, alphaMode: 'opaque', doubleSided: false,
          baseColorTexture: await image('color.jpg', encodeJpeg(maps.color, 90), 'image/jpeg'),
          normalTexture: await image('normal.png', encodePng(maps.normal), 'image/png'),
          metallicRoughnessTexture: await image('mr.jpg', encodeJpeg({ width: TEXTURE, height: TEXTURE, channels: 3, data: packed }, 90), 'image/jpeg'),
        },
      },
    ],
  };
  const [file] = await writeGltf(scene, { binary: true });
  return file.data;
}

function shapeAt(gender: BodyGender, pick: number): BodyShape {
  const i = BODY_SHAPE_INTERVALS[gender];
  const at = (k: keyof typeof i): number => Math.round(i[k][0] + (i[k][1] - i[k][0]) * pick);
  return { gender, height: at('height'), weight: at('weight'), chest: at('chest'), waist: at('waist'), hips: at('hips') };
}

export async function outfitSheets(only?: string): Promise<string[]> {
  if (!chromiumAvailable()) { console.log('outfit sheets skipped: no /usr/bin/chromium'); return []; }
  await mkdir(OUT_DIR, { recursive: true });
  const written: string[] = [];
  const H = 1.75;
  const whole = { target: [0, H * 0.5, 0] as [number, number, number], distance: H * 2.0 };
  await withStage(async ({ add, shoot }) => {
    for (const outfit of outfitSet('base')) {
      if (only && outfit.identity !== only) continue;
      const rows: { height: number; panels: Panel[] }[] = [];
      for (const gender of ['male', 'female'] as const) {
        const url = `/${outfit.identity}-${gender}.glb`;
        const glb = await dressedGlb({ gender }, outfit.garments, 'full', outfit);
        add(url, glb);
        await writeFile(join(OUT_DIR, `${outfit.identity}-${gender}.glb`), glb);
        const panels: Panel[] = [];
        for (const [yaw, name] of [[0, 'front'], [90, 'side'], [180, 'back']] as const) {
          panels.push({ image: await shoot(url, { clip: 'Pose_A', time: 0, yaw, ...whole, width: 300, height: 520 }), caption: `${gender} A pose ${name}` });
        }
        for (const time of [0.1, 0.35, 0.6]) panels.push({ image: await shoot(url, { clip: 'walk', time, yaw: 30, ...whole, width: 300, height: 520 }), caption: `walk ${time} s` });
        rows.push({ height: 420, panels });
      }
      const file = join(OUT_DIR, `${outfit.identity}.png`);
      await writeFile(file, await contactSheet(rows, `${outfit.identity}: ${outfit.description} (${outfit.vertices}/${outfit.faces})`));
      written.push(file);
    }
    if (!only) {
      const outfit = outfitSet('base')[0];
      const panels: Panel[] = [];
      for (const pick of [0, 0.5, 1]) {
        for (const gender of ['female', 'male'] as const) {
          const url = `/sizes-${gender}-${pick}.glb`;
          add(url, await dressedGlb(shapeAt(gender, pick), outfit.garments, 'full', outfit));
          panels.push({ image: await shoot(url, { clip: 'Pose_A', time: 0, yaw: 20, ...whole, width: 280, height: 520 }), caption: `${gender} ${['min', 'mean', 'max'][pick * 2]}` });
        }
      }
      const file = join(OUT_DIR, 'sizes.png');
      await writeFile(file, await contactSheet([{ height: 420, panels }], `${outfit.identity} on the spec's smallest, mean and largest bodies`));
      written.push(file);
    }
  });
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const file of await outfitSheets(process.argv[2])) console.log(`wrote ${file}`);
}
