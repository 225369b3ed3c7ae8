import { LANDMARK_MIRROR } from '../meanFace.js';
import { boundPositions } from '../surfaceBinding.js';
import type { Mesh } from '../../core/mesh.js';
import type { FaceRig } from './rig.js';

/**
 * What a head's blendshapes are scaled by, measured on its own landmarks (the mean face's landmarks
 * as they sit on the fitted mesh): the mouth's width, the lips' heights, the jaw hinge. A smile of
 * a wide mouth goes further than one of a small mouth; a jaw opens about its own hinge.
 */
export interface HeadFrame {
  /** The head's vertex positions. */
  positions: Float32Array;
  /** Its landmarks, 478 × xyz. */
  l: Float32Array;
  /** Outer mouth corner to corner (61 to 291), metres. */
  mouthWidth: number;
  /** Heights of the upper lip (0 to 13) and the lower lip (14 to 17), metres. */
  upperLip: number;
  lowerLip: number;
  /** Alar base to alar base (129 to 358), metres. */
  noseWidth: number;
  /** Template → head, affine, fitted to all landmarks (rows of 4: x, y, z). */
  affine: Float64Array;
  /** The jaw's hinge: its template place carried by `affine`. */
  hinge: [number, number, number];
}

/**
 * The jaw's hinge on the template: the axis it turns about as the mouth opens. The joints sit about
 * a centimetre in front of the tragus (landmarks 234 / 454 lie on the face's outline just in front
 * of it); opening, the condyles also glide forward, and the net motion is a turn about a point
 * lower on the ramus: 2 cm below the joints, where the jaw's angle moves back least.
 */
function templateHinge(l0: Float32Array): [number, number, number] {
  return [0, (l0[234 * 3 + 1] + l0[454 * 3 + 1]) / 2 - 0.02, (l0[234 * 3 + 2] + l0[454 * 3 + 2]) / 2 - 0.01];
}

export function headFrame(rig: FaceRig, mesh: Mesh): HeadFrame {
  const l = boundPositions(mesh.positions, mesh.indices, rig.template.landmarks);
  const d = (a: number, b: number): number => Math.hypot(l[a * 3] - l[b * 3], l[a * 3 + 1] - l[b * 3 + 1], l[a * 3 + 2] - l[b * 3 + 2]);
  const affine = fitAffine(rig.l0, l, 468);
  return {
    positions: mesh.positions,
    l,
    mouthWidth: d(61, 291),
    upperLip: Math.max(0.004, l[1] - l[13 * 3 + 1]),
    lowerLip: Math.max(0.004, l[14 * 3 + 1] - l[17 * 3 + 1]),
    noseWidth: d(129, 358),
    affine,
    hinge: apply(affine, templateHinge(rig.l0)),
  };
}

/** Landmark i of the head, or of its mirror image across the face (`mirror`). */
export function landmark(frame: HeadFrame, i: number, mirror = false): [number, number, number] {
  const j = mirror ? LANDMARK_MIRROR[i] : i;
  return [frame.l[j * 3], frame.l[j * 3 + 1], frame.l[j * 3 + 2]];
}

export function apply(affine: Float64Array, p: ArrayLike<number>): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  for (let r = 0; r < 3; r++) out[r] = affine[r * 4] * p[0] + affine[r * 4 + 1] * p[1] + affine[r * 4 + 2] * p[2] + affine[r * 4 + 3];
  return out;
}

/** Least-squares affine map of the first `count` points of `from` onto `to` (normal equations, 4 × 4). */
function fitAffine(from: ArrayLike<number>, to: ArrayLike<number>, count: number): Float64Array {
  const m = new Float64Array(16), b = new Float64Array(12);
  for (let i = 0; i < count; i++) {
    const h = [from[i * 3], from[i * 3 + 1], from[i * 3 + 2], 1];
    for (let r = 0; r < 4; r++) {
      for (let c = 0; c < 4; c++) m[r * 4 + c] += h[r] * h[c];
      for (let k = 0; k < 3; k++) b[r * 3 + k] += h[r] * to[i * 3 + k];
    }
  }
  // Gauss–Jordan with partial pivoting on [m | b].
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++) if (Math.abs(m[r * 4 + col]) > Math.abs(m[pivot * 4 + col])) pivot = r;
    for (let c = 0; c < 4; c++) [m[col * 4 + c], m[pivot * 4 + c]] = [m[pivot * 4 + c], m[col * 4 + c]];
    for (let k = 0; k < 3; k++) [b[col * 3 + k], b[pivot * 3 + k]] = [b[pivot * 3 + k], b[col * 3 + k]];
    const inv = 1 / m[col * 4 + col];
    for (let r = 0; r < 4; r++) {
      if (r === col) continue;
      const f = m[r * 4 + col] * inv;
      for (let c = 0; c < 4; c++) m[r * 4 + c] -= f * m[col * 4 + c];
      for (let k = 0; k < 3; k++) b[r * 3 + k] -= f * b[col * 3 + k];
    }
  }
  const affine = new Float64Array(12);
  for (let r = 0; r < 4; r++) for (let k = 0; k < 3; k++) affine[k * 4 + r] = b[r * 3 + k] / m[r * 4 + r];
  return affine;
}
