import { GLB_BUFFER, NodeIO } from '@gltf-transform/core';
import { EXTTextureWebP } from '@gltf-transform/extensions';
import type { Document, JSONDocument } from '@gltf-transform/core';
import type { WrittenFile } from '../scene.js';
import { unpackGlb } from './glb.js';

/**
 * Reads back what writeGltf wrote: the first file is the `.gltf` or `.glb`, the others the files its
 * URIs name. NodeIO.readBinary() refuses a GLB whose images are separate files, so GLBs are unpacked
 * here and go through readJSON() with the resource map like a `.gltf`.
 */
export async function readGltf(files: WrittenFile[]): Promise<Document> {
  const [main, ...others] = files;
  // WrittenFile data may sit on any ArrayBufferLike; glTF-Transform only reads it.
  const resources = {} as JSONDocument['resources'];
  for (const file of others) resources[encodeURIComponent(file.name)] = file.data as Uint8Array<ArrayBuffer>;
  let jsonDoc: JSONDocument;
  if (main.name.endsWith('.glb')) {
    const { json, bin } = unpackGlb(main.data);
    if (bin) resources[GLB_BUFFER] = bin as Uint8Array<ArrayBuffer>;
    jsonDoc = { json, resources };
  } else {
    jsonDoc = { json: JSON.parse(new TextDecoder().decode(main.data)), resources };
  }
  return new NodeIO().registerExtensions([EXTTextureWebP]).readJSON(jsonDoc);
}
