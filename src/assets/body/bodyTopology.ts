/**
 * The one fixed topology of the body: which vertex is where in the rings of each part, the faces
 * (quads, and triangle fans at the finger, heel and toe tips), each face corner's place in the UV
 * atlas's islands, and the regions. Shapes never change it: every body has the same vertex ids,
 * faces and UVs; only positions differ (bodyRings.ts).
 *
 * The surface is one closed piece with one opening, the neck ring:
 * - the torso is a grid of rings around the vertical axis, from the crotch to the neck ring, with a
 *   rectangular hole on each side where the arm's root loop begins;
 * - the torso's bottom ring splits into the two legs' root loops through a short path of crotch
 *   vertices (each leg's loop is half the bottom ring plus that path);
 * - each leg's last ring joins a hole on top of its foot, a grid of rings from heel to toe;
 * - the arm runs to the wrist, the palm's last ring splits into four finger loops through web
 *   vertices, and the thumb starts from a hole on the palm's thumb side.
 */

/** Ring counts: chosen so that body + head/mobile head lands on the spec's body_0.3 LOD0 budget. */
export const BODY_RINGS = {
  torsoColumns: 32,
  torsoRows: 46,
  crotchInner: 3,
  legRings: 38,
  limbColumns: 20,
  footRows: 22,
  armRings: 36,
  palmRows: 9,
  fingerColumns: 8,
  fingerRings: 10,
  thumbRings: 9,
} as const;

/** Torso rows at the landmarks; rows between them are spaced evenly in height. */
export const TORSO_ROWS = { crotch: 0, hips: 5, waist: 15, chest: 26, armpit: 30, acromion: 34, neckBase: 41, neckTop: 45 } as const;
/** Left arm hole: torso columns [5, 11] (around θ = 90°), rows armpit to acromion. */
export const ARM_HOLE = { firstColumn: 5, lastColumn: 11 } as const;
/** Foot hole: foot rows and columns (column 0 is the top of the foot, columns grow towards the outside). */
export const FOOT_HOLE = { firstRow: 2, lastRow: 6, halfColumns: 3 } as const;
/** Thumb hole: palm rows and columns (17 = p1, 18 = p0, 19 = the thumb side). */
export const THUMB_HOLE = { firstRow: 1, lastRow: 3, firstColumn: 17, lastColumn: 19 } as const;

export const BODY_REGION_NAMES = ['torso', 'neck', 'arm', 'hand', 'finger', 'leg', 'foot'] as const;
export type BodyRegionName = (typeof BODY_REGION_NAMES)[number];

export interface UvIsland {
  name: string;
  /** Size in grid units: columns around, rows along (the atlas scales them). */
  columns: number;
  rows: number;
  /**
   * Flips that keep every island the right way round seen from outside (u to the right, v down the
   * image, towards the feet or the limb's end): the torso's rows count upwards, and the right side's
   * columns run the mirror way of the left's.
   */
  flipV?: boolean;
  mirrorU?: boolean;
}

/** One face corner's place in its island, in grid units. */
export interface Corner {
  vertex: number;
  s: number;
  t: number;
}

export interface Face {
  island: number;
  corners: Corner[];
}

export interface BodySide {
  /** +1 left, −1 right. */
  sign: number;
  leg: { loop: number[]; rings: number[][] };
  foot: { grid: Int32Array; loop: number[]; heel: number; toe: number };
  arm: { loop: number[]; rings: number[][] };
  /** Palm rows × 20: d0..d8 (back of the hand, thumb side first), pinky side, p8..p0 (palm), thumb side. */
  palm: { grid: Int32Array; webs: number[] };
  fingers: { loop: number[]; rings: number[][]; tip: number }[];
  thumb: { loop: number[]; rings: number[][]; tip: number };
}

export interface BodyTopology {
  vertexCount: number;
  faces: Face[];
  islands: UvIsland[];
  /** Region per vertex (index into BODY_REGION_NAMES). */
  region: Uint8Array;
  /** −1 right, 0 middle, +1 left, per vertex. */
  side: Int8Array;
  /** Torso rows × columns; −1 inside the arm holes. Column 0 is the front, columns grow towards the person's left. */
  torso: Int32Array;
  crotch: number[];
  sides: [BodySide, BodySide];
  /** The open ring at the top of the neck, in torso column order. */
  neckRing: number[];
}

let cached: BodyTopology | undefined;

/** The body's topology, built once. */
export function bodyTopology(): BodyTopology {
  return (cached ??= buildTopology());
}

function buildTopology(): BodyTopology {
  const R = BODY_RINGS;
  let next = 0;
  const region: number[] = [];
  const side: number[] = [];
  const vertex = (r: BodyRegionName, s: number): number => {
    region.push(BODY_REGION_NAMES.indexOf(r));
    side.push(s);
    return next++;
  };
  const faces: Face[] = [];
  const islands: UvIsland[] = [];
  let mirrorU = false;
  const island = (name: string, columns: number, rows: number, flipV = false): number =>
    islands.push({ name, columns, rows, flipV, mirrorU }) - 1;
  const quad = (isl: number, c: Corner[]): void => void faces.push({ island: isl, corners: c });

  // Torso.
  const N = R.torsoColumns;
  const torso = new Int32Array(R.torsoRows * N).fill(-1);
  const mirror = (j: number): number => (N - j) % N;
  const inHole = (i: number, j: number): boolean => {
    const jj = j <= N / 2 ? j : mirror(j);
    return i > TORSO_ROWS.armpit && i < TORSO_ROWS.acromion && jj > ARM_HOLE.firstColumn && jj < ARM_HOLE.lastColumn;
  };
  for (let i = 0; i < R.torsoRows; i++) {
    for (let j = 0; j < N; j++) {
      if (inHole(i, j)) continue;
      torso[i * N + j] = vertex(i >= TORSO_ROWS.neckBase ? 'neck' : 'torso', j === 0 || j === N / 2 ? 0 : j < N / 2 ? 1 : -1);
    }
  }
  // Front island: columns −8..8, back island: 8..24, so the seams run down the sides.
  const front = island('torso front', N / 2, R.torsoRows - 1, true);
  const back = island('torso back', N / 2, R.torsoRows - 1, true);
  const quadIsHole = (i: number, j: number): boolean => {
    const jj = j < N / 2 ? j : N - 1 - j;
    return i >= TORSO_ROWS.armpit && i < TORSO_ROWS.acromion && jj >= ARM_HOLE.firstColumn && jj < ARM_HOLE.lastColumn;
  };
  for (let i = 0; i + 1 < R.torsoRows; i++) {
    for (let j = 0; j < N; j++) {
      if (quadIsHole(i, j)) continue;
      const j1 = (j + 1) % N;
      const isFront = j < N / 4 || j >= (3 * N) / 4;
      const s0 = isFront ? (j + N / 4) % N : j - N / 4;
      const s1 = s0 + 1;
      const isl = isFront ? front : back;
      quad(isl, [
        { vertex: torso[i * N + j], s: s0, t: i }, { vertex: torso[i * N + j1], s: s1, t: i },
        { vertex: torso[(i + 1) * N + j1], s: s1, t: i + 1 }, { vertex: torso[(i + 1) * N + j], s: s0, t: i + 1 },
      ]);
    }
  }
  const crotch = Array.from({ length: R.crotchInner }, () => vertex('leg', 0));
  const neckRing = Array.from({ length: N }, (_, j) => torso[(R.torsoRows - 1) * N + j]);

  const buildSide = (sign: number): BodySide => {
    const name = sign > 0 ? 'left' : 'right';
    mirrorU = sign < 0;
    const col = (j: number): number => (sign > 0 ? j : mirror(j));
    const T = (i: number, j: number): number => torso[i * N + col(j)];
    const K = R.limbColumns;

    // Leg: front centre round the outside to the back centre, then the crotch path back to the front.
    const legLoop = [...Array.from({ length: N / 2 + 1 }, (_, j) => T(0, j)), ...[...crotch].reverse()];
    const legRings = Array.from({ length: R.legRings }, () => Array.from({ length: K }, () => vertex('leg', sign)));

    // Foot: rows heel → toe, column 0 on top, growing towards the outside of the foot.
    const F = R.limbColumns;
    const footGrid = new Int32Array(R.footRows * F).fill(-1);
    const footCol = (k: number): number => ((k % F) + F) % F;
    const inFootHole = (r: number, k: number): boolean =>
      r > FOOT_HOLE.firstRow && r < FOOT_HOLE.lastRow && (k < FOOT_HOLE.halfColumns || k > F - FOOT_HOLE.halfColumns);
    for (let r = 0; r < R.footRows; r++) for (let k = 0; k < F; k++) if (!inFootHole(r, k)) footGrid[r * F + k] = vertex('foot', sign);
    const FG = (r: number, k: number): number => footGrid[r * F + footCol(k)];
    const h = FOOT_HOLE.halfColumns;
    const footLoop: number[] = [];
    for (let k = -h; k <= h; k++) footLoop.push(FG(FOOT_HOLE.lastRow, k));
    for (let r = FOOT_HOLE.lastRow - 1; r > FOOT_HOLE.firstRow; r--) footLoop.push(FG(r, h));
    for (let k = h; k >= -h; k--) footLoop.push(FG(FOOT_HOLE.firstRow, k));
    for (let r = FOOT_HOLE.firstRow + 1; r < FOOT_HOLE.lastRow; r++) footLoop.push(FG(r, -h));
    const heel = vertex('foot', sign);
    const toe = vertex('foot', sign);

    const leg = island(`${name} leg`, K, R.legRings + 1);
    tube(leg, [legLoop, ...legRings, footLoop], 0);
    const foot = island(`${name} foot`, F, R.footRows + 1);
    for (let r = 0; r + 1 < R.footRows; r++) {
      for (let k = 0; k < F; k++) {
        if (r >= FOOT_HOLE.firstRow && r < FOOT_HOLE.lastRow && (k < h || k >= F - h)) continue;
        // The seam runs along the sole (column F/2).
        const s0 = (k + F / 2) % F, s1 = s0 + 1;
        quad(foot, [
          { vertex: FG(r, k), s: s0, t: r + 0.5 }, { vertex: FG(r, k + 1), s: s1, t: r + 0.5 },
          { vertex: FG(r + 1, k + 1), s: s1, t: r + 1.5 }, { vertex: FG(r + 1, k), s: s0, t: r + 1.5 },
        ]);
      }
    }
    const footRow = (r: number): number[] => Array.from({ length: F }, (_, k) => FG(r, (k + F / 2) % F));
    fan(foot, footRow(0), heel, 0.5, 0);
    fan(foot, footRow(R.footRows - 1), toe, R.footRows - 0.5, R.footRows + 0.5);

    // Arm: root loop round the hole (top edge front → back, back edge down, bottom edge back → front, front edge up).
    const a = ARM_HOLE.firstColumn, b = ARM_HOLE.lastColumn, lo = TORSO_ROWS.armpit, hi = TORSO_ROWS.acromion;
    const armLoop: number[] = [];
    for (let j = a; j <= b; j++) armLoop.push(T(hi, j));
    for (let i = hi - 1; i > lo; i--) armLoop.push(T(i, b));
    for (let j = b; j >= a; j--) armLoop.push(T(lo, j));
    for (let i = lo + 1; i < hi; i++) armLoop.push(T(i, a));
    const armRings = Array.from({ length: R.armRings }, (_, r) => Array.from({ length: K }, () => vertex(r < R.armRings - 1 ? 'arm' : 'hand', sign)));
    tube(island(`${name} arm`, K, R.armRings), [armLoop, ...armRings], 0);

    // Palm.
    const P = 20;
    const palmGrid = new Int32Array(R.palmRows * P).fill(-1);
    const th = THUMB_HOLE;
    for (let r = 0; r < R.palmRows; r++) {
      for (let k = 0; k < P; k++) {
        if (r > th.firstRow && r < th.lastRow && k > th.firstColumn && k < th.lastColumn) continue;
        palmGrid[r * P + k] = vertex('hand', sign);
      }
    }
    const PG = (r: number, k: number): number => palmGrid[r * P + (k % P)];
    const palmIsland = island(`${name} palm`, P, R.palmRows);
    const wrist = armRings[R.armRings - 1];
    for (let r = -1; r + 1 < R.palmRows; r++) {
      for (let k = 0; k < P; k++) {
        if (r >= th.firstRow && r < th.lastRow && k >= th.firstColumn && k < th.lastColumn) continue;
        const v = (rr: number, kk: number): number => (rr < 0 ? wrist[kk % P] : PG(rr, kk));
        quad(palmIsland, [
          { vertex: v(r, k), s: k, t: r + 1 }, { vertex: v(r, k + 1), s: k + 1, t: r + 1 },
          { vertex: v(r + 1, k + 1), s: k + 1, t: r + 2 }, { vertex: v(r + 1, k), s: k, t: r + 2 },
        ]);
      }
    }
    const last = R.palmRows - 1;
    const webs = Array.from({ length: 3 }, () => vertex('finger', sign));
    const D = (k: number): number => PG(last, k);
    const Pm = (k: number): number => PG(last, 18 - k); // p_k
    const pinkySide = PG(last, 9), thumbSide = PG(last, 19);
    const fingerSides = [thumbSide, webs[0], webs[1], webs[2], pinkySide];
    const FR = R.fingerColumns;
    const fingers = [0, 1, 2, 3].map((f) => {
      const d = 2 * f;
      const loop = [D(d), D(d + 1), D(d + 2), fingerSides[f + 1], Pm(d + 2), Pm(d + 1), Pm(d), fingerSides[f]];
      const rings = Array.from({ length: R.fingerRings }, () => Array.from({ length: FR }, () => vertex('finger', sign)));
      const tip = vertex('finger', sign);
      const isl = island(`${name} ${['index', 'middle', 'ring', 'pinky'][f]}`, FR, R.fingerRings + 1);
      tube(isl, [loop, ...rings], 0);
      fan(isl, rings[R.fingerRings - 1], tip, R.fingerRings, R.fingerRings + 0.7);
      return { loop, rings, tip };
    });

    const thumbLoop: number[] = [];
    for (let k = th.firstColumn; k <= th.lastColumn; k++) thumbLoop.push(PG(th.firstRow, k));
    for (let r = th.firstRow + 1; r < th.lastRow; r++) thumbLoop.push(PG(r, th.lastColumn));
    for (let k = th.lastColumn; k >= th.firstColumn; k--) thumbLoop.push(PG(th.lastRow, k));
    for (let r = th.lastRow - 1; r > th.firstRow; r--) thumbLoop.push(PG(r, th.firstColumn));
    const thumbRings = Array.from({ length: R.thumbRings }, () => Array.from({ length: FR }, () => vertex('finger', sign)));
    const thumbTip = vertex('finger', sign);
    const thumbIsland = island(`${name} thumb`, FR, R.thumbRings + 1);
    tube(thumbIsland, [thumbLoop, ...thumbRings], 0);
    fan(thumbIsland, thumbRings[R.thumbRings - 1], thumbTip, R.thumbRings, R.thumbRings + 0.7);

    return {
      sign,
      leg: { loop: legLoop, rings: legRings },
      foot: { grid: footGrid, loop: footLoop, heel, toe },
      arm: { loop: armLoop, rings: armRings },
      palm: { grid: palmGrid, webs },
      fingers,
      thumb: { loop: thumbLoop, rings: thumbRings, tip: thumbTip },
    };
  };

  /** Quads between consecutive rings of equal length; the seam is at column 0 (s = K closes it). */
  function tube(isl: number, rings: number[][], t0: number): void {
    for (let r = 0; r + 1 < rings.length; r++) {
      const A = rings[r], B = rings[r + 1];
      const K = A.length;
      for (let k = 0; k < K; k++) {
        const k1 = (k + 1) % K;
        quad(isl, [
          { vertex: A[k], s: k, t: t0 + r }, { vertex: A[k1], s: k + 1, t: t0 + r },
          { vertex: B[k1], s: k + 1, t: t0 + r + 1 }, { vertex: B[k], s: k, t: t0 + r + 1 },
        ]);
      }
    }
  }

  /** A triangle fan closing a ring; each triangle has its own copy of the tip in UV (a pole). */
  function fan(isl: number, ring: number[], tip: number, t: number, tTip: number): void {
    const K = ring.length;
    for (let k = 0; k < K; k++) {
      faces.push({
        island: isl,
        corners: [{ vertex: ring[k], s: k, t }, { vertex: ring[(k + 1) % K], s: k + 1, t }, { vertex: tip, s: k + 0.5, t: tTip }],
      });
    }
  }

  const sides: [BodySide, BodySide] = [buildSide(1), buildSide(-1)];
  return {
    vertexCount: next,
    faces,
    islands,
    region: Uint8Array.from(region),
    side: Int8Array.from(side),
    torso,
    crotch,
    sides,
    neckRing,
  };
}
