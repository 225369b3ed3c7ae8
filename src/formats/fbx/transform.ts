/**
 * The little rotation maths FBX needs: Euler angles in degrees for `Lcl Rotation` and animation curves,
 * and rigid 4×4 matrices, column-major as FBX stores them (`TransformLink`, bind poses).
 */
export type Quaternion = readonly [number, number, number, number];
export type Vec3 = readonly [number, number, number];
/** 16 numbers, column-major: translation in 12, 13, 14. */
export type Matrix = number[];

const DEGREES = 180 / Math.PI;

/**
 * Euler degrees for FBX's default rotation order eEulerXYZ: the matrix is Rz · Ry · Rx (X applied
 * first), the order three.js calls 'ZYX'. Of the two angle triples that give the same rotation, the one
 * nearest `near` is returned, with each angle moved by whole turns towards it, so that keyframes
 * interpolate the short way and do not flip.
 */
export function quaternionToEuler(q: Quaternion, near?: Vec3): [number, number, number] {
  const m = rotationMatrix(q);
  // Rz·Ry·Rx: m20 = −sin y; m21 = cos y sin x; m22 = cos y cos x; m10 = sin z cos y; m00 = cos z cos y.
  const m20 = m[2], m21 = m[6], m22 = m[10], m10 = m[1], m00 = m[0];
  const y = Math.asin(Math.max(-1, Math.min(1, -m20)));
  let x: number, z: number;
  if (Math.abs(m20) < 0.9999999) {
    x = Math.atan2(m21, m22);
    z = Math.atan2(m10, m00);
  } else {
    // Gimbal lock: only x ∓ z is defined; put it all in z.
    x = 0;
    z = Math.atan2(-m[4], m[5]);
  }
  const first: [number, number, number] = [x * DEGREES, y * DEGREES, z * DEGREES];
  if (!near) return first;
  const second: [number, number, number] = [first[0] + 180, 180 - first[1], first[2] + 180];
  const a = first.map((v, i) => closestTurn(v, near[i])) as [number, number, number];
  const b = second.map((v, i) => closestTurn(v, near[i])) as [number, number, number];
  const distance = (e: number[]): number => e.reduce((sum, v, i) => sum + Math.abs(v - near[i]), 0);
  return distance(a) <= distance(b) ? a : b;
}

function closestTurn(angle: number, near: number): number {
  return angle + 360 * Math.round((near - angle) / 360);
}

/** The rotation part of a unit quaternion (x, y, z, w), as a column-major 4×4 matrix. */
export function rotationMatrix([x, y, z, w]: Quaternion): Matrix {
  const xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y, wz = w * z;
  return [
    1 - 2 * (yy + zz), 2 * (xy + wz), 2 * (xz - wy), 0,
    2 * (xy - wz), 1 - 2 * (xx + zz), 2 * (yz + wx), 0,
    2 * (xz + wy), 2 * (yz - wx), 1 - 2 * (xx + yy), 0,
    0, 0, 0, 1,
  ];
}

/** Translation then rotation (T · R), a joint's rest transform relative to its parent. */
export function rigidMatrix(translation: Vec3, rotation: Quaternion): Matrix {
  const m = rotationMatrix(rotation);
  m[12] = translation[0];
  m[13] = translation[1];
  m[14] = translation[2];
  return m;
}

export function multiply(a: Matrix, b: Matrix): Matrix {
  const out = new Array<number>(16);
  for (let col = 0; col < 4; col++) {
    for (let row = 0; row < 4; row++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + row] * b[col * 4 + k];
      out[col * 4 + row] = sum;
    }
  }
  return out;
}

/** Inverse of a rotation + translation matrix (no scale, as joints have none): Rᵀ and −Rᵀt. */
export function invertRigid(m: Matrix): Matrix {
  const out = [
    m[0], m[4], m[8], 0,
    m[1], m[5], m[9], 0,
    m[2], m[6], m[10], 0,
    0, 0, 0, 1,
  ];
  for (let row = 0; row < 3; row++) {
    out[12 + row] = -(out[row] * m[12] + out[4 + row] * m[13] + out[8 + row] * m[14]);
  }
  return out;
}

export const IDENTITY: Matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
