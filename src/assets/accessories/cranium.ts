import type { HeadLandmarks } from './headLandmarks.js';
import type { Vec3 } from './partBuilder.js';

/** How far the head reaches from a centre in every direction above the ears: what a hat is fitted over. */
export interface Cranium {
  centre: Vec3;
  /** The head's farthest reach from `centre` in direction (θ, φ) (neighbouring directions included), metres. */
  reach(theta: number, phi: number): number;
  /** The unit direction of (θ, φ): θ round the vertical from the front (+z) towards the left (+x), φ up from level. */
  direction(theta: number, phi: number): Vec3;
  /** The elevation at which the cranium, pushed out by `gap`, is at height `y` in direction θ. */
  elevationAt(theta: number, y: number, gap: number): number;
}

const THETA = 96, PHI = 48;
const PHI_LO = -0.9, PHI_HI = Math.PI / 2;

const cache = new WeakMap<HeadLandmarks, Cranium>();

/**
 * The head's reach from a point at the middle of the skull, by direction: the largest distance of a
 * head vertex in each cell of a θ × φ grid, then the largest over each cell's neighbours, so that a
 * surface at that distance plus a gap is off the skin in between grid directions too. Ears count:
 * a hat coming down over them goes round them. Cached per head.
 */
export function cranium(at: HeadLandmarks): Cranium {
  const cached = cache.get(at);
  if (cached) return cached;
  const p = at.points;
  let zMin = Infinity, zMax = -Infinity;
  for (let v = 0; v < p.length / 3; v++) if (p[v * 3 + 1] > at.ears.left.top[1]) { zMin = Math.min(zMin, p[v * 3 + 2]); zMax = Math.max(zMax, p[v * 3 + 2]); }
  const centre: Vec3 = [0, (at.ears.left.top[1] + at.ears.right.top[1]) / 2, (zMin + zMax) / 2];
  const grid = new Float32Array(THETA * PHI);
  const cell = (theta: number, phi: number) => {
    const i = ((Math.floor(((theta / (2 * Math.PI)) % 1 + 1) % 1 * THETA)) + THETA) % THETA;
    const j = Math.min(PHI - 1, Math.max(0, Math.floor(((phi - PHI_LO) / (PHI_HI - PHI_LO)) * PHI)));
    return [i, j];
  };
  for (let v = 0; v < p.length / 3; v++) {
    const dx = p[v * 3] - centre[0], dy = p[v * 3 + 1] - centre[1], dz = p[v * 3 + 2] - centre[2];
    const r = Math.hypot(dx, dy, dz);
    const phi = Math.asin(dy / (r || 1));
    if (phi < PHI_LO) continue;
    const [i, j] = cell(Math.atan2(dx, dz), phi);
    grid[j * THETA + i] = Math.max(grid[j * THETA + i], r);
  }
  // Cells no vertex fell in (near the pole the cells are small) take their neighbours'.
  for (let pass = 0; pass < 4; pass++) {
    for (let j = 0; j < PHI; j++) for (let i = 0; i < THETA; i++) {
      if (grid[j * THETA + i]) continue;
      let best = 0;
      for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) {
        const jj = j + dj;
        if (jj >= 0 && jj < PHI) best = Math.max(best, grid[jj * THETA + ((i + di + THETA) % THETA)]);
      }
      grid[j * THETA + i] = best;
    }
  }
  const widened = new Float32Array(grid.length);
  for (let j = 0; j < PHI; j++) for (let i = 0; i < THETA; i++) {
    let best = 0;
    // Near the pole a cell is narrow: look wider there.
    const span = j > PHI * 0.8 ? 3 : 1;
    for (let dj = -1; dj <= 1; dj++) for (let di = -span; di <= span; di++) {
      const jj = j + dj;
      if (jj >= 0 && jj < PHI) best = Math.max(best, grid[jj * THETA + ((i + di + THETA) % THETA)]);
    }
    widened[j * THETA + i] = best;
  }
  // Smoothed, so that hats follow the skull's shape and not its vertices': a few millimetres the gap takes up.
  for (let pass = 0; pass < 3; pass++) {
    const copy = widened.slice();
    for (let j = 0; j < PHI; j++) for (let i = 0; i < THETA; i++) {
      let sum = 0, count = 0;
      for (let dj = -1; dj <= 1; dj++) for (let di = -1; di <= 1; di++) {
        const jj = j + dj;
        if (jj >= 0 && jj < PHI) { sum += copy[jj * THETA + ((i + di + THETA) % THETA)]; count++; }
      }
      widened[j * THETA + i] = Math.max(grid[j * THETA + i], sum / count);
    }
  }
  // Directions at the very top meet: the pole's reach is the top row's largest.
  let pole = 0;
  for (let i = 0; i < THETA; i++) pole = Math.max(pole, widened[(PHI - 1) * THETA + i]);
  const reach = (theta: number, phi: number): number => {
    const fi = ((((theta / (2 * Math.PI)) % 1) + 1) % 1) * THETA - 0.5, fj = ((phi - PHI_LO) / (PHI_HI - PHI_LO)) * PHI - 0.5;
    const i0 = Math.floor(fi), j0 = Math.max(0, Math.min(PHI - 1, Math.floor(fj)));
    const ti = fi - i0, tj = Math.max(0, Math.min(1, fj - j0));
    const at = (i: number, j: number) => (j >= PHI - 1 ? Math.max(widened[Math.min(j, PHI - 1) * THETA + ((i + THETA) % THETA)], pole * 0.98) : widened[j * THETA + ((i + THETA) % THETA)]);
    const j1 = Math.min(PHI - 1, j0 + 1);
    return (at(i0, j0) * (1 - ti) + at(i0 + 1, j0) * ti) * (1 - tj) + (at(i0, j1) * (1 - ti) + at(i0 + 1, j1) * ti) * tj;
  };
  const direction = (theta: number, phi: number): Vec3 => [Math.sin(theta) * Math.cos(phi), Math.sin(phi), Math.cos(theta) * Math.cos(phi)];
  const elevationAt = (theta: number, y: number, gap: number): number => {
    let lo = PHI_LO, hi = PHI_HI * 0.98;
    for (let k = 0; k < 30; k++) {
      const mid = (lo + hi) / 2;
      const height = centre[1] + (reach(theta, mid) + gap) * Math.sin(mid);
      if (height < y) lo = mid; else hi = mid;
    }
    return (lo + hi) / 2;
  };
  const out = { centre, reach, direction, elevationAt };
  cache.set(at, out);
  return out;
}
