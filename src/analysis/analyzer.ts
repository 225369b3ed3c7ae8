import type { Human } from '@vladmandic/human';
import { sampleColors, skinColor } from './colors.js';
import { decodePhoto, type DecodedPhoto } from '../formats/imageDecode.js';
import { NoFaceError } from './errors.js';
import { loadGear, type GearModel } from './gear.js';
import { hairMask } from './hair.js';
import { headPose } from './headPose.js';
import { loadHuman } from './human.js';
import { landmarks68 } from './landmarks68.js';
import { pickMainFace } from './mainFace.js';
import { bounds, FACE_MESH_INPUT, flatten, MESH_POINTS, round3, toMediaPipeOrder } from './mesh.js';
import { FACE_ANALYZER_DEFAULTS, type FaceAnalyzerOptions } from './options.js';
import { installedModelDir, installedWasmDir } from './packagePaths.js';
import { threeRaces } from './race.js';
import { loadSegmenter, type Segmenter } from './segmentation.js';
import type { GraphModel, Tensor, Tensor3D, Tf } from './tf.js';
import type { Box, FaceAnalysis } from './types.js';

/** Turns photos into {@link FaceAnalysis}. Holds the models; create one per thread and reuse it. */
export interface FaceAnalyzer {
  /**
   * Analyses one photo (any format sharp reads). Rejects with `PhotoDecodeError` for undecodable
   * bytes and `NoFaceError` when no face is found. Calls are queued: one photo at a time per thread.
   */
  analyze(photo: Buffer): Promise<FaceAnalysis>;
  /** Releases the analyzer's own models; `analyze` rejects afterwards. */
  close(): Promise<void>;
}

/**
 * `human` keeps its loaded models and face-tracking state in module-level variables shared by every
 * instance in a thread, so all analyzers of a thread run one photo at a time through this chain.
 */
let queue: Promise<unknown> = Promise.resolve();
export function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => undefined);
  return run;
}

/** Loads the models (~1 s) and, unless disabled, warms them up. */
export async function createFaceAnalyzer(options: FaceAnalyzerOptions = {}): Promise<FaceAnalyzer> {
  const o = { ...FACE_ANALYZER_DEFAULTS, ...options };
  const modelDir = o.modelDir || installedModelDir();
  const wasmDir = o.wasmDir || installedWasmDir();
  const log = (msg: string): void => o.logger?.debug(`face analysis: ${msg}`);
  const started = performance.now();

  const { human, tf } = await serially(() =>
    loadHuman({ modelDir, wasmDir, maxFaces: o.maxFaces, minConfidence: o.minConfidence, rotation: o.rotation }),
  );
  const [gear, segmenter] = await Promise.all([loadGear(tf, modelDir), loadSegmenter(tf, modelDir)]);
  log(`models loaded in ${Math.round(performance.now() - started)} ms (tfjs ${tf.version_core}, backend ${tf.getBackend()})`);
  if (o.warmUp) {
    const warmStart = performance.now();
    await serially(() => warmUp(human, tf, gear, segmenter));
    log(`warm-up took ${Math.round(performance.now() - warmStart)} ms`);
  }

  let closed = false;
  return {
    async analyze(photo) {
      if (closed) throw new Error('the face analyzer is closed');
      const decodeStart = performance.now();
      const image = await decodePhoto(photo, o.maxImageSize);
      const decodeMs = performance.now() - decodeStart;
      return serially(async () => {
        if (closed) throw new Error('the face analyzer is closed');
        const steps: string[] = [];
        const result = await analyzeImage(human, tf, gear, segmenter, image, o.logger ? steps : null);
        log(`${image.width}x${image.height} photo: decode ${Math.round(decodeMs)} ms, ${steps.join(', ')}`);
        return result;
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await serially(async () => {
        gear.dispose();
        segmenter.dispose();
      });
    },
  };
}

async function analyzeImage(
  human: Human, tf: Tf, gear: GearModel, segmenter: Segmenter, image: DecodedPhoto, steps: string[] | null,
): Promise<FaceAnalysis> {
  let last = performance.now();
  const step = (name: string): void => {
    if (!steps) return;
    const now = performance.now();
    steps.push(`${name} ${Math.round(now - last)} ms`);
    last = now;
  };
  const { width, height } = image;
  const input = tf.tensor3d(image.data, [height, width, 3], 'int32');
  let faces;
  let person;
  // The detector squeezes its input into a square, which flattens the faces of a wide group photo or
  // panorama past recognition. Only when nothing is found is the photo padded right and bottom to a
  // square (pixel coordinates unchanged) and searched again: ordinary photos pay nothing for it.
  const side = Math.max(width, height);
  let square = input;
  try {
    const detect = async (tensor: typeof input) => {
      const result = await human.detect(tensor);
      if (result.error) throw new Error(`face detection failed: ${result.error}`);
      return result.face.filter((f) => f.mesh.length >= MESH_POINTS);
    };
    faces = await detect(input);
    if (faces.length === 0 && (width !== side || height !== side)) {
      square = tf.pad(input, [[0, side - height], [0, side - width], [0, 0]]);
      faces = await detect(square);
    }
    if (faces.length === 0) throw new NoFaceError();
    step('faces');
    person = await segmenter.segment(input);
    step('segmentation');
  } finally {
    if (square !== input) square.dispose();
    input.dispose();
  }

  const meshes = faces.map((f) => toMediaPipeOrder(f.mesh));
  const boxes = meshes.map((m): Box => {
    const b = bounds(m);
    return { x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY };
  });
  const main = pickMainFace(boxes, width, height);
  const points = meshes[main];
  // face.size is the side of the square crop the face mesh ran on, whose 192 pixels are z's unit.
  const zScale = (faces[main].size?.[0] || boxes[main].width * 1.5) / FACE_MESH_INPUT;

  const pose = headPose(points, zScale);
  const gearResult = await gear.predict(image, points);
  step('age/gender/race');
  const skin = skinColor(image, points);
  const hair = hairMask(image, points, person, skin, pose);
  const colors = sampleColors(image, points, skin, hair);
  step('hair and colours');

  const toPhoto = 1 / image.scale;
  const landmarks = flatten(points, toPhoto);
  const box = boxes[main];
  const male = gearResult.male;
  return {
    width: image.sourceWidth,
    height: image.sourceHeight,
    faceCount: faces.length,
    face: {
      box: { x: round3(box.x * toPhoto), y: round3(box.y * toPhoto), width: round3(box.width * toPhoto), height: round3(box.height * toPhoto) },
      score: faces[main].boxScore ?? faces[main].score,
      landmarks,
      zScale: round3(zScale * toPhoto),
      pose,
      age: Math.round(gearResult.age * 10) / 10,
      gender: male >= 0.5 ? 'male' : 'female',
      genderConfidence: Math.round(Math.max(male, 1 - male) * 10000) / 10000,
      ...threeRaces(gearResult.races),
    },
    colors,
    landmarks68: landmarks68(landmarks),
    segmentation: { person, hair },
  };
}

/**
 * Runs every model on blank input, a few times: tfjs-wasm sets up each kernel (XNNPACK operators,
 * buffers) on its first run, and V8 compiles WebAssembly in tiers, optimising the hot functions only
 * after they have run for a while; until then a call is up to twice as slow. No face photo is needed:
 * the face models are executed directly, then the whole detector path on a blank image.
 */
async function warmUp(human: Human, tf: Tf, gear: GearModel, segmenter: Segmenter): Promise<void> {
  const blank = tf.fill([256, 256, 3], 128, 'int32') as Tensor3D;
  try {
    for (let pass = 0; pass < WARM_UP_PASSES; pass++) {
      for (const model of Object.values(human.models.models) as Array<GraphModel | null>) {
        if (!model?.inputs?.[0]?.shape) continue;
        const shape = model.inputs[0].shape.map((d) => (d > 0 ? d : 1));
        const outputs = tf.tidy(() => model.execute(tf.zeros(shape)) as Tensor | Tensor[]);
        tf.dispose(outputs);
      }
      await gear.warmUp();
      await human.detect(blank);
      await segmenter.segment(blank);
    }
  } finally {
    blank.dispose();
  }
}

const WARM_UP_PASSES = 3;
