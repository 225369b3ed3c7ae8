import type { Mesh } from '../core/mesh.js';
import type { PhotoCamera } from './photoCamera.js';

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

/** Where each vertex of a mesh is in the photo, and whether the camera sees it. */
export interface PhotoProjection {
  /** Photo pixel x, y per vertex (y down), as for the photo's EXIF-oriented pixels. */
  pixels: Float32Array;
  /** Depth per vertex in photo pixels, growing towards the camera (the camera matrix's third row). */
  depth: Float32Array;
  /** Cosine between the vertex normal and the direction to the camera: > 0 faces the camera. */
  facing: Float32Array;
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
 * const { pixels, visible } = photoProjection(fitted.mesh, fitted.camera);
 * ```
 */
export function photoProjection(mesh: Mesh, camera: PhotoCamera, options: PhotoProjectionOptions = {}): PhotoProjection {
  const o = { ...PHOTO_PROJECTION_DEFAULTS, ...options };
  if (!mesh.normals) throw new Error('photoProjection needs vertex normals');
  const p = mesh.positions, nrm = mesh.normals, m = camera.matrix;
  const count = p.length / 3;
  const pixels = new Float32Array(count * 2);
  const depth = new Float32Array(count);
  const facing = new Float32Array(count);
  const [cx, cy, cz] = camera.towardsCamera;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let v = 0; v < count; v++) {
    const x = p[v * 3], y = p[v * 3 + 1], z = p[v * 3 + 2];
    const px = m[0] * x + m[1] * y + m[2] * z + m[3];
    const py = m[4] * x + m[5] * y + m[6] * z + m[7];
    pixels[v * 2] = px;
    pixels[v * 2 + 1] = py;
    depth[v] = m[8] * x + m[9] * y + m[10] * z + m[11];
    facing[v] = nrm[v * 3] * cx + nrm[v * 3 + 1] * cy + nrm[v * 3 + 2] * cz;
    if (px < minX) minX = px;
    if (px > maxX) maxX = px;
    if (py < minY) minY = py;
    if (py > maxY) maxY = py;
  }

  // Depth buffer over the footprint; depth grows towards the camera, the buffer keeps the largest.
  const cell = Math.max(maxX - minX, maxY - minY, 1e-6) / (o.depthBufferSize - 1);
  const w = Math.ceil((maxX - minX) / cell) + 1, h = Math.ceil((maxY - minY) / cell) + 1;
  const buffer = new Float32Array(w * h).fill(-Infinity);
  const sx = (v: number): number => (pixels[v * 2] - minX) / cell;
  const sy = (v: number): number => (pixels[v * 2 + 1] - minY) / cell;
  const idx = mesh.indices;
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t], b = idx[t + 1], c = idx[t + 2];
    const ax = sx(a), ay = sy(a), bx = sx(b), by = sy(b), qx = sx(c), qy = sy(c);
    const area = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
    if (area === 0) continue;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, qx))), x1 = Math.min(w - 1, Math.ceil(Math.max(ax, bx, qx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, qy))), y1 = Math.min(h - 1, Math.ceil(Math.max(ay, by, qy)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const w0 = ((bx - x) * (qy - y) - (by - y) * (qx - x)) / area;
        const w1 = ((qx - x) * (ay - y) - (qy - y) * (ax - x)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        const d = w0 * depth[a] + w1 * depth[b] + w2 * depth[c];
        const k = y * w + x;
        if (d > buffer[k]) buffer[k] = d;
      }
    }
  }
  const tolerance = o.depthTolerance * camera.scale;
  const visible = new Uint8Array(count);
  for (let v = 0; v < count; v++) {
    if (facing[v] <= 0) continue;
    // The nearest cells around the vertex: it is seen if it is not behind the surface at any of them.
    const x = sx(v), y = sy(v);
    let front = Infinity;
    for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]]) {
      const bx = Math.min(w - 1, Math.floor(x) + dx), by = Math.min(h - 1, Math.floor(y) + dy);
      const d = buffer[by * w + bx];
      if (d > -Infinity && d < front) front = d;
    }
    visible[v] = front === Infinity || depth[v] >= front - tolerance ? 1 : 0;
  }
  return { pixels, depth, facing, visible };
}
