import type { Mesh } from './mesh.js';

/**
 * Where each vertex of a mesh lands in the photo, one entry per vertex (struct of arrays, as `Mesh`).
 * Photo coordinates are continuous pixels: pixel (i, j) covers [i, i + 1) × [j, j + 1), so its centre
 * is at (i + 0.5, j + 0.5); y grows downwards.
 *
 * The one depth convention of Likeness: `depth` is the distance from the camera along its view axis,
 * larger = farther, so a depth buffer keeps the smallest (see depthBuffer.ts). The fit's weak-
 * perspective camera (geometry/photoCamera.ts) and the orthographic camera below both fill it so.
 */
export interface Projection {
  /** Photo x of each vertex, in pixels. */
  x: Float32Array;
  /** Photo y of each vertex, in pixels (downwards). */
  y: Float32Array;
  /** Distance from the camera along the view axis (photo pixels for the fit's camera): larger = farther. */
  depth: Float32Array;
  /**
   * Cosine of the angle between the vertex normal and the direction to the camera: 1 looks straight
   * at the camera, 0 is on the silhouette, below 0 faces away.
   */
  facing: Float32Array;
}

/** A scaled orthographic camera looking down -Z (the face looks towards +Z, into the camera). */
export interface OrthographicCamera {
  /** Photo pixels per metre. */
  scale: number;
  /** Photo position (pixels) of the mesh origin. */
  centerX: number;
  centerY: number;
  /**
   * Optional 3×3 row-major rotation applied to positions and normals before projecting (head pose);
   * identity when absent.
   */
  rotation?: ArrayLike<number>;
}

/**
 * Projects a mesh with a scaled orthographic (weak perspective) camera: x to the photo's right, +Y up
 * to the photo's top, depth = -z. Enough for a head a metre or more from the lens; a fitted
 * perspective camera can fill a {@link Projection} the same way.
 *
 * ```ts
 * const projection = projectOrthographic(mesh, { scale: 1800, centerX: 512, centerY: 480 });
 * ```
 */
export function projectOrthographic(mesh: Mesh, camera: OrthographicCamera): Projection {
  const n = mesh.positions.length / 3;
  const { positions, normals } = mesh;
  const r = camera.rotation ?? [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const depth = new Float32Array(n);
  const facing = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const px = positions[i * 3], py = positions[i * 3 + 1], pz = positions[i * 3 + 2];
    x[i] = camera.centerX + camera.scale * (r[0] * px + r[1] * py + r[2] * pz);
    y[i] = camera.centerY - camera.scale * (r[3] * px + r[4] * py + r[5] * pz);
    depth[i] = -(r[6] * px + r[7] * py + r[8] * pz);
    facing[i] = normals ? r[6] * normals[i * 3] + r[7] * normals[i * 3 + 1] + r[8] * normals[i * 3 + 2] : 1;
  }
  return { x, y, depth, facing };
}

export function checkProjection(projection: Projection, vertices: number): void {
  for (const key of ['x', 'y', 'depth', 'facing'] as const) {
    if (projection[key].length !== vertices) {
      throw new RangeError(`projection.${key} has ${projection[key].length} entries, expected one per vertex (${vertices})`);
    }
  }
}
