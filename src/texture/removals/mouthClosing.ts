import type { TexelBox } from '../../core/image.js';
import type { BackwardMap } from './photoWarp.js';

/** Inner lip contours from mouth corner to mouth corner (MediaPipe indices), upper and lower. */
const INNER_UPPER = [61, 78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 291];
const INNER_LOWER = [61, 78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308, 291];
const OUTER_UPPER = [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291];
const OUTER_LOWER = [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291];
/** Samples per contour across the mouth. */
const SAMPLES = 64;
const MOUTH_RIGHT = 61, MOUTH_LEFT = 291, SUBNASALE = 2, CHIN = 152;

/**
 * The mouth's own frame: origin at the person's right mouth corner, u along the mouth towards the
 * left corner, v across it, pointing down the face; both in photo pixels.
 */
export interface MouthFrame {
  x: number;
  y: number;
  ux: number;
  uy: number;
  /** Corner-to-corner distance in pixels. */
  width: number;
}

export function mouthFrame(landmarks: ArrayLike<number>): MouthFrame {
  const x = landmarks[MOUTH_RIGHT * 3], y = landmarks[MOUTH_RIGHT * 3 + 1];
  const dx = landmarks[MOUTH_LEFT * 3] - x, dy = landmarks[MOUTH_LEFT * 3 + 1] - y;
  const width = Math.hypot(dx, dy) || 1;
  return { x, y, ux: dx / width, uy: dy / width, width };
}

/** (u, v) of a photo point. */
export function toMouth(f: MouthFrame, x: number, y: number): [number, number] {
  const dx = x - f.x, dy = y - f.y;
  return [dx * f.ux + dy * f.uy, -dx * f.uy + dy * f.ux];
}

/** The photo point at (u, v). */
export function fromMouth(f: MouthFrame, u: number, v: number): [number, number] {
  return [f.x + u * f.ux - v * f.uy, f.y + u * f.uy + v * f.ux];
}

/**
 * How an open mouth is closed. Column by column across the mouth (fixed u), the span from below the
 * nose (`top`) to the chin (`bottom`) is remapped piecewise linearly so that the inner edge of the
 * upper lip and that of the lower lip both land on the meeting line `upper + share · gap`: the
 * teeth and mouth cavity between them collapse to nothing, the lips and the skin above and below
 * stretch to take up the space. The map jumps at the meeting line (the lips touch; no band of
 * squeezed teeth is left), is the identity at nose, chin and the inner mouth corners (where the gap
 * is 0), so it needs no blending with the untouched photo around it.
 */
export interface MouthClosing {
  frame: MouthFrame;
  /** Inner lip contours as (u, v) pairs, {@link SAMPLES} of them evenly spaced in u from corner to corner. */
  upper: Float64Array;
  lower: Float64Array;
  /** Outer lip contours, sampled alike. */
  upperOuter: Float64Array;
  lowerOuter: Float64Array;
  /** Range of u between the inner mouth corners. */
  u0: number;
  u1: number;
  top: number;
  bottom: number;
  share: number;
}

export function mouthClosing(landmarks: ArrayLike<number>, share: number): MouthClosing {
  const frame = mouthFrame(landmarks);
  const contour = (indices: number[]): Float64Array => {
    const points = Float64Array.from(indices.map((i) => toMouth(frame, landmarks[i * 3], landmarks[i * 3 + 1])).sort((a, b) => a[0] - b[0]).flat());
    const out = new Float64Array(SAMPLES * 2);
    for (let k = 0; k < SAMPLES; k++) {
      const u = (frame.width * k) / (SAMPLES - 1);
      out[k * 2] = u;
      out[k * 2 + 1] = contourAt(points, u);
    }
    return out;
  };
  const upper = contour(INNER_UPPER), lower = contour(INNER_LOWER);
  const u0 = 0, u1 = frame.width;
  const top = toMouth(frame, landmarks[SUBNASALE * 3], landmarks[SUBNASALE * 3 + 1])[1];
  const chin = toMouth(frame, landmarks[CHIN * 3], landmarks[CHIN * 3 + 1])[1];
  return { frame, upper, lower, upperOuter: contour(OUTER_UPPER), lowerOuter: contour(OUTER_LOWER), u0, u1, top, bottom: chin - 0.1 * frame.width, share };
}

/** v of a contour ((u, v) pairs sorted by u) at u, linearly between its points, constant beyond them. */
export function contourAt(contour: Float64Array, u: number): number {
  const n = contour.length / 2;
  if (u <= contour[0]) return contour[1];
  if (u >= contour[n * 2 - 2]) return contour[n * 2 - 1];
  let lo = 0, hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (contour[mid * 2] <= u) lo = mid; else hi = mid;
  }
  const ua = contour[lo * 2], ub = contour[hi * 2];
  return ub > ua ? contour[lo * 2 + 1] + ((u - ua) / (ub - ua)) * (contour[hi * 2 + 1] - contour[lo * 2 + 1]) : contour[hi * 2 + 1];
}

/** Inner lip edges and meeting line at u, or null where the mouth is not open. */
export function column(c: MouthClosing, u: number): { upper: number; lower: number; meet: number } | null {
  if (u <= c.u0 || u >= c.u1) return null;
  const upper = contourAt(c.upper, u), lower = contourAt(c.lower, u);
  if (!(lower > upper) || upper <= c.top || lower >= c.bottom) return null;
  return { upper, lower, meet: upper + c.share * (lower - upper) };
}

/** The backward map of the closing (see {@link BackwardMap}). */
export function closingMap(c: MouthClosing): BackwardMap {
  return (x, y, source) => {
    const [u, v] = toMouth(c.frame, x, y);
    if (v <= c.top || v >= c.bottom) return false;
    const col = column(c, u);
    if (!col) return false;
    const sv = v < col.meet
      ? c.top + ((v - c.top) * (col.upper - c.top)) / (col.meet - c.top)
      : c.bottom - ((c.bottom - v) * (c.bottom - col.lower)) / (c.bottom - col.meet);
    const [sx, sy] = fromMouth(c.frame, u, sv);
    source[0] = sx;
    source[1] = sy;
    return true;
  };
}

/**
 * Where a point of the photo goes when the mouth closes; points between the lips go to the meeting
 * line, and so do all points `onLip` (the inner lip landmarks: where they sat a pixel off the lips'
 * real edge, the closed mouth's landmarks still meet).
 */
export function closePoint(c: MouthClosing, x: number, y: number, onLip = false): [number, number] {
  const [u, v] = toMouth(c.frame, x, y);
  if (v <= c.top || v >= c.bottom) return [x, y];
  if (onLip && u > c.u0 && u < c.u1) {
    const upper = contourAt(c.upper, u);
    return fromMouth(c.frame, u, upper + c.share * Math.max(0, contourAt(c.lower, u) - upper));
  }
  const col = column(c, u);
  if (!col) return [x, y];
  const nv = v <= col.upper
    ? c.top + ((v - c.top) * (col.meet - c.top)) / (col.upper - c.top)
    : v >= col.lower
      ? c.bottom - ((c.bottom - v) * (c.bottom - col.meet)) / (c.bottom - col.lower)
      : col.meet;
  return fromMouth(c.frame, u, nv);
}

/** Largest vertical stretch the closing puts on the skin above and below the lips (1 = none). */
export function closingStretch(c: MouthClosing): { upper: number; lower: number; gap: number } {
  let upper = 1, lower = 1, gap = 0;
  for (let k = 1; k < 64; k++) {
    const u = c.u0 + ((c.u1 - c.u0) * k) / 64;
    const up = contourAt(c.upper, u), lo = contourAt(c.lower, u);
    if (!(lo > up)) continue;
    const meet = up + c.share * (lo - up);
    gap = Math.max(gap, lo - up);
    upper = Math.max(upper, up > c.top ? (meet - c.top) / (up - c.top) : Infinity);
    lower = Math.max(lower, lo < c.bottom ? (c.bottom - meet) / (c.bottom - lo) : Infinity);
  }
  return { upper, lower, gap };
}

/** Pixels the closing can touch. */
export function closingBox(c: MouthClosing): TexelBox {
  const corners = [[c.u0, c.top], [c.u1, c.top], [c.u0, c.bottom], [c.u1, c.bottom]].map(([u, v]) => fromMouth(c.frame, u, v));
  const xs = corners.map((p) => p[0]), ys = corners.map((p) => p[1]);
  return {
    x0: Math.floor(Math.min(...xs)) - 1, y0: Math.floor(Math.min(...ys)) - 1,
    x1: Math.ceil(Math.max(...xs)) + 1, y1: Math.ceil(Math.max(...ys)) + 1,
  };
}
