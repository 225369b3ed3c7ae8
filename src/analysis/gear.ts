import path from 'node:path';
import type { RgbImage } from '../core/image.js';
import { midpoint, type Point2, type Point3 } from './mesh.js';
import { fileUrl } from './modelLoader.js';
import { LEFT_EYE_CORNERS, MOUTH_LEFT, MOUTH_RIGHT, NOSE_TIP, RIGHT_EYE_CORNERS } from './regions.js';
import type { GraphModel, Tensor, Tf } from './tf.js';

/** Raw outputs of the GEAR model for one face. */
export interface GearResult {
  /** Expected age in years: the age-class centres below, weighted by their probabilities. */
  age: number;
  /** Probability that the face is male, in [0, 1]. */
  male: number;
  /** Softmax over GEAR's races, in its order: white, black, asian, indian, other. */
  races: { white: number; black: number; asian: number; indian: number; other: number };
}

const SIZE = 198;
/** Centres of GEAR's seven age classes (<20, 21-25, 26-30, 31-40, 41-50, 51-60, >60), as `human` uses them. */
const AGE_CLASS_YEARS = [15, 23, 28, 35.5, 45.5, 55.5, 65];

/**
 * dlib's mean face (get_face_chip_details), 0..1 over the span of landmarks 17-67: eye centres, nose
 * tip, mouth corners, in photo order (person's right eye first).
 */
const TEMPLATE: Point2[] = [[0.224152, 0.2119465], [0.75610125, 0.2119465], [0.490127, 0.628106], [0.254149, 0.780233], [0.726104, 0.780233]];
/** dlib face-chip padding, as a fraction of the template span on each side. */
const PADDING = 0.25;

/** GEAR loaded once; `predict` runs it on one face. */
export interface GearModel {
  predict(image: RgbImage, points: ReadonlyArray<Point3>): Promise<GearResult>;
  /** Runs the model once on a blank input. */
  warmUp(): Promise<void>;
  dispose(): void;
}

/**
 * Age, gender and race with the GEAR model (`gear.json`, trained on UTKFace).
 *
 * UTKFace's "aligned & cropped" faces are dlib face chips, so GEAR is fed one: the face is rotated and
 * scaled so that eyes, nose tip and mouth corners land on dlib's mean-face template with 25 % padding,
 * 198×198, RGB in 0..1. This matters: `human`'s own GEAR input (its loose face-mesh crop) got the
 * gender of 2 of 11 test faces wrong (including the astronaut) and its race flipped with small crop
 * changes; aligned chips got all 11 right. Run only on the main face (~170 ms on wasm).
 */
export async function loadGear(tf: Tf, modelDir: string): Promise<GearModel> {
  const model: GraphModel = await tf.loadGraphModel(fileUrl(path.join(modelDir, 'gear.json')));
  const run = async (chip: Float32Array): Promise<GearResult> => {
    const input = tf.tensor4d(chip, [1, SIZE, SIZE, 3]);
    const outputs = model.execute(input, ['age_output', 'gender_output', 'race_output']) as Tensor[];
    input.dispose();
    const [age, gender, race] = await Promise.all(outputs.map((t) => t.data() as Promise<Float32Array>));
    tf.dispose(outputs);
    return {
      age: age.reduce((sum, p, i) => sum + p * AGE_CLASS_YEARS[i], 0) / (age.reduce((a, b) => a + b, 0) || 1),
      male: gender[0],
      races: { white: race[0], black: race[1], asian: race[2], indian: race[3], other: race[4] },
    };
  };
  return {
    predict: (image, points) => run(alignedChip(image, points)),
    warmUp: async () => void (await run(new Float32Array(SIZE * SIZE * 3))),
    dispose: () => model.dispose(),
  };
}

/** The 198×198 dlib-style face chip (RGB floats 0..1), bilinearly sampled from the photo. */
export function alignedChip(image: RgbImage, points: ReadonlyArray<Point3>): Float32Array {
  const src: Point2[] = [
    midpoint(points, RIGHT_EYE_CORNERS),
    midpoint(points, LEFT_EYE_CORNERS),
    [points[NOSE_TIP][0], points[NOSE_TIP][1]],
    [points[MOUTH_RIGHT][0], points[MOUTH_RIGHT][1]],
    [points[MOUTH_LEFT][0], points[MOUTH_LEFT][1]],
  ];
  const dst = TEMPLATE.map(([x, y]): Point2 => [((x + PADDING) / (1 + 2 * PADDING)) * SIZE, ((y + PADDING) / (1 + 2 * PADDING)) * SIZE]);
  const [a, b, tx, ty] = similarity(dst, src);
  const { width, height, data } = image;
  const out = new Float32Array(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      // chip pixel centre -> photo coordinates -> pixel grid (centres at +0.5)
      const cx = x + 0.5;
      const cy = y + 0.5;
      const sx = Math.min(width - 1, Math.max(0, a * cx - b * cy + tx - 0.5));
      const sy = Math.min(height - 1, Math.max(0, b * cx + a * cy + ty - 0.5));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1);
      const y1 = Math.min(height - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      const o = (y * SIZE + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = data[(y0 * width + x0) * 3 + c] * (1 - fx) + data[(y0 * width + x1) * 3 + c] * fx;
        const bottom = data[(y1 * width + x0) * 3 + c] * (1 - fx) + data[(y1 * width + x1) * 3 + c] * fx;
        out[o + c] = (top * (1 - fy) + bottom * fy) / 255;
      }
    }
  }
  return out;
}

/**
 * Least-squares similarity transform (rotation, uniform scale, translation) taking `from` onto `to`:
 * returns [a, b, tx, ty] with to ≈ [a·x − b·y + tx, b·x + a·y + ty].
 */
export function similarity(from: ReadonlyArray<Point2>, to: ReadonlyArray<Point2>): [number, number, number, number] {
  const n = from.length;
  let fx = 0;
  let fy = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < n; i++) {
    fx += from[i][0] / n;
    fy += from[i][1] / n;
    tx += to[i][0] / n;
    ty += to[i][1] / n;
  }
  let dotSum = 0;
  let crossSum = 0;
  let norm = 0;
  for (let i = 0; i < n; i++) {
    const ux = from[i][0] - fx;
    const uy = from[i][1] - fy;
    const vx = to[i][0] - tx;
    const vy = to[i][1] - ty;
    dotSum += ux * vx + uy * vy;
    crossSum += ux * vy - uy * vx;
    norm += ux * ux + uy * uy;
  }
  const a = dotSum / (norm || 1);
  const b = crossSum / (norm || 1);
  return [a, b, tx - (a * fx - b * fy), ty - (b * fx + a * fy)];
}
