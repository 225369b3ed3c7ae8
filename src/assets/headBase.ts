import { earHeight, earRemap, nearEar } from './headEars.js';
import { headGrid, type HeadGrid } from './headGrid.js';
import { gridSizeFor } from './headGridSize.js';
import { meridianPoint, meridian, type Meridian } from './headProfile.js';

/** The generic head: the grid with ears raised, before the mean face is pressed in. */
export interface HeadBase {
  grid: HeadGrid;
  /** Vertex positions, flat xyz in metres. */
  positions: Float64Array;
  /** Ear coverage per vertex, 0 off the ears. */
  ear: Float32Array;
}

/** The generic head (with or without bust) at about `faces` triangles. */
export function headBase(bust: boolean, faces: number): HeadBase {
  const grid = headGrid(bust, gridSizeFor(bust, faces));
  const count = grid.positions.length / 3;
  const positions = new Float64Array(grid.positions);
  const ear = new Float32Array(count);
  for (let v = 0; v < grid.capStart; v++) {
    if (!nearEar(grid.theta[v], positions[v * 3 + 1])) continue;
    // Slide the vertex along the head towards where the ear needs it, then raise the ear.
    const [theta, y] = earRemap(grid.theta[v], positions[v * 3 + 1]);
    if (theta !== grid.theta[v] || y !== positions[v * 3 + 1]) {
      const m = meridian(grid.profile, theta);
      const s = sAtHeight(m, grid.s[v], y);
      positions.set(meridianPoint(m, s), v * 3);
      grid.theta[v] = theta;
      grid.s[v] = s;
    }
    const { height, weight } = earHeight(grid.theta[v], positions[v * 3 + 1]);
    if (height <= 0 && weight <= 0) continue;
    positions[v * 3] += height * Math.sin(grid.theta[v]);
    positions[v * 3 + 2] += height * Math.cos(grid.theta[v]);
    ear[v] = weight;
  }
  return { grid, positions, ear };
}

/** The s near `s0` where the meridian is at height y (it descends with s there). */
function sAtHeight(m: Meridian, s0: number, y: number): number {
  let lo = Math.max(0, s0 - 1), hi = Math.min(m.points.length - 1, s0 + 1);
  for (let i = 0; i < 40; i++) {
    const mid = (lo + hi) / 2;
    if (meridianPoint(m, mid)[1] > y) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
