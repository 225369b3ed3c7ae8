import { HEAD_SHARE_OF_STATURE } from './bodyProportions.js';
import { BODY_REGION_NAMES, BODY_RINGS, TORSO_ROWS, bodyTopology } from './bodyTopology.js';

/** Tailoring measurements taken off a body, in cm (as the spec's body_shape). */
export interface BodyMeasurements {
  /** Sole to vertex: the neck ring's top plus the head's share (see docs/bodies.md). */
  height: number;
  /** Around the chest at the nipple line. */
  chest: number;
  /** At the natural waist: the narrowest section within 4 cm of the waist row (the waist landmark). */
  waist: number;
  /** At the widest section of the buttocks (torso rows 1–9, from the crotch to 4 rows above the hip row). */
  hips: number;
  /** Heights of the chest, waist and hip sections, cm. */
  levels: { chest: number; waist: number; hips: number };
}

/** The torso column of the breast's apex (≈ 25° off the front): the nipple line is its height. */
const NIPPLE_COLUMN = 2;
/** Search step for the waist and hip sections, metres. */
const STEP = 0.004;

/**
 * A tape measure around the torso at height y: the perimeter of the convex hull of the torso's
 * horizontal cross-section (a tape bridges hollows, such as between the breasts or the spine's
 * groove). `triangles` are body-vertex triangles; only the torso's take part.
 */
export function tapeMeasure(positions: Float32Array, triangles: Uint32Array, y: number): number {
  const points: number[] = [];
  const region = bodyTopology().region;
  const torso = BODY_REGION_NAMES.indexOf('torso'), neck = BODY_REGION_NAMES.indexOf('neck');
  for (let t = 0; t < triangles.length; t += 3) {
    const a = triangles[t], b = triangles[t + 1], c = triangles[t + 2];
    const inTorso = (v: number): boolean => region[v] === torso || region[v] === neck;
    if (!inTorso(a) || !inTorso(b) || !inTorso(c)) continue;
    const tri = [a, b, c];
    for (let i = 0; i < 3; i++) {
      const p = tri[i], q = tri[(i + 1) % 3];
      const yp = positions[p * 3 + 1] - y, yq = positions[q * 3 + 1] - y;
      if ((yp < 0) === (yq < 0)) continue;
      const s = yp / (yp - yq);
      points.push(positions[p * 3] + (positions[q * 3] - positions[p * 3]) * s, positions[p * 3 + 2] + (positions[q * 3 + 2] - positions[p * 3 + 2]) * s);
    }
  }
  return hullPerimeter(points);
}

/** Perimeter of the convex hull of 2-D points (x, z pairs), by Andrew's monotone chain. */
export function hullPerimeter(flat: number[]): number {
  const pts: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) pts.push([flat[i], flat[i + 1]]);
  if (pts.length < 3) return 0;
  pts.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [], upper: [number, number][] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], p) <= 0) lower.pop();
    lower.push(p);
  }
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], p) <= 0) upper.pop();
    upper.push(p);
  }
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  let total = 0;
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i], b = hull[(i + 1) % hull.length];
    total += Math.hypot(a[0] - b[0], a[1] - b[1]);
  }
  return total;
}

/** Average height of a torso row. */
function rowHeight(positions: Float32Array, row: number): number {
  const N = BODY_RINGS.torsoColumns;
  const torso = bodyTopology().torso;
  let sum = 0, n = 0;
  for (let j = 0; j < N; j++) {
    const v = torso[row * N + j];
    if (v >= 0) { sum += positions[v * 3 + 1]; n++; }
  }
  return sum / n;
}

/**
 * Height, chest, waist and hips of a body, in cm.
 *
 * ```ts
 * const { height, chest, waist, hips } = bodyMeasurements(body.positions, body.triangles);
 * ```
 */
export function bodyMeasurements(positions: Float32Array, triangles: Uint32Array): BodyMeasurements {
  const t = bodyTopology();
  let sole = Infinity;
  for (let v = 1; v < positions.length; v += 3) sole = Math.min(sole, positions[v]);
  let neckTop = -Infinity;
  for (const v of t.neckRing) neckTop = Math.max(neckTop, positions[v * 3 + 1]);
  const height = (neckTop - sole) / (1 - HEAD_SHARE_OF_STATURE);

  const nipple = t.torso[TORSO_ROWS.chest * BODY_RINGS.torsoColumns + NIPPLE_COLUMN];
  const chestY = positions[nipple * 3 + 1];
  const chest = tapeMeasure(positions, triangles, chestY);

  // The search bands: the waist between the hips and the chest, the hips over the buttocks only, so
  // that a belly as wide as the buttocks is not taken for the hips.
  const above = (row: number, rows: number): number => rowHeight(positions, row + rows);
  // The natural waist is looked for within 4 cm of the waist row: a belly wider than the ribs and the
  // hips has no narrowest point, and a tailor then measures at the waist's landmark.
  const waistRow = above(TORSO_ROWS.waist, 0);
  const waistFrom = waistRow - 0.04, waistTo = waistRow + 0.04;
  const hipsFrom = above(TORSO_ROWS.crotch, 1), hipsTo = above(TORSO_ROWS.hips, 4);
  const extreme = (from: number, to: number, better: (a: number, b: number) => boolean): [number, number] => {
    let best = NaN, at = from;
    for (let y = from; y <= to; y += STEP) {
      const m = tapeMeasure(positions, triangles, y);
      if (Number.isNaN(best) || better(m, best)) { best = m; at = y; }
    }
    // Refine around the best sample.
    for (let step = STEP / 2; step > 0.0003; step /= 2) {
      for (const y of [at - step, at + step]) {
        const m = tapeMeasure(positions, triangles, y);
        if (better(m, best)) { best = m; at = y; }
      }
    }
    return [best, at];
  };
  const [waist, waistY] = extreme(waistFrom, waistTo, (a, b) => a < b);
  const [hips, hipsY] = extreme(hipsFrom, hipsTo, (a, b) => a > b);
  return {
    height: height * 100,
    chest: chest * 100,
    waist: waist * 100,
    hips: hips * 100,
    levels: { chest: (chestY - sole) * 100, waist: (waistY - sole) * 100, hips: (hipsY - sole) * 100 },
  };
}
