import type { Batch } from './batch.js';
import { shade } from './shade.js';
import { sampleMipmaps } from './texture.js';
import { ATTRIBUTES, SUBPIXELS } from './vertices.js';

const texel = new Float64Array(4);
const lit = new Float64Array(3);

/**
 * Colour of triangle (i0, i1, i2) of `screen`/`attributes`, drawn with `batch`, at point (x, y) in
 * sub-samples: perspective-correct attributes (barycentric weights divided by w), base colour × texture,
 * lit with the interpolated normal, or with `faceNormal` for a flat batch. Writes linear RGB and straight
 * alpha to `out`. `lod` is the texture level, from {@link textureLod}.
 */
export function shadeFragment(
  batch: Batch, screen: Float64Array, attributes: Float64Array, i0: number, i1: number, i2: number,
  x: number, y: number, lod: number, faceNormal: Float64Array, out: Float64Array,
): void {
  const x0 = screen[i0 * 4], y0 = screen[i0 * 4 + 1];
  const x1 = screen[i1 * 4], y1 = screen[i1 * 4 + 1];
  const x2 = screen[i2 * 4], y2 = screen[i2 * 4 + 1];
  // Edge functions at (x, y) are the weights times twice the signed area, which the division cancels.
  const p0 = ((x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)) * screen[i0 * 4 + 3];
  const p1 = ((x0 - x2) * (y - y2) - (y0 - y2) * (x - x2)) * screen[i1 * 4 + 3];
  const p2 = ((x1 - x0) * (y - y0) - (y1 - y0) * (x - x0)) * screen[i2 * 4 + 3];
  const q = 1 / (p0 + p1 + p2);
  const k0 = p0 * q, k1 = p1 * q, k2 = p2 * q;
  const a0 = i0 * ATTRIBUTES, a1 = i1 * ATTRIBUTES, a2 = i2 * ATTRIBUTES;
  const A = attributes;
  const color = batch.color;
  let r: number, g: number, b: number, alpha: number;
  if (color !== null) {
    r = color[0]; g = color[1]; b = color[2]; alpha = color[3];
  } else {
    r = k0 * A[a0 + 5] + k1 * A[a1 + 5] + k2 * A[a2 + 5];
    g = k0 * A[a0 + 6] + k1 * A[a1 + 6] + k2 * A[a2 + 6];
    b = k0 * A[a0 + 7] + k1 * A[a1 + 7] + k2 * A[a2 + 7];
    alpha = k0 * A[a0 + 8] + k1 * A[a1 + 8] + k2 * A[a2 + 8];
  }
  if (batch.texture !== null) {
    const u = k0 * A[a0] + k1 * A[a1] + k2 * A[a2];
    const v = k0 * A[a0 + 1] + k1 * A[a1 + 1] + k2 * A[a2 + 1];
    sampleMipmaps(batch.texture, u, v, lod, batch.repeat, texel);
    r *= texel[0]; g *= texel[1]; b *= texel[2]; alpha *= texel[3];
  }
  // Clockwise in NDC, i.e. positive area on screen (y down): the back is seen, lit from the other side.
  const side = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0) > 0 ? -1 : 1;
  let nx: number, ny: number, nz: number;
  if (batch.flat) {
    nx = faceNormal[0] * side; ny = faceNormal[1] * side; nz = faceNormal[2] * side;
  } else {
    nx = k0 * A[a0 + 2] + k1 * A[a1 + 2] + k2 * A[a2 + 2];
    ny = k0 * A[a0 + 3] + k1 * A[a1 + 3] + k2 * A[a2 + 3];
    nz = k0 * A[a0 + 4] + k1 * A[a1 + 4] + k2 * A[a2 + 4];
    const s = side / (Math.sqrt(nx * nx + ny * ny + nz * nz) || 1);
    nx *= s; ny *= s; nz *= s;
  }
  shade(batch.lighting, nx, ny, nz, r, g, b, lit);
  out[0] = lit[0]; out[1] = lit[1]; out[2] = lit[2];
  out[3] = alpha < 0 ? 0 : alpha > 1 ? 1 : alpha;
}

/**
 * Texture level for a triangle: log2 of texels per pixel, from the ratio of its area in the texture to
 * its area in the frame (`factor` samples per pixel along each axis). One level per triangle is close
 * enough on meshes dense enough to look round.
 */
export function textureLod(batch: Batch, screen: Float64Array, attributes: Float64Array, i0: number, i1: number, i2: number, factor: number): number {
  const levels = batch.texture;
  if (levels === null) return 0;
  const A = attributes, a0 = i0 * ATTRIBUTES, a1 = i1 * ATTRIBUTES, a2 = i2 * ATTRIBUTES;
  const du1 = A[a1] - A[a0], dv1 = A[a1 + 1] - A[a0 + 1];
  const du2 = A[a2] - A[a0], dv2 = A[a2 + 1] - A[a0 + 1];
  const texels = Math.abs(du1 * dv2 - du2 * dv1) * levels[0].width * levels[0].height;
  const x0 = screen[i0 * 4], y0 = screen[i0 * 4 + 1];
  const scale = SUBPIXELS * factor;
  const pixels = Math.abs((screen[i1 * 4] - x0) * (screen[i2 * 4 + 1] - y0) - (screen[i2 * 4] - x0) * (screen[i1 * 4 + 1] - y0)) / (scale * scale);
  if (!(texels > 0) || !(pixels > 0)) return 0;
  return 0.5 * Math.log2(texels / pixels);
}

/** Unit camera-space normal of the front of a batch triangle (counter-clockwise from outside), into `out`. */
export function faceNormal(batch: Batch, triangle: number, out: Float64Array): void {
  const p = batch.positions, n = batch.normalMatrix, ix = batch.indices;
  const i0 = ix[triangle * 3] * 3, i1 = ix[triangle * 3 + 1] * 3, i2 = ix[triangle * 3 + 2] * 3;
  const ux = p[i1] - p[i0], uy = p[i1 + 1] - p[i0 + 1], uz = p[i1 + 2] - p[i0 + 2];
  const vx = p[i2] - p[i0], vy = p[i2 + 1] - p[i0 + 1], vz = p[i2 + 2] - p[i0 + 2];
  const mx = uy * vz - uz * vy, my = uz * vx - ux * vz, mz = ux * vy - uy * vx;
  const x = n[0] * mx + n[3] * my + n[6] * mz;
  const y = n[1] * mx + n[4] * my + n[7] * mz;
  const z = n[2] * mx + n[5] * my + n[8] * mz;
  const len = Math.sqrt(x * x + y * y + z * z) || 1;
  out[0] = x / len; out[1] = y / len; out[2] = z / len;
}
