import { LEFT_EYE_OPENING, LEFT_IRIS, RIGHT_EYE_OPENING, RIGHT_IRIS } from '../analysis/regions.js';
import { LANDMARK_MIRROR, MEAN_FACE } from './meanFace.js';

/** Options of {@link landmarkDisplacements}. */
export interface LandmarkDisplacementsOptions {
  /**
   * How much a landmark's mirror image counts against the landmark itself when both are equally
   * well seen (0: no symmetry prior). Faces are nearly symmetric, and averaging with the mirror
   * image halves independent detection noise; a landmark the camera hardly saw (the far side of a
   * turned face) is then taken almost entirely from its mirror image.
   */
  symmetry?: number;
  /**
   * Rounds of neighbour averaging of the displacements. Landmarks of a small face in the photo are
   * noisy by a pixel or so, which is millimetres on the head; fitHead sets this from the
   * photo's pixels per millimetre.
   */
  smoothing?: number;
}

export const LANDMARK_DISPLACEMENTS_DEFAULTS: Required<LandmarkDisplacementsOptions> = {
  symmetry: 0.5,
  smoothing: 0,
};

/**
 * The person's landmarks as displacements from a reference (both 478 × xyz in the canonical frame),
 * made robust: weighted by how well the camera saw each landmark (`reliability`, 0..1, e.g. from how
 * much the face there turns towards the camera), blended with the mirror image of the other side,
 * and smoothed over neighbouring landmarks. Irises move with their eye opening, not with the gaze.
 *
 * ```ts
 * const d = landmarkDisplacements(target, scaledMean, reliability, { smoothing: 2 });
 * ```
 */
export function landmarkDisplacements(
  target: ArrayLike<number>,
  reference: ArrayLike<number>,
  reliability: ArrayLike<number>,
  options: LandmarkDisplacementsOptions = {},
): Float64Array {
  const o = { ...LANDMARK_DISPLACEMENTS_DEFAULTS, ...options };
  const n = 478;
  const raw = new Float64Array(n * 3);
  for (let k = 0; k < n * 3; k++) raw[k] = target[k] - reference[k];
  let d = new Float64Array(n * 3);
  for (let i = 0; i < n; i++) {
    const m = LANDMARK_MIRROR[i];
    const self = reliability[i], other = m === i ? 0 : o.symmetry * reliability[m];
    // A landmark nobody saw well keeps the reference's shape (displacement → 0).
    const total = self + other + 0.05;
    d[i * 3] = (self * raw[i * 3] - other * raw[m * 3]) / total;
    d[i * 3 + 1] = (self * raw[i * 3 + 1] + other * raw[m * 3 + 1]) / total;
    d[i * 3 + 2] = (self * raw[i * 3 + 2] + other * raw[m * 3 + 2]) / total;
    if (m === i) d[i * 3] = 0;
  }
  const neighbours = landmarkNeighbours();
  for (let round = 0; round < o.smoothing; round++) {
    const next = new Float64Array(d);
    for (let i = 0; i < 468; i++) {
      const list = neighbours[i];
      for (let axis = 0; axis < 3; axis++) {
        let s = 0;
        for (const j of list) s += d[j * 3 + axis];
        next[i * 3 + axis] = 0.5 * d[i * 3 + axis] + (0.5 * s) / list.length;
      }
    }
    d = next;
  }
  for (const [iris, opening] of [[RIGHT_IRIS, RIGHT_EYE_OPENING], [LEFT_IRIS, LEFT_EYE_OPENING]]) {
    for (let axis = 0; axis < 3; axis++) {
      const avg = opening.reduce((s, i) => s + d[i * 3 + axis], 0) / opening.length;
      for (const i of iris) d[i * 3 + axis] = avg;
    }
  }
  return d;
}

let neighbourCache: number[][] | null = null;

/** The six nearest landmarks of each face-mesh landmark on the mean face. */
function landmarkNeighbours(): number[][] {
  if (neighbourCache) return neighbourCache;
  const p = MEAN_FACE;
  neighbourCache = Array.from({ length: 468 }, (_, i) => {
    const d: [number, number][] = [];
    for (let j = 0; j < 468; j++) {
      if (j !== i) d.push([(p[i * 3] - p[j * 3]) ** 2 + (p[i * 3 + 1] - p[j * 3 + 1]) ** 2 + (p[i * 3 + 2] - p[j * 3 + 2]) ** 2, j]);
    }
    return d.sort((a, b) => a[0] - b[0]).slice(0, 6).map(([, j]) => j);
  });
  return neighbourCache;
}
