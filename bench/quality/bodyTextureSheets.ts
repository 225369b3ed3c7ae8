import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BODY_LOD_BUDGETS, BODY_SHAPE_INTERVALS, bodyLod, bodySkeleton, bodySkinWeights, bodyTexture, meshSkinWeights, sceneJoints, solveBodyShape,
  type BodyMesh, type BodyShape, type BodyTextures,
} from '../../src/assets/body/index.js';
import type { Rgb } from '../../src/analysis/types.js';
import type { Mesh } from '../../src/core/mesh.js';
import { encodeJpeg, encodePng } from '../../src/formats/image.js';
import { decodeRgb } from '../../src/formats/imageDecode.js';
import { writeGltf } from '../../src/formats/gltf/index.js';
import type { Scene, SceneMaterial } from '../../src/formats/scene.js';
import { chromiumAvailable, withBrowser } from '../browserView.js';
import { contactSheet, type Panel } from './sheet.js';
import { crop } from './meshCrop.js';

const OUT_DIR = join('scratch', 'bodyTexture');
const VIEWS = [{ yaw: 0, name: 'front' }, { yaw: 180, name: 'back' }, { yaw: 35, name: '3/4' }, { yaw: 215, name: '3/4 back' }];
const TONES: Record<string, Rgb> = {
  light: { red: 224, green: 182, blue: 160 },
  medium: { red: 198, green: 150, blue: 124 },
  dark: { red: 120, green: 80, blue: 60 },
};

/** The textures as a glTF material: base colour JPEG, normal PNG, roughness (G) and metallic (B) PNG. */
async function material(t: BodyTextures): Promise<SceneMaterial> {
  const { width, height } = t.roughness;
  const mr = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) { mr[i * 3 + 1] = t.roughness.data[i]; mr[i * 3 + 2] = t.metallic.data[i]; }
  return {
    name: 'body',
    baseColorTexture: { name: 'model.jpg', mimeType: 'image/jpeg', data: await encodeJpeg(t.model, 92) },
    normalTexture: { name: 'normal.png', mimeType: 'image/png', data: await encodePng(t.normal) },
    metallicRoughnessTexture: { name: 'metallic_roughness.png', mimeType: 'image/png', data: await encodePng({ width, height, channels: 3, data: mr }) },
    metallic: 1,
    roughness: 1,
    alphaMode: 'opaque',
    doubleSided: false,
  };
}

async function glb(mesh: Mesh, mat: SceneMaterial, skin?: { body: BodyMesh }): Promise<Uint8Array> {
  const scene: Scene = { name: 'body', meshes: [{ name: 'body', mesh, material: mat, morphTargets: [] }] };
  if (skin) {
    const skeleton = bodySkeleton(skin.body.proportions);
    scene.skeleton = sceneJoints(skeleton);
    scene.meshes[0].skin = meshSkinWeights(bodySkinWeights(skin.body, skeleton), skin.body.vertexOf);
  }
  const [file] = await writeGltf(scene, { binary: true });
  return file.data;
}


function extreme(gender: 'female' | 'male', pick: 0 | 1): BodyShape {
  const i = BODY_SHAPE_INTERVALS[gender];
  return { gender, height: i.height[pick], weight: i.weight[pick], chest: i.chest[pick], waist: i.waist[pick], hips: i.hips[pick] };
}

/**
 * Contact sheets of the body's textures and LODs, rendered by three.js in Chromium from GLBs with the
 * base colour, normal and metallic-roughness maps: female and male (mean, and the largest of the
 * intervals) front, back and 3/4; close-ups of hands and feet; LOD 0–7 of one body side by side.
 * GLBs, atlases and PNGs go to scratch/bodyTexture/.
 *
 *   npx tsc -p . && node dist/bench/quality/bodyTextureSheets.js
 */
export async function run(): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  const written: string[] = [];
  const bodies: { label: string; body: BodyMesh; tone: Rgb; textures?: BodyTextures }[] = [
    { label: 'female mean, medium tone', body: solveBodyShape({ gender: 'female' }).body, tone: TONES.medium },
    { label: 'female largest, light tone', body: solveBodyShape(extreme('female', 1)).body, tone: TONES.light },
    { label: 'male mean, dark tone', body: solveBodyShape({ gender: 'male' }).body, tone: TONES.dark },
    { label: 'male largest, medium tone', body: solveBodyShape(extreme('male', 1)).body, tone: TONES.medium },
  ];
  for (const b of bodies) {
    const t0 = performance.now();
    b.textures = bodyTexture(b.body, { skinTone: b.tone });
    console.log(`${b.label}: textures ${b.textures.model.width}² in ${(performance.now() - t0).toFixed(0)} ms`);
    const name = b.label.replace(/[ ,]+/g, '-');
    await writeFile(join(OUT_DIR, `atlas-${name}.jpg`), await encodeJpeg(b.textures.model, 92));
    await writeFile(join(OUT_DIR, `normal-${name}.png`), await encodePng(b.textures.normal));
  }
  if (!chromiumAvailable()) {
    console.log('chromium is not installed: body texture sheets skipped');
    return written;
  }
  await withBrowser(async (render) => {
    const view = async (file: Uint8Array, yaw: number, width = 420, height = 560) => decodeRgb(await render(file, { yaw, width, height }));
    const rows: { height: number; panels: Panel[] }[] = [];
    for (const b of bodies) {
      const mat = await material(b.textures!);
      const file = await glb(b.body.mesh, mat, { body: b.body });
      await writeFile(join(OUT_DIR, `${b.label.replace(/[ ,]+/g, '-')}.glb`), file);
      const panels: Panel[] = [];
      for (const v of VIEWS) panels.push({ image: await view(file, v.yaw), caption: `${b.label} ${v.name}` });
      rows.push({ height: 560, panels });
    }
    for (const [i, part] of [[0, 'female'], [2, 'male']] as const) {
      const file = join(OUT_DIR, `${part}.png`);
      await writeFile(file, await contactSheet(rows.slice(i, i + 2), `Body texture, ${part}: skin, nails, underwear; normal and roughness maps`));
      written.push(file);
    }

    // Close-ups: hands from above and below, feet, knees and elbows, the underwear's edges.
    const details: { height: number; panels: Panel[] }[] = [];
    for (const b of [bodies[0], bodies[2]]) {
      const mat = await material(b.textures!);
      const p = b.body.proportions;
      const x = p.wrist[0];
      const parts: [string, Mesh, number][] = [
        ['left hand from above', crop(b.body.mesh, [x - 0.05, x + 0.3, 0, 3], 90), 0],
        ['left hand, palm side', crop(b.body.mesh, [x - 0.05, x + 0.3, 0, 3], -90), 0],
        ['left foot', crop(b.body.mesh, [0, 0.4, 0, 0.16]), 30],
        ['left foot, from above', crop(b.body.mesh, [0, 0.4, 0, 0.16], 60), 0],
        ['left knee', crop(b.body.mesh, [0, 0.4, p.knee[1] - 0.12, p.knee[1] + 0.12]), 20],
        ['left elbow, back', crop(b.body.mesh, [p.elbow[0] - 0.12, p.elbow[0] + 0.12, 0, 3]), 180],
        ['hips', crop(b.body.mesh, [-0.4, 0.4, p.y.crotch - 0.15, p.y.waist + 0.05]), 30],
        ['chest', crop(b.body.mesh, [-0.3, 0.3, p.y.waist, p.y.neckTop]), 20],
      ];
      const panels: Panel[] = [];
      for (const [caption, mesh, yaw] of parts) panels.push({ image: await view(await glb(mesh, mat), yaw, 360, 300), caption: `${b.label.split(',')[0]}: ${caption}` });
      details.push({ height: 300, panels: panels.slice(0, 4) }, { height: 300, panels: panels.slice(4) });
    }
    const detailFile = join(OUT_DIR, 'details.png');
    await writeFile(detailFile, await contactSheet(details, 'Close-ups: hands, feet, knees, elbows, underwear'));
    written.push(detailFile);

    // LODs 0–7 of the mean female, side by side, and the hand at each.
    const lods: Panel[] = [];
    const hands: Panel[] = [];
    const b = bodies[0];
    const mat = await material(b.textures!);
    for (let lod = 0; lod < BODY_LOD_BUDGETS.length; lod++) {
      const level = await bodyLod(b.body, lod);
      const faces = level.mesh.indices.length / 3, vertices = level.mesh.positions.length / 3;
      lods.push({ image: await view(await glb(level.mesh, mat), 30, 300, 520), caption: `LOD${lod} ${vertices}/${faces}` });
      const x = b.body.proportions.wrist[0];
      hands.push({ image: await view(await glb(crop(level.mesh, [x - 0.05, x + 0.3, 0, 3], 90), mat), 0, 300, 240), caption: `LOD${lod} hand` });
    }
    const lodFile = join(OUT_DIR, 'lods.png');
    await writeFile(lodFile, await contactSheet([{ height: 520, panels: lods }, { height: 240, panels: hands }], 'Body LOD 0–7 (vertices/faces), textured'));
    written.push(lodFile);
  });
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
