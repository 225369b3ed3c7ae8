import { Format, GLB_BUFFER, NodeIO } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import type { Scene, WrittenFile } from '../scene.js';
import { sceneToDocument } from './document.js';
import { packGlb } from './glb.js';

export interface GltfOptions {
  /** Write one `.glb` instead of a `.gltf` JSON with a `.bin` beside it. Default false. */
  binary: boolean;
  /**
   * Store the textures inside the model rather than as image files beside it: in the `.glb`'s
   * binary chunk, or in a `.gltf` as data: URIs together with its buffer, one self-contained file
   * (larger by a third, as base64 is). Default true.
   */
  embedTextures: boolean;
  /** File name without extension of the model and its buffer: `model` gives `model.gltf` + `model.bin`. */
  baseName: string;
}

export const GLTF_DEFAULTS: GltfOptions = { binary: false, embedTextures: true, baseName: 'model' };

/**
 * A Scene as glTF 2.0: `{baseName}.gltf` + `{baseName}.bin` + one file per image, or `{baseName}.glb`
 * with or without its images. The first file returned is the main one; images are named by
 * SceneImage.name and written once however many materials use them. Morph targets that move few
 * vertices are stored as sparse accessors.
 *
 * ```ts
 * const [glb] = await writeGltf(scene, { binary: true });
 * await fs.writeFile(glb.name, glb.data);
 * ```
 */
export async function writeGltf(scene: Scene, options: Partial<GltfOptions> = {}): Promise<WrittenFile[]> {
  const { binary, embedTextures, baseName } = { ...GLTF_DEFAULTS, ...options };
  const main = `${baseName}.${binary ? 'glb' : 'gltf'}`;
  const bufferName = `${baseName}.bin`;
  const document = sceneToDocument(scene, { bufferName, reserved: [main, bufferName] });
  const embed = binary && embedTextures;
  // In GLB format glTF-Transform puts the images into the binary buffer; in glTF format each image and
  // the buffer become a resource under its URI.
  const { json, resources } = await new NodeIO().registerExtensions([EXTTextureWebP]).writeJSON(document, { format: embed ? Format.GLB : Format.GLTF });
  const inline = !binary && embedTextures;
  const images: WrittenFile[] = embed || inline
    ? []
    : (json.images ?? []).map((image) => ({ name: decodeURIComponent(image.uri!), data: resources[image.uri!] }));
  if (inline) for (const image of json.images ?? []) image.uri = dataUri(image.mimeType!, resources[image.uri!]);
  const buffer = json.buffers?.[0];
  const bin = buffer ? resources[buffer.uri ?? GLB_BUFFER] : undefined;
  // A scene without meshes has nothing to store, and a buffer without a byteLength is invalid.
  if (!bin?.length) delete json.buffers;
  if (binary) {
    if (buffer) delete buffer.uri;
    return [{ name: main, data: packGlb(json, bin) }, ...images];
  }
  if (inline && bin?.length) buffer!.uri = dataUri('application/octet-stream', bin);
  const gltf = { name: main, data: new TextEncoder().encode(JSON.stringify(json)) };
  return bin && !inline ? [gltf, { name: bufferName, data: bin }, ...images] : [gltf, ...images];
}

function dataUri(mimeType: string, data: Uint8Array): string {
  return `data:${mimeType};base64,${Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('base64')}`;
}

export { readGltf } from './read.js';
