import { segmentLengths, type GridSize } from './headGridSize.js';
import { headProfile, keyRowPoint, meridian, meridianPoint, type HeadProfile, type Meridian } from './headProfile.js';

/**
 * The quad grid of a head template before the face is pressed in.
 *
 * Topology: a band of rows × columns wrapped around the vertical axis, from the loop of the
 * "upper skull" keypoint row down to the neck end or bust end (an open border, the only one), closed
 * on top by a cap: an N × N quad patch (N = columns / 4) whose boundary is the band's first row.
 * Every face is a quad; there is no pole.
 *
 * UV layout (texture 2:1, v = 0 the top row of the image):
 * - the band is a cylindrical unwrap in u ∈ [0, BAND_U_END]: u grows with the azimuth from the back
 *   seam (u = 0, the person's right side next) through the face (u = BAND_U_END / 2) to the back
 *   seam again; v grows row by row from the top of the band (v = 0) down to its bottom edge (v = 1).
 *   u follows the column index, and columns are FACE_COLUMN_DENSITY times denser on the face, so
 *   the face (|θ| < 72°) gets half of the band's width; v gives each meridian segment a share by
 *   its length and importance (segmentTexture), the face twice the scalp's per length. On the bust
 *   template the face region gets about a fifth of the texture at some 80 texels per cm both ways
 *   (4096 × 2048), the scalp a quarter, neck and bust the rest;
 * - the cap is a disk in the right strip, the top of the head seen from above with the face
 *   towards the top of the image (azimuthal equidistant map).
 * Both keep the outside's orientation: seen from outside, u runs left to right and v top to bottom.
 * UV seams (duplicated vertices): the back seam of the band, and the cap's boundary.
 */
export interface HeadGrid {
  positions: Float64Array;
  uvs: Float32Array;
  /** Four vertex indices per quad, counter-clockwise seen from outside. */
  quads: Uint32Array;
  /** Azimuth θ of each vertex (see headProfile.ts). */
  theta: Float32Array;
  /** Meridian parameter s of each vertex: 0 at the crown, the keypoint row index at a keypoint row. */
  s: Float32Array;
  columns: number;
  /** Band rows (vertex rows, including the cap boundary row and the bottom edge). */
  rows: number;
  /** First vertex of the cap (the band's vertices come first, (columns + 1) per row). */
  capStart: number;
  profile: HeadProfile;
}

/** The band spans u ∈ [0, BAND_U_END]; the strip to its right holds the cap. */
export const BAND_U_END = 0.8;
/** Cap disk: centre and radii in UV (radii in v twice those in u: square texels in a 2:1 texture). */
const CAP_CENTRE: [number, number] = [0.9, 0.25];
const CAP_RADIUS: [number, number] = [0.095, 0.19];

/** How many times denser the columns are on the face than on the back of the head. */
const FACE_COLUMN_DENSITY = 2;
/** Half-width of the face's column window, radians. */
const FACE_HALF_ANGLE = (72 * Math.PI) / 180;
/**
 * Texture share of each meridian segment per metre, relative to the cranium: the face gets about
 * twice the texels per length of the scalp; neck and bust, seen less closely, fewer.
 */
function segmentTexture(profile: HeadProfile, k: number): number {
  const name = profile.rows[k].name;
  if (name === 'forehead' || name === 'brow' || name === 'mid face' || name === 'jaw') return 2;
  if (name === 'under jaw') return 0.8;
  if (k >= profile.neckBase) return 0.3;
  if (k >= profile.neckTop) return 0.4;
  return 0.7;
}

/**
 * Column azimuths, from the back (−π) around through the person's right, the face and the left.
 * Spaced by arc length of the eye-level loop, weighted FACE_COLUMN_DENSITY times on the face.
 */
function columnAngles(profile: HeadProfile, columns: number): Float64Array {
  const samples = 4096;
  const cumulative = new Float64Array(samples + 1);
  let prev = keyRowPoint(profile, 3, -Math.PI);
  for (let i = 1; i <= samples; i++) {
    const theta = -Math.PI + (i / samples) * 2 * Math.PI;
    const p = keyRowPoint(profile, 3, theta);
    const w = 1 + (FACE_COLUMN_DENSITY - 1) * smoothWindow(Math.abs(theta - Math.PI / samples), FACE_HALF_ANGLE, 0.35);
    cumulative[i] = cumulative[i - 1] + w * Math.hypot(p[0] - prev[0], p[2] - prev[2]);
    prev = p;
  }
  const angles = new Float64Array(columns);
  let i = 0;
  for (let j = 0; j < columns; j++) {
    const target = (j / columns) * cumulative[samples];
    while (i < samples && cumulative[i + 1] < target) i++;
    const f = (target - cumulative[i]) / (cumulative[i + 1] - cumulative[i] || 1);
    angles[j] = -Math.PI + ((i + f) / samples) * 2 * Math.PI;
  }
  return angles;
}

/** 1 inside |x| < half, 0 beyond half + soft, smooth in between. */
function smoothWindow(x: number, half: number, soft: number): number {
  const t = Math.min(1, Math.max(0, (x - half) / soft + 0.5));
  return 1 - t * t * (3 - 2 * t);
}

/** Builds the grid of a head (with or without bust) at the given size. */
export function headGrid(bust: boolean, size: GridSize): HeadGrid {
  const profile = headProfile(bust);
  const c = size.columns;
  const n = c / 4;
  const angles = columnAngles(profile, c);
  const meridians = [...angles].map((theta) => meridian(profile, theta));

  // Row parameters: per column, equal arc length within each segment; recorded as s.
  const rows = 1 + size.segmentRows.reduce((a, b) => a + b, 0);
  // v of each row: cumulative texture share of the rows above.
  const rowV = new Float64Array(rows);
  {
    const lengths = segmentLengths(profile);
    let r = 0;
    size.segmentRows.forEach((count, i) => {
      const step = (lengths[i] * segmentTexture(profile, i + 1)) / count;
      for (let q = 0; q < count; q++, r++) rowV[r + 1] = rowV[r] + step;
    });
    for (let i = 1; i < rows; i++) rowV[i] /= rowV[rows - 1];
  }
  const bandCount = rows * (c + 1);
  const capCount = (n + 1) * (n + 1);
  const positions = new Float64Array((bandCount + capCount) * 3);
  const uvs = new Float32Array((bandCount + capCount) * 2);
  const theta = new Float32Array(bandCount + capCount);
  const sOf = new Float32Array(bandCount + capCount);

  for (let j = 0; j <= c; j++) {
    const m = meridians[j % c];
    let r = 0;
    const put = (s: number): void => {
      const p = meridianPoint(m, s);
      const v = r * (c + 1) + j;
      positions.set(p, v * 3);
      uvs[v * 2] = (j / c) * BAND_U_END;
      uvs[v * 2 + 1] = rowV[r];
      theta[v] = j === c ? Math.PI : m.theta;
      sOf[v] = s;
      r++;
    };
    put(1);
    size.segmentRows.forEach((count, i) => {
      const k = i + 1;
      const table = arcTable(m, k);
      for (let step = 1; step <= count; step++) put(k + sAtFraction(table, step / count));
    });
  }

  // Cap: Coons patch in the unit disk (X = ρ sin θ, Z = ρ cos θ), boundary = the band's first row.
  const boundary = (q: number): [number, number] => {
    const j = (((q + c / 8) % c) + c) % c;
    return [Math.sin(angles[j]), Math.cos(angles[j])];
  };
  const boundaryQ = (a: number, b: number): number => {
    if (b === 0) return a;
    if (a === n) return n + b;
    if (b === n) return 3 * n - a;
    return 4 * n - b;
  };
  const edge = (a: number, b: number): [number, number] => boundary(boundaryQ(a, b));
  const capStart = bandCount;
  const p00 = edge(0, 0), p10 = edge(n, 0), p11 = edge(n, n), p01 = edge(0, n);
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) {
      const u = a / n, w = b / n;
      let X: number, Z: number;
      if (a === 0 || b === 0 || a === n || b === n) {
        [X, Z] = edge(a, b);
      } else {
        const bottom = edge(a, 0), top = edge(a, n), left = edge(0, b), right = edge(n, b);
        X = (1 - w) * bottom[0] + w * top[0] + (1 - u) * left[0] + u * right[0]
          - ((1 - u) * (1 - w) * p00[0] + u * (1 - w) * p10[0] + (1 - u) * w * p01[0] + u * w * p11[0]);
        Z = (1 - w) * bottom[1] + w * top[1] + (1 - u) * left[1] + u * right[1]
          - ((1 - u) * (1 - w) * p00[1] + u * (1 - w) * p10[1] + (1 - u) * w * p01[1] + u * w * p11[1]);
      }
      const onBoundary = a === 0 || b === 0 || a === n || b === n;
      const rho = onBoundary ? 1 : Math.min(1 - 1e-6, Math.hypot(X, Z));
      const th = rho > 1e-9 ? Math.atan2(X, Z) : 0;
      const v = capStart + a * (n + 1) + b;
      if (onBoundary) {
        // On the boundary: the very same point as the band's first row.
        const j = (((boundaryQ(a, b) + c / 8) % c) + c) % c;
        positions.copyWithin(v * 3, j * 3, j * 3 + 3);
      } else {
        positions.set(meridianPoint(meridian(profile, th, 4), rho), v * 3);
      }
      uvs[v * 2] = CAP_CENTRE[0] - CAP_RADIUS[0] * X;
      uvs[v * 2 + 1] = CAP_CENTRE[1] - CAP_RADIUS[1] * Z;
      theta[v] = th;
      sOf[v] = rho;
    }
  }

  const quads = new Uint32Array((c * (rows - 1) + n * n) * 4);
  let q = 0;
  for (let r = 0; r < rows - 1; r++) {
    for (let j = 0; j < c; j++) {
      const a = r * (c + 1) + j, b = a + 1, d = a + c + 1, e = d + 1;
      quads.set([a, d, e, b], q);
      q += 4;
    }
  }
  // Cap winding: check one quad against the upward normal and flip all if needed.
  const capQuad = (a: number, b: number): number[] => {
    const i = (x: number, y: number): number => capStart + x * (n + 1) + y;
    return [i(a, b), i(a + 1, b), i(a + 1, b + 1), i(a, b + 1)];
  };
  const probe = capQuad(n / 2, n / 2);
  const flip = quadNormalY(positions, probe) < 0;
  for (let a = 0; a < n; a++) {
    for (let b = 0; b < n; b++) {
      const quad = capQuad(a, b);
      quads.set(flip ? [quad[0], quad[3], quad[2], quad[1]] : quad, q);
      q += 4;
    }
  }
  return { positions, uvs, quads, theta, s: sOf, columns: c, rows, capStart, profile };
}

function quadNormalY(p: Float64Array, quad: number[]): number {
  const [a, b, c] = quad.map((i) => [p[i * 3], p[i * 3 + 1], p[i * 3 + 2]]);
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]], w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return u[2] * w[0] - u[0] * w[2];
}

/** Cumulative arc length of segment k of a meridian at 33 samples. */
function arcTable(m: Meridian, k: number): Float64Array {
  const table = new Float64Array(33);
  let prev = meridianPoint(m, k);
  for (let i = 1; i <= 32; i++) {
    const p = meridianPoint(m, k + i / 32);
    table[i] = table[i - 1] + Math.hypot(p[0] - prev[0], p[1] - prev[1], p[2] - prev[2]);
    prev = p;
  }
  return table;
}

/** Segment parameter t ∈ [0, 1] at a fraction of the segment's arc length. */
function sAtFraction(table: Float64Array, fraction: number): number {
  if (fraction >= 1) return 1;
  const target = fraction * table[32];
  let i = 0;
  while (i < 31 && table[i + 1] < target) i++;
  const f = (target - table[i]) / (table[i + 1] - table[i] || 1);
  return (i + f) / 32;
}
