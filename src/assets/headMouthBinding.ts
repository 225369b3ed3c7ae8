import { bindToSurface, boundPositions, closestOnTriangle, type SurfaceBinding } from '../geometry/surfaceBinding.js';
import { LOWER_INNER_LIP, UPPER_INNER_LIP, type HeadMouth } from './headMouth.js';
import { MEAN_FACE } from '../geometry/meanFace.js';

/**
 * The mean face's landmarks bound to the skin (never the bag), the inner lip's own landmarks to
 * their own lip: the slit's two sides coincide at rest, and a landmark of the lower lip bound to the
 * upper one would stay behind when the mouth opens.
 */
export function bindMouthLandmarks(positions: Float32Array, indices: Uint32Array, mouth: HeadMouth, grid: { columns: number }): SurfaceBinding {
  const binding = bindToSurface(positions, indices.subarray(0, mouth.firstBagTriangle * 3), MEAN_FACE);
  if (mouth.row < 0) return binding;
  const c = grid.columns, j0 = mouth.upper[0] - mouth.row * (c + 1), j1 = j0 + mouth.upper.length - 1;
  const band = (row: number): number[] => {
    const out: number[] = [];
    for (let j = j0 - 2; j <= j1 + 1; j++) out.push((row * c + j) * 2, (row * c + j) * 2 + 1);
    return out;
  };
  // Closest point among the given triangles; `always`: even when the binding found is closer.
  const rebind = (landmarks: Iterable<number>, triangles: number[], always: boolean): void => {
    const bound = boundPositions(positions, indices, binding);
    for (const i of landmarks) {
      const point: [number, number, number] = [MEAN_FACE[i * 3], MEAN_FACE[i * 3 + 1], MEAN_FACE[i * 3 + 2]];
      let best = always ? Infinity : [0, 1, 2].reduce((sum, k) => sum + (bound[i * 3 + k] - point[k]) ** 2, 0);
      for (const t of triangles) {
        const corners = [0, 1, 2].map((k) => indices[t * 3 + k]);
        const [a, b, d] = corners.map((v): [number, number, number] => [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]]);
        const w = closestOnTriangle(point, a, b, d);
        const dist = [0, 1, 2].reduce((sum, k) => sum + (w[0] * a[k] + w[1] * b[k] + w[2] * d[k] - point[k]) ** 2, 0);
        if (dist < best) {
          best = dist;
          binding.triangles[i] = t;
          binding.weights.set(w, i * 3);
        }
      }
    }
  };
  // Near the slit the nearest vertex may be the other lip's (they coincide): every landmark gets
  // the closest point of the lips' rows if that is closer; the inner lips' own, their own lip's.
  rebind(Array.from({ length: MEAN_FACE.length / 3 }, (_, i) => i), [-2, -1, 0, 1].flatMap((r) => band(mouth.row + r)), false);
  rebind(UPPER_INNER_LIP.slice(1, -1), [...band(mouth.row - 1), ...band(mouth.row - 2)], true);
  rebind(LOWER_INNER_LIP.slice(1, -1), [...band(mouth.row), ...band(mouth.row + 1)], true);
  return binding;
}
