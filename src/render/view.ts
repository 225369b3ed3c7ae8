import type { Mesh } from '../core/mesh.js';
import { type Camera, lookAt, perspectiveCamera } from './camera.js';
import { cross, dot, normalize, type Mat4, type Vec3 } from './matrix.js';
import type { Scene } from './scene.js';

/** The common views of a head. 'left' and 'right' are the subject's sides: 'left' looks at the left cheek. */
export type View = 'front' | 'three-quarter' | 'left' | 'right' | 'back';

/**
 * Yaw and pitch of each view in degrees: the camera turns by yaw about +Y from straight in front (+Z),
 * towards +X (the subject's left) for positive yaw, and is raised by pitch.
 */
export const VIEWS: Readonly<Record<View, { yaw: number; pitch: number }>> = {
  front: { yaw: 0, pitch: 0 },
  'three-quarter': { yaw: 32, pitch: 10 },
  left: { yaw: 90, pitch: 0 },
  right: { yaw: -90, pitch: 0 },
  back: { yaw: 180, pitch: 0 },
};

export interface ViewCameraOptions {
  /** A named view, or any yaw and pitch in degrees (see {@link VIEWS}). */
  view?: View | { yaw: number; pitch: number };
  /** Vertical field of view in degrees: about a portrait lens's. */
  fov?: number;
  /** Width / height of the frame to render. */
  aspect?: number;
  /** Empty border left on each side, as a fraction of the frame's width or height. */
  margin?: number;
}

export const VIEW_CAMERA_DEFAULTS: Required<ViewCameraOptions> = {
  view: 'three-quarter',
  fov: 25,
  aspect: 1,
  margin: 0.05,
};

/**
 * A perspective camera that looks at the centre of the meshes' bounding box from the given view, as close
 * as it can while every vertex stays inside the frame with the margin.
 *
 * ```ts
 * const camera = viewCamera(scene, { view: 'three-quarter' });
 * const preview = await encodePng(render(scene, camera));
 * ```
 */
export function viewCamera(target: Scene | Mesh, options: ViewCameraOptions = {}): Camera {
  const { view, fov, aspect, margin } = { ...VIEW_CAMERA_DEFAULTS, ...options };
  if (!(margin >= 0 && margin < 0.5)) throw new RangeError(`viewCamera: margin ${margin} is not in [0, 0.5)`);
  const points = worldPositions(target);
  if (points.length === 0) throw new RangeError('viewCamera: nothing to frame, the meshes have no vertices');

  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < points.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k], points[i + k]);
      max[k] = Math.max(max[k], points[i + k]);
    }
  }
  const centre: Vec3 = [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2];

  const { yaw, pitch } = typeof view === 'string' ? VIEWS[view] : view;
  const y = (yaw * Math.PI) / 180;
  const p = (pitch * Math.PI) / 180;
  const back: Vec3 = [Math.sin(y) * Math.cos(p), Math.sin(p), Math.cos(y) * Math.cos(p)];
  const right = normalize(cross([0, 1, 0], back));
  const up = cross(back, right);

  // A vertex at (x, y, z) in the camera's axes, centred on the box, is in the frame from a distance D on
  // when |x| <= tanX·(D − z) and |y| <= tanY·(D − z).
  const tanY = Math.tan((fov * Math.PI) / 360) * (1 - 2 * margin);
  const tanX = tanY * aspect;
  let distance = 0;
  let nearest = -Infinity;
  let farthest = Infinity;
  for (let i = 0; i < points.length; i += 3) {
    const q: Vec3 = [points[i] - centre[0], points[i + 1] - centre[1], points[i + 2] - centre[2]];
    const qx = dot(q, right);
    const qy = dot(q, up);
    const qz = dot(q, back);
    distance = Math.max(distance, qz + Math.abs(qx) / tanX, qz + Math.abs(qy) / tanY);
    nearest = Math.max(nearest, qz);
    farthest = Math.min(farthest, qz);
  }
  // A flat or point-like mesh seen edge-on could put the camera on it.
  const size = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  distance = Math.max(distance, nearest + 0.05 * size);
  const near = (distance - nearest) * 0.5;
  const far = (distance - farthest) * 2;
  const eye: Vec3 = [centre[0] + back[0] * distance, centre[1] + back[1] * distance, centre[2] + back[2] * distance];
  return lookAt(perspectiveCamera({ fov, aspect, near, far }), eye, centre, up);
}

function worldPositions(target: Scene | Mesh): Float64Array {
  const items: { positions: Float32Array; matrix?: Mat4 }[] =
    'meshes' in target ? target.meshes.map((m) => ({ positions: m.mesh.positions, matrix: m.matrix })) : [{ positions: target.positions }];
  const out = new Float64Array(items.reduce((n, it) => n + it.positions.length, 0));
  let o = 0;
  for (const { positions: s, matrix: m } of items) {
    for (let i = 0; i < s.length; i += 3, o += 3) {
      const x = s[i], y = s[i + 1], z = s[i + 2];
      if (m) {
        out[o] = m[0] * x + m[4] * y + m[8] * z + m[12];
        out[o + 1] = m[1] * x + m[5] * y + m[9] * z + m[13];
        out[o + 2] = m[2] * x + m[6] * y + m[10] * z + m[14];
      } else {
        out[o] = x; out[o + 1] = y; out[o + 2] = z;
      }
    }
  }
  return out;
}
