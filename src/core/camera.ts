import type { Projection } from './projection.js';

/** A 3×3 matrix, row-major: m[row * 3 + col]. */
export type Mat3 = [number, number, number, number, number, number, number, number, number];

/**
 * Weak-perspective camera from the canonical head frame (metres, +Y up, face towards +Z) to the photo:
 *
 *     [photo x, photo y, depth] = matrix · [X, Y, Z, 1]
 *
 * with photo x, y in pixels of the (EXIF-oriented) photo, y down, and the view-frame z in pixels,
 * growing towards the camera (a {@link Projection}'s depth is its negation: the distance from the
 * camera). The one camera of Likeness: the fit finds one per photo (geometry/canonicalFace.ts), and
 * {@link orthographicCamera} makes one for a test scene. It is the similarity V = scale · rotation · X + t into the view frame (x right,
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

/** Options of {@link orthographicCamera}. */
export interface OrthographicCameraOptions {
  /** Photo pixels per metre. */
  scale: number;
  /** Photo position (pixels) of the mesh origin. */
  centerX: number;
  centerY: number;
  /** Rotation from the mesh's frame to the view frame (head pose); identity when absent. */
  rotation?: Mat3;
}

/**
 * A {@link PhotoCamera} looking down -Z at a mesh whose origin lands at (centerX, centerY): the face
 * looks towards +Z, into the camera; x to the photo's right, +Y up to the photo's top.
 *
 * ```ts
 * const camera = orthographicCamera({ scale: 1800, centerX: 512, centerY: 480 });
 * ```
 */
export function orthographicCamera(options: OrthographicCameraOptions): PhotoCamera {
  return photoCamera(options.scale, options.rotation ?? [1, 0, 0, 0, 1, 0, 0, 0, 1], [options.centerX, -options.centerY, 0]);
}
