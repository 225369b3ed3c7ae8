import { LANDMARK_MIRROR } from '../meanFace.js';
import { landmark, type HeadFrame } from './frame.js';
import type { Primitive } from './primitive.js';
import { type FaceRig } from './rig.js';
import { smoothstep } from '../../core/smoothstep.js';

/** The person's right eye's lid margins, outer corner (33) to inner corner (133); the left eye's mirror them. */
const RIGHT_UPPER = [33, 246, 161, 160, 159, 158, 157, 173, 133];
const RIGHT_LOWER = [33, 7, 163, 144, 145, 153, 154, 155, 133];

/**
 * Eye coordinates around one eye, of the template: `t` along the eye (0 at the outer corner, 1 at
 * the inner one, seen from the front) and `f` up across it (0 on the lower lid's margin, 1 on the
 * upper's, at that t; beyond the margins in units of the opening's height there). The template has
 * no eyeballs: its eye is the surface between the lids, painted with the photo's eye, so lids close
 * by sliding over it and a gaze moves its middle. Coordinates stay the template's on every head:
 * a head's own, seen from the front, fold where a turned face's eye wraps round its side.
 */
interface EyeFrame {
  /** t and f of a template point. */
  coords(x: number, y: number): [number, number];
  /** Coordinate k of the upper (or lower) margin at t (clamped to the corners), of the landmarks `l`. */
  margin(l: Float32Array, upper: boolean, t: number, k: number): number;
}

function eyeFrame(l0: Float32Array, sign: 1 | -1): EyeFrame {
  const ids = (list: number[]): number[] => (sign > 0 ? list.map((i) => LANDMARK_MIRROR[i]) : list);
  const upper = ids(RIGHT_UPPER), lower = ids(RIGHT_LOWER);
  const a = upper[0], b = upper[upper.length - 1];
  const ex = l0[b * 3] - l0[a * 3], ey = l0[b * 3 + 1] - l0[a * 3 + 1], e2 = ex * ex + ey * ey;
  const tOf = (x: number, y: number): number => ((x - l0[a * 3]) * ex + (y - l0[a * 3 + 1]) * ey) / e2;
  const upperKnots = upper.map((i) => tOf(l0[i * 3], l0[i * 3 + 1]));
  const lowerKnots = lower.map((i) => tOf(l0[i * 3], l0[i * 3 + 1]));
  const margin = (l: Float32Array, isUpper: boolean, t: number, k: number): number =>
    interpolate(isUpper ? upperKnots : lowerKnots, t, (i) => l[(isUpper ? upper : lower)[i] * 3 + k]);
  return {
    margin,
    coords(x, y) {
      const t = tOf(x, y), tc = Math.min(1, Math.max(0, t));
      const low = margin(l0, false, tc, 1), high = margin(l0, true, tc, 1);
      return [t, (y - low) / Math.max(0.001, high - low)];
    },
  };
}

/** Linear interpolation of value(k) over increasing knots at t (clamped to the ends). */
function interpolate(knots: number[], t: number, value: (k: number) => number): number {
  if (t <= knots[0]) return value(0);
  for (let k = 1; k < knots.length; k++) {
    if (t <= knots[k]) {
      const f = (t - knots[k - 1]) / (knots[k] - knots[k - 1] || 1);
      return value(k - 1) + f * (value(k) - value(k - 1));
    }
  }
  return value(knots.length - 1);
}

/**
 * The band that closes when the lids meet: the opening and a little of each lid beyond its margin
 * (f from −0.1 to 1.15). On a grid whose rows are 3–4 mm apart, the triangles across a margin are
 * half eye, half lid: closing only the opening itself would leave the eye's half of them showing.
 */
const BAND_LOW = -0.1, BAND_HIGH = 1.15;

/** The template's vertices around one eye and their eye coordinates (cached per rig and side). */
interface EyeZone {
  frame: EyeFrame;
  vertices: Uint32Array;
  t: Float32Array;
  f: Float32Array;
}

const zones = new WeakMap<FaceRig, Map<number, EyeZone>>();

function eyeZone(rig: FaceRig, sign: 1 | -1): EyeZone {
  let bySide = zones.get(rig);
  if (!bySide) zones.set(rig, (bySide = new Map()));
  let zone = bySide.get(sign);
  if (zone) return zone;
  const frame = eyeFrame(rig.l0, sign), p0 = rig.p0;
  const vertices: number[] = [], ts: number[] = [], fs: number[] = [];
  for (let v = 0; v < rig.skin.length; v++) {
    if (!(rig.front[v] > 0) || Math.sign(p0[v * 3]) !== sign) continue;
    const [t, f] = frame.coords(p0[v * 3], p0[v * 3 + 1]);
    if (t < -0.4 || t > 1.4 || f < -4 || f > 4) continue;
    vertices.push(v);
    ts.push(t);
    fs.push(f);
  }
  zone = { frame, vertices: Uint32Array.from(vertices), t: Float32Array.from(ts), f: Float32Array.from(fs) };
  bySide.set(sign, zone);
  return zone;
}

/** How one eye shape moves the lids and the eye between them. */
interface EyeMotion {
  /** The motion of the band's upper and lower edges (see BAND_LOW), in opening heights (+ up). */
  upper: number;
  lower: number;
  /** How far above the upper margin, and below the lower, the lids' motion fades out (opening heights). */
  above: number;
  below: number;
  /** The middle of the eye moves by this (per head, metres); the margins stay. */
  gaze?: (frame: HeadFrame, sign: 1 | -1) => [number, number, number];
}

function eyeShape(sign: 1 | -1, m: EyeMotion): Primitive {
  return (rig, frame, out) => {
    const zone = eyeZone(rig, sign), eye = zone.frame, p = frame.positions, l = frame.l;
    const gaze = m.gaze?.(frame, sign);
    const squeeze = Math.min(1, 1 + (m.upper - m.lower) / (BAND_HIGH - BAND_LOW));
    for (let i = 0; i < zone.vertices.length; i++) {
      const v = zone.vertices[i], t0 = zone.t[i], f = zone.f[i];
      const t = Math.min(1, Math.max(0, t0));
      let wu: number, wl: number;
      // Inside the band linearly; beyond it the lids' skin goes along, fading out.
      if (f >= BAND_HIGH) { wu = 1 - smoothstep(0, m.above, f - BAND_HIGH); wl = 0; }
      else if (f <= BAND_LOW) { wu = 0; wl = 1 - smoothstep(0, m.below, BAND_LOW - f); }
      else { wu = (f - BAND_LOW) / (BAND_HIGH - BAND_LOW); wl = 1 - wu; }
      const inside = f > 0 && f < 1 ? Math.sin(Math.PI * f) * Math.sin(Math.PI * t) : 0;
      const h = [0, 1, 2].map((k) => eye.margin(l, true, t, k) - eye.margin(l, false, t, k));
      for (let k = 0; k < 3; k++) {
        out[v * 3 + k] += rig.front[v] * (wu * m.upper * h[k] + wl * m.lower * h[k] + (gaze ? inside * gaze[k] : 0));
      }
      // Where the fit pressed a lid against its margin, a vertex the template has above the band
      // may sit at its edge: closing, it must not come down past the band (nor one below, up).
      if (m.upper - m.lower < 0 && (f >= BAND_HIGH || f <= BAND_LOW)) {
        const edge = eye.margin(l, false, t, 1) + (f >= BAND_HIGH ? BAND_HIGH + m.upper : BAND_LOW + m.lower) * h[1];
        const y = p[v * 3 + 1] + out[v * 3 + 1];
        if (f >= BAND_HIGH ? y < edge : y > edge) out[v * 3 + 1] += rig.front[v] * (edge - y);
      }
      // A closing band is squeezed across as a whole: what its vertices stand off the straight line
      // between its edges (the eye's bulge; how the fit placed them) shrinks with it. Left as it
      // was, a bulge would stand the thin triangles on edge, and the fit's unevenness could put one
      // row past the next. Not at the corners, where the band thins out to nothing.
      const towardsCorners = t0 <= 0 || t0 >= 1 ? 0 : smoothstep(0, 0.2, t0) * smoothstep(1, 0.8, t0);
      if (squeeze < 1 && towardsCorners > 0 && f > BAND_LOW && f < BAND_HIGH) {
        for (const k of [1, 2]) {
          const line = eye.margin(l, false, t, k) + (BAND_LOW + wu * (BAND_HIGH - BAND_LOW)) * h[k];
          out[v * 3 + k] += rig.front[v] * towardsCorners * (squeeze - 1) * (p[v * 3 + k] - line);
        }
      }
    }
  };
}

/** Outer corner to inner corner of the eye on one side, metres. */
function eyeWidth(frame: HeadFrame, sign: 1 | -1): number {
  const a = landmark(frame, 33, sign > 0), b = landmark(frame, 133, sign > 0);
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}
/** The opening's height in the middle of the eye (159 to 145). */
function eyeHeight(frame: HeadFrame, sign: 1 | -1): number {
  return Math.max(0.002, landmark(frame, 159, sign > 0)[1] - landmark(frame, 145, sign > 0)[1]);
}

/**
 * eyeBlink: the upper lid comes down, the lower a little up (15 % of the opening), until they meet:
 * the band (BAND_LOW) closes to 4 % of the opening's height.
 */
export const eyeBlink = (sign: 1 | -1): Primitive =>
  eyeShape(sign, { upper: 0.15 + 0.04 - BAND_HIGH, lower: 0.15 - BAND_LOW, above: 1.8, below: 1.3 });
/** eyeWide: the upper lid up by 30 % of the opening. */
export const eyeWide = (sign: 1 | -1): Primitive => eyeShape(sign, { upper: 0.3, lower: -0.05, above: 1.8, below: 1 });
/** eyeSquint: the lower lid up, the cheek under it with it; the upper lid a little down. */
export const eyeSquint = (sign: 1 | -1): Primitive => eyeShape(sign, { upper: -0.1, lower: 0.3, above: 1.2, below: 1.8 });
/** eyeLookUp / Down: the eye's middle (the iris) up or down a quarter of the opening, the lids following a little. */
export const eyeLookUp = (sign: 1 | -1): Primitive =>
  eyeShape(sign, { upper: 0.08, lower: 0.05, above: 1.4, below: 1, gaze: (f, s) => [0, 0.25 * eyeHeight(f, s), 0] });
export const eyeLookDown = (sign: 1 | -1): Primitive =>
  eyeShape(sign, { upper: -0.25, lower: -0.04, above: 1.4, below: 1, gaze: (f, s) => [0, -0.25 * eyeHeight(f, s), 0] });
/** eyeLookIn / Out: the eye's middle towards the nose or away from it, by 11 % of the eye's width. */
export const eyeLookIn = (sign: 1 | -1): Primitive =>
  eyeShape(sign, { upper: 0, lower: 0, above: 1, below: 1, gaze: (f, s) => [-s * 0.11 * eyeWidth(f, s), 0, 0] });
export const eyeLookOut = (sign: 1 | -1): Primitive =>
  eyeShape(sign, { upper: 0, lower: 0, above: 1, below: 1, gaze: (f, s) => [s * 0.11 * eyeWidth(f, s), 0, 0] });
