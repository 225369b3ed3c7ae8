import type { Mask, Rgb } from '../../../analysis/types.js';
import { keepOffHead } from './keepOffHead.js';
import { headSurface } from '../../../geometry/headSurface.js';
import type { Image } from '../../../core/image.js';
import { computeNormals } from '../../../geometry/computeNormals.js';
import { hairLength, type HairLengthOptions } from './hairLength.js';
import { hang } from './curtainFall.js';
import type { Mesh } from '../../../core/mesh.js';
import type { PhotoCamera } from '../../../core/camera.js';
import { radialProfile } from '../../../geometry/radialProfile.js';
import { curtainRim, type RimColumn } from './curtainRim.js';
import { smoothstep } from '../../../core/smoothstep.js';
import { latticeHash } from '../../../core/valueNoise.js';
import type { UvBox } from '../../headMouthShape.js';

/** Options of {@link hairCurtain}. */
export interface HairCurtainOptions {
  /** Hair that ends less than this far below the ear canals (metres) hangs no curtain: it is the cap's. */
  minDrop?: number;
  /** Azimuth (degrees from the face's direction) of the curtain's front edges, beside the face. */
  front?: number;
  /** Columns per degree of azimuth. */
  columnsPerDegree?: number;
  /** Rows from the rim down. */
  rows?: number;
  /** Power of the rows' spacing down a column (1 even): above 1 they are closer near the top. */
  rowSpacing?: number;
  /** Least distance from the head (metres) the curtain hangs at. */
  clearance?: number;
  /** How much the curtain moves out per metre it hangs down below `spreadFrom`: it spreads over the shoulders. */
  flare?: number;
  /**
   * Height (metres, head frame) below which the curtain spreads (`flare`, the photo's silhouette):
   * below the ears, so that above them the head is no wider than its hair and ears.
   */
  spreadFrom?: number;
  /** Share of its distance from what lies beneath that the curtain loses towards its lower edge: hair thins out to its ends. */
  thinning?: number;
  /** Azimuth (degrees) from the front edges over which the curtain gets shorter: its front lower corners are rounded. */
  rounding?: number;
  /** Share of its length a front edge loses to `rounding`. */
  roundingShare?: number;
  /** Farthest (metres) the shoulders may push the hanging hair out before it ends on them. */
  maxPush?: number;
  /**
   * Height (metres, head frame) from which the curtain falls where the cap reaches lower: above the
   * ears (the profiles it starts from see about 1.5 cm up and down), so that it starts on the cap's
   * outside rather than out at the ears', and falls over the ears and the nape in one sheet instead
   * of following the cap's rim up round the ears. Under the cap down to its rim.
   */
  fallFrom?: number;
  /** How far under the cap's outside (metres) the curtain starts. */
  inset?: number;
  /** How far under the hair's surface (metres) the curtain's top row is put where keeping clear of the head left it outside. */
  tuckDepth?: number;
  /** How far down (metres) from its top row the curtain blends from where tuckDepth puts that row to where it hangs. */
  tuckBlend?: number;
  /** How far (metres) above the cap's rim the curtain starts where the rim is higher than `fallFrom`: it starts under the cap. */
  overlap?: number;
  /** Shortest column, metres: where the photo shows the hair ending at the rim. */
  minHang?: number;
  /** Farthest (metres) the photo's hair silhouette may widen the curtain beyond where it hangs. */
  maxWiden?: number;
  /** Azimuth (degrees) over which the curtain's front edges turn in to lie on the head: no gap beside the face. */
  tuck?: number;
  /**
   * Rounds of averaging of how far out neighbouring columns hang, at a column every 4°: one surface,
   * not ribbons. Finer columns take proportionally more rounds (by the square of the density), so
   * that the same width round the head is smoothed.
   */
  smoothing?: number;
  /** Height of the cap's hair above its rim (metres) that is stretched down the curtain as its texture. */
  uvReach?: number;
  /** Coverage of the cap from which its texture is fully opaque hair. */
  opaqueCoverage?: number;
  /** Width (metres, round the head) of one lock of hair: the curtain is ridged into locks of about this width. */
  lockWidth?: number;
  /** How far (metres) a lock's middle stands out from the grooves beside it. */
  lockDepth?: number;
  /**
   * How far down (metres) from its top the curtain starts to be ridged into locks (taking their full
   * relief over `LOCK_RAMP` below): above, beside the cranium, it is one sheet, so that the locks
   * never widen the skull the photo shows.
   */
  lockFrom?: number;
  /** How much longer (metres) a lock's middle hangs than its sides: the lower edge ends in tips, not a cut. */
  lockTip?: number;
  /** Options of the length measured on the photo. */
  length?: HairLengthOptions;
}

export const HAIR_CURTAIN_DEFAULTS: Required<HairCurtainOptions> = {
  minDrop: 0.06,
  front: 72,
  columnsPerDegree: 0.5,
  rows: 16,
  rowSpacing: 1.4,
  clearance: 0.004,
  flare: 0.08,
  spreadFrom: -0.02,
  thinning: 0.35,
  rounding: 30,
  roundingShare: 0.12,
  maxPush: 0.03,
  fallFrom: 0.055,
  overlap: 0.01,
  inset: 0.004,
  tuckDepth: 0.001,
  tuckBlend: 0.03,
  minHang: 0.01,
  maxWiden: 0.03,
  tuck: 14,
  smoothing: 8,
  uvReach: 0.03,
  opaqueCoverage: 0.8,
  lockWidth: 0.024,
  lockDepth: 0.004,
  lockFrom: 0.05,
  lockTip: 0.035,
  length: {},
};

/** What {@link hairCurtain} hangs from and measures on. */
export interface HairCurtainInput {
  /** The hair volume's mesh as the haircut shell is cut from it (styled), with the head template's UV layout. */
  hair: Mesh;
  /** Per vertex of `hair`, HairVolume.coverage (the cap's rim is at ½). */
  coverage: Float32Array;
  /** UVs the curtain takes, per vertex of `hair` (a repacked layout); default `hair.uvs`. */
  uvs?: Float32Array;
  /**
   * A free rectangle of the layout where the curtain gets texels of its own (curtainTexture.ts
   * paints them): its columns along v, its rows along u. Without it the curtain takes the cap's
   * hair above the ears, stretched down.
   */
  strip?: UvBox;
  /** The head the curtain hangs over (same frame as `hair`), with normals. */
  head: Mesh;
  /** The fit's camera: head frame → photo. */
  camera: PhotoCamera;
  /** The photo's hair region. */
  mask: Mask;
  /** Photo width and height, pixels. */
  width: number;
  height: number;
  /** The photo and its hair colour: clothes the mask took for hair are not measured as hair. */
  photo?: Image;
  color?: Rgb;
}

/**
 * Long hair: a curtain (columns × rows) that hangs below the generated haircut's cap at the sides
 * and back, down to where the photo shows the hair ending beside the face and neck (hairLength.ts;
 * the unseen back hangs as far as the longer side). Each column starts under the cap, just inside
 * its outside, above the ears (`fallFrom`) or just above the cap's rim where that is higher, so
 * the curtain overlaps the cap instead of meeting its ragged rim edge to edge; it falls straight
 * down, pushed out by what lies beneath (ears, shoulders), spreading slightly, widened towards the
 * photo's hair silhouette at the sides, and ends where the shoulders would push it out more than
 * `maxPush`. Its front edges turn in onto the head beside the face. Its texture is the cap's
 * opaque hair above the ears, stretched down, or, given a `strip`, texels of its own there. Null
 * when the hair ends above `minDrop` or the photo does not show it.
 *
 * ```ts
 * const curtain = hairCurtain({ hair: styled.mesh, coverage: volume.coverage, head: head.mesh, camera: fitted.camera,
 *   mask: hairRegion(photo, analysis), width: photo.width, height: photo.height });
 * const haircut = curtain ? mergeMeshes([shell, curtain]) : shell;
 * ```
 */
export function hairCurtain(input: HairCurtainInput, options: HairCurtainOptions = {}): Mesh | null {
  const o = { ...HAIR_CURTAIN_DEFAULTS, ...options };
  const sides = hairLength(input.camera, { hair: input.mask, photo: input.photo, color: input.color }, input.width, input.height, o.length);
  const [right, left] = sides.map((s, i) => (Number.isNaN(s.end) ? sides[1 - i].end : s.end));
  if (Number.isNaN(right) || Math.min(right, left) > -o.minDrop) return null;
  const back = Math.min(right, left);

  const hp = input.head.positions;
  let headBottom = Infinity, zMin = Infinity, zMax = -Infinity;
  for (let v = 0; v < hp.length / 3; v++) {
    const y = hp[v * 3 + 1], z = hp[v * 3 + 2];
    headBottom = Math.min(headBottom, y);
    if (y > -0.02 && y < 0.06) {
      zMin = Math.min(zMin, z);
      zMax = Math.max(zMax, z);
    }
  }
  const axisZ = (zMin + zMax) / 2;
  const profile = radialProfile(input.head, axisZ), volume = radialProfile(input.hair, axisZ);
  const columns = curtainRim(input, axisZ, (o.front * Math.PI) / 180, o.columnsPerDegree, o.fallFrom, o.uvReach, o.opaqueCoverage);
  if (columns.length < 2) return null;

  // Where each column ends: the photo's length, blended from the side's to the back's, above the
  // head's bottom cut, and on the shoulders.
  const step = 0.005;
  const falls = columns.map((c) => {
    const s = Math.sin(c.angle), w = s * s;
    const end = Math.max(headBottom + 0.01, w * (s < 0 ? right : left) + (1 - w) * back);
    return hang(c, end, profile, volume, sides[s < 0 ? 0 : 1], w, step, o);
  });
  const ends = falls.map((f) => f.end);
  const density = (o.columnsPerDegree / SMOOTHING_DENSITY) ** 2;
  for (let pass = 0; pass < Math.round(3 * density); pass++) {
    const prev = ends.slice();
    for (let i = 0; i < ends.length; i++) {
      if (columns[i].seamBefore || (i + 1 < ends.length && columns[i + 1].seamBefore)) continue;
      ends[i] = (prev[Math.max(0, i - 1)] + 2 * prev[i] + prev[Math.min(ends.length - 1, i + 1)]) / 4;
    }
  }

  const R = o.rows, C = columns.length;
  const heights = new Float32Array(C * (R + 1)), radii = new Float32Array(C * (R + 1));
  const tuck = (o.tuck * Math.PI) / 180, front = (o.front * Math.PI) / 180, rounding = (o.rounding * Math.PI) / 180;
  const fromFront = (c: RimColumn): number => Math.min(Math.abs(c.angle), 2 * Math.PI - Math.abs(c.angle)) - front;
  columns.forEach((c, i) => {
    const top = falls[i].top;
    // The front edges hang shorter, curving into the full length: no square corner beside the face.
    const f = 1 - smoothstep(0, rounding, fromFront(c));
    const tip = o.lockTip * lockLength(c.angle, o.lockWidth) * lockRelief(c.angle, o.lockWidth) ** 3 * (1 - f);
    const full = Math.min(Math.max(headBottom + 0.01, ends[i] - tip), top - o.minHang), end = full + (top - full) * o.roundingShare * f * f;
    for (let k = 0; k <= R; k++) {
      // Rows closer together near the top, where the curtain turns out over the ears: an edge
      // between rows 2 cm apart would cut through an ear's rim.
      heights[i * (R + 1) + k] = top + (end - top) * (k / R) ** o.rowSpacing;
      radii[i * (R + 1) + k] = falls[i].radiusAt(heights[i * (R + 1) + k]);
    }
  });
  smoothColumns(radii, C, R + 1, Math.round(o.smoothing * density));
  columns.forEach((c, i) => {
    for (let k = 1; k <= R; k++) {
      const v = i * (R + 1) + k, under = profile.at(c.angle, heights[v]) + o.clearance;
      // Towards its ends the hair thins, lying closer on what is beneath: no board's edge at the bottom.
      if (radii[v] > under) radii[v] -= (radii[v] - under) * o.thinning * smoothstep(0.4, 1, k / R);
    }
  });
  const positions = new Float32Array(C * (R + 1) * 3), uvs = new Float32Array(C * (R + 1) * 2), strip = input.strip;
  columns.forEach((c, i) => {
    const inward = 1 - smoothstep(0, tuck, fromFront(c));
    const relief = o.lockDepth * lockRelief(c.angle, o.lockWidth) * (1 - inward);
    // The seam's column sits on the UV islands' border, where the texture's alpha is half: it takes its neighbour's texels.
    const uvFrom = c.seamBefore ? columns[Math.min(C - 1, i + 1)] : i + 1 < C && columns[i + 1].seamBefore ? columns[Math.max(0, i - 1)] : c;
    for (let k = 0; k <= R; k++) {
      const v = i * (R + 1) + k, t = k / R;
      const y = heights[v];
      // Ridged outwards only, so the locks never reach into the head.
      const r = radii[v] + (profile.at(c.angle, y) + o.clearance - radii[v]) * inward + relief * smoothstep(o.lockFrom, o.lockFrom + LOCK_RAMP, heights[i * (R + 1)] - y);
      positions[v * 3] = r * Math.sin(c.angle);
      positions[v * 3 + 1] = y;
      positions[v * 3 + 2] = axisZ + r * Math.cos(c.angle);
      if (strip) {
        uvs[v * 2] = strip.u0 + (strip.u1 - strip.u0) * t;
        uvs[v * 2 + 1] = strip.v0 + ((strip.v1 - strip.v0) * (i + 0.5)) / C;
      } else {
        uvs[v * 2] = uvFrom.uvTop[0] + (uvFrom.uvBottom[0] - uvFrom.uvTop[0]) * t;
        uvs[v * 2 + 1] = uvFrom.uvTop[1] + (uvFrom.uvBottom[1] - uvFrom.uvTop[1]) * t;
      }
    }
  });
  // Columns run from the right of the face round the back to the left: seen from outside, column
  // i + 1 is left of column i and row k + 1 below row k, so (a, b, a + 1) turns anticlockwise.
  const faces: number[] = [];
  for (let i = 0; i + 1 < C; i++) {
    if (columns[i + 1].seamBefore) continue;
    for (let k = 0; k < R; k++) {
      const a = i * (R + 1) + k, b = (i + 1) * (R + 1) + k;
      faces.push(a, b, a + 1, b, b + 1, a + 1);
    }
  }
  const kept = keepOffHead({ positions, uvs, indices: Uint32Array.from(faces) }, input.head, { clearance: o.clearance });
  return computeNormals(tuckTop(kept, C, R + 1, input.hair, input.head, o.tuckDepth, o.tuckBlend));
}

/** Radius (metres) at which the locks' widths are measured round the head. */
const LOCK_RADIUS = 0.1;
const LOCK_SEED = 7;
/** Height (metres) over which the locks grow from a smooth sheet to their full relief. */
const LOCK_RAMP = 0.04;

/** The column density (per degree) that `smoothing`'s rounds and the ends' three rounds are counted at. */
const SMOOTHING_DENSITY = 0.25;

/**
 * How far a column stands out as part of a lock, 0 (a groove between locks) to 1 (a lock's middle),
 * by azimuth. The locks' widths vary by about a third so that they read as hair, not a pleated
 * skirt; valleys are narrower than ridges, as hair gathers into rounded locks with creases between.
 */
export function lockRelief(angle: number, lockWidth: number): number {
  return (0.5 - 0.5 * Math.cos(2 * Math.PI * lockPhase(angle, lockWidth))) ** 0.6;
}

/**
 * How far a lock's tip reaches below the sides of the lock, as a share of `lockTip` (0.35 to 1), by
 * azimuth: the same over one lock, different from lock to lock, so that the ends are uneven rather
 * than a row of equal teeth.
 */
export function lockLength(angle: number, lockWidth: number): number {
  return 0.35 + 0.65 * latticeHash(Math.floor(lockPhase(angle, lockWidth)), 0, LOCK_SEED);
}

/** Where an azimuth falls among the locks: the integer part counts locks, and a lock's middle is at ½. */
function lockPhase(angle: number, lockWidth: number): number {
  const s = (angle * LOCK_RADIUS) / lockWidth;
  return s + 0.3 * Math.sin(2.3 * s + 0.7) + 0.15 * Math.sin(5.1 * s + 2.1);
}

/**
 * The curtain's top row moved to `depth` under the hair's surface (and no nearer the head than
 * keepOffHead's least clearance): where the hair on the scalp is thinner than the curtain's
 * clearance, the row would otherwise stand off it, and the background show between them.
 */
function tuckTop(curtain: Mesh, columns: number, rows: number, hair: Mesh, head: Mesh, depth: number, blend: number): Mesh {
  const surface = headSurface(hair), positions = curtain.positions;
  for (let i = 0; i < columns; i++) {
    const v = i * rows;
    const hit = surface.closest(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
    if (hit.distance <= -depth) continue;
    const move = hit.distance + depth, top = positions[v * 3 + 1];
    // The rows below follow the top row in part, less the lower they hang: the curtain comes out
    // from under the cap's hair in a curve rather than standing off it in a ledge at its top edge.
    for (let k = 0; k < rows; k++) {
      const u = (i * rows + k) * 3;
      const share = 1 - smoothstep(0, blend, top - positions[u + 1]);
      if (share <= 0) break;
      for (let c = 0; c < 3; c++) positions[u + c] -= hit.normal[c] * move * share;
    }
  }
  return keepOffHead(curtain, head);
}

/**
 * Neighbouring columns' radii averaged, row by row, round the curtain (the two copies of the seam's
 * column are neighbours like any others, and end equal).
 */
function smoothColumns(radii: Float32Array, columns: number, rows: number, rounds: number): void {
  const next = new Float32Array(radii.length);
  for (let pass = 0; pass < rounds; pass++) {
    for (let i = 0; i < columns; i++) {
      const a = Math.max(0, i - 1), b = Math.min(columns - 1, i + 1);
      for (let k = 0; k < rows; k++) next[i * rows + k] = (radii[a * rows + k] + 2 * radii[i * rows + k] + radii[b * rows + k]) / 4;
    }
    radii.set(next);
  }
}

