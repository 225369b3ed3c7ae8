import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { createFaceAnalyzer } from '../src/analysis/index.js';
import { headTemplate, type HeadSubtype } from '../src/assets/index.js';
import { blendshapeSet, boundPositions, fitHead, normalDeltas, type FittedHead, type Mesh } from '../src/geometry/index.js';
import { encodePng, lookAt, perspectiveCamera, render, type Scene } from '../src/render/index.js';
import { bakeTexture, faceOutline, paintMouthBag, type RgbImage } from '../src/texture/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Options of {@link blendshapeSheet}. */
export interface BlendshapeSheetOptions {
  /** Blendshape sets to draw, one sheet each. */
  sets?: string[];
  /** Photo under test/fixtures/photos/. */
  photo?: string;
  subtype?: HeadSubtype;
  /** Side of each picture, pixels. */
  tile?: number;
  /** Camera yaw in degrees (0: from the front; positive: from the person's left). */
  yaw?: number;
  /** What the pictures show: the whole face, or a close-up of the mouth or of the eyes. */
  focus?: 'face' | 'mouth' | 'eyes';
  /** Where the sheets go, relative to the project root. */
  out?: string;
}

export const BLENDSHAPE_SHEET_DEFAULTS: Required<BlendshapeSheetOptions> = {
  sets: ['mobile_51', 'visemes_15'],
  photo: 'astronaut.png',
  subtype: 'head_2.0 bust/mobile',
  tile: 300,
  yaw: 0,
  focus: 'face',
  out: 'scratch/blendshapes',
};

/**
 * Contact sheets of blendshapes: each shape of a set at 1.0 on a head fitted to a photo, textured
 * with the photo (mouth bag painted) and drawn by the software renderer, in one labelled PNG grid per
 * set (`{out}/{set}.png`, and `{set}-yaw{yaw}.png` from the side). The first picture is the head at
 * rest. Normals are the head's plus normalDeltas, as an export carries them.
 *
 * ```sh
 * node dist/bench/blendshapeSheet.js mobile_51 visemes_15 --yaw 30 --focus mouth --photo messi5.jpg
 * ```
 */
export async function blendshapeSheet(options: BlendshapeSheetOptions = {}): Promise<string[]> {
  const o = { ...BLENDSHAPE_SHEET_DEFAULTS, ...options };
  const analyzer = await createFaceAnalyzer();
  const photo = await readFile(`${ROOT}test/fixtures/photos/${o.photo}`);
  const analysis = await analyzer.analyze(photo);
  await analyzer.close();
  const head = fitHead(headTemplate(o.subtype), analysis);
  const texture = headTexture(head, analysis, await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true }));
  await mkdir(`${ROOT}${o.out}`, { recursive: true });
  const written: string[] = [];
  for (const name of o.sets) {
    const set = blendshapeSet(name);
    const start = performance.now();
    const deltas = set.deltas(head);
    const ms = performance.now() - start;
    const target = focusPoint(head, o.focus);
    const tiles: { label: string; png: Buffer }[] = [{ label: 'rest', png: await draw(head.mesh, texture, target, o) }];
    for (let i = 0; i < set.names.length; i++) {
      const moved = head.mesh.positions.map((x, k) => x + deltas[i][k]);
      const turned = normalDeltas(head.mesh, deltas[i]);
      const normals = head.mesh.normals!.map((x, k) => x + turned[k]);
      tiles.push({ label: set.names[i], png: await draw({ ...head.mesh, positions: moved, normals }, texture, target, o) });
    }
    const file = `${ROOT}${o.out}/${name}${o.focus === 'face' ? '' : `-${o.focus}`}${o.yaw ? `-yaw${o.yaw}` : ''}.png`;
    await writeFile(file, await grid(tiles, o.tile, `${name}: ${set.names.length} shapes in ${ms.toFixed(0)} ms, ${o.photo}, ${o.subtype}`));
    written.push(file);
  }
  return written;
}

/** The photo baked onto the head, the mouth bag painted with the photo's lip colour. */
function headTexture(head: FittedHead, analysis: Awaited<ReturnType<Awaited<ReturnType<typeof createFaceAnalyzer>>['analyze']>>, raw: { data: Buffer; info: { width: number; height: number; channels: number } }): RgbImage {
  const projection = head.projection;
  const photo = { width: raw.info.width, height: raw.info.height, channels: raw.info.channels, data: new Uint8Array(raw.data) };
  const { texture } = bakeTexture({
    mesh: head.mesh, projection, photo, skin: analysis.colors.skin, masks: analysis.segmentation, faceOutline: faceOutline(analysis.face),
  }, { width: 2048, height: 1024 });
  const { red, green, blue } = analysis.colors.lips;
  return paintMouthBag(texture, head.template, head.mesh.uvs!, { lips: [red, green, blue] });
}

/** What each focus looks at (the mean of some of the head's landmarks, or a fixed point) and how wide, degrees. */
const FOCUS = {
  face: { landmarks: [], fov: 20 },
  mouth: { landmarks: [13, 14], fov: 8 },
  eyes: { landmarks: [159, 386], fov: 11 },
} as const;

/** The point a focus looks at on a head. */
function focusPoint(head: FittedHead, focus: keyof typeof FOCUS): [number, number, number] {
  const ids: readonly number[] = FOCUS[focus].landmarks;
  if (ids.length === 0) return [0, -0.035, 0.06];
  const l = boundPositions(head.mesh.positions, head.mesh.indices, head.template.landmarks);
  return [0, 1, 2].map((k) => ids.reduce((s, i) => s + l[i * 3 + k], 0) / ids.length) as [number, number, number];
}

/** The face from the front (or turned by `yaw`). */
async function draw(mesh: Mesh, texture: RgbImage, target: [number, number, number], o: Required<BlendshapeSheetOptions>): Promise<Buffer> {
  const scene: Scene = { meshes: [{ mesh, material: { texture } }] };
  const { fov } = FOCUS[o.focus];
  const yaw = (o.yaw * Math.PI) / 180, distance = 0.55;
  const eye: [number, number, number] = [target[0] + distance * Math.sin(yaw), target[1] + 0.01, target[2] + distance * Math.cos(yaw)];
  const camera = lookAt(perspectiveCamera({ fov }), eye, target);
  return encodePng(render(scene, camera, { width: o.tile, height: o.tile, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 }));
}

/** Pictures in rows of eight, each with its label under it, and a title. */
async function grid(tiles: { label: string; png: Buffer }[], tile: number, title: string): Promise<Buffer> {
  const columns = Math.min(8, tiles.length), rows = Math.ceil(tiles.length / columns);
  const label = 22, head = 30;
  const width = columns * tile, height = head + rows * (tile + label);
  const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const text = [`<text x="8" y="21" font-size="18" font-family="sans-serif">${escape(title)}</text>`];
  tiles.forEach((t, i) => {
    const x = (i % columns) * tile, y = head + Math.floor(i / columns) * (tile + label) + tile + 16;
    text.push(`<text x="${x + tile / 2}" y="${y}" font-size="15" font-family="sans-serif" text-anchor="middle">${escape(t.label)}</text>`);
  });
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${text.join('')}</svg>`);
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .composite([
      ...tiles.map((t, i) => ({ input: t.png, left: (i % columns) * tile, top: head + Math.floor(i / columns) * (tile + label) })),
      { input: svg, left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const yawAt = args.indexOf('--yaw');
  const yaw = yawAt >= 0 ? Number(args.splice(yawAt, 2)[1]) : 0;
  const photoAt = args.indexOf('--photo');
  const photo = photoAt >= 0 ? args.splice(photoAt, 2)[1] : undefined;
  const focusAt = args.indexOf('--focus');
  const focus = focusAt >= 0 ? (args.splice(focusAt, 2)[1] as BlendshapeSheetOptions['focus']) : undefined;
  const files = await blendshapeSheet({ yaw, ...(focus ? { focus } : {}), ...(photo ? { photo } : {}), ...(args.length ? { sets: args } : {}) });
  for (const file of files) console.log(file);
}
