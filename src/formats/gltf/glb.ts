import type { GLTF } from '@gltf-transform/core';

const MAGIC = 0x46546c67; // 'glTF'
const JSON_CHUNK = 0x4e4f534a; // 'JSON'
const BIN_CHUNK = 0x004e4942; // 'BIN\0'

/**
 * The GLB container (glTF 2.0 §4.4): a 12-byte header, the JSON chunk padded with spaces and the BIN
 * chunk padded with zeros, both to 4 bytes. Written by hand because glTF-Transform's writeBinary() always
 * embeds every image, and a GLB whose textures are separate files needs the JSON patched in between.
 */
export function packGlb(json: GLTF.IGLTF, bin?: Uint8Array): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = align4(text.length);
  const binLength = bin?.length ? align4(bin.length) : 0;
  const total = 12 + 8 + jsonLength + (binLength ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, JSON_CHUNK, true);
  out.set(text, 20);
  out.fill(0x20, 20 + text.length, 20 + jsonLength);
  if (bin && binLength) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, BIN_CHUNK, true);
    out.set(bin, at + 8); // the zero padding is already there
  }
  return out;
}

/** The JSON and BIN chunk of a GLB, the BIN chunk as a view into `glb`. */
export function unpackGlb(glb: Uint8Array): { json: GLTF.IGLTF; bin?: Uint8Array } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  if (view.getUint32(0, true) !== MAGIC || view.getUint32(4, true) !== 2) throw new Error('Not a glTF 2.0 binary');
  const jsonLength = view.getUint32(12, true);
  if (view.getUint32(16, true) !== JSON_CHUNK) throw new Error('GLB: the first chunk is not JSON');
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength))) as GLTF.IGLTF;
  const at = 20 + jsonLength;
  if (at + 8 > glb.length || view.getUint32(at + 4, true) !== BIN_CHUNK) return { json };
  return { json, bin: glb.subarray(at + 8, at + 8 + view.getUint32(at, true)) };
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
