import type { HeadPose } from '../analysis/types.js';
import type { Mat3 } from '../core/camera.js';

/** A 3×3 matrix, row-major: m[row * 3 + col] (the camera's type, in core). */
export type { Mat3 } from '../core/camera.js';

export function multiply(a: Mat3, b: Mat3): Mat3 {
  const m = new Array(9).fill(0) as Mat3;
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) m[r * 3 + c] = a[r * 3] * b[c] + a[r * 3 + 1] * b[3 + c] + a[r * 3 + 2] * b[6 + c];
  }
  return m;
}

export function transpose(a: Mat3): Mat3 {
  return [a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8]];
}

/** Angle in radians of the rotation a⁻¹·b. */
export function angleBetween(a: Mat3, b: Mat3): number {
  const m = multiply(transpose(a), b);
  return Math.acos(Math.max(-1, Math.min(1, (m[0] + m[4] + m[8] - 1) / 2)));
}

const rotX = (t: number): Mat3 => [1, 0, 0, 0, Math.cos(t), -Math.sin(t), 0, Math.sin(t), Math.cos(t)];
const rotY = (t: number): Mat3 => [Math.cos(t), 0, Math.sin(t), 0, 1, 0, -Math.sin(t), 0, Math.cos(t)];
const rotZ = (t: number): Mat3 => [Math.cos(t), -Math.sin(t), 0, Math.sin(t), Math.cos(t), 0, 0, 0, 1];

/**
 * The rotation that carries the head's own axes into the view frame (x to the photo's right, y up,
 * z towards the camera): R = Ry(yaw) · Rx(−pitch) · Rz(−roll), as `src/analysis/headPose.ts` decomposes it.
 */
export function poseRotation(pose: HeadPose): Mat3 {
  return multiply(rotY(pose.yaw), multiply(rotX(-pose.pitch), rotZ(-pose.roll)));
}

/**
 * The rotation R minimising Σ wᵢ |R·aᵢ − bᵢ|² for centred point sets (Horn's quaternion method, the
 * largest eigenvector of a symmetric 4×4 matrix by Jacobi iteration). Points are flat xyz arrays.
 */
export function bestRotation(a: ArrayLike<number>, b: ArrayLike<number>, weights?: ArrayLike<number>): Mat3 {
  let sxx = 0, sxy = 0, sxz = 0, syx = 0, syy = 0, syz = 0, szx = 0, szy = 0, szz = 0;
  for (let i = 0; i < a.length / 3; i++) {
    const w = weights ? weights[i] : 1;
    const ax = a[i * 3] * w, ay = a[i * 3 + 1] * w, az = a[i * 3 + 2] * w;
    const bx = b[i * 3], by = b[i * 3 + 1], bz = b[i * 3 + 2];
    sxx += ax * bx; sxy += ax * by; sxz += ax * bz;
    syx += ay * bx; syy += ay * by; syz += ay * bz;
    szx += az * bx; szy += az * by; szz += az * bz;
  }
  const n = [
    [sxx + syy + szz, syz - szy, szx - sxz, sxy - syx],
    [syz - szy, sxx - syy - szz, sxy + syx, szx + sxz],
    [szx - sxz, sxy + syx, -sxx + syy - szz, syz + szy],
    [sxy - syx, szx + sxz, syz + szy, -sxx - syy + szz],
  ];
  const [values, vectors] = jacobiEigen(n);
  let best = 0;
  for (let i = 1; i < 4; i++) if (values[i] > values[best]) best = i;
  const [w, x, y, z] = [vectors[0][best], vectors[1][best], vectors[2][best], vectors[3][best]];
  return [
    w * w + x * x - y * y - z * z, 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), w * w - x * x + y * y - z * z, 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), w * w - x * x - y * y + z * z,
  ];
}

/** Eigenvalues and eigenvectors (as columns) of a small symmetric matrix. */
function jacobiEigen(input: number[][]): [number[], number[][]] {
  const n = input.length;
  const a = input.map((row) => [...row]);
  const v: number[][] = a.map((_, i) => a.map((__, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 50; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p][q] * a[p][q];
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p][q]) < 1e-300) continue;
        const theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k][p], akq = a[k][q];
          a[k][p] = c * akp - s * akq;
          a[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p][k], aqk = a[q][k];
          a[p][k] = c * apk - s * aqk;
          a[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k][p], vkq = v[k][q];
          v[k][p] = c * vkp - s * vkq;
          v[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return [a.map((row, i) => row[i]), v];
}
