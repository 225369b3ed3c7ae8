import { choleskySubstitute } from '../../core/cholesky.js';
import type { Mesh } from '../../core/mesh.js';
import type { TexelBox } from '../../core/image.js';
import { boxBlur } from '../filters/boxBlur.js';
import { texelTriangle } from './texelTriangle.js';
import { applyGainField, FIELD_FACTOR } from './evenLighting.js';

/** Options of {@link orientedShadingIn}. */
export interface OrientedShadingOptions {
  /** How much of the modelled shading to divide out: 0 none, 1 all. */
  strength?: number;
  /** Largest brightening (and, inverted, darkening) factor. */
  maxGain?: number;
}

export const ORIENTED_SHADING_DEFAULTS: Required<OrientedShadingOptions> = { strength: 1, maxGain: 1.6 };

/**
 * First-order spherical harmonics: an ambient and one directional term. Second order (nine terms)
 * fits a sphere better but extrapolates to the normals a face shows little of (under the nose and
 * the chin): on messi5 it brightened the nose's tip, for no better evening (measured).
 */
const TERMS = 4;
/** Residuals (log luma) at which a cell's weight halves: beard, brows or a cast shadow the model cannot explain. */
const ROBUST = 0.15;

/**
 * Divides out the shading that the surface's orientation explains: a key light from one side darkens
 * the side of the nose, the eye sockets and the cheek turned from it, narrower than any blur-based
 * field can follow without taking the face's own features with it. The skin's luma is fitted, per
 * field cell of 8×8 texels, as first-order spherical harmonics of the mesh's normal there (an
 * ambient light and a directional one), by least squares reweighted so
 * that what no light explains (a beard, brows, a cast shadow) counts less; each texel is then
 * multiplied by the fit's mean over its value at the texel's normal. The fit's own constant stays,
 * so the face keeps its brightness; {@link evenLightingIn} afterwards evens what is left (the
 * broad field and the colour cast). Four unknowns and a few thousand cells: the normal equations
 * are solved by a Cholesky written here rather than a matrix library for one 4×4 system.
 *
 * `skin` (texture size, 0..255) is how much each texel is skin lit as the photo shows it. The
 * mesh's normals, in any fixed frame (the fit is rotation-free), are rasterised into the cells
 * through its UVs; cells no triangle covers keep gain 1.
 *
 * ```ts
 * orientedShadingIn(texels.color, texels.source, width, height, texels.seen, mesh);
 * evenLightingIn(texels.color, texels.source, width, height, texels.seen, { target: tone });
 * ```
 */
export function orientedShadingIn(
  data: Uint8Array, skin: Uint8Array, width: number, height: number, box: TexelBox, mesh: Mesh, options: OrientedShadingOptions = {},
): { explained: number } {
  const o = { ...ORIENTED_SHADING_DEFAULTS, ...options };
  if (o.strength === 0 || box.x0 > box.x1 || box.y0 > box.y1 || !mesh.normals || !mesh.uvs) return { explained: 0 };
  const fw = Math.ceil(width / FIELD_FACTOR), fh = Math.ceil(height / FIELD_FACTOR);
  const normals = cellNormals(mesh, fw, fh);
  // Per cell, the skin's weighted luma.
  const sum = new Float64Array(fw * fh), weight = new Float64Array(fw * fh);
  for (let y = box.y0; y <= box.y1; y++) {
    const row = Math.floor(y / FIELD_FACTOR) * fw;
    for (let x = box.x0; x <= box.x1; x++) {
      const k = y * width + x, s = skin[k];
      if (s === 0) continue;
      const cell = row + Math.floor(x / FIELD_FACTOR);
      sum[cell] += s * (0.299 * data[k * 3] + 0.587 * data[k * 3 + 1] + 0.114 * data[k * 3 + 2]);
      weight[cell] += s;
    }
  }
  const cells: number[] = [];
  const full = 255 * FIELD_FACTOR * FIELD_FACTOR;
  for (let i = 0; i < fw * fh; i++) if (weight[i] > full / 4 && normals.has[i] && sum[i] > weight[i]) cells.push(i);
  if (cells.length < TERMS * 8) return { explained: 0 };
  const basis = new Float64Array(TERMS);
  const luma = cells.map((i) => Math.log(sum[i] / weight[i]));
  const trust = cells.map((i) => weight[i] / full);
  const robust = new Float64Array(cells.length).fill(1);
  let coefficients: Float64Array = new Float64Array(TERMS);
  // Fitted in luma (not log luma): light adds. Three rounds of reweighting settle it.
  for (let round = 0; round < 3; round++) {
    const a = new Float64Array(TERMS * TERMS), r = new Float64Array(TERMS);
    cells.forEach((cell, k) => {
      harmonics(normals.n, cell, basis);
      const w = trust[k] * robust[k], l = Math.exp(luma[k]);
      for (let p = 0; p < TERMS; p++) {
        r[p] += w * basis[p] * l;
        for (let q = 0; q <= p; q++) a[p * TERMS + q] += w * basis[p] * basis[q];
      }
    });
    coefficients = choleskySolve(a, r, TERMS);
    cells.forEach((cell, k) => {
      harmonics(normals.n, cell, basis);
      const fit = dot(coefficients, basis);
      const e = fit > 1 ? (luma[k] - Math.log(fit)) / ROBUST : 10;
      robust[k] = 1 / (1 + e * e);
    });
  }
  // The level the shading is divided down to: the fit's weighted mean over the skin.
  let level = 0, levelWeight = 0, before = 0, after = 0;
  const fitted = new Float64Array(cells.length);
  cells.forEach((cell, k) => {
    harmonics(normals.n, cell, basis);
    fitted[k] = dot(coefficients, basis);
    level += trust[k] * fitted[k];
    levelWeight += trust[k];
  });
  level /= levelWeight;
  if (!(level > 1)) return { explained: 0 };
  const lo = 1 / o.maxGain, hi = o.maxGain;
  const gain = new Float32Array(fw * fh).fill(1);
  for (let i = 0; i < fw * fh; i++) {
    if (!normals.has[i]) continue;
    harmonics(normals.n, i, basis);
    const g = Math.min(hi, Math.max(lo, level / Math.max(1, dot(coefficients, basis))));
    gain[i] = 1 + o.strength * (g - 1);
  }
  // How much of the skin's log-luma spread the light explained: the figure the tests watch.
  let mean = 0;
  cells.forEach((_, k) => { mean += trust[k] * luma[k]; });
  mean /= levelWeight;
  cells.forEach((cell, k) => {
    before += trust[k] * (luma[k] - mean) ** 2;
    after += trust[k] * (luma[k] + Math.log(gain[cell]) - mean) ** 2;
  });
  // One cell of smoothing: the gain steps from cell to cell otherwise, and the UV seams meet cells with none.
  boxBlur(gain, fw, fh, 1, 1);
  applyGainField(data, width, box, { gain, width: fw, height: fh, channels: 1, x0: 0, y0: 0 });
  return { explained: before > 0 ? 1 - after / before : 0 };
}

/** Per field cell, the mesh's interpolated unit normal at the cell's centre (UV space), and whether a triangle covers it. */
function cellNormals(mesh: Mesh, fw: number, fh: number): { n: Float32Array; has: Uint8Array } {
  const n = new Float32Array(fw * fh * 3), has = new Uint8Array(fw * fh);
  const { indices, uvs, normals } = mesh as Required<Mesh>;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const tt = texelTriangle(uvs, a, b, c, fw, fh, 0, 0);
    if (!tt) continue;
    for (let j = tt.j0; j <= tt.j1; j++) {
      for (let i = tt.iMin; i <= tt.iMax; i++) {
        const wb = tt.b0 + tt.dbi * i + tt.dbj * j, wc = tt.c0 + tt.dci * i + tt.dcj * j, wa = 1 - wb - wc;
        if (wa < 0 || wb < 0 || wc < 0) continue;
        const cell = j * fw + i;
        let len = 0;
        for (let k = 0; k < 3; k++) {
          const v = wa * normals[a * 3 + k] + wb * normals[b * 3 + k] + wc * normals[c * 3 + k];
          n[cell * 3 + k] = v;
          len += v * v;
        }
        len = Math.sqrt(len) || 1;
        for (let k = 0; k < 3; k++) n[cell * 3 + k] /= len;
        has[cell] = 1;
      }
    }
  }
  return { n, has };
}

/** The first-order harmonics (unnormalised) of the unit normal of cell `i`. */
function harmonics(n: Float32Array, i: number, out: Float64Array): void {
  out[0] = 1; out[1] = n[i * 3]; out[2] = n[i * 3 + 1]; out[3] = n[i * 3 + 2];
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

/** Solves A x = r for a symmetric positive definite A of which the lower triangle is filled. */
function choleskySolve(a: Float64Array, r: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j];
      for (let k = 0; k < j; k++) s -= l[i * n + k] * l[j * n + k];
      l[i * n + j] = i === j ? Math.sqrt(Math.max(s, 1e-12)) : s / l[j * n + j];
    }
  }
  return choleskySubstitute(l, n, Float64Array.from(r));
}
