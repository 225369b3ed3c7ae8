import type { HeadTemplate } from '../../headTemplate.js';
import type { HairZone } from './hairZone.js';

/** Points on the scalp where strands grow. */
export interface ScalpRoots {
  /** xyz per root, on the template's surface. */
  positions: Float32Array;
  /** Unit surface normal per root. */
  normals: Float32Array;
  /** Distance inside the hairline per root, metres. */
  inset: Float32Array;
}

/** Options of {@link scalpRoots}. */
export interface ScalpRootsOptions {
  /** Least distance between two roots, metres. */
  spacing?: number;
  /** Roots keep at least this far inside the hairline, metres. */
  minInset?: number;
  /** Candidates drawn per root the area could hold: more fill the scalp more evenly. */
  candidates?: number;
}

export const SCALP_ROOTS_DEFAULTS: Required<ScalpRootsOptions> = {
  spacing: 0.015,
  minInset: 0.002,
  candidates: 6,
};

/**
 * Roots spread evenly over the hair zone: candidates drawn uniformly by area over the scalp's
 * triangles, each kept when no kept root is nearer than `spacing` (dart throwing, a Poisson-disc
 * pattern), so cards neither bunch up nor leave bald patches. `random` makes it repeatable.
 *
 * ```ts
 * const roots = scalpRoots(template, hairZone(template), seededRandom(7), { spacing: 0.015 });
 * ```
 */
export function scalpRoots(template: HeadTemplate, zone: HairZone, random: () => number, options: ScalpRootsOptions = {}): ScalpRoots {
  const o = { ...SCALP_ROOTS_DEFAULTS, ...options };
  const { positions: p, indices } = template.mesh;
  const n = template.mesh.normals!;
  const triangles: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (let t = 0; t < indices.length / 3; t++) {
    const a = indices[t * 3], b = indices[t * 3 + 1], c = indices[t * 3 + 2];
    if (Math.max(zone.inset[a], zone.inset[b], zone.inset[c]) < o.minInset) continue;
    total += area(p, a, b, c);
    triangles.push(t);
    cumulative.push(total);
  }
  const wanted = Math.ceil((total / (o.spacing * o.spacing * 0.87)) * o.candidates);
  const cell = o.spacing;
  const grid = new Map<number, number[]>();
  const key = (x: number, y: number, z: number): number =>
    ((Math.floor(x / cell) + 512) * 1024 + (Math.floor(y / cell) + 512)) * 1024 + (Math.floor(z / cell) + 512);
  const kept: number[] = [], normals: number[] = [], insets: number[] = [];
  const s2 = o.spacing * o.spacing;
  for (let k = 0; k < wanted && triangles.length > 0; k++) {
    const t = triangles[lowerBound(cumulative, random() * total)];
    let u = random(), v = random();
    if (u + v > 1) { u = 1 - u; v = 1 - v; }
    const w = [1 - u - v, u, v];
    const corners = [indices[t * 3], indices[t * 3 + 1], indices[t * 3 + 2]];
    const inset = w[0] * zone.inset[corners[0]] + w[1] * zone.inset[corners[1]] + w[2] * zone.inset[corners[2]];
    if (inset < o.minInset) continue;
    const q = [0, 1, 2].map((i) => w[0] * p[corners[0] * 3 + i] + w[1] * p[corners[1] * 3 + i] + w[2] * p[corners[2] * 3 + i]);
    if (tooClose(grid, key, q, kept, s2, cell)) continue;
    const m = [0, 1, 2].map((i) => w[0] * n[corners[0] * 3 + i] + w[1] * n[corners[1] * 3 + i] + w[2] * n[corners[2] * 3 + i]);
    const length = Math.hypot(m[0], m[1], m[2]) || 1;
    const id = kept.length / 3;
    kept.push(...q);
    normals.push(m[0] / length, m[1] / length, m[2] / length);
    insets.push(inset);
    const cellKey = key(q[0], q[1], q[2]);
    const list = grid.get(cellKey);
    if (list) list.push(id); else grid.set(cellKey, [id]);
  }
  return { positions: Float32Array.from(kept), normals: Float32Array.from(normals), inset: Float32Array.from(insets) };
}

function tooClose(grid: Map<number, number[]>, key: (x: number, y: number, z: number) => number, q: number[], kept: number[], s2: number, cell: number): boolean {
  for (let dx = -1; dx <= 1; dx++) {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dz = -1; dz <= 1; dz++) {
        for (const i of grid.get(key(q[0] + dx * cell, q[1] + dy * cell, q[2] + dz * cell)) ?? []) {
          if ((kept[i * 3] - q[0]) ** 2 + (kept[i * 3 + 1] - q[1]) ** 2 + (kept[i * 3 + 2] - q[2]) ** 2 < s2) return true;
        }
      }
    }
  }
  return false;
}

function lowerBound(sorted: number[], x: number): number {
  let lo = 0, hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1; else hi = mid;
  }
  return lo;
}

function area(p: Float32Array, a: number, b: number, c: number): number {
  const ux = p[b * 3] - p[a * 3], uy = p[b * 3 + 1] - p[a * 3 + 1], uz = p[b * 3 + 2] - p[a * 3 + 2];
  const vx = p[c * 3] - p[a * 3], vy = p[c * 3 + 1] - p[a * 3 + 1], vz = p[c * 3 + 2] - p[a * 3 + 2];
  return 0.5 * Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
}
