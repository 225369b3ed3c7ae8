import type { Config, Human } from '@vladmandic/human';
import { fileUrl, registerFileLoader } from './modelLoader.js';
import { humanWasmBuildPath, requireFromHere } from './packagePaths.js';
import type { Tf } from './tf.js';

export interface HumanSettings {
  modelDir: string;
  wasmDir: string;
  maxFaces: number;
  minConfidence: number;
  rotation: boolean;
}

/**
 * `human` configured for still, unrelated photos: face detector + mesh + iris only (age, gender and race
 * come from gear.ts, segmentation from segmentation.ts), no caching or frame skipping between calls.
 */
export function humanConfig(s: HumanSettings): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: fileDirPath(s.wasmDir),
    modelBasePath: fileUrl(s.modelDir, true),
    debug: false,
    async: false,
    warmup: 'none',
    cacheModels: false,
    validateModels: false,
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    segmentation: { enabled: false },
    face: {
      enabled: true,
      detector: {
        modelPath: 'blazeface.json',
        rotation: s.rotation,
        maxDetected: s.maxFaces,
        minConfidence: s.minConfidence,
        skipFrames: 0,
        skipTime: 0,
        return: false,
      },
      mesh: { enabled: true, modelPath: 'facemesh.json', keepInvalid: false },
      iris: { enabled: true, modelPath: 'iris.json' },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      gear: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
  };
}

/** The tfjs wasm loader wants a plain directory path ending in a separator, not a URL. */
function fileDirPath(dir: string): string {
  return dir.endsWith('/') ? dir : `${dir}/`;
}

/** Loads the wasm build of `human`, registers the file:// model loader and loads the face models. */
export async function loadHuman(s: HumanSettings): Promise<{ human: Human; tf: Tf }> {
  const mod = requireFromHere(humanWasmBuildPath()) as { Human: new (config?: Partial<Config>) => Human };
  const human = new mod.Human(humanConfig(s));
  const tf = human.tf as Tf;
  registerFileLoader(tf);
  await human.load();
  if (tf.getBackend() !== 'wasm') throw new Error(`tfjs backend is "${tf.getBackend()}", expected "wasm"`);
  return { human, tf };
}
