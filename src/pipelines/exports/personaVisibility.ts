import type { Image } from '../../core/image.js';
import { compactPart, type AvatarPartMesh } from './personaParts.js';

/** Where in a triangle the mask is read: its centroid, and three points ¾ of the way from it to each corner. */
const PROBES = [[1 / 3, 1 / 3, 1 / 3], [0.75 + 0.25 / 3, 0.25 / 3, 0.25 / 3], [0.25 / 3, 0.75 + 0.25 / 3, 0.25 / 3], [0.25 / 3, 0.25 / 3, 0.75 + 0.25 / 3]] as const;

/** Whether a UV point lies where a mask's alpha is 0 (the texel it falls in). */
export function maskedAt(mask: Image, u: number, v: number): boolean {
  const x = Math.min(mask.width - 1, Math.max(0, Math.floor(u * mask.width)));
  const y = Math.min(mask.height - 1, Math.max(0, Math.floor(v * mask.height)));
  return mask.data[(y * mask.width + x) * mask.channels + mask.channels - 1] === 0;
}

/** Whether a triangle with these UVs lies under the masks: every probe point hidden by one of them. */
export function triangleMasked(masks: readonly Image[], uv: ArrayLike<number>, a: number, b: number, c: number): boolean {
  return PROBES.every(([wa, wb, wc]) => {
    const u = wa * uv[a * 2] + wb * uv[b * 2] + wc * uv[c * 2];
    const v = wa * uv[a * 2 + 1] + wb * uv[b * 2 + 1] + wc * uv[c * 2 + 1];
    return masks.some((m) => maskedAt(m, u, v));
  });
}

/**
 * `apply_visibility_masks`: AvatarBody without the polygons the outfit items hide. `masks` are
 * the items' body visibility masks (alpha 0 over the body they hide), in AvatarBody's own texture
 * layout; a triangle goes when its centroid and the points ¾ of the way to its corners are all
 * under them, so a triangle that a hem crosses stays (the body shows where the cloth ends).
 */
export function withoutMaskedPolygons(body: AvatarPartMesh, masks: readonly Image[]): AvatarPartMesh {
  const uv = body.mesh.uvs;
  if (!masks.length || !uv) return body;
  const idx = body.mesh.indices;
  const kept: number[] = [];
  for (let t = 0; t < idx.length; t += 3) if (!triangleMasked(masks, uv, idx[t], idx[t + 1], idx[t + 2])) kept.push(idx[t], idx[t + 1], idx[t + 2]);
  if (kept.length === idx.length) return body;
  const { part } = compactPart({ mesh: body.mesh, skin: body.skin, morphTargets: body.morphTargets }, kept);
  return { mesh: part.mesh, skin: part.skin!, morphTargets: part.morphTargets };
}
