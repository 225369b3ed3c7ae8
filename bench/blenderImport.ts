import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { writeFbx } from '../src/formats/fbx/index.js';
import type { Scene, SceneJoint } from '../src/formats/scene.js';
import { uvSphere } from '../src/core/uvSphere.js';

/**
 * Blender's check of our FBX: writes a sample scene (skinned, morphing, textured head; a masked
 * haircut; a pointcloud; one animation) embedded and with separate textures, imports both with
 * Blender's own FBX importer (bench/blenderImport.py) and compares what Blender built with the scene.
 *
 *   npx tsc -p . && node dist/bench/blenderImport.js
 *
 * Skips, saying so, when `blender` is not on PATH.
 */

const SCRIPT = fileURLToPath(new URL('../../bench/blenderImport.py', import.meta.url));

export const SAMPLE_MORPHS = ['jawOpen', 'eyeBlinkLeft'];
export const SAMPLE_JOINTS = ['Hips', 'Neck', 'Head'];

/** The scene the FBX test and this check write: small, but with every kind of data FBX export carries. */
export async function sampleScene(): Promise<Scene> {
  const head = uvSphere({ radius: 0.1, rings: 16, segments: 24 });
  const vertices = head.positions.length / 3;
  const jaw = new Float32Array(vertices * 3);
  const blink = new Float32Array(vertices * 3);
  const joints = new Uint16Array(vertices * 4);
  const weights = new Float32Array(vertices * 4);
  for (let v = 0; v < vertices; v++) {
    const [x, y] = [head.positions[v * 3], head.positions[v * 3 + 1]];
    if (y < -0.05) jaw[v * 3 + 1] = -0.02 * (-0.05 - y) / 0.05;
    if (x > 0.02 && y > 0.02) blink[v * 3 + 2] = -0.005;
    // Lower half on the neck, upper half shared between the neck and the head.
    const up = Math.max(0, Math.min(1, (y + 0.02) / 0.08));
    joints.set([1, 2, 0, 0], v * 4);
    weights.set([1 - up, up, 0, 0], v * 4);
  }
  const skeleton: SceneJoint[] = [
    { name: SAMPLE_JOINTS[0], parent: -1, translation: [0, -0.2, 0], rotation: [0, 0, 0, 1] },
    { name: SAMPLE_JOINTS[1], parent: 0, translation: [0, 0.15, 0], rotation: [0, 0, 0, 1] },
    { name: SAMPLE_JOINTS[2], parent: 1, translation: [0, 0.08, 0], rotation: [Math.sin(0.05), 0, 0, Math.cos(0.05)] },
  ];
  const hair = uvSphere({ radius: 0.11, rings: 8, segments: 12 });
  const points = uvSphere({ radius: 0.1, rings: 6, segments: 8 });
  const angle = (t: number): number[] => [Math.sin(t / 2), 0, 0, Math.cos(t / 2)];
  return {
    name: 'avatar',
    skeleton,
    meshes: [
      {
        name: 'head',
        mesh: head,
        material: {
          name: 'head_material',
          baseColorTexture: { name: 'model.jpg', mimeType: 'image/jpeg', data: await image(64, 32, 'jpeg') },
          normalTexture: { name: 'model_normal.png', mimeType: 'image/png', data: await image(32, 16, 'png') },
          metallic: 0,
          roughness: 0.6,
          alphaMode: 'opaque',
          doubleSided: false,
        },
        morphTargets: [{ name: SAMPLE_MORPHS[0], positions: jaw }, { name: SAMPLE_MORPHS[1], positions: blink }],
        morphWeights: [0.25, 0],
        skin: { joints, weights },
      },
      {
        name: 'haircut',
        mesh: hair,
        material: {
          name: 'haircut_material',
          baseColorTexture: { name: 'haircut.png', mimeType: 'image/png', data: await image(32, 32, 'png', true) },
          metallic: 0,
          roughness: 0.8,
          alphaMode: 'mask',
          alphaCutoff: 0.5,
          doubleSided: true,
        },
        morphTargets: [],
      },
      { name: 'head_points', mesh: { positions: points.positions, indices: new Uint32Array(0) }, morphTargets: [] },
    ],
    animations: [
      {
        name: 'nod',
        channels: [
          { joint: 2, times: Float32Array.of(0, 0.5, 1), rotations: Float32Array.from([...angle(0), ...angle(0.4), ...angle(0)]) },
          { joint: 1, times: Float32Array.of(0, 1), translations: Float32Array.of(0, 0.15, 0, 0, 0.16, 0) },
        ],
        // A blink while nodding; jawOpen stays at its resting 0.25.
        morphChannels: [{ mesh: 'head', times: Float32Array.of(0, 0.5, 1), weights: Float32Array.of(0.25, 0, 0.25, 1, 0.25, 0) }],
      },
    ],
  };
}

async function image(width: number, height: number, format: 'jpeg' | 'png', alpha = false): Promise<Uint8Array> {
  const channels = alpha ? 4 : 3;
  const pixels = Buffer.alloc(width * height * channels);
  for (let i = 0; i < width * height; i++) {
    pixels[i * channels] = (i * 7) % 256;
    pixels[i * channels + 1] = 128;
    pixels[i * channels + 2] = (i * 3) % 256;
    if (alpha) pixels[i * channels + 3] = i % width < width / 2 ? 255 : 0;
  }
  const encoder = sharp(pixels, { raw: { width, height, channels } });
  return new Uint8Array(await (format === 'jpeg' ? encoder.jpeg() : encoder.png()).toBuffer());
}

/** What bench/blenderImport.py prints for one file. */
export interface BlenderReport {
  file: string;
  error?: string;
  objects: Array<{
    name: string; type: string; parent: string | null; vertices?: number; polygons?: number; shapeKeys?: string[];
    shapeKeyMaxOffset?: Record<string, number>; vertexGroups?: string[]; size?: number[];
    materials?: Array<{ name: string; images: Array<{ name?: string; packed?: boolean; file?: string; links: string[] }> }>;
    modifiers?: Array<{ type: string; object: string | null }>; bones?: Array<{ name: string; parent: string | null }>;
  }>;
  /** `shapeKeys`: the shape keys the action's curves key (`key_blocks["eyeBlinkLeft"].value` → eyeBlinkLeft). */
  actions: Array<{ name: string; curves: number; frames: number[]; shapeKeys?: string[] }>;
}

/** Imports each file in one Blender run; undefined when Blender is not installed. */
export function blenderImport(files: string[]): BlenderReport[] | undefined {
  const found = spawnSync('blender', ['--version'], { encoding: 'utf8' });
  if (found.error) return undefined;
  const run = spawnSync('blender', ['--background', '--factory-startup', '--python', SCRIPT, '--', ...files], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    timeout: 120_000,
  });
  const lines = run.stdout.split('\n').filter((l) => l.startsWith('FBXCHECK '));
  if (lines.length !== files.length) throw new Error(`Blender reported ${lines.length} of ${files.length} files:\n${run.stdout}\n${run.stderr}`);
  return lines.map((l) => JSON.parse(l.slice('FBXCHECK '.length)) as BlenderReport);
}

/** One FBX file's bytes imported by Blender (through a throw-away directory); undefined when Blender is not installed. */
export function blenderImportFbx(fbx: Uint8Array): BlenderReport | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'likeness-blender-'));
  try {
    writeFileSync(join(dir, 'model.fbx'), fbx);
    return blenderImport([join(dir, 'model.fbx')])?.[0];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Differences between what Blender imported and the sample scene; empty when all is there. */
export function sampleSceneProblems(report: BlenderReport, embedded: boolean): string[] {
  if (report.error) return [report.error];
  const problems: string[] = [];
  const expect = (ok: boolean, what: string): void => void (ok || problems.push(what));
  const byName = new Map(report.objects.map((o) => [o.name, o]));
  const head = byName.get('head');
  const hair = byName.get('haircut');
  const points = byName.get('head_points');
  const armature = report.objects.find((o) => o.type === 'ARMATURE');
  expect(head?.vertices === 17 * 25 && head.polygons === 2 * 16 * 24 - 2 * 24, `head vertices/polygons ${head?.vertices}/${head?.polygons}`);
  expect(JSON.stringify(head?.shapeKeys?.slice(1)) === JSON.stringify(SAMPLE_MORPHS), `shape keys ${head?.shapeKeys}`);
  expect(Math.abs((head?.shapeKeyMaxOffset?.jawOpen ?? 0) - 0.02) < 1e-4, `jawOpen moves ${head?.shapeKeyMaxOffset?.jawOpen} m`);
  // One unit is one metre: the 0.1 m sphere is 0.2 m across, not 20 m or 2 mm.
  expect(!!head?.size && Math.abs(head.size[0] - 0.2) < 0.01, `head size ${head?.size}`);
  expect(hair?.vertices === 9 * 13, `haircut vertices ${hair?.vertices}`);
  expect(points?.vertices === 7 * 9 && points.polygons === 0, `pointcloud vertices/polygons ${points?.vertices}/${points?.polygons}`);
  expect(JSON.stringify(armature?.bones?.map((b) => b.name)) === JSON.stringify(SAMPLE_JOINTS), `bones ${JSON.stringify(armature?.bones)}`);
  expect(!!head?.modifiers?.some((m) => m.type === 'ARMATURE' && m.object === armature?.name), `head modifiers ${JSON.stringify(head?.modifiers)}`);
  // Blender makes a vertex group per cluster that weighs on something: the sample leaves the root bone unweighted.
  expect(JSON.stringify(head?.vertexGroups?.slice().sort()) === JSON.stringify(SAMPLE_JOINTS.slice(1).sort()), `vertex groups ${head?.vertexGroups}`);
  expect(report.actions.some((a) => a.name.includes('nod') && a.curves > 0), `actions ${JSON.stringify(report.actions)}`);
  expect(report.actions.some((a) => a.shapeKeys?.includes(SAMPLE_MORPHS[1])), `shape key animation ${JSON.stringify(report.actions)}`);
  const headImages = head?.materials?.[0]?.images ?? [];
  const color = headImages.find((i) => i.file === 'model.jpg' || i.name === 'model.jpg');
  expect(!!color && color.packed === embedded, `head texture ${JSON.stringify(headImages)}`);
  expect(headImages.some((i) => i.links.includes('Color') && i.name?.includes('model_normal')), `normal map ${JSON.stringify(headImages)}`);
  const hairImages = hair?.materials?.[0]?.images ?? [];
  expect(hairImages.some((i) => i.links.includes('Alpha')), `haircut alpha ${JSON.stringify(hairImages)}`);
  return problems;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'likeness-fbx-'));
  try {
    const scene = await sampleScene();
    const files: string[] = [];
    for (const embedTextures of [true, false]) {
      const sub = join(dir, embedTextures ? 'embedded' : 'external');
      mkdirSync(sub);
      for (const written of writeFbx(scene, { embedTextures })) {
        const path = join(sub, written.name);
        writeFileSync(path, written.data);
        if (written.name.endsWith('.fbx')) files.push(path);
      }
    }
    const reports = blenderImport(files);
    if (!reports) {
      console.log('blender is not on PATH: Blender import check skipped');
      return;
    }
    let failed = false;
    reports.forEach((report, i) => {
      const problems = sampleSceneProblems(report, i === 0);
      console.log(`${report.file}: ${problems.length ? problems.join('; ') : 'ok'}`);
      for (const o of report.objects ?? []) {
        const mesh = o.type === 'MESH' ? ` ${o.vertices} vertices, ${o.polygons} polygons, shape keys ${o.shapeKeys?.join(',') || '-'}` : '';
        const bones = o.bones ? ` bones ${o.bones.map((b) => b.name).join(',')}` : '';
        console.log(`  ${o.type} ${o.name}${mesh}${bones}`);
      }
      console.log(`  actions ${report.actions?.map((a) => a.name).join(',')}`);
      failed ||= problems.length > 0;
    });
    if (failed) process.exitCode = 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
