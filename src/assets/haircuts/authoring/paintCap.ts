import { CAP_DISC } from './hairAtlas.js';
import type { HairCap } from './hairCap.js';
import { HAIR_BASE_COLOR } from '../library/hairColor.js';
import { smoothstep } from '../../../core/smoothstep.js';

/** Options of {@link paintCap}. */
export interface PaintCapOptions {
  /** Seed of the strand noise. */
  seed?: number;
  /** Strands at least this long (metres) cover the cap solidly; shorter ones are stubble (see {@link paintCap}). */
  solidLength?: number;
}

export const PAINT_CAP_DEFAULTS: Required<PaintCapOptions> = {
  seed: 1,
  solidLength: 0.012,
};

/** Strands around the disc (across the radial streaks) and along its radius. */
const AROUND = 900, ALONG = 14;

/**
 * Paints the cap disc of a haircut atlas (hairAtlas.ts) into premultiplied RGBA floats (size ×
 * size × 4): fine streaks radiating from the crown, as hair grows from its whorl, in a darker shade
 * of the base colour; alpha is the hair density of the cap's vertices (rasterised through their
 * UVs), roughened by the streaks so that the hairline is ragged rather than a drawn line. Where
 * the style's strands are shorter than `solidLength` (a buzz cut, an undercut's sides) the cap is
 * all the hair there is: stubble, skin showing between the hairs and more so towards the hairline;
 * elsewhere it is the shade under the cards, solid up to its ragged edge.
 *
 * ```ts
 * paintCap(rgba, 2048, hairCap(template, zone, style));
 * ```
 */
export function paintCap(rgba: Float32Array, size: number, cap: HairCap, options: PaintCapOptions = {}): void {
  const o = { ...PAINT_CAP_DEFAULTS, ...options };
  const [density, length] = [cap.density, cap.length].map((values) => rasterise(cap, values, size));
  const cx = CAP_DISC.u * size, cy = CAP_DISC.v * size, radius = CAP_DISC.radius * size;
  const base = [HAIR_BASE_COLOR.red, HAIR_BASE_COLOR.green, HAIR_BASE_COLOR.blue].map((c) => c / 255);
  const x0 = Math.floor(cx - radius), y0 = Math.floor(cy - radius);
  for (let y = y0; y < Math.ceil(cy + radius); y++) {
    for (let x = x0; x < Math.ceil(cx + radius); x++) {
      const at = (y - y0) * (2 * Math.ceil(radius) + 2) + (x - x0);
      const d = density[at];
      if (!(d > 0)) continue;
      const stubble = 1 - smoothstep(0.4 * o.solidLength, o.solidLength, length[at]);
      const dx = x + 0.5 - cx, dy = y + 0.5 - cy;
      const around = ((Math.atan2(dy, dx) / (2 * Math.PI)) + 1) * AROUND;
      const along = (Math.hypot(dx, dy) / radius) * ALONG;
      const streak = 0.6 * noise(around, along, AROUND, o.seed) + 0.4 * noise(around * 2.3, along * 3, Math.round(AROUND * 2.3), o.seed + 1);
      // Single texels of hair, fewer towards the hairline; stubble leaves skin between them everywhere.
      const coverage = smoothstep(0.25, 0.85, d + 0.3 * (streak - 0.5)) * (1 - 0.12 * stubble);
      const alpha = hash(x, y, o.seed + 2) < coverage ? 1 : 0;
      const shade = 0.7 - 0.22 * stubble + (0.45 - 0.25 * stubble) * streak;
      const i = (y * size + x) * 4;
      for (let c = 0; c < 3; c++) rgba[i + c] = base[c] * shade * alpha;
      rgba[i + 3] = alpha;
    }
  }
}

/** Per-vertex values of the cap interpolated over its triangles in the disc's square of texels. */
function rasterise(cap: HairCap, values: Float32Array, size: number): Float32Array {
  const radius = Math.ceil(CAP_DISC.radius * size);
  const side = 2 * radius + 2;
  const ox = Math.floor(CAP_DISC.u * size - CAP_DISC.radius * size), oy = Math.floor(CAP_DISC.v * size - CAP_DISC.radius * size);
  const out = new Float32Array(side * side);
  const { uvs, indices } = cap.mesh;
  const uv = uvs!;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    const ax = uv[a * 2] * size - ox, ay = uv[a * 2 + 1] * size - oy;
    const bx = uv[b * 2] * size - ox, by = uv[b * 2 + 1] * size - oy;
    const cx = uv[c * 2] * size - ox, cy = uv[c * 2 + 1] * size - oy;
    const area = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (Math.abs(area) < 1e-12) continue;
    const minX = Math.max(0, Math.floor(Math.min(ax, bx, cx))), maxX = Math.min(side - 1, Math.ceil(Math.max(ax, bx, cx)));
    const minY = Math.max(0, Math.floor(Math.min(ay, by, cy))), maxY = Math.min(side - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const px = x + 0.5, py = y + 0.5;
        const w0 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / area;
        const w1 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / area;
        const w2 = 1 - w0 - w1;
        // A hair's breadth of slack closes the cracks between neighbouring triangles.
        if (w0 < -0.02 || w1 < -0.02 || w2 < -0.02) continue;
        out[y * side + x] = Math.max(out[y * side + x], w0 * values[a] + w1 * values[b] + w2 * values[c]);
      }
    }
  }
  return out;
}

/** Smooth value noise on a lattice, periodic in x with `period` cells, in [0, 1]. */
function noise(x: number, y: number, period: number, seed: number): number {
  const xi = Math.floor(x), yi = Math.floor(y);
  const fx = x - xi, fy = y - yi;
  const sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy);
  const at = (i: number, j: number): number => hash((((i % period) + period) % period), j, seed);
  const top = at(xi, yi) + (at(xi + 1, yi) - at(xi, yi)) * sx;
  const bottom = at(xi, yi + 1) + (at(xi + 1, yi + 1) - at(xi, yi + 1)) * sx;
  return top + (bottom - top) * sy;
}

function hash(i: number, j: number, seed: number): number {
  let h = Math.imul(i, 374761393) ^ Math.imul(j, 668265263) ^ Math.imul(seed, 982451653);
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

