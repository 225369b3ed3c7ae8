import { LANDMARK_MIRROR, MEAN_FACE } from './meanFace.js';
import { smoothstep } from '../core/smoothstep.js';

/** Options of {@link visibleHalf}. */
export interface VisibleHalfOptions {
  /**
   * Yaws, radians, over which the far side gives way to the mirror image of the near side: the
   * landmarks as measured below the first, the near side and its mirror image past the second.
   */
  yaws?: readonly [number, number];
}

export const VISIBLE_HALF_DEFAULTS: Required<VisibleHalfOptions> = {
  yaws: [(25 * Math.PI) / 180, (45 * Math.PI) / 180],
};

/** A turned face's landmarks with the far side taken from the near side. */
export interface VisibleHalf {
  /** 478 × xyz in the canonical frame, as the input. */
  points: Float32Array;
  /** How far the far side was replaced: 0 (not at all) to 1 (wholly the near side's mirror image). */
  halfFace: number;
}

/**
 * The face mesh places the far side of a strongly turned face badly: it squeezes the far eye
 * towards the nose and pushes the far cheek's outline outwards, which made the fitted face broad and
 * lopsided. Faces are nearly symmetric, so past `yaws` the far side's landmarks (canonical frame,
 * +X the person's left) are replaced by the mirror images of their near-side partners; midline
 * landmarks stay as measured. The camera sees the side its direction points to.
 *
 * ```ts
 * const { points, halfFace } = visibleHalf(canonical.points, canonical.camera.towardsCamera);
 * ```
 */
export function visibleHalf(points: Float32Array, towardsCamera: readonly number[], options: VisibleHalfOptions = {}): VisibleHalf {
  const o = { ...VISIBLE_HALF_DEFAULTS, ...options };
  const [cx, , cz] = towardsCamera;
  const [start, end] = o.yaws;
  const halfFace = smoothstep(start, end, Math.abs(Math.atan2(cx, cz)));
  if (halfFace === 0) return { points, halfFace };
  const near = Math.sign(cx);
  const out = new Float32Array(points);
  for (let i = 0; i < points.length / 3; i++) {
    const m = LANDMARK_MIRROR[i];
    if (m === i || near * MEAN_FACE[i * 3] >= 0) continue;
    const mirrored = [-points[m * 3], points[m * 3 + 1], points[m * 3 + 2]];
    for (let axis = 0; axis < 3; axis++) out[i * 3 + axis] += halfFace * (mirrored[axis] - points[i * 3 + axis]);
  }
  return { points: out, halfFace };
}

