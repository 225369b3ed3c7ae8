import type { Point3 } from './mesh.js';
import { MOUTH_LEFT, MOUTH_RIGHT, SYMMETRIC_PAIRS } from './regions.js';
import type { HeadPose } from './types.js';

type Vec = [number, number, number];

/** 5°, see {@link headPose}. */
const PITCH_OFFSET = (5 * Math.PI) / 180;

/**
 * Head rotation from the 3D face mesh (convention in {@link HeadPose}).
 *
 * The mesh is put in a right-handed view frame (x right, y up, z towards the camera) with z scaled to
 * pixels. The head's axes are then read off it:
 * - left-right: the sum of the vectors between mirror-image landmark pairs (eye and mouth corners,
 *   cheekbones, jaw), which are parallel to that axis whatever their depth;
 * - up: from the middle of the mouth corners to the middle of the outer eye corners, made
 *   perpendicular to the first axis (eyes and mouth corners are nearly in one vertical plane, so a
 *   face looking straight at the camera gets pitch ≈ 0);
 * - forward: their cross product.
 * The rotation matrix with these columns is decomposed as R = Ry(yaw) · Rx(-pitch) · Rz(-roll).
 * The outer eye corners sit deeper in the face than the mouth corners, so that plane leans back a
 * little: faces looking straight at the camera measure about −5° of pitch (median over the test
 * photos), which {@link PITCH_OFFSET} adds back.
 * `human`'s own angles are not used: they mix z in crop units with x/y in face units, which
 * underestimates yaw and pitch.
 */
export function headPose(points: ReadonlyArray<Point3>, zScale: number): HeadPose {
  const v = (i: number): Vec => [points[i][0], -points[i][1], -points[i][2] * zScale];
  let xAxis: Vec = [0, 0, 0];
  for (const [right, left] of SYMMETRIC_PAIRS) xAxis = add(xAxis, sub(v(left), v(right)));
  xAxis = normalize(xAxis);
  const eyes = scale(add(v(33), v(263)), 0.5);
  const mouth = scale(add(v(MOUTH_RIGHT), v(MOUTH_LEFT)), 0.5);
  let yAxis = sub(eyes, mouth);
  yAxis = normalize(sub(yAxis, scale(xAxis, dot(yAxis, xAxis))));
  const zAxis = cross(xAxis, yAxis);
  // R[row][col] with columns xAxis, yAxis, zAxis.
  const pitch = Math.asin(clamp(zAxis[1])) + PITCH_OFFSET;
  const yaw = Math.atan2(zAxis[0], zAxis[2]);
  const roll = -Math.atan2(xAxis[1], yAxis[1]);
  return { pitch: round4(pitch), yaw: round4(yaw), roll: round4(roll) };
}

const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: Vec, s: number): Vec => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: Vec, b: Vec): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const clamp = (x: number): number => Math.max(-1, Math.min(1, x));
const round4 = (x: number): number => Math.round(x * 10000) / 10000 + 0;

function normalize(a: Vec): Vec {
  const n = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / n, a[1] / n, a[2] / n];
}
