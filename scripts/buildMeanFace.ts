/**
 * Generates `src/geometry/meanFace.ts`: the mean face (478 landmarks in the canonical head frame) and
 * the left-right mirror map of the landmarks.
 *
 * Run from the project root after a build: `node dist/scripts/buildMeanFace.js`.
 *
 * Faces: the frontal test photos and the real photos shipped in `@vladmandic/human/assets` (the face
 * grid of `screenshot-facematch.jpg`, the five portraits of `screenshot-facedetect.jpg`, the portrait
 * of `samples.jpg`). Each crop is upscaled, analysed, and kept when it is nearly frontal (|yaw|,
 * |pitch| < 14°, |roll| < 20°) with closed lips. The kept faces are canonicalised (pose rotation,
 * 63 mm between the iris centres), then aligned to their mean by generalised Procrustes (rotation and
 * translation on the rigid landmarks, three rounds), averaged and made symmetric with the mirror map.
 *
 * Placement in the template frame (origin between the ears at eye height): the face is first
 * pitched so that its soft-tissue facial plane, glabella (9) to chin (175), leans back by
 * FACIAL_PLANE_LEAN as in a natural head position (the head-pose frame, built on the eye and mouth
 * corners, leaves the averaged face nodding forward by some 12°: chin far back, nose barely out);
 * then the iris centres go to y = 0, the midline to x = 0, and the outer eye corners (33, 263)
 * EYE_CORNER_DEPTH in front of the origin, as a typical adult's lie 7-8 cm in front of the ear canal.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createFaceAnalyzer, type FaceAnalysis } from '../src/analysis/index.js';
import { enlargedCrop } from '../src/formats/image.js';
import { canonicalFace, LANDMARK_COUNT, LEFT_IRIS_CENTRE, RIGHT_IRIS_CENTRE } from '../src/geometry/canonicalFace.js';

const EYE_CORNER_DEPTH = 0.075;
/** Backward lean of the glabella-chin line from the vertical, radians (the chin about 8 mm behind). */
const FACIAL_PLANE_LEAN = 0.07;
const MAX_YAW = 0.25;
const MAX_PITCH = 0.25;
const MAX_ROLL = 0.35;
/** Lip gap (13 to 14) over interpupillary distance above which a mouth counts as open. */
const MAX_LIP_GAP = 0.06;

interface Crop {
  source: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

const root = process.cwd();
const HUMAN_ASSETS = join(root, 'node_modules', '@vladmandic', 'human', 'assets');

function crops(): Crop[] {
  const list: Crop[] = [];
  // screenshot-facematch.jpg (1920×954): 18 columns × 6 rows of face thumbnails below y = 280.
  const cellW = 1920 / 18, cellH = (954 - 280) / 6;
  for (let row = 0; row < 6; row++) {
    for (let col = 0; col < 18; col++) {
      list.push({
        source: join(HUMAN_ASSETS, 'screenshot-facematch.jpg'),
        left: Math.round(col * cellW), top: Math.round(280 + row * cellH),
        width: Math.floor(cellW), height: Math.floor(cellH),
      });
    }
  }
  // screenshot-facedetect.jpg (800×718): five portraits in one row.
  const x0 = [7, 164, 322, 480, 631];
  for (const left of x0) list.push({ source: join(HUMAN_ASSETS, 'screenshot-facedetect.jpg'), left, top: 342, width: 150, height: 160 });
  // samples.jpg (1280×1158): the portrait second in the top row.
  list.push({ source: join(HUMAN_ASSETS, 'samples.jpg'), left: 160, top: 0, width: 160, height: 160 });
  return list;
}

async function cropped(crop: Crop): Promise<Buffer> {
  return enlargedCrop(crop.source, crop, 4);
}

function usable(a: FaceAnalysis): boolean {
  const { pose, landmarks: l, score } = a.face;
  if (score < 0.5 || Math.abs(pose.yaw) > MAX_YAW || Math.abs(pose.pitch) > MAX_PITCH || Math.abs(pose.roll) > MAX_ROLL) return false;
  const d = (i: number, j: number): number => Math.hypot(l[i * 3] - l[j * 3], l[i * 3 + 1] - l[j * 3 + 1]);
  return d(13, 14) / d(RIGHT_IRIS_CENTRE, LEFT_IRIS_CENTRE) < MAX_LIP_GAP;
}

/** Mirror map from the face mesh's own (symmetric) UV layout; the irises by position. */
async function mirrorMap(mean: Float32Array): Promise<Uint16Array> {
  const text = await readFile(join(root, 'node_modules', '@vladmandic', 'human', 'src', 'face', 'facemeshcoords.ts'), 'utf8');
  const block = text.slice(text.indexOf('export const UV468'), text.indexOf('export const TRI468'));
  const uv = [...block.matchAll(/\[\s*([0-9.e-]+)\s*,\s*([0-9.e-]+)\s*\]/g)].map((m) => [Number(m[1]), Number(m[2])]);
  if (uv.length !== 468) throw new Error(`read ${uv.length} UVs`);
  const mirror = new Uint16Array(LANDMARK_COUNT);
  for (let i = 0; i < 468; i++) {
    let best = 0, bestD = Infinity;
    for (let j = 0; j < 468; j++) {
      const d = Math.hypot(1 - uv[i][0] - uv[j][0], uv[i][1] - uv[j][1]);
      if (d < bestD) { bestD = d; best = j; }
    }
    mirror[i] = best;
  }
  for (let i = 468; i < 478; i++) {
    const other = i < LEFT_IRIS_CENTRE ? [473, 478] : [468, 473];
    let best = other[0], bestD = Infinity;
    for (let j = other[0]; j < other[1]; j++) {
      const d = Math.hypot(-mean[i * 3] - mean[j * 3], mean[i * 3 + 1] - mean[j * 3 + 1]);
      if (d < bestD) { bestD = d; best = j; }
    }
    mirror[i] = best;
  }
  for (let i = 0; i < LANDMARK_COUNT; i++) if (mirror[mirror[i]] !== i) throw new Error(`mirror map not an involution at ${i}`);
  return mirror;
}

function average(faces: Float32Array[]): Float32Array {
  const mean = new Float32Array(LANDMARK_COUNT * 3);
  for (const f of faces) for (let k = 0; k < mean.length; k++) mean[k] += f[k] / faces.length;
  return mean;
}

function symmetric(mean: Float32Array, mirror: Uint16Array): Float32Array {
  const out = new Float32Array(mean.length);
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    const j = mirror[i];
    out[i * 3] = (mean[i * 3] - mean[j * 3]) / 2;
    out[i * 3 + 1] = (mean[i * 3 + 1] + mean[j * 3 + 1]) / 2;
    out[i * 3 + 2] = (mean[i * 3 + 2] + mean[j * 3 + 2]) / 2;
  }
  return out;
}

function place(mean: Float32Array): Float32Array {
  const out = new Float32Array(mean);
  const dy = mean[175 * 3 + 1] - mean[9 * 3 + 1], dz = mean[175 * 3 + 2] - mean[9 * 3 + 2];
  // Angle of the glabella→chin vector from straight down, positive when the chin is behind.
  const lean = Math.atan2(-dz, -dy);
  const a = lean - FACIAL_PLANE_LEAN, c = Math.cos(a), s = Math.sin(a);
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    // Rotation about x that brings the chin forward by a.
    const y = mean[i * 3 + 1], z = mean[i * 3 + 2];
    out[i * 3 + 1] = c * y + s * z;
    out[i * 3 + 2] = -s * y + c * z;
  }
  mean = new Float32Array(out);
  const eyeY = (mean[RIGHT_IRIS_CENTRE * 3 + 1] + mean[LEFT_IRIS_CENTRE * 3 + 1]) / 2;
  const cornerZ = (mean[33 * 3 + 2] + mean[263 * 3 + 2]) / 2;
  for (let i = 0; i < LANDMARK_COUNT; i++) {
    out[i * 3 + 1] -= eyeY;
    out[i * 3 + 2] += EYE_CORNER_DEPTH - cornerZ;
  }
  return out;
}

const analyzer = await createFaceAnalyzer();
const analyses: { name: string; analysis: FaceAnalysis }[] = [];
const photos = ['astronaut.png', 'messi5.jpg'].map((name) => ({ name, load: () => readFile(join(root, 'test', 'fixtures', 'photos', name)) }));
const sources = [
  ...photos,
  ...crops().map((c) => ({ name: `${c.source.split('/').pop()}@${c.left},${c.top}`, load: () => cropped(c) })),
];
for (const s of sources) {
  try {
    const analysis = await analyzer.analyze(await s.load());
    if (usable(analysis)) analyses.push({ name: s.name, analysis });
  } catch {
    // no face in this cell
  }
}
await analyzer.close();
console.log(`${analyses.length} of ${sources.length} faces kept`);

let faces = analyses.map((a) => canonicalFace(a.analysis.face, { reference: new Float32Array(0) }).points);
let mean = average(faces);
const mirror = await mirrorMap(mean);
for (let round = 0; round < 3; round++) {
  mean = symmetric(mean, mirror);
  faces = analyses.map((a) => canonicalFace(a.analysis.face, { reference: mean }).points);
  mean = average(faces);
}
mean = place(symmetric(mean, mirror));

const fmt = (x: number): string => String(Math.round(x * 1e5) / 1e5);
const rows: string[] = [];
for (let i = 0; i < LANDMARK_COUNT; i++) rows.push(`  ${fmt(mean[i * 3])}, ${fmt(mean[i * 3 + 1])}, ${fmt(mean[i * 3 + 2])},`);
const file = `// Generated by scripts/buildMeanFace.ts from ${analyses.length} nearly frontal faces; do not edit.

/**
 * The mean face: 478 face-mesh landmarks (MediaPipe order, with irises) averaged over real photos
 * and made left-right symmetric, as x, y, z in metres in the canonical head frame (+Y up, face towards
 * +Z, origin between the ears at eye height; 63 mm between the iris centres). The head templates are
 * built around it, faces are aligned to it, and caricature exaggerates differences from it.
 */
export const MEAN_FACE: Float32Array = new Float32Array([
${rows.join('\n')}
]);

/** For each landmark, the index of its mirror image across the face's symmetry plane (itself on the midline). */
export const LANDMARK_MIRROR: Uint16Array = new Uint16Array([
${[...mirror].join(', ').replace(/(([0-9]+, ){20})/g, '$1\n')}
]);
`;
await writeFile(join(root, 'src', 'geometry', 'meanFace.ts'), file);
console.log(`wrote src/geometry/meanFace.ts; nose tip ${[...mean.slice(3, 6)].map(fmt)}, chin ${[...mean.slice(152 * 3, 152 * 3 + 3)].map(fmt)}`);
