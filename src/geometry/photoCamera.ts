import type { Projection } from '../core/projection.js';
import type { Mat3 } from './rotation.js';

/**
 * Weak-perspective camera from the canonical head frame (metres, +Y up, face towards +Z) to the photo:
 *
 *     [photo x, photo y, depth] = matrix · [X, Y, Z, 1]
 *
 * with photo x, y in pixels of the (EXIF-oriented) photo, y down, and depth in pixels, growing
 * towards the camera. It is the similarity V = scale · rotation · X + t into the view frame (x right,
 * y up, z towards the camera, pixels), followed by the flip of y into photo rows. Plain JSON.
 */
export interface PhotoCamera {
  /** Photo pixels per metre. */
  scale: number;
  /** Row-major 3×3 rotation from the canonical frame to the view frame (x right, y up, z towards the camera). */
  rotation: Mat3;
  /** Row-major 3×4: canonical metres → photo pixel x, photo pixel y, depth in pixels towards the camera. */
  matrix: number[];
  /** Unit vector, in the canonical frame, from the head towards the camera. */
  towardsCamera: [number, number, number];
}

/** Builds a {@link PhotoCamera} from V = scale · rotation · X + t, t in the view frame (pixels, y up). */
export function photoCamera(scale: number, rotation: Mat3, t: [number, number, number]): PhotoCamera {
  const r = rotation;
  const matrix = [
    scale * r[0], scale * r[1], scale * r[2], t[0],
    -scale * r[3], -scale * r[4], -scale * r[5], -t[1],
    scale * r[6], scale * r[7], scale * r[8], t[2],
  ];
  // The view direction (0, 0, 1) in the canonical frame is the third row of the rotation.
  return { scale, rotation: [...r] as Mat3, matrix, towardsCamera: [r[6], r[7], r[8]] };
}

/**
 * Photo pixel x, y and depth of a canonical point; depth is the distance from the camera in pixels
 * (larger = farther), as in every {@link Projection}: the negated third row of the matrix.
 */
export function projectToPhoto(camera: PhotoCamera, x: number, y: number, z: number): [number, number, number] {
  const m = camera.matrix;
  return [
    m[0] * x + m[1] * y + m[2] * z + m[3],
    m[4] * x + m[5] * y + m[6] * z + m[7],
    -(m[8] * x + m[9] * y + m[10] * z + m[11]),
  ];
}
