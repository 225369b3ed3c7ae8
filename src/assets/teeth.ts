import { computeNormals } from '../geometry/computeNormals.js';
import type { Mesh } from '../core/mesh.js';
import { boundPositions } from '../geometry/surfaceBinding.js';
import type { HeadTemplate } from './headTemplate.js';
import { archRings, type ArchDetail, type ArchShape } from './teethArch.js';

export { teethDeltas, TEETH_DELTAS_DEFAULTS, type TeethDeltasOptions } from './teethDeltas.js';

/** Options of {@link avatarTeeth}. */
export interface AvatarTeethOptions {
  /** How far the upper incisors' front sits behind the inner lips (landmarks 13 / 14), metres. */
  setBack?: number;
  /** The upper arch's width (outside to outside at the back) relative to the mouth's (61 to 291). */
  width?: number;
  /** The upper arch's depth, incisors' front to the molars' back, metres. */
  depth?: number;
  /** The lower incisors sit this far behind the upper ones (overjet), metres. */
  overjet?: number;
  /**
   * The upper incisors' edges sit this far below the slit, metres: about where the closed lips meet,
   * and low enough that their fronts show, not just their edges, once the lips part.
   */
  drop?: number;
  /** The lower incisors' edges sit this far below the upper ones', metres. */
  gap?: number;
  /** Crown height of the incisors and of the molars, upper arch, metres (the lower one is 0.9 of it). */
  frontHeight?: number;
  backHeight?: number;
  /** Tongue-to-lip thickness of the incisors and of the molars, metres. */
  frontThickness?: number;
  backThickness?: number;
  /** Finer arches, upper and lower (teethArch.ts); by default four rings a tooth and no hard edges. */
  detail?: { upper: ArchDetail; lower: ArchDetail };
}

export const AVATAR_TEETH_DEFAULTS: Required<Omit<AvatarTeethOptions, 'detail'>> = {
  setBack: 0.005,
  width: 0.75,
  depth: 0.035,
  overjet: 0.0015,
  drop: 0.0015,
  gap: 0.001,
  frontHeight: 0.009,
  backHeight: 0.006,
  frontThickness: 0.005,
  backThickness: 0.008,
};

/** An avatar's teeth: one small mesh, the upper dental arch's vertices first, then the lower's. */
export interface Teeth {
  /** Normals outward; UVs u along each arch, v from the biting edge (0) to the gum (1): teethTexture.ts paints them. */
  mesh: Mesh;
  /** 1 per vertex on the lower arch (it follows the jaw), 0 on the upper (fixed to the skull). */
  lower: Uint8Array;
}

/**
 * Teeth for a fitted head: an upper and a lower dental arch, each a closed band of seven teeth a
 * side (a crown per tooth, notched between teeth) along half an ellipse, placed from the head's own
 * landmarks: centred between the mouth corners (61, 291), the upper incisors' edges just below the slit
 * (between the inner lips 13 and 14) and their front `setBack` behind the lips, inside the mouth
 * bag. Axes are the head's: x from the person's right corner to the left one, y up, z forward.
 * Generated, not loaded: a few hundred triangles fitted to a handful of measures.
 *
 * ```ts
 * const teeth = avatarTeeth(fitted);
 * const jaw = teethDeltas(teeth, fitted, deltas[names.indexOf('jawOpen')]);
 * ```
 */
export function avatarTeeth(head: { template: HeadTemplate; mesh: Mesh }, options: AvatarTeethOptions = {}): Teeth {
  const o = { ...AVATAR_TEETH_DEFAULTS, ...options };
  const l = boundPositions(head.mesh.positions, head.mesh.indices, head.template.landmarks);
  const at = (i: number): number[] => [l[i * 3], l[i * 3 + 1], l[i * 3 + 2]];
  const [right, left, upperLip, lowerLip] = [at(61), at(291), at(13), at(14)];
  // The head's frame at the mouth: x along the corners, y up square to it, z = x × y.
  const x = unit(left.map((v, k) => v - right[k]));
  const y = unit([0, 1, 0].map((v, k) => v - x[1] * x[k]));
  const z = [x[1] * y[2] - x[2] * y[1], x[2] * y[0] - x[0] * y[2], x[0] * y[1] - x[1] * y[0]];
  const mouthWidth = Math.hypot(...left.map((v, k) => v - right[k]));
  const slit = upperLip.map((v, k) => (v + lowerLip[k]) / 2);
  const centre = right.map((v, k) => (v + left[k]) / 2);
  // Origin: between the corners across, on the slit's height, at the front of whichever inner lip is further back.
  const dot = (a: number[], b: number[]): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
  const lipFront = Math.min(dot(upperLip, z), dot(lowerLip, z));
  const origin = [0, 1, 2].map((k) => x[k] * dot(centre, x) + y[k] * dot(slit, y) + z[k] * lipFront);

  const half = (o.width * mouthWidth) / 2;
  const arches: ArchShape[] = [
    { halfWidth: half, depth: o.depth, front: -o.setBack, edge: -o.drop, up: 1, heights: [o.frontHeight, o.backHeight], thicknesses: [o.frontThickness, o.backThickness], detail: options.detail?.upper },
    {
      halfWidth: half - o.overjet, depth: o.depth - o.overjet, front: -o.setBack - o.overjet, edge: -o.drop - o.gap, up: -1,
      heights: [0.9 * o.frontHeight, 0.9 * o.backHeight], thicknesses: [o.frontThickness, o.backThickness], detail: options.detail?.lower,
    },
  ];
  const parts = arches.map((a) => archRings(a));
  const count = parts.reduce((s, p) => s + p.positions.length / 3, 0);
  const positions = new Float32Array(count * 3);
  const uvs = new Float32Array(count * 2);
  const lower = new Uint8Array(count);
  const triangles: number[] = [];
  let first = 0;
  parts.forEach((part, arch) => {
    const n = part.positions.length / 3;
    for (let v = 0; v < n; v++) {
      const [a, b, c] = [part.positions[v * 3], part.positions[v * 3 + 1], part.positions[v * 3 + 2]];
      for (let k = 0; k < 3; k++) positions[(first + v) * 3 + k] = origin[k] + a * x[k] + b * y[k] + c * z[k];
    }
    uvs.set(part.uvs, first * 2);
    lower.fill(arch, first, first + n);
    for (const t of part.triangles) triangles.push(first + t);
    first += n;
  });
  const mesh = computeNormals({ positions, uvs, indices: Uint32Array.from(triangles) }, { weldSeams: false });
  return { mesh, lower };
}

const unit = (v: number[]): number[] => {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return v.map((c) => c / n);
};
