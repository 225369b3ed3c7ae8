import { bindToSurface, boundPositions } from '../geometry/surfaceBinding.js';
import { thinPlateSpline } from '../geometry/thinPlateSpline.js';
import { triangulateQuads } from '../geometry/triangulateQuads.js';
import { headBase } from './headBase.js';
import type { HeadGrid } from './headGrid.js';
import { MEAN_FACE } from '../geometry/meanFace.js';
import type { HeadDeformation } from '../geometry/template.js';


/** Fixed points are at least this far from every landmark, m. */
const FIXED_ANCHOR_DISTANCE = 0.028;
/** ... and about this far from each other, m. */
const FIXED_ANCHOR_SPACING = 0.04;
/** Resolution of the generic head the anchors are placed on. */
const REFERENCE_FACES = 12000;
/**
 * Smoothing of the spline. Landmarks of the eyelids and lips crowd within a millimetre or two of
 * each other; a little smoothing lets the surface pass within a fraction of a millimetre of them
 * instead of rippling between them.
 */
export const DEFORMATION_SMOOTHING = 2e-5;

const cache = new Map<boolean, HeadDeformation>();

export function headDeformation(bust: boolean): HeadDeformation {
  let d = cache.get(bust);
  if (!d) {
    d = buildDeformation(bust);
    cache.set(bust, d);
  }
  return d;
}

function buildDeformation(bust: boolean): HeadDeformation {
  const base = headBase(bust, REFERENCE_FACES);
  const indices = triangulateQuads(base.positions, base.grid.quads);
  const landmarkAnchors = Float64Array.from(boundPositions(base.positions, indices, bindToSurface(base.positions, indices, MEAN_FACE)));
  const fixed = fixedAnchors(base.positions, base.grid);
  const centres = new Float64Array(landmarkAnchors.length + fixed.length);
  centres.set(landmarkAnchors);
  centres.set(fixed, landmarkAnchors.length);
  return {
    spline: thinPlateSpline(centres, { smoothing: DEFORMATION_SMOOTHING }),
    landmarkAnchors,
    fixedAnchors: fixed.length / 3,
  };
}

/**
 * Greedy pick of vertices far from every landmark, each at least the local spacing from those
 * already picked; the spacing widens away from the face, where the field only needs to be held.
 */
function fixedAnchors(p: Float64Array, grid: HeadGrid): Float64Array {
  const chosen: number[] = [];
  const landmarks = MEAN_FACE.length / 3;
  const distanceToFace = (v: number): number => {
    let best = Infinity;
    for (let i = 0; i < landmarks; i++) {
      const d = (p[v * 3] - MEAN_FACE[i * 3]) ** 2 + (p[v * 3 + 1] - MEAN_FACE[i * 3 + 1]) ** 2 + (p[v * 3 + 2] - MEAN_FACE[i * 3 + 2]) ** 2;
      if (d < best) best = d;
    }
    return Math.sqrt(best);
  };
  // Candidates: every fourth row and column of the band and the cap (the seam column left out).
  const candidates: number[] = [];
  const n = grid.columns / 4;
  for (let r = 0; r < grid.rows; r += 4) for (let j = 0; j < grid.columns; j += 4) candidates.push(r * (grid.columns + 1) + j);
  for (let a = 2; a < n; a += 4) for (let b = 2; b < n; b += 4) candidates.push(grid.capStart + a * (n + 1) + b);
  for (const v of candidates) {
    const far = distanceToFace(v);
    if (far < FIXED_ANCHOR_DISTANCE) continue;
    const spacing = FIXED_ANCHOR_SPACING + 0.35 * Math.max(0, far - 0.06);
    let spaced = true;
    for (const w of chosen) {
      if (Math.hypot(p[v * 3] - p[w * 3], p[v * 3 + 1] - p[w * 3 + 1], p[v * 3 + 2] - p[w * 3 + 2]) < spacing) {
        spaced = false;
        break;
      }
    }
    if (spaced) chosen.push(v);
  }
  const out = new Float64Array(chosen.length * 3);
  chosen.forEach((v, k) => out.set(p.subarray(v * 3, v * 3 + 3), k * 3));
  return out;
}
