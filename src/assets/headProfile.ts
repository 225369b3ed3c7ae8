/**
 * The generic head-and-bust surface the templates start from, before the mean face is pressed into
 * it: a surface of revolution with varying meridians around the vertical axis through the origin.
 *
 * Frame (all templates): metres, +Y up, the face looks towards +Z, +X is the person's left;
 * the origin lies between the ears (on the ear-canal line) at the height of the iris centres.
 *
 * A point is addressed by (θ, s): θ = atan2(x, z) is the azimuth (0 straight ahead, +π/2 the
 * person's left ear, ±π the back of the head) and s ∈ [0, K − 1] runs down the meridian through the
 * keypoint rows below, s = 0 being the crown. Each keypoint row is a horizontal-ish loop given by
 * its front, side and back points (distance R from the vertical axis, height y); between them a loop
 * is a superellipse in R and a cos² blend in y. Between keypoint rows the meridian is a cubic
 * Hermite curve, leaving the crown horizontally.
 */

/** One keypoint row: R and y in centimetres at the front (θ = 0), side (θ = ±π/2) and back (θ = π). */
interface KeyRow {
  name: string;
  front: [number, number];
  side: [number, number];
  back: [number, number];
  /** Superellipse exponent of the horizontal section: 2 is an ellipse, larger is boxier. */
  squareness: number;
}

const CROWN: KeyRow = { name: 'crown', front: [0, 12.3], side: [0, 12.3], back: [0, 12.3], squareness: 2 };

const HEAD_ROWS: KeyRow[] = [
  CROWN,
  { name: 'upper skull', front: [6.6, 10.4], side: [5.9, 9.9], back: [7.4, 9.6], squareness: 2.1 },
  { name: 'forehead', front: [9.0, 5.6], side: [7.55, 4.5], back: [9.7, 3.2], squareness: 2.2 },
  { name: 'brow', front: [9.7, 1.3], side: [7.55, 0.2], back: [9.5, -1.2], squareness: 2.2 },
  { name: 'mid face', front: [10.0, -4.3], side: [7.0, -3.8], back: [8.0, -5.4], squareness: 2.1 },
  { name: 'jaw', front: [8.9, -9.6], side: [5.9, -7.8], back: [6.8, -8.6], squareness: 2.0 },
  { name: 'under jaw', front: [6.8, -11.0], side: [5.7, -10.2], back: [6.8, -10.8], squareness: 2.0 },
  { name: 'neck top', front: [4.7, -12.9], side: [5.75, -12.6], back: [7.0, -13.0], squareness: 2.0 },
];

/** Rows of a neck that ends in a horizontal cut (heads without a bust). */
const NECK_END_ROWS: KeyRow[] = [
  { name: 'neck', front: [4.8, -15.6], side: [5.85, -15.2], back: [7.3, -15.6], squareness: 2.0 },
  { name: 'neck end', front: [4.95, -18.0], side: [5.95, -18.0], back: [7.5, -18.0], squareness: 2.0 },
];

/** Rows of a neck that widens into shoulders and upper chest, cut horizontally below the armpits. */
const BUST_ROWS: KeyRow[] = [
  { name: 'neck', front: [4.8, -16.2], side: [5.95, -15.6], back: [7.35, -16.2], squareness: 2.0 },
  { name: 'neck base', front: [5.6, -20.2], side: [7.2, -18.4], back: [8.1, -19.4], squareness: 2.2 },
  { name: 'shoulder top', front: [7.6, -23.6], side: [14.6, -21.6], back: [9.4, -22.8], squareness: 2.6 },
  { name: 'shoulder', front: [9.2, -28.5], side: [19.0, -25.8], back: [10.4, -28.0], squareness: 2.9 },
  { name: 'bust end', front: [9.7, -36.0], side: [19.8, -36.0], back: [10.7, -36.0], squareness: 3.0 },
];

/** The keypoint rows of a head with or without a bust. */
export interface HeadProfile {
  rows: readonly KeyRow[];
  /** Index of the keypoint row where the neck meets the head (under the jaw). */
  neckTop: number;
  /** Index of the keypoint row where the neck ends or meets the bust. */
  neckBase: number;
}

export function headProfile(bust: boolean): HeadProfile {
  const rows = [...HEAD_ROWS, ...(bust ? BUST_ROWS : NECK_END_ROWS)];
  return { rows, neckTop: HEAD_ROWS.length - 1, neckBase: bust ? HEAD_ROWS.length + 1 : rows.length - 1 };
}

/** Keypoint row `row` at azimuth θ, as [R, y] in metres. */
function keyPoint(row: KeyRow, theta: number): [number, number] {
  const c = Math.cos(theta), s = Math.sin(theta);
  const [rf, yf] = c >= 0 ? row.front : row.back;
  const [rs, ys] = row.side;
  const n = row.squareness;
  let r = 0;
  if (rf !== 0 && rs !== 0) {
    const a = Math.abs(c) / rf, b = Math.abs(s) / rs;
    r = n === 2 ? 1 / Math.sqrt(a * a + b * b) : Math.pow(Math.pow(a, n) + Math.pow(b, n), -1 / n);
  }
  const y = yf * c * c + ys * s * s;
  return [r * 0.01, y * 0.01];
}

/** Point of keypoint row k at azimuth θ (the meridian at s = k), as [x, y, z] in metres. */
export function keyRowPoint(profile: HeadProfile, k: number, theta: number): [number, number, number] {
  const [r, y] = keyPoint(profile.rows[k], theta);
  return [r * Math.sin(theta), y, r * Math.cos(theta)];
}

/** Samples of one meridian: keypoints and Hermite tangents, for repeated evaluation along s. */
export interface Meridian {
  theta: number;
  points: [number, number][];
  tangents: [number, number][];
}

/** The meridian at azimuth θ; with `rows`, only its first rows (enough for s ≤ rows − 2). */
export function meridian(profile: HeadProfile, theta: number, rows = profile.rows.length): Meridian {
  const all = rows >= profile.rows.length;
  const points = profile.rows.slice(0, rows).map((row) => keyPoint(row, theta));
  const k = points.length;
  const tangents = points.map((_, i): [number, number] => {
    if (i === 0) return [points[1][0] - points[0][0], 0];
    const a = points[i - 1], b = points[Math.min(i + 1, k - 1)];
    const span = i === k - 1 ? 1 : 2;
    return [(b[0] - a[0]) / span, (b[1] - a[1]) / span];
  });
  // The last segment meets the horizontal cut at a right angle (nothing dangles below it).
  if (all) tangents[k - 1] = [0, points[k - 1][1] - points[k - 2][1]];
  return { theta, points, tangents };
}

/** Point of a meridian at parameter s ∈ [0, K − 1], as [x, y, z] in metres. */
export function meridianPoint(m: Meridian, s: number): [number, number, number] {
  const k = Math.min(Math.floor(s), m.points.length - 2);
  const t = s - k;
  const t2 = t * t, t3 = t2 * t;
  const h00 = 2 * t3 - 3 * t2 + 1, h10 = t3 - 2 * t2 + t, h01 = -2 * t3 + 3 * t2, h11 = t3 - t2;
  const p0 = m.points[k], p1 = m.points[k + 1], m0 = m.tangents[k], m1 = m.tangents[k + 1];
  const r = h00 * p0[0] + h10 * m0[0] + h01 * p1[0] + h11 * m1[0];
  const y = h00 * p0[1] + h10 * m0[1] + h01 * p1[1] + h11 * m1[1];
  return [r * Math.sin(m.theta), y, r * Math.cos(m.theta)];
}
