import type { Vec3 } from './bodyProportions.js';

/**
 * The small pieces of maths the ring builders share: positions read and written for one side of the
 * body (the right side is built as the left one and mirrored), piecewise-cubic profiles, and the
 * blending of a limb's first rings from the irregular loop it starts on.
 */

/** Positions of one side: x is mirrored on read and write when sign is −1. */
export interface SidePositions {
  get(v: number): Vec3;
  set(v: number, p: Vec3): void;
}

export function sidePositions(positions: Float32Array, sign: number): SidePositions {
  return {
    get: (v) => [positions[v * 3] * sign, positions[v * 3 + 1], positions[v * 3 + 2]],
    set: (v, p) => {
      positions[v * 3] = p[0] * sign;
      positions[v * 3 + 1] = p[1];
      positions[v * 3 + 2] = p[2];
    },
  };
}

/**
 * A smooth curve through (x, y) knots, x increasing, with no overshoot between knots (monotone
 * cubic Hermite, Fritsch–Carlson): a girth never bulges past its neighbours. Flat beyond the ends.
 */
export function profile(xs: readonly number[], ys: readonly number[]): (x: number) => number {
  const n = xs.length;
  const d: number[] = [];
  for (let i = 0; i + 1 < n; i++) d.push((ys[i + 1] - ys[i]) / (xs[i + 1] - xs[i]));
  const m: number[] = [d[0]];
  for (let i = 1; i + 1 < n; i++) m.push(d[i - 1] * d[i] <= 0 ? 0 : (d[i - 1] + d[i]) / 2);
  m.push(d[n - 2]);
  for (let i = 0; i + 1 < n; i++) {
    if (d[i] === 0) { m[i] = 0; m[i + 1] = 0; continue; }
    const a = m[i] / d[i], b = m[i + 1] / d[i];
    const s = a * a + b * b;
    if (s > 9) { const t = 3 / Math.sqrt(s); m[i] = t * a * d[i]; m[i + 1] = t * b * d[i]; }
  }
  return (x) => {
    if (x <= xs[0]) return ys[0];
    if (x >= xs[n - 1]) return ys[n - 1];
    let i = 0;
    while (x > xs[i + 1]) i++;
    const h = xs[i + 1] - xs[i], t = (x - xs[i]) / h;
    const t2 = t * t, t3 = t2 * t;
    return (2 * t3 - 3 * t2 + 1) * ys[i] + (t3 - 2 * t2 + t) * h * m[i] + (-2 * t3 + 3 * t2) * ys[i + 1] + (t3 - t2) * h * m[i + 1];
  };
}

/** Piecewise-linear map through (x, y) knots. */
export function piecewise(xs: readonly number[], ys: readonly number[], x: number): number {
  if (x <= xs[0]) return ys[0];
  for (let i = 0; i + 1 < xs.length; i++) {
    if (x <= xs[i + 1]) return ys[i] + ((ys[i + 1] - ys[i]) * (x - xs[i])) / (xs[i + 1] - xs[i]);
  }
  return ys[ys.length - 1];
}

export const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec3, k: number): Vec3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const lerp3 = (a: Vec3, b: Vec3, t: number): Vec3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
export function unit(a: Vec3): Vec3 {
  const n = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / n, a[1] / n, a[2] / n];
}

/** A frame around an axis: `e1`, `e2` span the ring's plane, angle φ points along cos φ·e1 + sin φ·e2. */
export interface RingFrame {
  center: Vec3;
  e1: Vec3;
  e2: Vec3;
}

export function frameAround(center: Vec3, axis: Vec3, reference: Vec3): RingFrame {
  const a = unit(axis);
  const e1 = unit(sub(reference, scale(a, dot(reference, a))));
  return { center, e1, e2: cross(a, e1) };
}

/** Angles of a loop's points around a frame, unwrapped so that they run continuously. */
export function loopAngles(points: Vec3[], frame: RingFrame): number[] {
  const out: number[] = [];
  for (const p of points) {
    const d = sub(p, frame.center);
    let a = Math.atan2(dot(d, frame.e2), dot(d, frame.e1));
    if (out.length) {
      const prev = out[out.length - 1];
      while (a - prev > Math.PI) a -= 2 * Math.PI;
      while (a - prev < -Math.PI) a += 2 * Math.PI;
    }
    out.push(a);
  }
  return out;
}

/**
 * Angles evenly spaced, starting where a loop's angles start on average and turning the same way:
 * the angles a limb's rings take once away from the loop they grow from.
 */
export function evenAngles(loop: number[]): number[] {
  const K = loop.length;
  const dir = Math.sign(loop[K - 1] - loop[0]) || 1;
  const step = (dir * 2 * Math.PI) / K;
  let offset = 0;
  for (let k = 0; k < K; k++) offset += loop[k] - step * k;
  offset /= K;
  return Array.from({ length: K }, (_, k) => offset + step * k);
}

/** Per-vertex blend of two angle sets. */
export function blendAngles(a: number[], b: number[], t: number): number[] {
  return a.map((x, k) => x + (b[k] - x) * t);
}

/** A point of an elliptical ring with radii r1 (along e1) and r2 (along e2) at angle φ. */
export function ringPoint(f: RingFrame, r1: number, r2: number, phi: number, exponent = 2): Vec3 {
  const c = Math.cos(phi), s = Math.sin(phi);
  const e = 2 / exponent;
  const u = r1 * Math.sign(c) * Math.abs(c) ** e, v = r2 * Math.sign(s) * Math.abs(s) ** e;
  return [
    f.center[0] + f.e1[0] * u + f.e2[0] * v,
    f.center[1] + f.e1[1] * u + f.e2[1] * v,
    f.center[2] + f.e1[2] * u + f.e2[2] * v,
  ];
}

/** Bump of height 1 at 0, falling as a Gaussian of width `sigma`. */
export const gauss = (d: number, sigma: number): number => Math.exp(-((d / sigma) ** 2));

/** Shortest signed angle difference. */
export function angleDiff(a: number, b: number): number {
  let d = a - b;
  while (d > Math.PI) d -= 2 * Math.PI;
  while (d < -Math.PI) d += 2 * Math.PI;
  return d;
}
