import path from 'node:path';
import { fileUrl } from './modelLoader.js';
import type { GraphModel, Tensor3D, Tensor4D, Tf } from './tf.js';
import type { Mask } from './types.js';

/**
 * Person segmentation with MediaPipe Selfie (`selfie.json` from human-models: 256×256 RGB in 0..1, one
 * sigmoid channel out, ~35 ms on wasm). Chosen over the alternatives human-models ships:
 * - `rvm.json` (Robust Video Matting) is recurrent: `human` carries its state from one call to the
 *   next, which mixes unrelated photos and fails outright when the photo size changes (the broadcast
 *   error seen on a 548×342 photo after a 512×512 one); run statelessly it is also 250–600 ms;
 * - `meet.json` is as fast but less sure of bodies (grey, half-confident torsos).
 * The photo is squeezed to 256×256 whatever its aspect ratio, and the output stretched back.
 */
export interface Segmenter {
  /** Person mask (0..255) at the size of `image`, an int32 [height, width, 3] tensor. */
  segment(image: Tensor3D): Promise<Mask>;
  dispose(): void;
}

const SIZE = 256;

export async function loadSegmenter(tf: Tf, modelDir: string): Promise<Segmenter> {
  const model: GraphModel = await tf.loadGraphModel(fileUrl(path.join(modelDir, 'selfie.json')));
  return {
    async segment(image) {
      const [height, width] = image.shape;
      const alpha = tf.tidy(() => {
        const input = tf.div(tf.image.resizeBilinear(tf.expandDims<Tensor4D>(image, 0), [SIZE, SIZE]), 255);
        const out = model.execute(input) as Tensor4D;
        return tf.squeeze(tf.image.resizeBilinear(out, [height, width]));
      });
      const values = (await alpha.data()) as Float32Array;
      alpha.dispose();
      const data = new Uint8Array(values.length);
      for (let i = 0; i < values.length; i++) data[i] = Math.max(0, Math.min(255, Math.round(values[i] * 255)));
      return { width, height, channels: 1, data };
    },
    dispose() {
      model.dispose();
    },
  };
}
