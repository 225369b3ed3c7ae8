import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BODY_SHAPE_INTERVALS, bodyMeshFromPositions, bodySkeleton, bodySkinWeights, meshSkinWeights, poseBody, sceneJoints, solveBodyShape,
  type BodyGender, type BodyMesh, type BodyShape, type BoneRotations,
} from '../../src/assets/body/index.js';
import { decodeRgb } from '../../src/formats/imageDecode.js';
import { writeGltf } from '../../src/formats/gltf/index.js';
import type { Scene } from '../../src/formats/scene.js';
import { chromiumAvailable, withBrowser } from '../browserView.js';
import { crop } from './meshCrop.js';
import { contactSheet, type Panel } from './sheet.js';

const OUT_DIR = join('scratch', 'bodies');
const VIEWS = [{ yaw: 0, name: 'front' }, { yaw: 45, name: '3/4' }, { yaw: 90, name: 'side' }, { yaw: 180, name: 'back' }];

/** A GLB of one body: skin-coloured, skinned to its skeleton in the bind pose. */
async function bodyGlb(body: BodyMesh, skinned: boolean): Promise<Uint8Array> {
  const scene: Scene = {
    name: 'body',
    meshes: [{
      name: 'body',
      mesh: body.mesh,
      material: { name: 'skin', baseColorFactor: [0.78, 0.6, 0.5, 1], metallic: 0, roughness: 0.65, alphaMode: 'opaque', doubleSided: false },
      morphTargets: [],
    }],
  };
  if (skinned) {
    const skeleton = bodySkeleton(body.proportions);
    scene.skeleton = sceneJoints(skeleton);
    scene.meshes[0].skin = meshSkinWeights(bodySkinWeights(body, skeleton), body.vertexOf);
  }
  const [file] = await writeGltf(scene, { binary: true });
  return file.data;
}

/**
 * The part of a body inside a box (metres), optionally turned about x by `pitch` degrees (90 looks
 * down on it): for close-ups, since the viewer frames the whole model.
 */
function detail(body: BodyMesh, box: [number, number, number, number], pitch = 0): BodyMesh {
  return { ...body, mesh: crop(body.mesh, box, pitch) };
}

const SETS: { label: string; pick: 0 | 0.5 | 1 }[] = [{ label: 'min', pick: 0 }, { label: 'mean', pick: 0.5 }, { label: 'max', pick: 1 }];

function shapeAt(gender: BodyGender, pick: number): BodyShape {
  const i = BODY_SHAPE_INTERVALS[gender];
  const at = (k: keyof typeof i): number => i[k][0] + (i[k][1] - i[k][0]) * pick;
  return { gender, height: at('height'), weight: at('weight'), chest: at('chest'), waist: at('waist'), hips: at('hips') };
}

/** A relaxed pose to look at the skinning: arms down to an A, an elbow and a knee bent. */
export const RELAXED_POSE: BoneRotations = {
  LeftArm: { axis: [0, 0, 1], degrees: -50 },
  RightArm: { axis: [0, 0, 1], degrees: 50 },
  LeftForeArm: { axis: [0, 1, 0], degrees: -60 },
  RightForeArm: { axis: [0, 1, 0], degrees: 20 },
  LeftUpLeg: { axis: [1, 0, 0], degrees: -30 },
  LeftLeg: { axis: [1, 0, 0], degrees: 50 },
  Spine1: { axis: [0, 1, 0], degrees: 10 },
  LeftHandIndex1: { axis: [0, 0, 1], degrees: -40 }, LeftHandIndex2: { axis: [0, 0, 1], degrees: -50 },
  LeftHandMiddle1: { axis: [0, 0, 1], degrees: -40 }, LeftHandMiddle2: { axis: [0, 0, 1], degrees: -50 },
};

/** Poses at the ends of the tested joint ranges. */
export const RANGE_POSES: Record<string, BoneRotations> = {
  'arms down (−80°)': { LeftArm: { axis: [0, 0, 1], degrees: -80 }, RightArm: { axis: [0, 0, 1], degrees: 80 } },
  'arms raised to 170°': { LeftArm: { axis: [0, 0, 1], degrees: 80 }, RightArm: { axis: [0, 0, 1], degrees: -80 } },
  'sitting: hips and knees 100°': {
    LeftUpLeg: { axis: [1, 0, 0], degrees: -100 }, RightUpLeg: { axis: [1, 0, 0], degrees: -100 },
    LeftLeg: { axis: [1, 0, 0], degrees: 100 }, RightLeg: { axis: [1, 0, 0], degrees: 100 },
    LeftArm: { axis: [0, 0, 1], degrees: -60 }, RightArm: { axis: [0, 0, 1], degrees: 60 },
  },
  'elbows 140°, fists': Object.fromEntries([
    ['LeftForeArm', { axis: [0, 1, 0], degrees: -140 }], ['RightForeArm', { axis: [0, 1, 0], degrees: 140 }],
    ...['Index', 'Middle', 'Ring', 'Pinky'].flatMap((f) => [1, 2, 3].flatMap((i) => [
      [`LeftHand${f}${i}`, { axis: [0, 0, 1], degrees: -80 }], [`RightHand${f}${i}`, { axis: [0, 0, 1], degrees: 80 }],
    ])),
  ]) as BoneRotations,
};

/**
 * Contact sheets of the body model: female, male and non_binary at the min, mean and max of the
 * spec's intervals (front, 3/4, side, back), and a posed body. GLBs and PNGs go to scratch/bodies/.
 *
 *   npx tsc -p . && node dist/bench/quality/bodySheets.js
 */
export async function run(): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: body sheets skipped');
    return [];
  }
  const written: string[] = [];
  await withBrowser(async (render) => {
    const view = async (glb: Uint8Array, yaw: number, width = 420, height = 520) => decodeRgb(await render(glb, { yaw, width, height }));
    for (const gender of ['female', 'male', 'non_binary'] as BodyGender[]) {
      const rows: { height: number; panels: Panel[] }[] = [];
      for (const set of SETS) {
        const shape = shapeAt(gender, set.pick);
        const solved = solveBodyShape(shape);
        const glb = await bodyGlb(solved.body, true);
        await writeFile(join(OUT_DIR, `${gender}-${set.label}.glb`), glb);
        const m = solved.measured;
        const t = solved.shape;
        console.log(`${gender} ${set.label}: height ${m.height.toFixed(2)} (${t.height}), chest ${m.chest.toFixed(2)} (${t.chest}), ` +
          `waist ${m.waist.toFixed(2)} (${t.waist}), hips ${m.hips.toFixed(2)} (${t.hips}) cm, measured (asked), in ${solved.iterations} builds`);
        const panels: Panel[] = [];
        for (const v of VIEWS) {
          panels.push({
            image: await view(glb, v.yaw),
            caption: `${set.label} ${v.name}` + (v.yaw === 0 ? ` h${m.height.toFixed(1)} c${m.chest.toFixed(1)} w${m.waist.toFixed(1)} p${m.hips.toFixed(1)}` : ''),
          });
        }
        rows.push({ height: 520, panels });
      }
      const file = join(OUT_DIR, `${gender}.png`);
      await writeFile(file, await contactSheet(rows, `Body model, ${gender}: min, mean, max of the spec's intervals`));
      written.push(file);
    }
    // Close-ups and a pose.
    const male = solveBodyShape({ gender: 'male' });
    const female = solveBodyShape({ gender: 'female' });
    const panels: Panel[] = [];
    for (const solved of [female, male]) {
      const skeleton = bodySkeleton(solved.body.proportions);
      const weights = bodySkinWeights(solved.body, skeleton);
      const posed = bodyMeshFromPositions(poseBody(solved.body.positions, skeleton, weights, RELAXED_POSE), solved.body.proportions);
      const glb = await bodyGlb(posed, false);
      for (const yaw of [0, 60, 180]) panels.push({ image: await view(glb, yaw), caption: `posed yaw ${yaw}` });
    }
    const details: Panel[] = [];
    for (const [name, solved] of [['female', female], ['male', male]] as const) {
      const b = solved.body;
      const x = b.proportions.wrist[0];
      const parts: [string, BodyMesh, number][] = [
        [`${name} left hand from above`, detail(b, [x - 0.05, x + 0.3, 0, 3], 90), 0],
        [`${name} left hand, palm side`, detail(b, [x - 0.05, x + 0.3, 0, 3], -90), 0],
        [`${name} left foot`, detail(b, [0, 0.4, 0, 0.16]), 60],
        [`${name} shoulders, back`, detail(b, [-0.45, 0.45, b.proportions.y.waist, 3]), 150],
        [`${name} hips`, detail(b, [-0.4, 0.4, b.proportions.y.crotch - 0.25, b.proportions.y.waist + 0.1]), 210],
      ];
      for (const [caption, part, yaw] of parts) details.push({ image: await view(await bodyGlb(part, false), yaw, 360, 300), caption });
    }
    const detailFile = join(OUT_DIR, 'details.png');
    await writeFile(detailFile, await contactSheet([{ height: 300, panels: details.slice(0, 5) }, { height: 300, panels: details.slice(5) }], 'Close-ups: hands, feet, shoulders, hips'));
    written.push(detailFile);
    const ranges: Panel[] = [];
    {
      const skeleton = bodySkeleton(male.body.proportions);
      const weights = bodySkinWeights(male.body, skeleton);
      for (const [name, pose] of Object.entries(RANGE_POSES)) {
        const glb = await bodyGlb(bodyMeshFromPositions(poseBody(male.body.positions, skeleton, weights, pose), male.body.proportions), false);
        for (const yaw of [20, 110]) ranges.push({ image: await view(glb, yaw), caption: `${name}, yaw ${yaw}` });
      }
    }
    const file = join(OUT_DIR, 'posed.png');
    await writeFile(file, await contactSheet(
      [{ height: 520, panels }, { height: 520, panels: ranges.slice(0, 4) }, { height: 520, panels: ranges.slice(4) }],
      'Linear blend skinning: a relaxed pose (A-pose arms, an elbow and a knee bent, fingers curled), and the ends of the tested ranges',
    ));
    written.push(file);
  });
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
