import type { Vec3 } from './bodyProportions.js';

/** A rotation as a unit quaternion x, y, z, w (glTF's order). */
export type Quat = [number, number, number, number];

export const IDENTITY: Quat = [0, 0, 0, 1];

/** Rotation by `degrees` about `axis` (right-handed: positive turns y towards z about x). */
export function axisAngle(axis: Vec3, degrees: number): Quat {
  const n = Math.hypot(axis[0], axis[1], axis[2]) || 1;
  const h = (degrees * Math.PI) / 360, s = Math.sin(h) / n;
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(h)];
}

export const rotX = (degrees: number): Quat => axisAngle([1, 0, 0], degrees);
export const rotY = (degrees: number): Quat => axisAngle([0, 1, 0], degrees);
export const rotZ = (degrees: number): Quat => axisAngle([0, 0, 1], degrees);

/** a·b: b first, then a (as matrices). */
export function mul(a: Quat, b: Quat, ...rest: Quat[]): Quat {
  const q: Quat = [
    a[3] * b[0] + a[0] * b[3] + a[1] * b[2] - a[2] * b[1],
    a[3] * b[1] - a[0] * b[2] + a[1] * b[3] + a[2] * b[0],
    a[3] * b[2] + a[0] * b[1] - a[1] * b[0] + a[2] * b[3],
    a[3] * b[3] - a[0] * b[0] - a[1] * b[1] - a[2] * b[2],
  ];
  return rest.length ? mul(q, rest[0], ...rest.slice(1)) : q;
}

export const conjugate = (q: Quat): Quat => [-q[0], -q[1], -q[2], q[3]];

export function rotate(q: Quat, v: Vec3): Vec3 {
  const [x, y, z, w] = q;
  // t = 2 q×v; v' = v + w t + q×t
  const tx = 2 * (y * v[2] - z * v[1]), ty = 2 * (z * v[0] - x * v[2]), tz = 2 * (x * v[1] - y * v[0]);
  return [v[0] + w * tx + (y * tz - z * ty), v[1] + w * ty + (z * tx - x * tz), v[2] + w * tz + (x * ty - y * tx)];
}

/** The smallest rotation that turns direction `a` onto direction `b`. */
export function fromTo(a: Vec3, b: Vec3): Quat {
  const na = Math.hypot(...a), nb = Math.hypot(...b);
  const u: Vec3 = [a[0] / na, a[1] / na, a[2] / na], v: Vec3 = [b[0] / nb, b[1] / nb, b[2] / nb];
  const d = u[0] * v[0] + u[1] * v[1] + u[2] * v[2];
  const c: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
  return normalize([c[0], c[1], c[2], 1 + d]);
}

export function normalize(q: Quat): Quat {
  const n = Math.hypot(q[0], q[1], q[2], q[3]) || 1;
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

/** Axis and angle of a unit quaternion (the identity gives the x axis and 0°). */
export function toAxisAngle(q: Quat): { axis: Vec3; degrees: number } {
  const s = Math.hypot(q[0], q[1], q[2]);
  if (s < 1e-12) return { axis: [1, 0, 0], degrees: 0 };
  return { axis: [q[0] / s, q[1] / s, q[2] / s], degrees: (2 * Math.atan2(s, q[3]) * 180) / Math.PI };
}
