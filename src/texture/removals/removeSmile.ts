import { LIPS_INNER } from '../../analysis/regions.js';
import type { FaceAnalysis, MainFace } from '../../analysis/types.js';
import { MEAN_FACE } from '../../geometry/meanFace.js';
import { checkRgbImage, type Image, type TexelBox } from '../../core/image.js';
import { drawLipSeam, fitLipEdges, openingArea } from './mouthInterior.js';
import { closePoint, closingBox, closingMap, closingStretch, contourAt, mouthClosing, mouthFrame, toMouth, type MouthClosing } from './mouthClosing.js';
import { forwardPoint, warpPhoto, type BackwardMap } from './photoWarp.js';
import { unchanged, type RemovalResult } from './removalStatus.js';

/** Options of {@link removeSmile}. */
export interface RemoveSmileOptions {
  /** Inner-lip gap, as a fraction of the mouth's width, below which the mouth counts as closed. */
  minGap?: number;
  /** Teeth or mouth cavity pixels between the lips, in mouth widths squared, below which the mouth counts as closed. */
  minOpening?: number;
  /**
   * How much redder (red/green) than the skin the lips must be: less, and they are covered (a hand,
   * a moustache, the tongue) and cannot be closed. Not checked in grey photos.
   */
  minLipContrast?: number;
  /** Largest gap (fraction of the mouth's width) that is closed; a wider open mouth fails. */
  maxGap?: number;
  /** Largest stretch of the skin between nose, lips and chin; a closing that needs more fails. */
  maxStretch?: number;
  /** Largest head turn (yaw) or nod (pitch), in degrees, at which the lips are closed. */
  maxTurn?: number;
  /** Share of the gap the upper lip moves down; the lower lip and jaw move up the rest, as a jaw closing does. */
  upperShare?: number;
  /** How far the mouth corners move towards the mean face's neutral width and height, 0..1. */
  cornerStrength?: number;
  /** Farthest a corner moves, as a fraction of the mouth's width. */
  maxCornerShift?: number;
}

export const REMOVE_SMILE_DEFAULTS: Required<RemoveSmileOptions> = {
  minGap: 0.075,
  minLipContrast: 1.05,
  minOpening: 0.012,
  maxGap: 0.3,
  maxStretch: 1.45,
  maxTurn: 30,
  upperShare: 0.3,
  cornerStrength: 1,
  maxCornerShift: 0.09,
};

const INNER_LIP = new Set(LIPS_INNER);
const GAP_PAIRS = [[80, 88], [81, 178], [82, 87], [13, 14], [312, 317], [311, 402], [310, 318]];

/**
 * `remove_smile`: closes an open (mostly smiling) mouth in the photo before the head is fitted and
 * textured. The lips are brought together column by column (see {@link mouthClosing}): teeth and
 * mouth cavity vanish, upper lip and jaw move as a closing jaw moves them. Then the mouth corners,
 * raised and pulled wide by the smile, move in and down towards the neutral mouth of the mean face
 * through a smooth local warp. The landmarks move with the photo, so the fitted geometry is neutral
 * too. Everything outside the box around the mouth stays byte-identical.
 *
 * `not_found` for a closed mouth; `failed`, photo untouched, for a face turned too far, or a mouth
 * open so wide that closing it would stretch the lips grotesquely.
 *
 * ```ts
 * const { photo: closed, face, status } = removeSmile(await decodeRgb(jpeg), analysis);
 * ```
 */
export function removeSmile(photo: Image, analysis: Pick<FaceAnalysis, 'face' | 'colors'>, options: RemoveSmileOptions = {}): RemovalResult {
  const o = { ...REMOVE_SMILE_DEFAULTS, ...options };
  checkRgbImage(photo, 'the photo');
  const { face } = analysis;
  const L = face.landmarks;
  const frame = mouthFrame(L);
  const v = (i: number): number => toMouth(frame, L[i * 3], L[i * 3 + 1])[1];
  const gap = Math.max(0, ...GAP_PAIRS.map(([a, b]) => v(b) - v(a))) / frame.width;
  const opening = openingArea(photo, L, analysis.colors.lips) / (frame.width * frame.width);
  const percent = Math.round(gap * 100);
  if (gap < o.minGap) return unchanged(photo, face, 'not_found', 'the mouth is closed');
  // Turned further, the inner lip landmarks are unreliable: neither "closed" nor a closing can be trusted.
  const turn = Math.max(Math.abs(face.pose.yaw), Math.abs(face.pose.pitch)) * (180 / Math.PI);
  if (turn > o.maxTurn) {
    return unchanged(photo, face, 'failed', `the face is turned ${Math.round(turn)}° from the camera; the lips can only be closed up to ${o.maxTurn}°`);
  }
  if (opening < o.minOpening) return unchanged(photo, face, 'not_found', 'the lips are apart but no teeth or mouth opening show between them');
  if (gap > o.maxGap) {
    return unchanged(photo, face, 'failed', `the mouth is open too wide (the lips are ${percent} % of its width apart) to close without distorting them`);
  }
  const { lips, skin } = analysis.colors;
  const greyPhoto = skin.red - skin.blue < 0.1 * skin.red;
  if (!greyPhoto && lips.red / Math.max(1, lips.green) < o.minLipContrast * (skin.red / Math.max(1, skin.green))) {
    return unchanged(photo, face, 'failed', 'the lips cannot be told from the skin around them (covered by a hand, a moustache or the tongue?)');
  }
  const closing = mouthClosing(L, o.upperShare);
  fitLipEdges(closing, photo, analysis.colors.lips);
  const stretch = closingStretch(closing);
  if (Math.max(stretch.upper, stretch.lower) > o.maxStretch) {
    return unchanged(photo, face, 'failed', `closing this mouth would stretch the skin around it by ${Math.round((Math.max(stretch.upper, stretch.lower) - 1) * 100)} %`);
  }

  const corners = cornerTargets(closing, L, o);
  const closeMap = closingMap(closing);
  const cornerMap = cornerWarp(corners);
  const map: BackwardMap = (x, y, source) => {
    const moved = cornerMap(x, y, source);
    const ix = moved ? source[0] : x, iy = moved ? source[1] : y;
    if (!closeMap(ix, iy, source)) {
      source[0] = ix;
      source[1] = iy;
      return moved;
    }
    return true;
  };
  const box = union(closingBox(closing), ...corners.map((c) => c.box));
  const { photo: edited, changed } = warpPhoto(photo, box, map);
  drawLipSeam(edited, closing, box, cornerMap);
  if (changed === 0) return unchanged(photo, face, 'not_found', 'the mouth is barely open; nothing to close');

  const landmarks = L.slice();
  for (let i = 0; i < L.length / 3; i++) {
    const [cx, cy] = closePoint(closing, L[i * 3], L[i * 3 + 1], INNER_LIP.has(i));
    const [x, y] = forwardPoint(cornerMap, cx, cy);
    landmarks[i * 3] = x;
    landmarks[i * 3 + 1] = y;
  }
  const moved = corners.some((c) => Math.hypot(c.dx, c.dy) > 0.5);
  return {
    photo: edited,
    face: { ...face, landmarks, box: landmarkBox(landmarks) },
    status: { status: 'removed', reason: `closed the mouth (the lips were ${percent} % of its width apart)${moved ? ' and brought its corners in' : ''}` },
  };
}

/** The mean face's mouth, neutral: height of the lip centre below the corners and mouth width over eye distance. */
const NEUTRAL = (() => {
  const p = (i: number): [number, number] => [MEAN_FACE[i * 3], -MEAN_FACE[i * 3 + 1]];
  const [r, l, upper, lower] = [p(61), p(291), p(13), p(14)];
  const width = Math.hypot(l[0] - r[0], l[1] - r[1]);
  return { drop: ((upper[1] + lower[1]) / 2 - (r[1] + l[1]) / 2) / width, width: width / Math.hypot(MEAN_FACE[468 * 3] - MEAN_FACE[473 * 3], MEAN_FACE[468 * 3 + 1] - MEAN_FACE[473 * 3 + 1]) };
})();

interface CornerMove {
  /** Where the corner goes (the warp's centre) and how far back its source is. */
  x: number;
  y: number;
  dx: number;
  dy: number;
  radius: number;
  box: TexelBox;
}

/**
 * Corner moves towards the neutral mouth: down until the closed lips' centre sits no lower below
 * the corners than in the mean face, in until the mouth is no wider, relative to the distance
 * between the eyes, than the mean face's.
 */
function cornerTargets(c: MouthClosing, L: number[], o: Required<RemoveSmileOptions>): CornerMove[] {
  const f = c.frame, w = f.width;
  const mid = (c.u0 + c.u1) / 2;
  const meet = contourAt(c.upper, mid) + c.share * (contourAt(c.lower, mid) - contourAt(c.upper, mid));
  const eyes = Math.hypot(L[468 * 3] - L[473 * 3], L[468 * 3 + 1] - L[473 * 3 + 1]);
  const limit = o.maxCornerShift * w;
  // A smile widens the mouth as it lifts the corners; a pout or an "o" pulls them in and lowers the
  // lips' centre too, and must not be "neutralised". Corners only come down on a wide mouth.
  const wide = Math.min(1, Math.max(0, (w / (NEUTRAL.width * eyes) - 0.95) / 0.1));
  const down = Math.min(limit, Math.max(0, meet - NEUTRAL.drop * w) * o.cornerStrength * wide);
  const inward = Math.min(limit, (Math.max(0, w - NEUTRAL.width * eyes) / 2) * o.cornerStrength);
  const radius = 0.45 * w;
  return [[0, 1], [w, -1]].map(([u, side]) => {
    const du = side * inward, dv = down;
    const tx = f.x + (u + du) * f.ux - dv * f.uy, ty = f.y + (u + du) * f.uy + dv * f.ux;
    const dx = -(du * f.ux - dv * f.uy), dy = -(du * f.uy + dv * f.ux);
    const box = { x0: Math.floor(tx - radius) - 1, y0: Math.floor(ty - radius) - 1, x1: Math.ceil(tx + radius) + 1, y1: Math.ceil(ty + radius) + 1 };
    return { x: tx, y: ty, dx, dy, radius, box };
  });
}

/**
 * Backward map moving each corner by a Wendland C2 bump (compact support: nothing moves beyond
 * `radius`). The shift is at most 0.2 of the radius, where the bump's slope keeps the warp free of
 * fold-overs; the two bumps do not overlap (mouth width > two radii).
 */
function cornerWarp(moves: CornerMove[]): BackwardMap {
  const active = moves.filter((m) => Math.hypot(m.dx, m.dy) > 1e-3);
  return (x, y, source) => {
    let touched = false;
    source[0] = x;
    source[1] = y;
    for (const m of active) {
      const r = Math.hypot(x - m.x, y - m.y) / m.radius;
      if (r >= 1) continue;
      const k = (1 - r) ** 4 * (4 * r + 1);
      source[0] += m.dx * k;
      source[1] += m.dy * k;
      touched = true;
    }
    return touched;
  };
}

function union(...boxes: TexelBox[]): TexelBox {
  return {
    x0: Math.min(...boxes.map((b) => b.x0)), y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)), y1: Math.max(...boxes.map((b) => b.y1)),
  };
}

function landmarkBox(L: number[]): MainFace['box'] {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (let i = 0; i < L.length; i += 3) {
    x0 = Math.min(x0, L[i]); x1 = Math.max(x1, L[i]);
    y0 = Math.min(y0, L[i + 1]); y1 = Math.max(y1, L[i + 1]);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
