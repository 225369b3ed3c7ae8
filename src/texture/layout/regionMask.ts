import type { Mask } from '../../analysis/types.js';
import type { Mesh } from '../../core/mesh.js';
import { chamferDistance } from '../filters/distance.js';

/**
 * A part of the mesh (eyes, lips, ...), as triangle indices, vertex indices or both. A triangle
 * belongs to it when it is listed in `faces` or when all three of its vertices are in `vertices`.
 */
export interface FaceRegion {
  vertices?: ArrayLike<number>;
  faces?: ArrayLike<number>;
}

/** 1 per triangle of the mesh that belongs to any of `regions`, else 0. */
export function regionTriangles(mesh: Mesh, regions: ReadonlyArray<FaceRegion | undefined>): Uint8Array {
  const triangles = mesh.indices.length / 3;
  const vertices = mesh.positions.length / 3;
  const flags = new Uint8Array(triangles);
  for (const region of regions) {
    if (!region) continue;
    if (region.faces) for (let i = 0; i < region.faces.length; i++) {
      const f = region.faces[i];
      if (f >= 0 && f < triangles) flags[f] = 1;
    }
    if (region.vertices && region.vertices.length > 0) {
      const inRegion = new Uint8Array(vertices);
      for (let i = 0; i < region.vertices.length; i++) {
        const v = region.vertices[i];
        if (v >= 0 && v < vertices) inRegion[v] = 1;
      }
      const idx = mesh.indices;
      for (let t = 0; t < triangles; t++) {
        if (inRegion[idx[t * 3]] && inRegion[idx[t * 3 + 1]] && inRegion[idx[t * 3 + 2]]) flags[t] = 1;
      }
    }
  }
  return flags;
}

/** Options of {@link regionMask}. */
export interface RegionMaskOptions {
  /** Mask width in texels; the texture's. */
  width?: number;
  /** Mask height in texels; the texture's. */
  height?: number;
  /** Soft border width in texels, inside and outside the region's UV outline. */
  softness?: number;
}

export const REGION_MASK_DEFAULTS: Required<RegionMaskOptions> = {
  width: 4096,
  height: 2048,
  softness: 2,
};

/**
 * The texels of a region in UV space, as a soft mask for {@link recolorRegion}: 255 inside the
 * region's triangles, falling to 0 over `softness` texels across its outline so a recoloured patch
 * has no hard edge. Rasterised by hand like the bake (a few lines over typed arrays), softened with
the chamfer distance to the outline.
 *
 * ```ts
 * const lips = regionMask(mesh, { vertices: lipVertices }, { width: 4096, height: 2048 });
 * const texture2 = recolorRegion(texture, lips, { red: 190, green: 60, blue: 80 });
 * ```
 */
export function regionMask(mesh: Mesh, region: FaceRegion, options: RegionMaskOptions = {}): Mask {
  const o = { ...REGION_MASK_DEFAULTS, ...options };
  const W = o.width, H = o.height, soft = Math.max(0, o.softness);
  if (!mesh.uvs) throw new RangeError('the mesh has no UVs');
  const uvs = mesh.uvs, idx = mesh.indices;
  const flags = regionTriangles(mesh, [region]);
  const data = new Uint8Array(W * H);
  for (let t = 0; t < flags.length; t++) {
    if (!flags[t]) continue;
    const a = idx[t * 3], b = idx[t * 3 + 1], c = idx[t * 3 + 2];
    const ua = uvs[a * 2] * W - 0.5, va = uvs[a * 2 + 1] * H - 0.5;
    const ub = uvs[b * 2] * W - 0.5, vb = uvs[b * 2 + 1] * H - 0.5;
    const uc = uvs[c * 2] * W - 0.5, vc = uvs[c * 2 + 1] * H - 0.5;
    const area = (ub - ua) * (vc - va) - (vb - va) * (uc - ua);
    if (!(Math.abs(area) > 1e-9)) continue;
    const i0 = Math.max(0, Math.ceil(Math.min(ua, ub, uc))), i1 = Math.min(W - 1, Math.floor(Math.max(ua, ub, uc)));
    const j0 = Math.max(0, Math.ceil(Math.min(va, vb, vc))), j1 = Math.min(H - 1, Math.floor(Math.max(va, vb, vc)));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const wb = ((i - ua) * (vc - va) - (j - va) * (uc - ua)) / area;
        const wc = ((ub - ua) * (j - va) - (vb - va) * (i - ua)) / area;
        if (wb >= -1e-7 && wc >= -1e-7 && 1 - wb - wc >= -1e-7) data[j * W + i] = 255;
      }
    }
  }
  if (soft === 0) return { width: W, height: H, channels: 1, data };
  // Soften across the region's outline only (not along its inner triangle edges), from the distance
  // to the other side: half the softness inside the outline, half outside.
  const half = soft / 2;
  const outside = new Uint8Array(W * H);
  for (let i = 0; i < outside.length; i++) outside[i] = data[i] === 0 ? 1 : 0;
  const toOutside = chamferDistance(outside, W, H, soft + 1);
  const toInside = chamferDistance(data, W, H, soft + 1);
  for (let i = 0; i < data.length; i++) {
    const signed = data[i] ? toOutside[i] - 0.5 : 0.5 - toInside[i];
    data[i] = Math.round(255 * Math.min(1, Math.max(0, (signed + half) / soft)));
  }
  return { width: W, height: H, channels: 1, data };
}
