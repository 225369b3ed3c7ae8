import { headProfile, keyRowPoint, meridian, meridianPoint, type HeadProfile, type Meridian } from './headProfile.js';

/** Sizing of the head grid: how many columns and rows give a face budget. See headGrid.ts. */

/** Row density of each meridian segment (segment k runs from keypoint row k to k + 1), relative to the face. */
function segmentDensity(profile: HeadProfile, k: number): number {
  const name = profile.rows[k].name;
  if (name === 'upper skull') return 0.7;
  if (name === 'forehead' || name === 'brow' || name === 'mid face' || name === 'jaw') return 1.15;
  if (name === 'under jaw' || name === 'neck top') return 0.9;
  if (k >= profile.neckBase) return 0.55;
  return 0.75;
}

/** Grid resolution: column count (a multiple of 8) and rows per meridian segment. */
export interface GridSize {
  columns: number;
  segmentRows: number[];
}

/** Faces (triangles) of a grid of this size. */
export function gridFaceCount(size: GridSize): number {
  const rows = size.segmentRows.reduce((a, b) => a + b, 0);
  const n = size.columns / 4;
  return 2 * (size.columns * rows + n * n);
}

/**
 * The grid size whose face count is closest to `faces`. A spacing h gives the columns (from the
 * eye-level circumference) and the rows (from each segment's length and density); around the
 * columns of the h that fits, each column count in steps of 8 gets the row spacing that fits best,
 * and the closest count wins (ties: the most even spacing). Lands within a few tenths of a percent.
 */
export function gridSizeFor(bust: boolean, faces: number): GridSize {
  const profile = headProfile(bust);
  const lengths = segmentLengths(profile);
  const circumference = loopLength(profile, 3);
  const columnsAt = (h: number): number => Math.max(16, Math.round(circumference / h / 8) * 8);
  const rowsAt = (h: number): number[] => lengths.map((len, i) => Math.max(1, Math.round((len * segmentDensity(profile, i + 1)) / h)));
  const bisect = (count: (h: number) => number): number => {
    let lo = 0.0003, hi = 0.08;
    for (let i = 0; i < 60; i++) {
      const mid = Math.sqrt(lo * hi);
      if (count(mid) > faces) lo = mid;
      else hi = mid;
    }
    return Math.abs(count(lo) - faces) < Math.abs(count(hi) - faces) ? lo : hi;
  };
  const h = bisect((x) => gridFaceCount({ columns: columnsAt(x), segmentRows: rowsAt(x) }));
  let best: GridSize | null = null, bestScore = Infinity;
  for (let columns = columnsAt(h) - 24; columns <= columnsAt(h) + 24; columns += 8) {
    if (columns < 16) continue;
    const hr = bisect((x) => gridFaceCount({ columns, segmentRows: rowsAt(x) }));
    const size = { columns, segmentRows: rowsAt(hr) };
    const miss = Math.abs(gridFaceCount(size) - faces) / faces;
    const score = miss + 0.002 * Math.abs(Math.log(hr / (circumference / columns)));
    if (score < bestScore) { bestScore = score; best = size; }
  }
  return best!;
}

/** Mean length of each band segment (keypoint row k to k + 1, k ≥ 1) over front, sides and back. */
export function segmentLengths(profile: HeadProfile): number[] {
  const front = meridian(profile, 0), side = meridian(profile, Math.PI / 2), back = meridian(profile, Math.PI);
  const lengths: number[] = [];
  for (let k = 1; k < profile.rows.length - 1; k++) {
    lengths.push((segmentLength(front, k) + 2 * segmentLength(side, k) + segmentLength(back, k)) / 4);
  }
  return lengths;
}

function segmentLength(m: Meridian, k: number): number {
  let len = 0;
  let prev = meridianPoint(m, k);
  for (let i = 1; i <= 32; i++) {
    const p = meridianPoint(m, k + i / 32);
    len += Math.hypot(p[0] - prev[0], p[1] - prev[1], p[2] - prev[2]);
    prev = p;
  }
  return len;
}

export function loopLength(profile: HeadProfile, k: number): number {
  let len = 0;
  let prev = keyRowPoint(profile, k, -Math.PI);
  for (let i = 1; i <= 720; i++) {
    const p = keyRowPoint(profile, k, -Math.PI + (i / 720) * 2 * Math.PI);
    len += Math.hypot(p[0] - prev[0], p[2] - prev[2]);
    prev = p;
  }
  return len;
}

