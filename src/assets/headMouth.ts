import type { FieldSampling } from '../geometry/sampleField.js';
import type { HeadGrid } from './headGrid.js';
import { mouthBagShape, type UvBox } from './headMouthShape.js';
import { MEAN_FACE } from '../geometry/meanFace.js';
import type { HeadMouth } from '../geometry/template.js';

export type { HeadMouth } from '../geometry/template.js';

/** The inner lip contours, from the person's right corner (78) to the left one (308), MediaPipe numbering. */
export const UPPER_INNER_LIP = [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308] as const;
export const LOWER_INNER_LIP = [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308] as const;

/** Where the bag's UVs go in the standard layout: the empty strip right of the band, below the cap. */
export const MOUTH_BAG_UVS: UvBox = { u0: 0.84, v0: 0.52, u1: 0.96, v1: 0.92 };

/**
 * Where a merged head's curtain of long hair has texels of its own in the standard layout (see
 * curtainTexture.ts): the empty strip between the band (u ≤ 0.8) and the mouth bag, below the cap.
 */
export const CURTAIN_STRIP_UVS: UvBox = { u0: 0.81, v0: 0.47, u1: 0.834, v1: 0.99 };

/** What a template is built from, before and after the mouth goes in. */
export interface MouthParts {
  positions: Float32Array;
  base: Float64Array;
  uvs: Float32Array;
  quads: Uint32Array;
  theta: Float32Array;
  s: Float32Array;
  ear: Float32Array;
  headWeight: Float32Array;
  sampling: FieldSampling;
  /** First vertex of the cap; the mouth's vertices go in just before it (the cap stays last). */
  capStart: number;
  /** Triangles beyond those of the quads (the bag's), to append to the quads' triangulation. */
  triangles?: Uint32Array;
}

/**
 * Cuts the mouth into a pressed head grid: the grid row nearest the line between the inner lips is
 * snapped onto that line (its ends onto the mouth corners, landmarks 78 and 308), the quads below it
 * take duplicates of its inner vertices, so upper and lower lip are separate surfaces that coincide
 * at rest (the duplicates are fitting-field duplicates, `sampling.weld`, so every fit keeps the lips
 * closed), and a mouth bag (headMouthShape.ts) is hung behind the slit. New vertices go between the
 * band and the cap. The bag is triangles only (`parts.triangles`, to go after the quads' own), so
 * the skin's triangles keep their numbers and the quads stay the skin's.
 */
export function addMouth(grid: HeadGrid, parts: MouthParts): { parts: MouthParts; mouth: HeadMouth } {
  const slit = findSlit(grid, parts.positions);
  if (!slit) {
    const none = new Uint32Array(0);
    const mouth = { upper: none, lower: none, bag: none, bagColumn: none, bagSide: new Float32Array(0), bagDepth: new Float32Array(0), firstBagTriangle: parts.quads.length / 2, row: -1 };
    return { parts, mouth };
  }
  const { row, j0, j1 } = slit;
  const c = grid.columns, at = (j: number): number => row * (c + 1) + j;
  const positions = parts.positions.slice();
  snapSlit(positions, Array.from({ length: j1 - j0 + 1 }, (_, k) => at(j0 + k)));

  const columns = j1 - j0 + 1;
  const rim = new Float32Array(columns * 3);
  for (let k = 0; k < columns; k++) rim.set(positions.subarray(at(j0 + k) * 3, at(j0 + k) * 3 + 3), k * 3);
  const bag = mouthBagShape(rim, MOUTH_BAG_UVS);
  const duplicates = columns - 2;
  const bagCount = bag.positions.length / 3;
  const extra = duplicates + bagCount;
  const first = parts.capStart;
  const count = positions.length / 3;
  const remap = (i: number): number => (i < first ? i : i + extra);
  const dup = (k: number): number => first + k - 1;
  const bagVertex = (b: number): number => first + duplicates + b;
  // The slit vertex each new vertex stands for (its fitting field, head weight, θ and s).
  const source = new Uint32Array(extra);
  for (let k = 1; k < columns - 1; k++) source[k - 1] = at(j0 + k);
  for (let b = 0; b < bagCount; b++) source[duplicates + b] = at(j0 + bag.column[b]);

  const grow = <T extends Float32Array | Float64Array>(a: T, size: number, fill: (out: T, e: number, src: number) => void): T => {
    const out = new (a.constructor as new (n: number) => T)((count + extra) * size);
    out.set(a.subarray(0, first * size));
    out.set(a.subarray(first * size), (first + extra) * size);
    for (let e = 0; e < extra; e++) fill(out, e, source[e]);
    return out;
  };
  const copy = <T extends Float32Array | Float64Array>(a: T, size: number): T =>
    grow(a, size, (out, e, src) => out.set(a.subarray(src * size, src * size + size), (first + e) * size));
  const newPositions = grow(positions, 3, (out, e, src) => {
    if (e < duplicates) out.set(positions.subarray(src * 3, src * 3 + 3), (first + e) * 3);
    else out.set(bag.positions.subarray((e - duplicates) * 3, (e - duplicates) * 3 + 3), (first + e) * 3);
  });
  // A bag vertex's generic-head position keeps its offset from the slit vertex it hangs from.
  const base = grow(parts.base, 3, (out, e, src) => {
    for (let k = 0; k < 3; k++) out[(first + e) * 3 + k] = parts.base[src * 3 + k] + newPositions[(first + e) * 3 + k] - positions[src * 3 + k];
  });
  const uvs = grow(parts.uvs, 2, (out, e, src) => {
    if (e < duplicates) out.set(parts.uvs.subarray(src * 2, src * 2 + 2), (first + e) * 2);
    else out.set(bag.uvs.subarray((e - duplicates) * 2, (e - duplicates) * 2 + 2), (first + e) * 2);
  });
  const ear = grow(parts.ear, 1, () => undefined);

  // Quads: renumbered; the row under the slit takes the duplicates.
  const skinQuads = parts.quads.length / 4;
  const quads = Uint32Array.from(parts.quads, remap);
  for (let j = j0; j < j1; j++) {
    const q = (row * c + j) * 4;
    for (let k = 0; k < 4; k++) {
      // Vertices of the slit's row are row * (c + 1) + column; the row below starts past column c.
      const col = quads[q + k] - row * (c + 1);
      if (col > j0 && col < j1) quads[q + k] = dup(col - j0);
    }
  }

  const upper = Uint32Array.from({ length: columns }, (_, k) => at(j0 + k));
  const lower = Uint32Array.from({ length: columns }, (_, k) => (k === 0 || k === columns - 1 ? at(j0 + k) : dup(k)));
  return {
    parts: {
      positions: newPositions, base, uvs, quads, ear,
      theta: copy(parts.theta, 1), s: copy(parts.s, 1), headWeight: copy(parts.headWeight, 1),
      sampling: growSampling(parts.sampling, first, source, mouthWeld(bag.side, bag.depth, source, duplicates, first)),
      capStart: first + extra,
      triangles: Uint32Array.from(bag.triangles, bagVertex),
    },
    mouth: {
      upper, lower,
      bag: Uint32Array.from({ length: bagCount }, (_, b) => bagVertex(b)),
      bagColumn: bag.column, bagSide: bag.side, bagDepth: bag.depth,
      firstBagTriangle: skinQuads * 2,
      row,
    },
  };
}

/**
 * The fitting field at the new vertices: the duplicates are weld duplicates of the slit vertices
 * (same value, and fitHead keeps them at the same place); bag vertices take the value of the slit
 * vertex they hang from, so the bag moves with the lips.
 */
function growSampling(sampling: FieldSampling, first: number, source: Uint32Array, weldTo: Int32Array): FieldSampling {
  const extra = source.length;
  const remap = (i: number): number => (i < first ? i : i + extra);
  const count = sampling.weld.length;
  const weld = new Uint32Array(count + extra);
  for (let v = 0; v < count; v++) weld[remap(v)] = remap(sampling.weld[v]);
  for (let e = 0; e < extra; e++) weld[first + e] = weldTo[e] >= 0 ? weldTo[e] : first + e;
  const sources = new Uint32Array(sampling.sources.length + extra * 4);
  sources.set(Array.from(sampling.sources, remap));
  const weights = new Float32Array(sampling.weights.length + extra * 4);
  weights.set(sampling.weights);
  for (let e = 0; e < extra; e++) {
    sources.fill(source[e], sampling.sources.length + e * 4, sampling.sources.length + e * 4 + 4);
    weights[sampling.weights.length + e * 4] = 1;
  }
  return {
    exact: Uint32Array.from(sampling.exact, remap),
    interpolated: Uint32Array.from([...Array.from(sampling.interpolated, remap), ...Array.from({ length: extra }, (_, e) => first + e)]),
    sources,
    weights,
    weld,
  };
}

/**
 * Weld targets of the new vertices (−1: none): the lower lip's duplicates are their slit vertices;
 * the bag's lower wall is its upper wall wherever the two coincide at rest (the rim, the corner
 * columns and the back), so that whatever moves the fitted surface by the weld (fitting, smoothing)
 * keeps the bag closed as it keeps the lips closed.
 */
function mouthWeld(side: Float32Array, depth: Float32Array, source: Uint32Array, duplicates: number, first: number): Int32Array {
  const perWall = side.length / 2;
  const weldTo = new Int32Array(duplicates + side.length).fill(-1);
  for (let e = 0; e < duplicates; e++) weldTo[e] = source[e];
  for (let b = perWall; b < side.length; b++) {
    if (side[b] === 0.5 || depth[b] === 0) weldTo[duplicates + b] = first + duplicates + b - perWall;
  }
  return weldTo;
}

/** The grid row along the mouth and the columns of its corners, or null on a grid too coarse for a mouth. */
function findSlit(grid: HeadGrid, p: Float32Array): { row: number; j0: number; j1: number } | null {
  const c = grid.columns, middle = c / 2;
  const target = [0, 1, 2].map((k) => (MEAN_FACE[13 * 3 + k] + MEAN_FACE[14 * 3 + k]) / 2);
  let row = -1, best = Infinity;
  for (let r = 0; r < grid.rows; r++) {
    const v = r * (c + 1) + middle;
    const d = Math.hypot(p[v * 3] - target[0], p[v * 3 + 1] - target[1], p[v * 3 + 2] - target[2]);
    if (d < best) { best = d; row = r; }
  }
  const corner = (landmark: number, from: number, to: number): number => {
    let col = from, bestX = Infinity;
    for (let j = from; j <= to; j++) {
      const dx = Math.abs(p[(row * (c + 1) + j) * 3] - MEAN_FACE[landmark * 3]);
      if (dx < bestX) { bestX = dx; col = j; }
    }
    return col;
  };
  const j0 = corner(78, middle - c / 4, middle), j1 = corner(308, middle, middle + c / 4);
  return j1 - j0 >= 4 ? { row, j0, j1 } : null;
}

/** Puts the slit's vertices on the line midway between the inner lips; its ends on the corners. */
function snapSlit(p: Float32Array, slit: number[]): void {
  const mid = UPPER_INNER_LIP.map((u, i) => [0, 1, 2].map((k) => (MEAN_FACE[u * 3 + k] + MEAN_FACE[LOWER_INNER_LIP[i] * 3 + k]) / 2));
  const ends = [slit[0], slit[slit.length - 1]];
  for (const v of slit) {
    if (v === ends[0] || v === ends[1]) {
      const landmark = v === ends[0] ? 78 : 308;
      for (let k = 0; k < 3; k++) p[v * 3 + k] = MEAN_FACE[landmark * 3 + k];
      continue;
    }
    const x = p[v * 3];
    let i = 0;
    while (i < mid.length - 2 && mid[i + 1][0] < x) i++;
    const f = Math.min(1, Math.max(0, (x - mid[i][0]) / (mid[i + 1][0] - mid[i][0])));
    p[v * 3 + 1] = mid[i][1] + f * (mid[i + 1][1] - mid[i][1]);
    p[v * 3 + 2] = mid[i][2] + f * (mid[i + 1][2] - mid[i][2]);
  }
}

/**
 * The mouth's UVs in another layout (repackUvs.ts): the lower lip's duplicates take their upper
 * vertex's UV from `uvs`, the bag its standard rectangle moved into `box`.
 */
export function placeMouthUvs(mouth: HeadMouth, standard: Float32Array, uvs: Float32Array, box: UvBox): void {
  for (let k = 0; k < mouth.lower.length; k++) {
    if (mouth.lower[k] !== mouth.upper[k]) uvs.set(uvs.subarray(mouth.upper[k] * 2, mouth.upper[k] * 2 + 2), mouth.lower[k] * 2);
  }
  const from = MOUTH_BAG_UVS;
  for (const v of mouth.bag) {
    const fu = (standard[v * 2] - from.u0) / (from.u1 - from.u0), fv = (standard[v * 2 + 1] - from.v0) / (from.v1 - from.v0);
    uvs[v * 2] = box.u0 + fu * (box.u1 - box.u0);
    uvs[v * 2 + 1] = box.v0 + fv * (box.v1 - box.v0);
  }
}
