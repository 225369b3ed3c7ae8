import { orthographicCamera, type OrthographicCameraOptions, type PhotoCamera } from './camera.js';
import type { Mesh } from './mesh.js';

/**
 * Where each vertex of a mesh lands in the photo, one entry per vertex (struct of arrays, as `Mesh`).
 * Photo coordinates are continuous pixels: pixel (i, j) covers [i, i + 1) × [j, j + 1), so its centre
 * is at (i + 0.5, j + 0.5); y grows downwards.
 *
 * The one depth convention of Likeness: `depth` is the distance from the camera along its view axis,
 * larger = farther, so a depth buffer keeps the smallest (see depthBuffer.ts). Every projection is
 * made through the one camera, a {@link PhotoCamera} (camera.ts), by {@link projectMesh}.
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

/**
 * Projects a mesh through a {@link PhotoCamera}: per vertex its photo pixel, its depth (the distance
 * from the camera, the negated third row of the camera's matrix) and its facing (the normal against
 * the direction to the camera; 1 without normals). `footprint`, when given, receives the smallest and
 * largest photo x and y (minX, minY, maxX, maxY) before they are rounded to 32 bits.
 *
 * ```ts
 * const projection = projectMesh(mesh, orthographicCamera({ scale: 1800, centerX: 512, centerY: 480 }));
 * ```
 */
export function projectMesh(mesh: Mesh, camera: PhotoCamera, footprint?: Float64Array): Projection {
  const p = mesh.positions, nrm = mesh.normals, m = camera.matrix;
  const count = p.length / 3;
  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const depth = new Float32Array(count);
  const facing = new Float32Array(count);
  const [cx, cy, cz] = camera.towardsCamera;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let v = 0; v < count; v++) {
    const px = m[0] * p[v * 3] + m[1] * p[v * 3 + 1] + m[2] * p[v * 3 + 2] + m[3];
    const py = m[4] * p[v * 3] + m[5] * p[v * 3 + 1] + m[6] * p[v * 3 + 2] + m[7];
    x[v] = px;
    y[v] = py;
    depth[v] = -(m[8] * p[v * 3] + m[9] * p[v * 3 + 1] + m[10] * p[v * 3 + 2] + m[11]);
    facing[v] = nrm ? nrm[v * 3] * cx + nrm[v * 3 + 1] * cy + nrm[v * 3 + 2] * cz : 1;
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }
  footprint?.set([minX, minY, maxX, maxY]);
  return { x, y, depth, facing };
}

/**
 * Projects a mesh through an {@link orthographicCamera}: a test scene or a warm-up, where no photo
 * was fitted.
 *
 * ```ts
 * const projection = projectOrthographic(mesh, { scale: 1800, centerX: 512, centerY: 480 });
 * ```
 */
export function projectOrthographic(mesh: Mesh, options: OrthographicCameraOptions): Projection {
  return projectMesh(mesh, orthographicCamera(options));
}

export function checkProjection(projection: Projection, vertices: number): void {
  for (const key of ['x', 'y', 'depth', 'facing'] as const) {
    if (projection[key].length !== vertices) {
      throw new RangeError(`projection.${key} has ${projection[key].length} entries, expected one per vertex (${vertices})`);
    }
  }
}
