import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
import { OUTFITS, outfitSet } from '../../src/library/outfits/outfitLibrary.js';
import { chromiumAvailable } from '../browserView.js';
import { withStage } from './glbStage.js';
import { contactSheet, type Panel } from './sheet.js';
import { personaOutfitSet, type PersonaOutfit } from '../../src/library/outfits/personaOutfits.js';
import { exportContext, resolveExportParameters, validateParameters } from '../../src/pipelines/catalogue/index.js';
import { pipelineOf } from '../../src/pipelines/registry.js';
import { createPipelineRuntime } from '../../src/pipelines/runtime.js';
import { avatarModelFiles } from '../../src/pipelines/avatarModelFiles.js';
import { readZip } from '../../src/formats/zip.js';

/**
 * Contact sheets of the outfits, rendered by three.js in Chromium from GLBs written by our glTF
 * writer (the body skinned to its skeleton with its walk and A pose, the outfit fitted and skinned
 * as exports fit it, with its colour, normal and metallic-roughness maps):
 * every outfit of the base and meta sets on a male and a female body (front, side, back), the walk in
 * three frames and the A pose, and one outfit on the smallest, mean and largest bodies of the spec's
 * intervals.
 *
 *   npx tsc -p . && node dist/bench/quality/outfitSheets.js                  # → scratch/outfits/*.png
 *   node dist/bench/quality/outfitSheets.js meta_lowpoly,dress_sandals       # only these sets or outfits
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
  // Outfit identities or set names, comma-separated; by default the full sets.
  const wanted = only?.split(',');
  const outfits = wanted ? OUTFITS.filter((o) => wanted.includes(o.identity) || wanted.includes(o.set)) : [...outfitSet('base'), ...outfitSet('meta')];
  await withStage(async ({ add, shoot }) => {
    for (const outfit of outfits) {
      const rows: { height: number; panels: Panel[] }[] = [];
      for (const gender of ['male', 'female'] as const) {
        const url = `/${outfit.identity}-${gender}.glb`;
        const glb = await dressedGlb({ gender }, outfit.garments, outfit.detail, outfit);
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

/** A persona_2.0 avatar of each gender, made in process from the test photos (its stored files). */
async function personaAvatars(): Promise<Record<'female' | 'male', Record<string, Uint8Array>>> {
  const runtime = await createPipelineRuntime();
  const out: Partial<Record<'female' | 'male', Record<string, Uint8Array>>> = {};
  for (const [gender, photo] of [['female', 'astronaut.png'], ['male', 'messi5.jpg']] as const) {
    const checked = validateParameters({}, { pipeline: 'persona_2.0', subtype: gender, plan: 'enterprise' });
    if (!checked.ok) throw new Error(checked.errors.join('; '));
    const model = await pipelineOf('persona_2.0').compute(
      { pipeline: 'persona_2.0', subtype: gender, parameters: checked.value, photo: await readFile(join('test', 'fixtures', 'photos', photo)) },
      { runtime, progress: () => undefined },
    );
    out[gender] = await avatarModelFiles(model);
  }
  await runtime.analyzer.close();
  return out as Record<'female' | 'male', Record<string, Uint8Array>>;
}

/** The persona export of `files` with these outfit sections, as a GLB with its textures embedded. */
async function personaGlb(gender: 'female' | 'male', files: Record<string, Uint8Array>, sections: Record<string, string>, extra: Record<string, unknown> = {}): Promise<Uint8Array> {
  const request = {
    format: 'glb', lod: 'LOD1', textures: { profile: '2K.jpg', embed: true, list: ['Normal', 'GltfMetallicRoughness'] },
    haircuts: { list: [gender === 'female' ? 'low_ponytail_wavy' : 'classic_side_part'] },
    ...Object.fromEntries(Object.entries(sections).map(([section, identity]) => [section, { list: [identity] }])),
    ...extra,
  };
  const resolved = resolveExportParameters(request, exportContext('persona_2.0', gender, 'enterprise'));
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors));
  const exporter = pipelineOf('persona_2.0').export;
  if (!exporter.available) throw new Error('persona_2.0 has no exporter');
  const output = await exporter.build({ pipeline: 'persona_2.0', pipeline_subtype: gender, parameters: resolved.value, files }, () => undefined);
  return readZip(output.files[0].data)['model.glb'];
}

/**
 * persona_2.0's outfit items, exported as a client gets them (the persona export, LOD1, 2K.jpg,
 * the body's hidden polygons removed) and rendered from the GLB: a top, a bottom and shoes worn
 * together (the i-th of each set), and each full outfit, on the female and the male avatar, in
 * their A pose from the front, side and back, and three frames of their walk.
 * scratch/outfits/persona-<n>.png.
 */
export async function personaOutfitSheets(only?: string): Promise<string[]> {
  if (!chromiumAvailable()) { console.log('persona outfit sheets skipped: no /usr/bin/chromium'); return []; }
  await mkdir(OUT_DIR, { recursive: true });
  const avatars = await personaAvatars();
  const [tops, bottoms, shoes] = (['outfits_top', 'outfits_bottom', 'outfits_shoes'] as const).map((s) => personaOutfitSet(s));
  const looks: { name: string; sections: Record<string, PersonaOutfit> }[] = [
    ...tops.map((top, i) => ({ name: `persona-items-${i}`, sections: { outfits_top: top, outfits_bottom: bottoms[i % bottoms.length], outfits_shoes: shoes[i % shoes.length] } })),
    ...personaOutfitSet('persona').map((o) => ({ name: `persona-${o.identity}`, sections: { outfits: o } })),
  ];
  const written: string[] = [];
  const whole = { target: [0, 0.85, 0] as [number, number, number], distance: 3.4 };
  await withStage(async ({ add, shoot }) => {
    for (const look of looks) {
      if (only && !only.split(',').some((o) => look.name.endsWith(o))) continue;
      const rows: { height: number; panels: Panel[] }[] = [];
      for (const gender of ['female', 'male'] as const) {
        const url = `/${look.name}-${gender}.glb`;
        const glb = await personaGlb(gender, avatars[gender], Object.fromEntries(Object.entries(look.sections).map(([s, o]) => [s, o.identity])));
        add(url, glb);
        await writeFile(join(OUT_DIR, `${look.name}-${gender}.glb`), glb);
        const prefix = gender === 'female' ? 'Female' : 'Male';
        const walk = gender === 'female' ? 'Female_Animation_WalkRelaxed' : 'Male_Animation_Walk';
        const panels: Panel[] = [];
        for (const [yaw, name] of [[0, 'front'], [90, 'side'], [180, 'back']] as const) {
          panels.push({ image: await shoot(url, { clip: `${prefix}_Pose_A`, time: 0, yaw, ...whole, width: 300, height: 520 }), caption: `${gender} A pose ${name}` });
        }
        for (const time of [0.1, 0.4, 0.7]) panels.push({ image: await shoot(url, { clip: walk, time, yaw: 30, ...whole, width: 300, height: 520 }), caption: `walk ${time} s` });
        rows.push({ height: 420, panels });
      }
      const file = join(OUT_DIR, `${look.name}.png`);
      await writeFile(file, await contactSheet(rows, Object.values(look.sections).map((o) => `${o.identity}: ${o.description}`).join(' | ')));
      written.push(file);
    }
  });
  return written;
}

/** The body blends a sheet shows, at the creator's extremes: each of the eight at +1 and −1. */
const BODY_BLENDS = ['Body', 'Neck', 'Shoulders', 'Chest', 'Forearms', 'Waist', 'Hips', 'Legs'];

/**
 * Dressed persona_2.0 avatars exported with `body_shape` as morph targets and the body kept whole
 * (`apply_visibility_masks: false`, so skin that pokes through shows), rendered by three.js with
 * each body blend at +1 and at −1 as an engine would set it: the cloth must follow the body
 * (outfitMorphs). scratch/outfits/persona-body-blends.png.
 */
export async function personaBlendSheets(): Promise<string[]> {
  if (!chromiumAvailable()) { console.log('persona blend sheets skipped: no /usr/bin/chromium'); return []; }
  await mkdir(OUT_DIR, { recursive: true });
  const avatars = await personaAvatars();
  const looks: { gender: 'female' | 'male'; sections: Record<string, string> }[] = [
    { gender: 'female', sections: { outfits_top: 'top_oxford_shirt', outfits_bottom: 'bottom_pleated_skirt', outfits_shoes: 'shoes_leather_derby' } },
    { gender: 'male', sections: { outfits_top: 'top_grey_hoodie', outfits_bottom: 'bottom_khaki_chinos', outfits_shoes: 'shoes_white_canvas_sneakers' } },
    { gender: 'female', sections: { outfits: 'persona_summer_dress' } },
    { gender: 'male', sections: { outfits: 'persona_winter_coat' } },
  ];
  const rows: { height: number; panels: Panel[] }[] = [];
  const whole = { target: [0, 0.85, 0] as [number, number, number], distance: 3.4, width: 200, height: 420, yaw: 25 };
  await withStage(async ({ add, shoot }) => {
    for (const [i, look] of looks.entries()) {
      const url = `/blends-${i}.glb`;
      const glb = await personaGlb(look.gender, avatars[look.gender], look.sections, { apply_visibility_masks: false, blendshapes: { list: ['body_shape'] } });
      add(url, glb);
      await writeFile(join(OUT_DIR, `persona-body-blends-${i}.glb`), glb);
      const clip = look.gender === 'female' ? 'Female_Pose_A' : 'Male_Pose_A';
      const panels: Panel[] = [{ image: await shoot(url, { ...whole, clip, time: 0 }), caption: `${look.gender} as made` }];
      for (const blend of BODY_BLENDS) {
        for (const sign of ['increase', 'decrease']) {
          panels.push({ image: await shoot(url, { ...whole, clip, time: 0, morphs: { [`${blend}_${sign}`]: 1 } }), caption: `${blend} ${sign === 'increase' ? '+1' : '−1'}` });
        }
      }
      rows.push({ height: 340, panels: panels.slice(0, 9) }, { height: 340, panels: panels.slice(9) });
    }
  });
  const file = join(OUT_DIR, 'persona-body-blends.png');
  await writeFile(file, await contactSheet(rows, 'persona_2.0 dressed, body_shape exported as morph targets, each body blend at +1 and −1 in three.js (body kept whole)'));
  return [file];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv[2] === 'blends') for (const file of await personaBlendSheets()) console.log(`wrote ${file}`);
  else if (process.argv[2] === 'persona') for (const file of await personaOutfitSheets(process.argv[3])) console.log(`wrote ${file}`);
  else for (const file of await outfitSheets(process.argv[2])) console.log(`wrote ${file}`);
}
