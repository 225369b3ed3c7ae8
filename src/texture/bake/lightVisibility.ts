import { rasterizeGrid } from '../../core/depthBuffer.js';
import type { Mesh } from '../../core/mesh.js';

/** Options of {@link lightVisibility}. */
export interface LightVisibilityOptions {
  /** The shadow map's longer side, in cells. */
  size?: number;
  /**
   * The penumbra's half-width as a fraction of the mesh's extent across the light: a face's key light
   * is a window or a softbox, not a point, and the fitted brow ridge is only near the person's.
   */
  softness?: number;
  /** How far (a fraction of the extent) a point may lie behind the nearest surface and still be lit: the map's own aliasing. */
  bias?: number;
}

export const LIGHT_VISIBILITY_DEFAULTS: Required<LightVisibilityOptions> = { size: 384, softness: 0.02, bias: 0.012 };

/** Taps of the penumbra filter along each axis. */
const TAPS = 5;
/** The cosine to the light below which a tangent plane's slope is taken as this one's: grazing planes run off to infinity. */
const MIN_FACING = 0.2;

/**
 * How much of a distant light from `direction` reaches each of `points` (xyz triples in the mesh's
 * frame, with their unit `normals`): 1 lit, 0 in the shadow another part of the mesh casts on it,
 * such as the brow ridge's into the eye sockets or the nose's onto the upper lip. A shadow map: the
 * mesh's depth seen from the light, rasterised orthographically, then a percentage-closer filter
 * over a square as wide as the penumbra. `has[i]` = 0 skips point i (it keeps 1).
 *
 * ```ts
 * const lit = lightVisibility(mesh, cellPoints, cellNormals, covered, [0, 0.6, 0.8]);
 * ```
 */
export function lightVisibility(
  mesh: Mesh, points: Float32Array, normals: Float32Array, has: Uint8Array, direction: readonly number[], options: LightVisibilityOptions = {},
): Float32Array {
  const o = { ...LIGHT_VISIBILITY_DEFAULTS, ...options };
  const map = shadowMap(mesh, direction, o.size);
  if (!map) return new Float32Array(has.length).fill(1);
  const out = new Float32Array(has.length);
  addVisibility(map, points, normals, has, o, out, 1, true);
  for (let i = 0; i < has.length; i++) if (!has[i]) out[i] = 1;
  return out;
}

/**
 * How open the sky above each of `points` is, cosine-weighted over its normal's hemisphere: 1 on a
 * cheek, less in the eye sockets, beside the nose and between the lips, where the rest of the face
 * keeps out a share of the room's light. One coarse shadow map per direction of a Fibonacci sphere.
 *
 * ```ts
 * const open = ambientVisibility(mesh, cellPoints, cellNormals, covered);
 * ```
 */
export function ambientVisibility(
  mesh: Mesh, points: Float32Array, normals: Float32Array, has: Uint8Array, directions = AMBIENT_DIRECTIONS,
): Float32Array {
  const count = has.length, lit = new Float32Array(count), total = new Float32Array(count);
  const o = { ...LIGHT_VISIBILITY_DEFAULTS, size: AMBIENT_MAP_SIZE, softness: AMBIENT_SOFTNESS };
  const golden = Math.PI * (3 - Math.sqrt(5));
  for (let d = 0; d < directions; d++) {
    const y = 1 - (2 * (d + 0.5)) / directions, r = Math.sqrt(1 - y * y);
    const direction = [r * Math.cos(golden * d), y, r * Math.sin(golden * d)];
    const map = shadowMap(mesh, direction, o.size);
    if (!map) continue;
    const seen = new Float32Array(count);
    addVisibility(map, points, normals, has, o, seen, 1, false);
    for (let i = 0; i < count; i++) {
      if (!has[i]) continue;
      const w = normals[i * 3] * direction[0] + normals[i * 3 + 1] * direction[1] + normals[i * 3 + 2] * direction[2];
      if (w <= 0) continue;
      lit[i] += w * seen[i];
      total[i] += w;
    }
  }
  for (let i = 0; i < count; i++) lit[i] = total[i] > 0 ? lit[i] / total[i] : 1;
  return lit;
}

/** Directions of {@link ambientVisibility}'s sky, and its maps' size and penumbra. */
const AMBIENT_DIRECTIONS = 24;
const AMBIENT_MAP_SIZE = 112;
const AMBIENT_SOFTNESS = 0.01;

/** The mesh's depth seen from a distant light: the map and the frame it was drawn in. */
interface ShadowMap {
  l: number[];
  e1: number[];
  e2: number[];
  u0: number;
  v0: number;
  scale: number;
  extent: number;
  width: number;
  height: number;
  depth: Float32Array;
}

function shadowMap(mesh: Mesh, direction: readonly number[], size: number): ShadowMap | null {
  const len = Math.hypot(direction[0], direction[1], direction[2]);
  if (!(len > 0)) return null;
  const l = [direction[0] / len, direction[1] / len, direction[2] / len];
  // Two axes across the light: any pair perpendicular to it and each other.
  const helper = Math.abs(l[0]) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  const e1 = normalize(cross(helper, l)), e2 = cross(l, e1);
  const p = mesh.positions, vertices = p.length / 3;
  const u = new Float32Array(vertices), v = new Float32Array(vertices), depth = new Float32Array(vertices);
  let u0 = Infinity, u1 = -Infinity, v0 = Infinity, v1 = -Infinity;
  for (let i = 0; i < vertices; i++) {
    const x = p[i * 3], y = p[i * 3 + 1], z = p[i * 3 + 2];
    u[i] = x * e1[0] + y * e1[1] + z * e1[2];
    v[i] = x * e2[0] + y * e2[1] + z * e2[2];
    // Distance from the light: larger is farther, as the rasteriser keeps the smallest.
    depth[i] = -(x * l[0] + y * l[1] + z * l[2]);
    u0 = Math.min(u0, u[i]); u1 = Math.max(u1, u[i]);
    v0 = Math.min(v0, v[i]); v1 = Math.max(v1, v[i]);
  }
  const extent = Math.max(u1 - u0, v1 - v0);
  if (!(extent > 0)) return null;
  const scale = (size - 1) / extent;
  const width = Math.ceil((u1 - u0) * scale) + 1, height = Math.ceil((v1 - v0) * scale) + 1;
  for (let i = 0; i < vertices; i++) {
    u[i] = (u[i] - u0) * scale;
    v[i] = (v[i] - v0) * scale;
  }
  return { l, e1, e2, u0, v0, scale, extent, width, height, depth: rasterizeGrid(mesh.indices, u, v, depth, width, height) };
}

/** out[i] += weight × the share of the penumbra's taps at which point i is lit (when it faces the light, or `all`). */
function addVisibility(
  map: ShadowMap, points: Float32Array, normals: Float32Array, has: Uint8Array, o: Required<LightVisibilityOptions>,
  out: Float32Array, weight: number, all: boolean,
): void {
  const { l, e1, e2, u0, v0, scale, width, height } = map;
  const bias = o.bias * map.extent, reach = o.softness * map.extent * scale;
  const taps = reach >= 1 ? TAPS : 1;
  for (let i = 0; i < has.length; i++) {
    if (!has[i]) continue;
    const nx = normals[i * 3], ny = normals[i * 3 + 1], nz = normals[i * 3 + 2];
    const cos = nx * l[0] + ny * l[1] + nz * l[2];
    if (!all && cos <= 0) continue;
    const x = points[i * 3], y = points[i * 3 + 1], z = points[i * 3 + 2];
    const gu = (x * e1[0] + y * e1[1] + z * e1[2] - u0) * scale;
    const gv = (x * e2[0] + y * e2[1] + z * e2[2] - v0) * scale;
    const d = -(x * l[0] + y * l[1] + z * l[2]) - bias;
    // Each tap is compared with the point's own tangent plane there, not with the point: a surface
    // slanted to the light would otherwise shadow itself across the penumbra's width.
    const facing = Math.max(MIN_FACING, cos);
    const slopeU = (nx * e1[0] + ny * e1[1] + nz * e1[2]) / facing / scale;
    const slopeV = (nx * e2[0] + ny * e2[1] + nz * e2[2]) / facing / scale;
    let lit = 0;
    for (let b = 0; b < taps; b++) {
      const dv = taps > 1 ? reach * ((2 * b) / (taps - 1) - 1) : 0, j = Math.round(gv + dv);
      for (let a = 0; a < taps; a++) {
        const du = taps > 1 ? reach * ((2 * a) / (taps - 1) - 1) : 0, k = Math.round(gu + du);
        // Off the map nothing lies between the point and the light.
        if (j < 0 || j >= height || k < 0 || k >= width || d + slopeU * du + slopeV * dv <= map.depth[j * width + k]) lit++;
      }
    }
    out[i] += weight * (lit / (taps * taps));
  }
}

function cross(a: readonly number[], b: readonly number[]): number[] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function normalize(a: number[]): number[] {
  const n = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / n, a[1] / n, a[2] / n];
}
