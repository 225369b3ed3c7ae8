/**
 * A file:// model loader for tfjs.
 *
 * Why this exists: tfjs in Node can only fetch models over http(s) unless @tensorflow/tfjs-node is
 * installed (it brings the file:// handler, and a native TensorFlow we do not want). We run on the
 * wasm backend without it, and must never touch the network, so every model URL the analyzer uses is
 * a file:// URL that this router reads from disk: model.json, then its weight shards, concatenated.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { io } from '@tensorflow/tfjs-core';
import type { Tf } from './tf.js';

const registered = new WeakSet<object>();

/** Registers the file:// loader on this tfjs instance (once: tfjs rejects a URL that two routers claim). */
export function registerFileLoader(tf: Tf): void {
  if (registered.has(tf.io)) return;
  registered.add(tf.io);
  tf.io.registerLoadRouter((url: string | string[]) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith('file://')) return null as unknown as io.IOHandler;
    return fileHandler(tf, fileURLToPath(first));
  });
}

function fileHandler(tf: Tf, modelJsonPath: string): io.IOHandler {
  return {
    load: async () => {
      const modelJson = JSON.parse(await readFile(modelJsonPath, 'utf8')) as io.ModelJSON;
      const dir = path.dirname(modelJsonPath);
      return tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
        const specs: io.WeightsManifestEntry[] = [];
        const shards: Buffer[] = [];
        for (const group of manifest) {
          specs.push(...group.weights);
          for (const shard of group.paths) shards.push(await readFile(path.join(dir, shard)));
        }
        const all = Buffer.concat(shards);
        const data = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength) as ArrayBuffer;
        return [specs, data];
      });
    },
  };
}

/** The file:// URL of a file (or, with a trailing slash, a directory) on disk. */
export function fileUrl(filePath: string, directory = false): string {
  const href = pathToFileURL(path.resolve(filePath)).href;
  return directory && !href.endsWith('/') ? `${href}/` : href;
}
