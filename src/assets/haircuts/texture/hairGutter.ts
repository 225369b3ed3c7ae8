import type { Mesh } from '../../../core/mesh.js';
import { texelTriangle, triangleRows } from '../../../texture/bake/texelTriangle.js';
import { gutter } from '../../../texture/filters/gutter.js';

/**
 * Carries the hair into the texels around it that no triangle uses, up to `reach` texels out, each
 * taking the colour and hair mask of the nearest hair texel (breadth first, 4-neighbours): in
 * place, over `data` (RGB) and `mask`. The cap's disk lies in the skin fill: a renderer's coarser
 * mipmap levels average that fill into the disk's rim, a light line across the crown. Texels of
 * the mesh's own triangles are left alone.
 *
 * ```ts
 * hairGutter(data, mask, head.mesh, 4096, 2048, 32);
 * ```
 */
export function hairGutter(data: Uint8Array, mask: Uint8Array, mesh: Pick<Mesh, 'indices' | 'uvs'>, width: number, height: number, reach: number): void {
  gutter([{ data, channels: 3 }, { data: mask, channels: 1 }], usedTexels(mesh, width, height), width, height, reach, (k) => mask[k] >= 128);
}

/**
 * The texels a layout uses depend on the template's UVs and the texture size only: kept per UV array
 * (every avatar of a template shares its UVs), so the layout is rasterised once, not per avatar.
 */
const USED = new WeakMap<Float32Array, Map<string, Uint8Array>>();

/** 1 on the texels whose centres some triangle of the mesh covers. */
function usedTexels(mesh: Pick<Mesh, 'indices' | 'uvs'>, width: number, height: number): Uint8Array {
  let sizes = USED.get(mesh.uvs!);
  if (!sizes) USED.set(mesh.uvs!, (sizes = new Map()));
  const key = `${width}x${height}x${mesh.indices.length}`;
  let used = sizes.get(key);
  if (!used) sizes.set(key, (used = rasterUsed(mesh, width, height)));
  return used;
}

function rasterUsed(mesh: Pick<Mesh, 'indices' | 'uvs'>, width: number, height: number): Uint8Array {
  const used = new Uint8Array(width * height);
  const { indices, uvs } = mesh;
  for (let t = 0; t < indices.length; t += 3) {
    const tt = texelTriangle(uvs!, indices[t], indices[t + 1], indices[t + 2], width, height, 0, 0);
    if (tt) triangleRows(tt, (j, lo, hi) => used.fill(1, j * width + lo, j * width + hi + 1));
  }
  return used;
}
