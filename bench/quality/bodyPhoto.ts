/**
 * Body from the photo over the full-body photos in ../shared/photos/bodies/ (never committed, see its
 * PROVENANCE.md): per photo, what is visible, the ratios, the stature estimate and the time of each
 * step. The keypoints and measured widths are drawn over each photo into scratch/bodyPhoto/*.png.
 *
 * npx tsc -p . && node dist/bench/quality/bodyPhoto.js [photo ...]
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import {
  bodyProportionsFromPhoto, bodyShapeFromPhoto, createBodyKeypointDetector, createFaceAnalyzer,
  type BodyKeypoints, type BodyProportions, type FaceAnalysis, NoFaceError,
} from '../../src/analysis/index.js';

const PHOTO_DIR = join('..', 'shared', 'photos', 'bodies');
const OUT_DIR = join('scratch', 'bodyPhoto');

/** BlazePose's skeleton, for drawing. */
const BONES = [
  ['leftShoulder', 'rightShoulder'], ['leftShoulder', 'leftElbow'], ['leftElbow', 'leftWrist'], ['rightShoulder', 'rightElbow'],
  ['rightElbow', 'rightWrist'], ['leftShoulder', 'leftHip'], ['rightShoulder', 'rightHip'], ['leftHip', 'rightHip'],
  ['leftHip', 'leftKnee'], ['leftKnee', 'leftAnkle'], ['leftAnkle', 'leftHeel'], ['leftHeel', 'leftFoot'], ['leftAnkle', 'leftFoot'],
  ['rightHip', 'rightKnee'], ['rightKnee', 'rightAnkle'], ['rightAnkle', 'rightHeel'], ['rightHeel', 'rightFoot'], ['rightAnkle', 'rightFoot'],
] as const;

export async function benchBodyPhoto(photos: string[]): Promise<void> {
  await mkdir(OUT_DIR, { recursive: true });
  const analyzer = await createFaceAnalyzer();
  const detector = createBodyKeypointDetector();
  try {
    for (const file of photos) {
      const photo = await readFile(file);
      let t = performance.now();
      let analysis: FaceAnalysis | null = null;
      try {
        analysis = await analyzer.analyze(photo);
      } catch (e) {
        if (!(e instanceof NoFaceError)) throw e;
      }
      const faceMs = performance.now() - t;
      t = performance.now();
      const pose = await detector.detect(photo, analysis?.segmentation.person);
      const poseMs = performance.now() - t;
      t = performance.now();
      const body = bodyProportionsFromPhoto(pose, analysis);
      const shape = bodyShapeFromPhoto(body, analysis?.face.gender ?? 'female');
      const measureMs = performance.now() - t;
      const v = body.visible;
      const seen = Object.entries(v).filter(([k, on]) => on && k !== 'wholeBody').map(([k]) => k).join(',');
      const r = (x?: { value: number }) => (x ? x.value.toFixed(3) : '–');
      console.log(
        `${basename(file)}: ${body.view}${body.standing ? ' standing' : ''} [${seen}] conf ${body.confidence}` +
        (body.poseMismatch ? ` (pose set aside: ${body.poseMismatch})` : '') +
        ` | leg/torso ${r(body.legToTorso)} leg/h ${r(body.legToHeight)} shoulder/h ${r(body.shoulderToHeight)} hip/h ${r(body.hipToHeight)}` +
        ` | shoulders ${body.shoulderWidth?.cm ?? '–'} cm hips ${body.hipWidth?.cm ?? '–'} cm` +
        ` | stature ${body.stature?.cm !== undefined ? `${body.stature.cm} ± ${body.stature.uncertaintyCm} cm` : '–'}` +
        ` (IPD ${body.scale?.interpupillaryPixels ?? '–'} px)` +
        ` | shape ${JSON.stringify(shape)}` +
        ` | face ${faceMs.toFixed(0)} ms, pose ${poseMs.toFixed(0)} ms, measure ${measureMs.toFixed(1)} ms`,
      );
      await draw(photo, pose, body, join(OUT_DIR, `${basename(file).replace(/\.[^.]+$/, '')}.png`));
    }
  } finally {
    await analyzer.close();
  }
}

/** The keypoints (green: seen, red: not), the skeleton, the measured widths (yellow) and the stature (cyan). */
async function draw(photo: Buffer, pose: BodyKeypoints | null, body: BodyProportions, out: string): Promise<void> {
  const base = sharp(photo).rotate();
  const { width = 0, height = 0 } = await base.metadata().then((m) => m.autoOrient ?? m);
  const s = Math.max(2, Math.round(Math.max(width, height) / 300));
  const parts: string[] = [];
  if (pose) {
    const kp = pose.keypoints;
    for (const [a, b] of BONES) {
      parts.push(`<line x1="${kp[a].x}" y1="${kp[a].y}" x2="${kp[b].x}" y2="${kp[b].y}" stroke="white" stroke-opacity="0.7" stroke-width="${s / 2}"/>`);
    }
    for (const k of Object.values(kp)) {
      parts.push(`<circle cx="${k.x}" cy="${k.y}" r="${s * 1.2}" fill="${k.score >= 0.5 ? 'lime' : 'red'}" stroke="black" stroke-width="${s / 3}"/>`);
    }
  }
  for (const w of [body.shoulderWidth, body.hipWidth]) {
    if (w) parts.push(`<line x1="${w.from[0]}" y1="${w.from[1]}" x2="${w.to[0]}" y2="${w.to[1]}" stroke="yellow" stroke-width="${s}"/>`);
  }
  if (body.stature) {
    const { top, sole } = body.stature;
    parts.push(`<line x1="${top[0]}" y1="${top[1]}" x2="${sole[0]}" y2="${sole[1]}" stroke="cyan" stroke-width="${s / 2}" stroke-dasharray="${s * 3}"/>`);
    for (const p of [top, sole]) parts.push(`<line x1="${p[0] - s * 8}" y1="${p[1]}" x2="${p[0] + s * 8}" y2="${p[1]}" stroke="cyan" stroke-width="${s}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  await base.composite([{ input: Buffer.from(svg), top: 0, left: 0 }]).png().toFile(out);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  if (args.length) {
    await benchBodyPhoto(args);
  } else if (!existsSync(PHOTO_DIR)) {
    console.log(`body photo bench skipped: ${PHOTO_DIR} is absent (run from the project root, with ../shared/photos/bodies/)`);
  } else {
    const names = (await readdir(PHOTO_DIR)).filter((n) => /\.jpe?g$/i.test(n)).sort();
    await benchBodyPhoto(names.map((n) => join(PHOTO_DIR, n)));
  }
}
