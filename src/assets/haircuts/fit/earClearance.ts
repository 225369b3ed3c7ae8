import type { HeadTemplate } from '../../headTemplate.js';
import { headSurface } from '../../../geometry/headSurface.js';
import { skullMesh } from '../authoring/skullMesh.js';

/** Options of {@link earClearance}. */
export interface EarClearanceOptions {
  /** Room left between hair and ear, metres. */
  margin?: number;
  /** How far around the ear hair starts to rise to pass over it, metres (a Gaussian's σ). */
  reach?: number;
  /** Cell of the height maps, metres. */
  cell?: number;
}

export const EAR_CLEARANCE_DEFAULTS: Required<EarClearanceOptions> = {
  margin: 0.005,
  reach: 0.012,
  cell: 0.002,
};

const cache = new WeakMap<HeadTemplate, (x: number, y: number, z: number) => number>();

/**
 * How high above the skull hair must pass at a point to clear the ears: for each side a height map
 * over the side of the head (y, z), the smooth maximum of every ear vertex's height above the skull
 * (plus `margin`) under a Gaussian of width `reach`. Strands given this as extra height fall over
 * an ear in one smooth curtain instead of catching on its rim. 0 away from the ears. Cached per
 * template.
 *
 * ```ts
 * const over = earClearance(template);
 * const extra = over(0.08, 0, -0.02);   // ≈ the ear's height there, plus the margin
 * ```
 */
export function earClearance(template: HeadTemplate, options: EarClearanceOptions = {}): (x: number, y: number, z: number) => number {
  const cached = cache.get(template);
  if (cached) return cached;
  const o = { ...EAR_CLEARANCE_DEFAULTS, ...options };
  const skull = headSurface(skullMesh(template));
  const p = template.mesh.positions;
  const maps = [template.regions.rightEar.vertices, template.regions.leftEar.vertices].map((ear) => {
    let y0 = Infinity, y1 = -Infinity, z0 = Infinity, z1 = -Infinity;
    for (const v of ear) {
      y0 = Math.min(y0, p[v * 3 + 1]); y1 = Math.max(y1, p[v * 3 + 1]);
      z0 = Math.min(z0, p[v * 3 + 2]); z1 = Math.max(z1, p[v * 3 + 2]);
    }
    const pad = 3 * o.reach;
    const origin = [y0 - pad, z0 - pad];
    const rows = Math.ceil((y1 - y0 + 2 * pad) / o.cell) + 1, columns = Math.ceil((z1 - z0 + 2 * pad) / o.cell) + 1;
    const height = new Float32Array(rows * columns);
    const spread = Math.ceil(pad / o.cell);
    for (const v of ear) {
      const h = skull.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]).distance + o.margin;
      if (h <= 0) continue;
      const r = Math.round((p[v * 3 + 1] - origin[0]) / o.cell), c = Math.round((p[v * 3 + 2] - origin[1]) / o.cell);
      for (let i = Math.max(0, r - spread); i <= Math.min(rows - 1, r + spread); i++) {
        for (let j = Math.max(0, c - spread); j <= Math.min(columns - 1, c + spread); j++) {
          const d2 = ((i - r) ** 2 + (j - c) ** 2) * o.cell * o.cell;
          height[i * columns + j] = Math.max(height[i * columns + j], h * Math.exp(-d2 / (2 * o.reach * o.reach)));
        }
      }
    }
    return { origin, rows, columns, height };
  });
  const lookup = (x: number, y: number, z: number): number => {
    if (Math.abs(x) < 0.04) return 0;
    const m = maps[x > 0 ? 1 : 0];
    const fy = (y - m.origin[0]) / o.cell, fz = (z - m.origin[1]) / o.cell;
    const i = Math.floor(fy), j = Math.floor(fz);
    if (i < 0 || j < 0 || i + 1 >= m.rows || j + 1 >= m.columns) return 0;
    const ty = fy - i, tz = fz - j, h = m.height, w = m.columns;
    return (h[i * w + j] * (1 - tz) + h[i * w + j + 1] * tz) * (1 - ty) + (h[(i + 1) * w + j] * (1 - tz) + h[(i + 1) * w + j + 1] * tz) * ty;
  };
  cache.set(template, lookup);
  return lookup;
}
