import { computeNormals } from './computeNormals.js';
import type { Mesh } from '../core/mesh.js';

/** Options of {@link smoothRelief}. */
export interface SmoothReliefOptions {
  /** Rounds of Taubin smoothing (each a shrinking step and an inflating one). */
  rounds?: number;
  /** Step of the shrinking half of a round (Taubin's λ). */
  step?: number;
  /**
   * The inflating half of a round, relative to `step` (Taubin's −μ/λ): 1.06 keeps the overall
   * shape; 0 is plain Laplacian smoothing, which also rounds off what stands out.
   */
  inflation?: number;
  /**
   * Vertex i and `weld[i]` are the same point (UV-seam duplicates, see fieldSampling.ts): they are
   * smoothed as one. Empty: no seams.
   */
  weld?: Uint32Array;
}

/** Half-rounds between updates of the normals. */
const NORMAL_UPDATE = 8;

export const SMOOTH_RELIEF_DEFAULTS: Required<SmoothReliefOptions> = {
  rounds: 10,
  step: 0.5,
  inflation: 1.06,
  weld: new Uint32Array(0),
};

/**
 * Flattens the fine relief of a surface (wrinkles, creases, small bumps) where `weights` say so,
 * keeping its overall shape: Taubin's λ|μ smoothing, which does not shrink the surface as plain
 * Laplacian smoothing does, with each step moving a vertex along its normal only. Moving only
 * along the normal keeps vertices where they are on the surface, so a texture stays on the
 * features it was baked for and the grid stays as even as it was.
 *
 * `weights` (one per vertex, 0..1) scale each step: 0 leaves a vertex exactly where it is.
 * Needs `mesh.normals`; returns new positions (flat xyz).
 *
 * ```ts
 * const positions = smoothRelief(mesh, faceWeights, { rounds: 10, weld: template.sampling.weld });
 * ```
 */
export function smoothRelief(mesh: Mesh, weights: ArrayLike<number>, options: SmoothReliefOptions = {}): Float32Array {
  const o = { ...SMOOTH_RELIEF_DEFAULTS, ...options };
  if (!mesh.normals) throw new Error('smoothRelief needs vertex normals');
  const count = mesh.positions.length / 3;
  const weld = o.weld.length === count ? o.weld : identity(count);
  const { start, neighbours } = vertexNeighbours(mesh.indices, weld, count);
  const p = Float64Array.from(mesh.positions);
  let n: ArrayLike<number> = mesh.normals;
  const offset = new Float64Array(count);
  for (let round = 0; round < o.rounds * 2; round++) {
    // Normals follow the surface as it flattens, so that steps stay across it where it curves hard
    // (nostrils, lip corners).
    if (round > 0 && round % NORMAL_UPDATE === 0) {
      n = computeNormals({ positions: Float32Array.from(p), indices: mesh.indices }, { weld }).normals!;
    }
    const factor = round % 2 === 0 ? o.step : -o.inflation * o.step;
    if (factor === 0) continue;
    for (let v = 0; v < count; v++) {
      offset[v] = 0;
      if (weld[v] !== v || !(weights[v] > 0) || start[v + 1] === start[v]) continue;
      let x = 0, y = 0, z = 0;
      for (let k = start[v]; k < start[v + 1]; k++) {
        const w = neighbours[k];
        x += p[w * 3];
        y += p[w * 3 + 1];
        z += p[w * 3 + 2];
      }
      const m = start[v + 1] - start[v];
      const along = (x / m - p[v * 3]) * n[v * 3] + (y / m - p[v * 3 + 1]) * n[v * 3 + 1] + (z / m - p[v * 3 + 2]) * n[v * 3 + 2];
      offset[v] = factor * weights[v] * along;
    }
    for (let v = 0; v < count; v++) {
      if (offset[v] === 0) continue;
      for (let k = 0; k < 3; k++) p[v * 3 + k] += offset[v] * n[v * 3 + k];
    }
  }
  const out = Float32Array.from(p);
  for (let v = 0; v < count; v++) if (weld[v] !== v) out.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
  return out;
}

interface Neighbours {
  start: Uint32Array;
  neighbours: Uint32Array;
}

/** Per index buffer (templates share theirs with every fitted head) and weld map. */
const neighbourCache = new WeakMap<Uint32Array, WeakMap<Uint32Array, Neighbours>>();

/** Neighbours of each welded vertex along triangle edges (compressed rows; duplicates point to their weld target). */
function vertexNeighbours(indices: Uint32Array, weld: Uint32Array, count: number): Neighbours {
  let byWeld = neighbourCache.get(indices);
  if (!byWeld) neighbourCache.set(indices, (byWeld = new WeakMap()));
  let found = byWeld.get(weld);
  if (!found) byWeld.set(weld, (found = buildNeighbours(indices, weld, count)));
  return found;
}

function buildNeighbours(indices: Uint32Array, weld: Uint32Array, count: number): Neighbours {
  const sets = new Map<number, Set<number>>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let e = 0; e < 3; e++) {
      const a = weld[indices[t + e]], b = weld[indices[t + ((e + 1) % 3)]];
      if (a === b) continue;
      let sa = sets.get(a);
      if (!sa) sets.set(a, (sa = new Set()));
      sa.add(b);
      let sb = sets.get(b);
      if (!sb) sets.set(b, (sb = new Set()));
      sb.add(a);
    }
  }
  const start = new Uint32Array(count + 1);
  for (let v = 0; v < count; v++) start[v + 1] = start[v] + (sets.get(v)?.size ?? 0);
  const neighbours = new Uint32Array(start[count]);
  for (let v = 0; v < count; v++) {
    let k = start[v];
    for (const w of sets.get(v) ?? []) neighbours[k++] = w;
  }
  return { start, neighbours };
}

const identities = new Map<number, Uint32Array>();

function identity(count: number): Uint32Array {
  let ids = identities.get(count);
  if (!ids) identities.set(count, (ids = Uint32Array.from({ length: count }, (_, i) => i)));
  return ids;
}
