import { rasterizeGrid } from '../core/depthBuffer.js';
import type { Mesh } from '../core/mesh.js';
import { projectMesh, type Projection } from '../core/projection.js';
import type { PhotoCamera } from '../core/camera.js';

/** Options of {@link photoProjection}. */
export interface PhotoProjectionOptions {
  /**
   * Longest side, in cells, of the depth buffer the occlusion test rasterises the mesh into. The
   * buffer covers the mesh's footprint in the photo, so this is independent of the photo's size.
   */
  depthBufferSize?: number;
  /** How far behind the nearest surface a vertex may lie and still count as seen, metres. */
  depthTolerance?: number;
}

export const PHOTO_PROJECTION_DEFAULTS: Required<PhotoProjectionOptions> = {
  depthBufferSize: 512,
  depthTolerance: 0.004,
};

/**
 * Where each vertex of a mesh is in the photo (x, y in photo pixels, depth in photo pixels away from
 * the camera, the core {@link Projection}), and whether the camera sees it.
 */
export interface PhotoProjection extends Projection {
  /** 1 where the vertex faces the camera and nothing of the mesh lies in front of it, else 0. */
  visible: Uint8Array;
}

/**
 * Projects a mesh in the canonical frame into the photo with a weak-perspective camera, and tells
 * which vertices the camera saw: facing it, and not hidden behind another part of the mesh (a
 * depth buffer over the mesh's footprint; e.g. the far side of the nose on a turned face).
 * The mesh needs normals.
 *
 * ```ts
 * const { x, y, visible } = photoProjection(fitted.mesh, fitted.camera);
 * ```
 */
export function photoProjection(mesh: Mesh, camera: PhotoCamera, options: PhotoProjectionOptions = {}): PhotoProjection {
  const o = { ...PHOTO_PROJECTION_DEFAULTS, ...options };
  if (!mesh.normals) throw new Error('photoProjection needs vertex normals');
  const footprint = new Float64Array(4);
  const { x, y, depth, facing } = projectMesh(mesh, camera, footprint);
  const count = x.length;
  const [minX, minY, maxX, maxY] = footprint;

  // Depth buffer over the footprint, grid points `cell` photo pixels apart from the footprint's corner.
  const cell = Math.max(maxX - minX, maxY - minY, 1e-6) / (o.depthBufferSize - 1);
  const w = Math.ceil((maxX - minX) / cell) + 1, h = Math.ceil((maxY - minY) / cell) + 1;
  const gx = new Float64Array(count), gy = new Float64Array(count);
  for (let v = 0; v < count; v++) {
    gx[v] = (x[v] - minX) / cell;
    gy[v] = (y[v] - minY) / cell;
  }
  const buffer = rasterizeGrid(mesh.indices, gx, gy, depth, w, h);
  const tolerance = o.depthTolerance * camera.scale;
  const visible = new Uint8Array(count);
  for (let v = 0; v < count; v++) {
    if (facing[v] <= 0) continue;
    // The nearest grid points around the vertex: it is seen if it is not behind the surface at any of them.
    let front = -Infinity;
    for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
      const bx = Math.min(w - 1, Math.floor(gx[v]) + dx), by = Math.min(h - 1, Math.floor(gy[v]) + dy);
      const d = buffer[by * w + bx];
      if (d < Infinity && d > front) front = d;
    }
    visible[v] = front === -Infinity || depth[v] <= front + tolerance ? 1 : 0;
  }
  return { x, y, depth, facing, visible };
}
