import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { headSubtype, headTemplate } from '../../src/assets/index.js';
import { createFaceAnalyzer, type FaceAnalysis, type FaceAnalyzer, NoFaceError } from '../../src/analysis/index.js';
import { effectiveParameters } from '../../src/pipelines/catalogue/index.js';
import { renderPreview } from '../../src/pipelines/head/headPreview.js';
import { headGeometry } from '../../src/pipelines/head/headGeometry.js';
import { headTexture } from '../../src/pipelines/head/headTexture.js';
import { type Light, render, type Scene, viewCamera, weakPerspectiveCamera } from '../../src/render/index.js';
import { decodeRgb, type Image } from '../../src/texture/index.js';
import { type Figure, median, printFigures } from '../figure.js';
import { chipImage, cosine, loadFaceEmbedder } from './embedding.js';
import { FACE_SOURCES } from './fixtures.js';
import { contactSheet, marks, over, type Panel, resized } from './sheet.js';

/** The test photos: the project's fixtures, then faces cut from `@vladmandic/human`'s assets (see bench/fixtures/PROVENANCE.md). */
export const QUALITY_PHOTOS: readonly string[] = [
  ...['astronaut.png', 'camera.png', 'messi5.jpg'].map((name) => join('test', 'fixtures', 'photos', name)),
  ...FACE_SOURCES.map((source) => join('bench', 'fixtures', 'faces', source.name)),
];

/** The avatar as the service makes it by default: head_1.2 base/mobile (hair volume included), no modification, 4096×2048 texture. */
const PIPELINE = 'head_1.2';
const SUBTYPE = 'base/mobile';
const PARAMETERS = effectiveParameters({}, PIPELINE, SUBTYPE);
/** Neutral grey the renders at the photo's pose are laid on (sRGB 0..255). */
const NEUTRAL: [number, number, number] = [128, 128, 128];
/** iBUG-68 outer eye corners: the normaliser of the landmark error. */
const OUTER_EYE_CORNERS = [36, 45] as const;
const SHEET_HEIGHT = 320;
const OUT_DIR = join('scratch', 'quality');
/**
 * The detector's noise floor: the photo cropped by these many columns on the left and rows on the top
 * (nothing invented at the edges), analysed again; the median landmark error over the three.
 */
const SHIFTS = [[5, 7], [3, 0], [0, 3]] as const;

/** A render's lighting: the preview's studio rig, or none (the texture's own colours). */
const LIT: { lights?: readonly Light[]; ambient?: number } = {};
const UNLIT: { lights?: readonly Light[]; ambient?: number } = { lights: [], ambient: 1 };

type Key = 'lit' | 'unlit' | 'photo' | 'front' | 'turned' | 'preview';
interface Variant {
  key: Key;
  what: string;
  /**
   * At the photo's pose and size: the render is cut by the photo's own face chip and its re-detected
   * landmarks are compared with the photo's. Otherwise (another view) the chip comes from the landmarks
   * detected on the render, and there is no landmark round trip.
   */
  atPose: boolean;
}
const VARIANTS: readonly Variant[] = [
  { key: 'lit', what: 'at the photo\'s pose, lit as the preview, on grey', atPose: true },
  { key: 'unlit', what: 'at the photo\'s pose, unlit (texture colours), on grey', atPose: true },
  { key: 'photo', what: 'at the photo\'s pose, lit, over the photo', atPose: true },
  { key: 'front', what: 'front view, 512², lit, on grey', atPose: false },
  { key: 'turned', what: 'turned 35° away from the side the photo saw best, 512², lit, on grey', atPose: false },
  { key: 'preview', what: 'the preview as served (three-quarter)', atPose: false },
];

interface PhotoResult {
  name: string;
  embedding: Float32Array;
  /** Per variant: the render's embedding (null when no face was found to cut it) and landmark error (NaN when none). */
  renders: Record<Key, { embedding: Float32Array | null; nme: number }>;
  /** Landmark error of the photo cropped by a few pixels (see {@link SHIFTS}): the detector's own noise. */
  noiseNme: number;
  /** Width and depth of the head 5–12 cm below its top, metres (the cranium: hair volume included). */
  cranium: { width: number; depth: number };
  seconds: number;
}

/** Width and depth of a mesh in the band 5–12 cm below its highest point, as the likeness evaluation measures a cranium. */
function cranium(positions: ArrayLike<number>): { width: number; depth: number } {
  let top = -Infinity;
  for (let i = 1; i < positions.length; i += 3) top = Math.max(top, positions[i]);
  const min = [Infinity, Infinity], max = [-Infinity, -Infinity];
  for (let i = 0; i < positions.length; i += 3) {
    const below = top - positions[i + 1];
    if (below < 0.05 || below > 0.12) continue;
    min[0] = Math.min(min[0], positions[i]); max[0] = Math.max(max[0], positions[i]);
    min[1] = Math.min(min[1], positions[i + 2]); max[1] = Math.max(max[1], positions[i + 2]);
  }
  return { width: max[0] - min[0], depth: max[1] - min[1] };
}

/** Plausible as the evaluation counts it: 12–21 cm wide, depth/width 1.0–1.45. */
const plausible = (c: { width: number; depth: number }): boolean => c.width >= 0.12 && c.width <= 0.21 && c.depth / c.width >= 1 && c.depth / c.width <= 1.45;

type Embed = (image: Image, landmarks: ArrayLike<number>, roll: number) => Promise<Float32Array>;

/**
 * "The person must be recognisable": for every test photo, the avatar is built as the service builds it
 * (analysis → head_1.2 base/mobile template → fitHead → bakeTexture 4096×2048), rendered at the photo's
 * pose and size with the fit's weak-perspective camera, and compared with the photo:
 *
 * - identity: HSE FaceRes descriptors (`faceres.json`, `human`'s `face.description`) of each render
 *   and of every photo, cosine similarity; rank-1 = the render is most similar to its own photo.
 *   At the photo's pose the render is cut by the photo's own face chip (same window: the render is
 *   at the photo's pose and size), so the comparison is of appearance only. Also from views other
 *   than the photo's (front, the preview), cut by the landmarks found on the render.
 * - landmark round trip: the analyzer run again on the render at pose, its 68 landmarks against the
 *   photo's, mean distance / distance between the photo's outer eye corners (36, 45).
 *
 * A contact sheet per photo goes to scratch/quality/ (gitignored). Run from the project root, after
 * `tsc -p .`: `node dist/bench/quality/run.js` (about 80 s on 2 cores).
 */
export async function run(): Promise<Figure[]> {
  const started = performance.now();
  await mkdir(OUT_DIR, { recursive: true });
  const analyzer = await createFaceAnalyzer();
  const embedder = await loadFaceEmbedder();
  const template = headTemplate(headSubtype(PIPELINE, SUBTYPE)!);
  const results: PhotoResult[] = [];
  try {
    for (const file of QUALITY_PHOTOS) results.push(await evaluate(file, analyzer, embedder.embed, template));
  } finally {
    embedder.dispose();
    await analyzer.close();
  }
  const totalSeconds = (performance.now() - started) / 1000;
  printMatrix(results);

  const figures: Figure[] = [];
  const n = results.length;
  for (const variant of VARIANTS) {
    const ranked = results.map((r, i) => identification(results, i, variant.key));
    const correct = ranked.filter((x) => x.rank1).length;
    const cut = ranked.filter((x) => Number.isFinite(x.own));
    figures.push(
      { name: `[${variant.key}] ${variant.what}`, value: n, unit: 'photos' },
      { name: '  rank-1 identification, render → photos', value: (100 * correct) / n, unit: `% (${correct}/${n})`, target: '100 %' },
      { name: '  similarity render ↔ own photo (median)', value: median(cut.map((x) => x.own * 100)), unit: '% cos' },
      { name: '  margin own − best other (median)', value: median(cut.map((x) => x.margin * 100)), unit: 'pts cos' },
      { name: '  margin own − best other (smallest)', value: Math.min(...cut.map((x) => x.margin * 100)), unit: 'pts cos' },
    );
    if (variant.atPose) {
      const nmes = results.map((r) => r.renders[variant.key].nme * 100).filter(Number.isFinite);
      figures.push(
        { name: '  landmark NME / outer-eye distance (median)', value: nmes.length ? median(nmes) : NaN, unit: '% IOD', target: '<= 5 %' },
        { name: '  landmark NME (worst)', value: nmes.length ? Math.max(...nmes) : NaN, unit: '% IOD' },
      );
    }
    figures.push({ name: '  renders on which the analyzer found no face', value: n - results.filter((r) => variant.atPose ? Number.isFinite(r.renders[variant.key].nme) : r.renders[variant.key].embedding).length, unit: `of ${n}` });
  }
  const plausibleCount = results.filter((r) => plausible(r.cranium)).length;
  figures.push(
    { name: 'cranium plausible (12–21 cm wide 5–12 cm below the top, depth/width 1.0–1.45)', value: plausibleCount, unit: `of ${n}`, target: 'all' },
    { name: '  cranium width (widest)', value: Math.max(...results.map((r) => r.cranium.width * 100)), unit: 'cm', target: '<= 21 cm' },
  );
  figures.push({ name: 'per photo [lit]: margin own − best other; landmark NME', value: n, unit: 'photos' });
  results.forEach((r, i) => {
    const x = identification(results, i, 'lit');
    const stem = (file: string): string => file.replace(/\.[a-z]+$/, '');
    figures.push({ name: `  ${stem(r.name)}: margin, own ${fmt(x.own)} − ${stem(x.best)} ${fmt(x.own - x.margin)}`, value: x.margin * 100, unit: `pts cos${x.rank1 ? '' : '  MISS'}` });
    const found = Number.isFinite(r.renders.lit.nme);
    figures.push({
      name: `  ${stem(r.name)}: landmark NME (detector noise ${pct(r.noiseNme)})`,
      value: r.renders.lit.nme * 100,
      unit: found ? '% IOD' : '(no face found on the render)',
    });
  });
  const others: number[] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) others.push(cosine(results[i].embedding, results[j].embedding) * 100);
  figures.push(
    { name: 'reference: photo ↔ other people\'s photos (median)', value: median(others), unit: '% cos' },
    { name: 'reference: photo ↔ other people\'s photos (highest)', value: Math.max(...others), unit: '% cos' },
    { name: 'reference: landmark NME, photo vs itself cropped 3-7 px (med.)', value: median(results.map((r) => r.noiseNme * 100).filter(Number.isFinite)), unit: '% IOD' },
    { name: 'time, all photos (models, template, bakes, renders, analyses)', value: totalSeconds, unit: 's', target: 'a few minutes' },
  );
  return figures;
}

async function evaluate(file: string, analyzer: FaceAnalyzer, embed: Embed, template: ReturnType<typeof headTemplate>): Promise<PhotoResult> {
  const started = performance.now();
  const name = file.split('/').pop()!;
  const bytes = await readFile(file);
  const analysis = await analyzer.analyze(bytes);
  const photo = await decodeRgb(bytes);
  // The pipeline's own steps, so the benchmark judges what the service delivers.
  const geometry = headGeometry(template, photo, analysis, PARAMETERS, 'merged');
  const fitted = geometry.head;
  const { texture } = headTexture(geometry, photo, analysis, PARAMETERS);
  const scene: Scene = { meshes: [{ mesh: fitted.mesh, material: { texture } }] };
  const camera = weakPerspectiveCamera({ matrix: fitted.camera.matrix, width: photo.width, height: photo.height });
  const transparent = [0, 0, 0, 0] as const;
  const litFrame = render(scene, camera, { ...LIT, background: transparent });
  const unlitFrame = render(scene, camera, { ...UNLIT, background: transparent });
  const front = over(render(scene, viewCamera(scene, { view: 'front' }), { width: 512, height: 512, background: transparent }), NEUTRAL);
  // The side the photo saw worst (the preview shows the best one, headPreview.ts): where completion by symmetry shows.
  const turnedYaw = analysis.face.pose.yaw > 0.05 ? 35 : -35;
  const turned = over(render(scene, viewCamera(scene, { view: { yaw: turnedYaw, pitch: 0 } }), { width: 512, height: 512, background: transparent }), NEUTRAL);
  const images: Record<Key, Image> = {
    lit: over(litFrame, NEUTRAL),
    unlit: over(unlitFrame, NEUTRAL),
    photo: over(litFrame, photo),
    front,
    turned,
    preview: await decodeRgb(await renderPreview(fitted.mesh, texture)),
  };

  const photoFace = analysis.face;
  const embedding = await embed(photo, photoFace.landmarks, photoFace.pose.roll);
  const renders = {} as PhotoResult['renders'];
  const found = {} as Record<Key, FaceAnalysis | null>;
  const chips: Panel[] = [{ image: chipImage(photo, photoFace.landmarks, photoFace.pose.roll), caption: 'chip: photo' }];
  for (const { key, atPose } of VARIANTS) {
    const image = images[key];
    const png = await sharp(Buffer.from(image.data), { raw: { width: image.width, height: image.height, channels: 3 } }).png().toBuffer();
    const again = await analyzeOrNull(analyzer, png);
    found[key] = again;
    const face = atPose ? photoFace : again?.face;
    const descriptor = face ? await embed(image, face.landmarks, face.pose.roll) : null;
    renders[key] = { embedding: descriptor, nme: atPose && again ? nme(analysis.landmarks68, again.landmarks68) : NaN };
    const similarity = descriptor ? `${fmt(cosine(descriptor, embedding))} %` : 'no face';
    chips.push(face ? { image: chipImage(image, face.landmarks, face.pose.roll), caption: `${key}: ${similarity}` } : { image: blank(224), caption: `${key}: no face` });
  }
  const noise: number[] = [];
  for (const [left, top] of SHIFTS) {
    const cropped = await sharp(bytes).autoOrient().extract({ left, top, width: photo.width - left, height: photo.height - top }).png().toBuffer();
    const again = await analyzeOrNull(analyzer, cropped);
    if (again) noise.push(nme(analysis.landmarks68, again.landmarks68.map((v, k) => (k % 3 === 0 ? v + left : k % 3 === 1 ? v + top : v))));
  }
  const noiseNme = noise.length ? median(noise) : NaN;

  // Row 1: photo | render at pose | the same over the photo with landmarks | front | profile | back.
  // Row 2: the face chips the descriptor sees (photo, then each render) and the preview.
  const view = (v: 'left' | 'right' | 'back'): Image =>
    over(render(scene, viewCamera(scene, { view: v }), { width: SHEET_HEIGHT, height: SHEET_HEIGHT, background: transparent }), NEUTRAL);
  // Positive yaw turns the person's right cheek towards the camera: show the profile the photo saw best.
  const profile = analysis.face.pose.yaw >= 0 ? 'right' : 'left';
  const scale = SHEET_HEIGHT / photo.height;
  const scaledPoints = (points: number[]): number[] => points.map((v) => v * scale);
  let overlay = marks(await resized(images.photo, SHEET_HEIGHT), scaledPoints(analysis.landmarks68), 3, [40, 230, 60], 2);
  if (found.lit) overlay = marks(overlay, scaledPoints(found.lit.landmarks68), 3, [255, 40, 40], 2);
  const sheet = await contactSheet(
    [
      {
        height: SHEET_HEIGHT,
        panels: [
          { image: photo, caption: `photo ${photo.width}x${photo.height}` },
          { image: images.lit, caption: 'render at pose (lit)' },
          { image: overlay, caption: 'over photo; 68 pts photo green, render red' },
          { image: front, caption: 'front' },
          { image: view(profile), caption: `profile (${profile})` },
          { image: view('back'), caption: 'back' },
        ],
      },
      { height: 224, panels: [...chips, { image: images.preview, caption: 'preview (as served)' }] },
    ],
    `${name}  yaw ${deg(analysis.face.pose.yaw)}°  pitch ${deg(analysis.face.pose.pitch)}°  roll ${deg(analysis.face.pose.roll)}°  ` +
      `outer-eye distance ${iod(analysis.landmarks68).toFixed(0)} px  landmark NME lit ${pct(renders.lit.nme)}, unlit ${pct(renders.unlit.nme)}, ` +
      `over photo ${pct(renders.photo.nme)} (% IOD)  chips: cosine similarity to the photo's`,
  );
  await writeFile(join(OUT_DIR, `${name.replace(/\.[a-z]+$/, '')}.png`), sheet);
  return { name, embedding, renders, noiseNme, cranium: cranium(fitted.mesh.positions), seconds: (performance.now() - started) / 1000 };
}

function blank(size: number): Image {
  return { width: size, height: size, channels: 3, data: new Uint8Array(size * size * 3).fill(60) };
}

async function analyzeOrNull(analyzer: FaceAnalyzer, png: Buffer): Promise<FaceAnalysis | null> {
  try {
    return await analyzer.analyze(png);
  } catch (err) {
    if (err instanceof NoFaceError) return null;
    throw err;
  }
}

/** Mean 2-D distance between two 68-point sets (flat x, y, z), over the first set's outer-eye distance. */
export function nme(reference: ArrayLike<number>, points: ArrayLike<number>): number {
  let sum = 0;
  for (let k = 0; k < 68; k++) sum += Math.hypot(reference[k * 3] - points[k * 3], reference[k * 3 + 1] - points[k * 3 + 1]);
  return sum / 68 / iod(reference);
}

/** Distance between the outer eye corners of 68 landmarks (flat x, y, z), in pixels. */
function iod(points: ArrayLike<number>): number {
  const [a, b] = OUTER_EYE_CORNERS;
  return Math.hypot(points[a * 3] - points[b * 3], points[a * 3 + 1] - points[b * 3 + 1]);
}

function identification(results: PhotoResult[], i: number, key: Key): { own: number; margin: number; best: string; rank1: boolean } {
  const probe = results[i].renders[key].embedding;
  if (!probe) return { own: NaN, margin: NaN, best: '', rank1: false };
  const own = cosine(probe, results[i].embedding);
  let other = -Infinity;
  let best = '';
  results.forEach((r, j) => {
    if (j === i) return;
    const s = cosine(probe, r.embedding);
    if (s > other) {
      other = s;
      best = r.name;
    }
  });
  return { own, margin: own - other, best, rank1: own > other };
}

function printMatrix(results: PhotoResult[]): void {
  const short = (s: string): string => s.replace(/\.[a-z]+$/, '').slice(0, 12).padStart(12);
  console.log('\nCosine similarity (%), rows: render [lit] of each photo; columns: the photos');
  console.log(`${''.padStart(14)}${results.map((r) => short(r.name)).join('')}`);
  for (const row of results) {
    const probe = row.renders.lit.embedding;
    const cells = results.map((col) => {
      const s = probe ? (cosine(probe, col.embedding) * 100).toFixed(1) : '—';
      return (col === row ? `[${s}]` : s).padStart(12);
    });
    console.log(`${short(row.name)}  ${cells.join('')}   (${row.seconds.toFixed(1)} s)`);
  }
  console.log('\nPer photo, each render: similarity to its own photo / margin over the best other photo (% cos; * = not rank 1)');
  console.log(`${''.padStart(14)}${VARIANTS.map((v) => v.key.padStart(14)).join('')}`);
  results.forEach((row, i) => {
    const cells = VARIANTS.map((v) => {
      const x = identification(results, i, v.key);
      return (Number.isFinite(x.own) ? `${fmt(x.own)}/${x.margin >= 0 ? '+' : ''}${fmt(x.margin)}${x.rank1 ? ' ' : '*'}` : 'no face ').padStart(14);
    });
    console.log(`${short(row.name)}  ${cells.join('')}`);
  });
  for (const v of VARIANTS) {
    results.forEach((row, i) => {
      const x = identification(results, i, v.key);
      if (Number.isFinite(x.own) && !x.rank1) console.log(`  * [${v.key}] ${row.name}: closer to ${x.best} (${fmt(x.own - x.margin)}) than to its own photo (${fmt(x.own)})`);
    });
  }
  console.log('\nCosine similarity (%) between the photos');
  for (const row of results) {
    console.log(`${short(row.name)}  ${results.map((col) => (col === row ? '—' : (cosine(row.embedding, col.embedding) * 100).toFixed(1)).padStart(12)).join('')}`);
  }
}

const fmt = (x: number): string => (x * 100).toFixed(1);
const pct = (x: number): string => (Number.isFinite(x) ? (x * 100).toFixed(1) : 'no face');
const deg = (radians: number): string => ((radians * 180) / Math.PI).toFixed(0);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  printFigures('Likeness: is the person recognisable?', await run());
}
