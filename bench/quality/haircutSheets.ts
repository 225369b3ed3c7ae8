import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { headTemplate } from '../../src/assets/index.js';
import { artificialHaircutTexture, fitHaircut, haircutSet, type HaircutSetName } from '../../src/assets/haircuts/index.js';
import { createFaceAnalyzer, NoFaceError } from '../../src/analysis/index.js';
import { effectiveParameters } from '../../src/pipelines/catalogue/index.js';
import { headGeometry } from '../../src/pipelines/head/headGeometry.js';
import { headTexture } from '../../src/pipelines/head/headTexture.js';
import { render, viewCamera, type Image, type Scene } from '../../src/render/index.js';
import type { Mesh } from '../../src/geometry/index.js';
import { haircutTexture } from '../../src/assets/haircuts/index.js';
import { decodeRgb } from '../../src/texture/index.js';
import { contactSheet, type Panel } from './sheet.js';
import { QUALITY_PHOTOS } from './run.js';

const OUT_DIR = join('scratch', 'quality');
const SUBTYPE = 'head_2.0 bust/mobile';

function view(head: { mesh: Mesh; texture: Image }, hair: { mesh: Mesh; texture: Image } | null, yaw: number): Image {
  const meshes: Scene['meshes'] = [{ mesh: head.mesh, material: { texture: head.texture as Image } }];
  if (hair) meshes.push({ mesh: hair.mesh, material: { texture: hair.texture as Image, alphaMode: 'mask', alphaCutoff: 0.5 } });
  const scene: Scene = { meshes };
  return render(scene, viewCamera(scene, { view: { yaw, pitch: 5 } }), { width: 320, height: 320, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 });
}

/** A set's haircuts fitted to one head, each at the given yaws, `perRow` panels a row. */
async function setSheet(
  head: { mesh: Mesh; texture: Image; fitted: ReturnType<typeof headGeometry>['fitted'] }, set: HaircutSetName, yaws: number[], perRow: number, title: string,
): Promise<Buffer> {
  const panels = haircutSet(set).flatMap((haircut) => {
    const hair = { mesh: fitHaircut(haircut, head.fitted), texture: artificialHaircutTexture(haircut, { size: 512 }) };
    return yaws.map((yaw) => ({ image: view(head, hair, yaw), caption: `${haircut.identity} (${haircut.gender})` }));
  });
  const rows: { height: number; panels: Panel[] }[] = [];
  for (let i = 0; i < panels.length; i += perRow) rows.push({ height: 240, panels: panels.slice(i, i + perRow) });
  return contactSheet(rows, title);
}

/**
 * Contact sheets of haircuts, to look at: every test photo with its generated haircut (head_2.0
 * bust/mobile) from the front, the side and the back; and the base library set fitted to one head.
 * Written to scratch/quality/haircuts.png, base-set.png and persona-set.png (the persona set, front and back).
 */
export async function run(): Promise<string[]> {
  await mkdir(OUT_DIR, { recursive: true });
  const analyzer = await createFaceAnalyzer();
  const template = headTemplate(SUBTYPE);
  const parameters = effectiveParameters({}, 'head_2.0', 'bust/mobile');
  const rows: { height: number; panels: Panel[] }[] = [];
  let first: { mesh: Mesh; texture: Image; fitted: ReturnType<typeof headGeometry>['fitted'] } | null = null;
  for (const file of QUALITY_PHOTOS) {
    const bytes = await readFile(file);
    let analysis;
    try {
      analysis = await analyzer.analyze(bytes);
    } catch (err) {
      if (err instanceof NoFaceError) continue;
      throw err;
    }
    const photo = await decodeRgb(bytes);
    const geometry = headGeometry(template, photo, analysis, parameters, 'separate');
    const model = headTexture(geometry, photo, analysis, parameters);
    const head = { mesh: geometry.head.mesh, texture: model.texture };
    first ??= { ...head, fitted: geometry.fitted };
    const hair = geometry.haircut && model.haircut
      ? { mesh: geometry.haircut, texture: await haircutTexture(model.haircut.texture, model.haircut.mask, 1024, 512) }
      : null;
    const name = file.split('/').pop()!;
    rows.push({
      height: 200,
      panels: [
        { image: photo, caption: name },
        ...[0, 90, 180].map((yaw) => ({ image: view(head, hair, yaw), caption: hair ? `generated, yaw ${yaw}` : `no haircut, yaw ${yaw}` })),
      ],
    });
  }
  await analyzer.close();
  const haircutsFile = join(OUT_DIR, 'haircuts.png');
  await writeFile(haircutsFile, await contactSheet(rows, 'Generated haircuts (head_2.0 bust/mobile): photo, front, side, back'));

  const baseFile = join(OUT_DIR, 'base-set.png');
  await writeFile(baseFile, await setSheet(first!, 'base', [30], 3, 'The base haircut set fitted to one head'));
  const personaFile = join(OUT_DIR, 'persona-set.png');
  await writeFile(personaFile, await setSheet(first!, 'persona', [30, 150], 8, 'The persona haircut set fitted to one head, from the front and the back'));
  return [haircutsFile, baseFile, personaFile];
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) console.log((await run()).join('\n'));
