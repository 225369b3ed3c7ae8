import type { FaceAnalysis } from '../analysis/types.js';
import type { HeadTemplate } from './template.js';
import { MEAN_FACE } from './meanFace.js';
import { computeNormals } from './computeNormals.js';
import type { FittedHead } from './fitHead.js';
import { neckWidth } from './neckWidth.js';
import { photoProjection } from './photoProjection.js';
import { smoothstep } from '../core/smoothstep.js';

/** Options of {@link fitNeck}. */
export interface FitNeckOptions {
  /**
   * How far below the person's chin the neck is measured, metres: the median of the photo's widths
   * here and 1 cm above and below (a collar or shoulders at one of them do not count).
   */
  measureBelowChin?: number;
  /**
   * The photo's neck width is believed only within this factor of the face-proportional width
   * (1.25: from 80 % to 125 %), measured at two levels at least, and in a photo of at least
   * `minPixelsPerMetre`; otherwise (hair over the neck, a collar, a scarf, a tiny face) the
   * face-proportional width is used.
   */
  plausibleRatio?: number;
  /** Photo pixels per metre at the head below which the neck is not measured (300: 3 px per cm). */
  minPixelsPerMetre?: number;
  /** Largest head pitch applied, radians; a larger one is taken as this. */
  maxPitch?: number;
}

export const FIT_NECK_DEFAULTS: Required<FitNeckOptions> = {
  measureBelowChin: 0.04,
  plausibleRatio: 1.25,
  minPixelsPerMetre: 300,
  maxPitch: (20 * Math.PI) / 180,
};

/** A fitted head whose neck was adapted to the photo, and what was adapted. */
export interface FittedNeckHead extends FittedHead {
  neck: {
    /** Neck width seen in the photo (median of the levels measured), metres; null when it could not be measured. */
    measured: number | null;
    /** Whether `measured` was plausible and used; otherwise the face-proportional width was. */
    fromPhoto: boolean;
    /** The neck's width at the measuring height after fitting, metres. */
    width: number;
    /** Pitch applied to head and neck, radians, positive looking up. */
    pitch: number;
  };
}

/**
 * `allow_modify_neck`: adapts the neck to the photo. Apply after fitHead (either neck: the default
 * shared one gives the cleaner neck) and `cartoonish`, before `curvedBottom`.
 *
 * 1. Width: the person's neck is measured in the segmentation masks some 4 cm below the chin
 *    ({@link neckWidth}); when it cannot be, or the measure is implausible, the template's neck
 *    scaled like the face is the target. Across (and half as much in depth), the neck's scale then
 *    goes smoothly from the head's at the 'under jaw' row to the target's halfway between the
 *    'neck top' and 'neck' rows, and back to the template's own at the neck base.
 * 2. Pose: the head's pitch (`face.pose.pitch`) turns head and neck about the x axis, pivoting
 *    about the middle of the neck base, fully from the 'under jaw' row up and fading to nothing at
 *    the neck base, so the neck bends and the bust (or the neck's cut) does not move.
 *
 * The photo projection is redone for the moved neck, seen as the photo saw it: the photo's body is
 * upright, so in the head's frame it is turned back by the pitch.
 *
 * ```ts
 * const head = fitNeck(fitHead(template, analysis), analysis);
 * ```
 */
export function fitNeck(
  head: FittedHead,
  analysis: Pick<FaceAnalysis, 'face' | 'segmentation' | 'width' | 'height'>,
  options: FitNeckOptions = {},
): FittedNeckHead {
  const o = { ...FIT_NECK_DEFAULTS, ...options };
  const { template, mesh, camera } = head;
  const { s, keyRows, neckBase } = template.grid;
  const underJaw = keyRows['under jaw'], neckTop = keyRows['neck top'], neckRow = keyRows['neck'];

  // Width: where the photo's neck is measured (below the chin, but on the neck whatever the chin
  // does: an open mouth drops it by centimetres), and the template's neck at that height.
  const levelY = clamp(head.landmarks[152 * 3 + 1] - o.measureBelowChin, rowCentre(mesh.positions, s, neckRow).y, rowCentre(mesh.positions, s, neckTop).y);
  const ring = neckRing(mesh.positions, s, underJaw, neckBase, levelY);
  const templateWidth = neckRing(template.mesh.positions, s, underJaw, neckBase, MEAN_FACE[152 * 3 + 1] - o.measureBelowChin).width;
  const gx = head.headScale[0];
  const faceWidth = templateWidth * gx;
  const widths = ring.width > 0 && camera.scale >= o.minPixelsPerMetre
    ? [-0.01, 0, 0.01].map((dy) => neckWidth({
      person: analysis.segmentation.person, hair: analysis.segmentation.hair, width: analysis.width, height: analysis.height,
      camera, level: { y: levelY + dy, z: ring.centre },
    })).filter((w): w is number => w !== null).sort((a, b) => a - b)
    : [];
  const measured = widths.length < 2 ? null : (widths[(widths.length - 1) >> 1] + widths[widths.length >> 1]) / 2;
  const fromPhoto = measured !== null && measured / faceWidth <= o.plausibleRatio && faceWidth / measured <= o.plausibleRatio;
  // The neck's scale across relative to the template's: what the head has at the 'under jaw' row,
  // the target's at the measuring rows, the template's own at the neck base. Each row's present
  // scale is measured, so this works on whatever fit (and cartoon) came before.
  const kx = (fromPhoto ? measured! : faceWidth) / templateWidth;
  const level = (neckTop + neckRow) / 2;
  const present = rowScales(template, mesh.positions);
  const { columns, capStart } = template.grid;
  // Keypoint rows are vertex rows: the under-jaw row is the first at or below its s.
  const jawScale = present[s.findIndex((x, v) => v % (columns + 1) === 0 && x >= underJaw) / (columns + 1)];
  const across = (v: number): number => {
    const sv = s[v];
    if (v >= capStart || sv <= underJaw || sv >= neckBase) return 1;
    const k = sv <= level ? jawScale + (kx - jawScale) * smoothstep(underJaw, level, sv) : kx + (1 - kx) * smoothstep(level, neckBase, sv);
    return k / present[Math.floor(v / (columns + 1))];
  };

  // Pose: rotation by −pitch about x (looking up turns +z towards +y) about the neck base's middle.
  const pitch = clamp(analysis.face.pose.pitch, -o.maxPitch, o.maxPitch);
  const base = rowCentre(template.mesh.positions, s, neckBase);
  const source = mesh.positions;
  const count = source.length / 3;
  const positions = new Float32Array(count * 3);
  const unturned = new Float32Array(count * 3);
  const moved = new Uint8Array(count);
  for (let v = 0; v < count; v++) {
    const sv = s[v];
    const e = across(v);
    const x = source[v * 3] * e;
    const y = source[v * 3 + 1];
    const z = ring.centre + (source[v * 3 + 2] - ring.centre) * (1 + (e - 1) / 2);
    const a = -pitch * (1 - smoothstep(underJaw, neckBase, sv));
    const [ry, rz] = rotate(y - base.y, z - base.z, a);
    positions.set([x, base.y + ry, base.z + rz], v * 3);
    // The photo's view of this point: the whole model turned back by the head's full pitch.
    const [uy, uz] = rotate(ry, rz, pitch);
    unturned.set([x, base.y + uy, base.z + uz], v * 3);
    moved[v] = sv > underJaw ? 1 : 0;
  }
  const weld = template.sampling.weld;
  for (let v = 0; v < count; v++) {
    if (weld[v] !== v) {
      positions.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
      unturned.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
    }
  }
  const fitted = computeNormals({ positions, indices: mesh.indices, uvs: mesh.uvs }, { weld });
  // Above the neck nothing changed for the photo: keep the projection of the fit (of the
  // uncaricatured head, see fitHead).
  const seen = photoProjection(computeNormals({ positions: unturned, indices: mesh.indices }, { weld }), camera);
  const old = head.projection;
  for (let v = 0; v < count; v++) {
    if (moved[v]) continue;
    seen.x[v] = old.x[v];
    seen.y[v] = old.y[v];
    seen.depth[v] = old.depth[v];
    seen.facing[v] = old.facing[v];
    seen.visible[v] = old.visible[v];
  }
  const width = neckRing(positions, s, underJaw, neckBase, levelY).width;
  return { ...head, mesh: fitted, projection: seen, neck: { measured, fromPhoto, width, pitch } };
}

/** Width (x extent) and middle depth of the neck's vertices within 4 mm of a height. */
function neckRing(p: ArrayLike<number>, s: ArrayLike<number>, top: number, bottom: number, y: number): { width: number; centre: number } {
  let minX = Infinity, maxX = -Infinity, minZ = Infinity, maxZ = -Infinity;
  for (let v = 0; v < s.length; v++) {
    if (s[v] < top || s[v] > bottom || Math.abs(p[v * 3 + 1] - y) > 0.004) continue;
    minX = Math.min(minX, p[v * 3]);
    maxX = Math.max(maxX, p[v * 3]);
    minZ = Math.min(minZ, p[v * 3 + 2]);
    maxZ = Math.max(maxZ, p[v * 3 + 2]);
  }
  return maxX > minX ? { width: maxX - minX, centre: (minZ + maxZ) / 2 } : { width: 0, centre: 0 };
}

/** Per band row, its width against the template's: Σ|x| over the row's vertices, relative. */
function rowScales(template: HeadTemplate, p: ArrayLike<number>): Float64Array {
  const { columns, rows } = template.grid;
  const t = template.mesh.positions;
  const scales = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    let now = 0, was = 0;
    for (let j = 0; j <= columns; j++) {
      const v = r * (columns + 1) + j;
      now += Math.abs(p[v * 3]);
      was += Math.abs(t[v * 3]);
    }
    scales[r] = was > 0 ? now / was : 1;
  }
  return scales;
}

/** Mean height and middle depth of a keypoint row. */
function rowCentre(p: ArrayLike<number>, s: ArrayLike<number>, row: number): { y: number; z: number } {
  let y = 0, n = 0, minZ = Infinity, maxZ = -Infinity;
  for (let v = 0; v < s.length; v++) {
    if (Math.abs(s[v] - row) > 1e-4) continue;
    y += p[v * 3 + 1];
    n++;
    minZ = Math.min(minZ, p[v * 3 + 2]);
    maxZ = Math.max(maxZ, p[v * 3 + 2]);
  }
  return { y: y / n, z: (minZ + maxZ) / 2 };
}

function rotate(y: number, z: number, angle: number): [number, number] {
  const c = Math.cos(angle), sn = Math.sin(angle);
  return [y * c - z * sn, y * sn + z * c];
}

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, x));
}

