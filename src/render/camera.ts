import { identity, lookAtMatrix, multiply, perspectiveMatrix, type Mat4, type Vec3 } from './matrix.js';

/**
 * Where the picture is taken from. Camera space is OpenGL's: the camera looks down −Z, +Y up, +X right;
 * clip space maps the visible volume to NDC x, y, z in [−1, 1], y up.
 */
export interface Camera {
  /** World → camera space, column-major. */
  view: Mat4;
  /** Camera → clip space, column-major (OpenGL convention, NDC z from −1 at near to +1 at far). */
  projection: Mat4;
  /**
   * The image size in pixels the projection was made for, when it was made from intrinsics in pixels;
   * `render` uses it unless its options give a size.
   */
  imageSize?: { width: number; height: number };
}

export interface PerspectiveCameraOptions {
  /** Vertical field of view in degrees. */
  fov?: number;
  /** Width / height of the picture; must match the rendered frame's, or the picture is stretched. */
  aspect?: number;
  /** Distance to the near clipping plane in metres: anything closer is cut away. */
  near?: number;
  /** Distance to the far clipping plane in metres. The depth buffer's precision goes with far / near. */
  far?: number;
}

export const PERSPECTIVE_CAMERA_DEFAULTS: Required<PerspectiveCameraOptions> = {
  fov: 30,
  aspect: 1,
  near: 0.05,
  far: 10,
};

/**
 * A perspective camera at the origin looking down −Z; place it with {@link lookAt}.
 *
 * ```ts
 * const camera = lookAt(perspectiveCamera({ fov: 25 }), [0, 0.1, 0.8], [0, 0, 0]);
 * ```
 */
export function perspectiveCamera(options: PerspectiveCameraOptions = {}): Camera {
  const { fov, aspect, near, far } = { ...PERSPECTIVE_CAMERA_DEFAULTS, ...options };
  if (!(fov > 0 && fov < 180)) throw new RangeError(`perspectiveCamera: fov ${fov}° is not in (0, 180)`);
  if (!(near > 0 && far > near)) throw new RangeError(`perspectiveCamera: needs 0 < near < far, got ${near}, ${far}`);
  if (!(aspect > 0)) throw new RangeError(`perspectiveCamera: aspect ${aspect} is not positive`);
  return { view: identity(), projection: perspectiveMatrix((fov * Math.PI) / 180, aspect, near, far) };
}

/** The same camera moved to `eye` and turned towards `target`, `up` pointing up in the picture. */
export function lookAt(camera: Camera, eye: Vec3, target: Vec3, up: Vec3 = [0, 1, 0]): Camera {
  return { ...camera, view: lookAtMatrix(eye, target, up) };
}

export interface IntrinsicsCameraOptions {
  /**
   * World → camera transform, column-major, as a pose estimator gives it (with `convention`): e.g. the
   * head's model matrix composed with the photo camera's extrinsics.
   */
  view: Mat4;
  /**
   * Axes of the camera space `view` maps to. 'opengl': the camera looks down −Z with +Y up. 'opencv': it
   * looks down +Z with +Y down (OpenCV's solvePnP, most photogrammetry).
   */
  convention?: 'opengl' | 'opencv';
  /** Focal length in pixels: one number, or [fx, fy] for non-square pixels. */
  focalLength: number | readonly [number, number];
  /**
   * Principal point in pixels from the image's top-left corner, so the top-left pixel's centre is
   * (0.5, 0.5) (OpenCV's cx, cy, whose pixel centres are integers, are 0.5 less). Default: the centre.
   */
  principalPoint?: readonly [number, number];
  /** Photo width in pixels. */
  width: number;
  /** Photo height in pixels. */
  height: number;
  /** Near clipping distance in metres. */
  near?: number;
  /** Far clipping distance in metres. */
  far?: number;
}

/**
 * A camera from a photo's intrinsics and pose, so that a head renders at the photo's pose and size: a
 * point at camera-space (X, Y, Z) (OpenCV axes) lands on pixel (cx + fx·X/Z, cy + fy·Y/Z) of a
 * width × height frame. Rendering at another size with the same aspect scales the picture.
 *
 * ```ts
 * const camera = intrinsicsCamera({ view: pose, convention: 'opencv', focalLength: 1200, width: 1024, height: 768 });
 * const frame = render(scene, camera); // 1024 x 768
 * ```
 */
export function intrinsicsCamera(options: IntrinsicsCameraOptions): Camera {
  const { width, height, near = 0.01, far = 100, convention = 'opengl' } = options;
  const [fx, fy] = typeof options.focalLength === 'number' ? [options.focalLength, options.focalLength] : options.focalLength;
  const [cx, cy] = options.principalPoint ?? [width / 2, height / 2];
  if (!(width > 0 && height > 0)) throw new RangeError(`intrinsicsCamera: image size ${width}x${height}`);
  if (!(fx > 0 && fy > 0)) throw new RangeError(`intrinsicsCamera: focal length ${fx}, ${fy} is not positive`);
  if (!(near > 0 && far > near)) throw new RangeError(`intrinsicsCamera: needs 0 < near < far, got ${near}, ${far}`);
  // In OpenGL camera space a point is at depth −Z; pixel u = cx + fx·X/(−Z), v (down) = cy − fy·Y/(−Z),
  // and NDC is x = 2u/width − 1, y = 1 − 2v/height.
  const p = new Float64Array(16);
  p[0] = (2 * fx) / width;
  p[8] = 1 - (2 * cx) / width;
  p[5] = (2 * fy) / height;
  p[9] = (2 * cy) / height - 1;
  p[10] = (far + near) / (near - far);
  p[11] = -1;
  p[14] = (2 * far * near) / (near - far);
  const flip = identity();
  flip[5] = flip[10] = -1;
  const view = convention === 'opencv' ? multiply(flip, options.view) : Float64Array.from(options.view);
  return { view, projection: p, imageSize: { width, height } };
}

export interface WeakPerspectiveCameraOptions {
  /**
   * Row-major 3 × 4 matrix from world metres to the photo: rows give photo x and photo y in pixels (y
   * down, from the top-left corner) and depth in pixels growing towards the camera, as a weak-perspective
   * fit of a head to a photo gives them (scale × rotation, plus a translation).
   */
  matrix: ArrayLike<number>;
  /** Photo width in pixels. */
  width: number;
  /** Photo height in pixels. */
  height: number;
  /** Depths (in the matrix's pixels) from −depthRange to +depthRange are kept. */
  depthRange?: number;
}

/**
 * An orthographic camera that lays a head over a photo as a weak-perspective fit places it: world point
 * X lands on photo pixel (row 0 · [X, 1], row 1 · [X, 1]) of a width × height frame.
 *
 * ```ts
 * const frame = render(scene, weakPerspectiveCamera({ matrix: fit.matrix, width: 1024, height: 768 }));
 * ```
 */
export function weakPerspectiveCamera(options: WeakPerspectiveCameraOptions): Camera {
  const { matrix: m, width, height, depthRange = 1e5 } = options;
  if (m.length !== 12) throw new RangeError(`weakPerspectiveCamera: a 3 x 4 matrix has 12 numbers, not ${m.length}`);
  if (!(width > 0 && height > 0)) throw new RangeError(`weakPerspectiveCamera: image size ${width}x${height}`);
  // Camera space in photo pixels: x = photo x, y = −photo y (up), z = depth (towards the camera).
  const view = new Float64Array(16);
  for (let c = 0; c < 4; c++) {
    view[c * 4] = m[c];
    view[c * 4 + 1] = -m[4 + c];
    view[c * 4 + 2] = m[8 + c];
  }
  view[15] = 1;
  // x ∈ [0, width] and y ∈ [−height, 0] to NDC [−1, 1]; nearer (larger z) is smaller NDC depth.
  const projection = new Float64Array(16);
  projection[0] = 2 / width;
  projection[12] = -1;
  projection[5] = 2 / height;
  projection[13] = 1;
  projection[10] = -1 / depthRange;
  projection[15] = 1;
  return { view, projection, imageSize: { width, height } };
}
