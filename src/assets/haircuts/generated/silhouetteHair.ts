import type { Mask } from '../../../analysis/types.js';
import { confidentMask as confident, sampleMask as sample } from '../../../analysis/masks.js';
import type { Mesh } from '../../../core/mesh.js';
import type { PhotoCamera } from '../../../core/camera.js';
import type { PhotoProjection } from '../../../geometry/photoProjection.js';

/** What the photo shows of the hair at the head's outline: one entry per measured vertex. */
export interface SilhouetteHair {
  /** Vertices on the head's outline in the photo that could be measured. */
  vertices: Uint32Array;
  /**
   * How far the hair reaches beyond the head's outline there, metres; 0 where the photo shows none,
   * NaN where the mask goes on past `maxThickness` (it ran into a dark collar or background, or the
   * hair is too big to be told from them).
   */
  thickness: Float32Array;
  /**
   * How much hair the photo shows at the outline there, 0..1: just beyond it, or on the person just
   * inside it. NaN where the outline lies on background with no hair beyond (the fitted head is
   * larger than the person's there): the photo shows neither hair nor bare scalp.
   */
  coverage: Float32Array;
}

/** Limits of {@link silhouetteHair}, all required (see HairVolumeOptions for their meaning). */
export interface SilhouetteLimits {
  /** Largest facing (cosine to the camera) of a vertex that still counts as on the outline. */
  maxFacing: number;
  /** How far (metres) past another part of the head (an ear) the outline may be looked for. */
  maxSkip: number;
  /** Hair beyond this (metres) is not followed further. */
  maxThickness: number;
  /** How far inside the outline (metres) the person is looked for, where it lies on background. */
  maxInset: number;
}

/**
 * Measures hair at the head's outline in the photo: from each visible vertex near the contour
 * (facing close to 0), along the outline's outward normal in the photo (the vertex normal's image,
 * which for a contour point is perpendicular to the outline), past the head's own footprint, then
 * through the hair mask until it ends. Vertices whose ray stays in the footprint longer than
 * `maxSkip` (behind an ear, under the chin) are not measured. Ends at the photo's border count as
 * ends: hair cut off by the frame is measured as far as it is seen. Whether there is hair at the
 * outline is read just beyond it, or on the person just inside it: where the fitted head is larger
 * than the person's, the outline lies on background, which is neither hair nor bare scalp.
 */
export function silhouetteHair(
  mesh: Mesh, projection: PhotoProjection, camera: PhotoCamera, masks: { hair: Mask; person: Mask }, photoWidth: number, photoHeight: number,
  measure: Uint8Array, limits: SilhouetteLimits,
): SilhouetteHair {
  const { hair, person } = masks;
  const mw = hair.width, mh = hair.height;
  const sx = mw / photoWidth, sy = mh / photoHeight;
  const footprint = meshFootprint(mesh.indices, projection.x, projection.y, projection.facing, sx, sy, mw, mh);
  const r = camera.rotation, n = mesh.normals!;
  const pixelsPerMetre = camera.scale * Math.min(sx, sy);
  const maxSkip = limits.maxSkip * pixelsPerMetre, maxHair = limits.maxThickness * pixelsPerMetre, maxInset = limits.maxInset * pixelsPerMetre;
  // The person mask may be at another resolution than the hair mask.
  const px = person.width / mw, py = person.height / mh;
  const step = 0.5;
  const vertices: number[] = [], thickness: number[] = [], coverage: number[] = [];
  for (let v = 0; v < measure.length; v++) {
    if (!measure[v] || !projection.visible[v] || projection.facing[v] > limits.maxFacing) continue;
    const nx = n[v * 3], ny = n[v * 3 + 1], nz = n[v * 3 + 2];
    // The normal in the view frame (x right, y up) is the outline's normal; the photo's y is down.
    let dx = (r[0] * nx + r[1] * ny + r[2] * nz) * sx, dy = -(r[3] * nx + r[4] * ny + r[5] * nz) * sy;
    const len = Math.hypot(dx, dy);
    if (len < 1e-6) continue;
    dx /= len;
    dy /= len;
    const x0 = projection.x[v] * sx, y0 = projection.y[v] * sy;
    let t = 0;
    while (t <= maxSkip && inFootprint(footprint, mw, mh, x0 + t * dx, y0 + t * dy)) t += step;
    if (t > maxSkip) continue;
    const exit = t;
    let hairEnd = exit, bounded = false;
    while (t - exit <= maxHair) {
      const x = x0 + t * dx, y = y0 + t * dy;
      if (x < 0 || y < 0 || x >= mw || y >= mh || confident(sample(hair, x, y)) < 0.5) {
        bounded = true;
        break;
      }
      hairEnd = t += step;
    }
    const beyond = confident(sample(hair, x0 + (exit + step) * dx, y0 + (exit + step) * dy));
    // Inwards to the first confident person pixel, then one more: hair or bare scalp.
    let inset = 0;
    while (inset <= maxInset && confident(sample(person, (x0 - inset * dx) * px, (y0 - inset * dy) * py)) < 0.5) inset += step;
    const inside = inset <= maxInset ? confident(sample(hair, x0 - (inset + 1) * dx, y0 - (inset + 1) * dy)) : NaN;
    vertices.push(v);
    thickness.push(bounded ? (hairEnd - exit) / pixelsPerMetre : NaN);
    coverage.push(Number.isNaN(inside) ? (beyond >= 0.5 ? beyond : NaN) : Math.max(inside, beyond));
  }
  return { vertices: Uint32Array.from(vertices), thickness: Float32Array.from(thickness), coverage: Float32Array.from(coverage) };
}

function inFootprint(footprint: Uint8Array, w: number, h: number, x: number, y: number): boolean {
  const i = Math.floor(x), j = Math.floor(y);
  return i >= 0 && j >= 0 && i < w && j < h && footprint[j * w + i] !== 0;
}

/**
 * 1 on the mask-resolution pixels whose centre the projected mesh covers. Triangles facing away at
 * all three corners are skipped: the surface in front of them covers the same pixels.
 */
function meshFootprint(indices: Uint32Array, px: Float32Array, py: Float32Array, facing: Float32Array, sx: number, sy: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (facing[a] < 0 && facing[b] < 0 && facing[c] < 0) continue;
    fillTriangle(out, w, h, px[a] * sx, py[a] * sy, px[b] * sx, py[b] * sy, px[c] * sx, py[c] * sy);
  }
  return out;
}

/** Sets the pixels whose centres lie in the triangle (either winding), by edge functions over its box. */
function fillTriangle(out: Uint8Array, w: number, h: number, ax: number, ay: number, bx: number, by: number, cx: number, cy: number): void {
  const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  if (area === 0) return;
  const sign = area > 0 ? 1 : -1;
  const x0 = Math.max(0, Math.ceil(Math.min(ax, bx, cx) - 0.5)), x1 = Math.min(w - 1, Math.floor(Math.max(ax, bx, cx) - 0.5));
  const y0 = Math.max(0, Math.ceil(Math.min(ay, by, cy) - 0.5)), y1 = Math.min(h - 1, Math.floor(Math.max(ay, by, cy) - 0.5));
  for (let j = y0; j <= y1; j++) {
    const py = j + 0.5;
    for (let i = x0; i <= x1; i++) {
      const px = i + 0.5;
      const e0 = ((bx - ax) * (py - ay) - (by - ay) * (px - ax)) * sign;
      const e1 = ((cx - bx) * (py - by) - (cy - by) * (px - bx)) * sign;
      const e2 = ((ax - cx) * (py - cy) - (ay - cy) * (px - cx)) * sign;
      if (e0 >= 0 && e1 >= 0 && e2 >= 0) out[j * w + i] = 1;
    }
  }
}
