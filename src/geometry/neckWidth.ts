import type { Mask } from '../analysis/types.js';
import { projectToPhoto, type PhotoCamera } from '../core/camera.js';

/** Options of {@link neckWidth}. */
export interface NeckWidthOptions {
  /** Mask values at or above this are the person. */
  threshold?: number;
  /** Farthest the silhouette is searched for on either side of the neck's axis, metres. */
  reach?: number;
}

export const NECK_WIDTH_DEFAULTS: Required<NeckWidthOptions> = {
  threshold: 128,
  reach: 0.15,
};

/** The photo and what is known of it. */
export interface NeckWidthInput {
  /** The person segmentation: covers the whole photo, at its own (usually lower) resolution. */
  person: Mask;
  /** The hair segmentation, same size as `person`: hair over the neck hides its side. */
  hair?: Mask;
  /** Photo size in pixels (the camera's pixels). */
  width: number;
  height: number;
  /** Canonical frame → photo pixels. */
  camera: PhotoCamera;
  /** A point on the neck's axis in the canonical frame, at the height to measure (x is ignored: 0). */
  level: { y: number; z: number };
}

/**
 * Width of the person's neck seen in the photo, in metres: the run of person pixels through the
 * neck's axis, along the head's left–right axis as the photo shows it (so a tilted head is measured
 * across its neck, not along the photo's rows), converted with the camera's pixels per metre. A
 * neck is about as deep as it is wide, so its silhouette hardly changes as the head turns.
 *
 * The neck's skin ends where the person does or where hair begins. Hair over one side hides it: the
 * other side, doubled, is taken if wider. A side that runs to the photo's edge or to `reach` is not
 * a neck's side (clothes, shoulders): the other side, doubled, gives the width. Returns null where
 * there is nothing to measure: the level is outside the photo, the axis is not on the person, or
 * neither side ends.
 *
 * ```ts
 * const width = neckWidth({ person: analysis.segmentation.person, width: analysis.width,
 *   height: analysis.height, camera: fitted.camera, level: { y: -0.15, z: -0.012 } });
 * ```
 */
export function neckWidth(input: NeckWidthInput, options: NeckWidthOptions = {}): number | null {
  const o = { ...NECK_WIDTH_DEFAULTS, ...options };
  const { person, camera } = input;
  const [cx, cy] = projectToPhoto(camera, 0, input.level.y, input.level.z);
  const [ax, ay] = projectToPhoto(camera, 0.01, input.level.y, input.level.z);
  const length = Math.hypot(ax - cx, ay - cy);
  if (!(length > 0)) return null;
  // Mask pixels per photo pixel, and a step of half a mask pixel along the head's x axis.
  const sx = person.width / input.width, sy = person.height / input.height;
  const dx = (ax - cx) / length, dy = (ay - cy) / length;
  const step = 0.5 / Math.max(sx, sy);
  const reach = o.reach * camera.scale;
  // 1 on the person, 0 off it, 2 on hair, null outside the photo.
  const at = (t: number): number | null => {
    const px = cx + t * dx, py = cy + t * dy;
    if (px < 0 || py < 0 || px >= input.width || py >= input.height) return null;
    const i = Math.floor(py * sy) * person.width + Math.floor(px * sx);
    if (input.hair && input.hair.data[i] >= o.threshold) return 2;
    return person.data[i] >= o.threshold ? 1 : 0;
  };
  if (at(0) !== 1) return null;
  // Distance from the axis to where the neck's skin ends on one side, and whether hair ends it;
  // null when the photo's edge or `reach` comes first (the neck runs into clothes or shoulders).
  const side = (sign: number): { t: number; hair: boolean } | null => {
    for (let t = step; t <= reach; t += step) {
      const here = at(sign * t);
      if (here === null) return null;
      if (here !== 1) return { t: t - step / 2, hair: here === 2 };
    }
    return null;
  };
  const left = side(-1), right = side(1);
  if (left === null && right === null) return null;
  // A neck is symmetric about its axis: one side is enough, and hair can hide a side but not
  // widen it.
  if (left === null || right === null) return (2 * (left ?? right)!.t) / camera.scale;
  const sum = left.t + right.t;
  if (left.hair !== right.hair) return Math.max(sum, 2 * (left.hair ? right.t : left.t)) / camera.scale;
  return sum / camera.scale;
}
