import { choleskySubstitute } from '../../core/cholesky.js';
import type { Mesh } from '../../core/mesh.js';
import type { TexelBox } from '../../core/image.js';
import { boxBlur } from '../filters/boxBlur.js';
import { ambientVisibility, lightVisibility } from './lightVisibility.js';
import { texelTriangle } from './texelTriangle.js';
import { applyGainField, FIELD_FACTOR } from './evenLighting.js';

/** Options of {@link orientedShadingIn}. */
export interface OrientedShadingOptions {
  /** How much of the modelled shading to divide out: 0 none, 1 all. */
  strength?: number;
  /** Largest brightening (and, inverted, darkening) factor. */
  maxGain?: number;
  /**
   * Whether the face's own occlusion enters the fit: the key light's shadows cast by the brow ridge
   * and the nose, and the share of the room's light its hollows (sockets, beside the nose, between
   * the lips) do not see. Both go with the rest of the shading.
   */
  castShadows?: boolean;
}

export const ORIENTED_SHADING_DEFAULTS: Required<OrientedShadingOptions> = { strength: 1, maxGain: 1.6, castShadows: true };

/**
 * First-order spherical harmonics: an ambient and one directional term; with `castShadows`, the
 * directional one times the key light's visibility and a fifth, the ambient's share the hollows
 * miss (ambient occlusion, its coefficient fitted like the others). Second order (nine terms)
 * fits a sphere better but extrapolates to the normals a face shows little of (under the nose and
 * the chin): on messi5 it brightened the nose's tip, for no better evening (measured).
 */
const TERMS = 4;
/** Residuals (log luma) at which a cell's weight halves: beard, brows or a cast shadow the model cannot explain. */
const ROBUST = 0.15;
/** The directional term, against the ambient one, below which there is no key light to cast a shadow. */
const MIN_KEY = 0.05;
/** The cosine to the light over which a cast shadow fades in from the terminator. */
const TERMINATOR = 0.25;

/**
 * Divides out the shading that the surface's orientation explains: a key light from one side darkens
 * the side of the nose, the eye sockets and the cheek turned from it, narrower than any blur-based
 * field can follow without taking the face's own features with it. The skin's luma is fitted, per
 * field cell of 8×8 texels, as first-order spherical harmonics of the mesh's normal there (an
 * ambient light and a directional one), by least squares reweighted so
 * that what no light explains (a beard, brows) counts less. Then, with `castShadows`, once more
 * with the fitted key light's shadow map and the ambient occlusion of the mesh
 * (lightVisibility.ts), so the shadows the face casts on itself are shading too. Each texel is then
 * multiplied by the fit's mean over its value at the texel's normal. The fit's own constant stays,
 * so the face keeps its brightness; {@link evenLightingIn} afterwards evens what is left (the
 * broad field and the colour cast). Four or five unknowns and a few thousand cells: the normal
 * equations are solved by a Cholesky written here rather than a matrix library for one 5×5 system.
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
  const surface = cellSurface(mesh, fw, fh);
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
  for (let i = 0; i < fw * fh; i++) if (weight[i] > full / 4 && surface.has[i] && sum[i] > weight[i]) cells.push(i);
  if (cells.length < TERMS * 8) return { explained: 0 };
  const basis = new Float64Array(TERMS + 1);
  const luma = cells.map((i) => Math.log(sum[i] / weight[i]));
  const trust = cells.map((i) => weight[i] / full);
  let shade: Shade = { n: surface.n, lit: null, ambient: null };
  let coefficients = fitLight(cells, luma, trust, shade, basis);
  // The light the fit found, what of it reaches each cell past the rest of the face and how much
  // of the sky each cell sees; then the fit again with both, so that the shadow a brow ridge casts
  // and the dusk of a hollow are the light's, not the person's.
  const key = [coefficients[1], coefficients[2], coefficients[3]];
  if (o.castShadows && Math.hypot(key[0], key[1], key[2]) > MIN_KEY * coefficients[0]) {
    // Only the cells the gain reaches: the photo's box.
    const inBox = new Uint8Array(fw * fh);
    for (let j = Math.floor(box.y0 / FIELD_FACTOR); j <= Math.floor(box.y1 / FIELD_FACTOR); j++) {
      for (let i = Math.floor(box.x0 / FIELD_FACTOR); i <= Math.floor(box.x1 / FIELD_FACTOR); i++) inBox[j * fw + i] = surface.has[j * fw + i];
    }
    const lit = lightVisibility(mesh, surface.p, surface.n, inBox, key);
    lightFacing(surface.n, lit, key);
    shade = { n: surface.n, lit, ambient: ambientVisibility(mesh, surface.p, surface.n, inBox) };
    coefficients = fitLight(cells, luma, trust, shade, basis);
    // A photo whose hollows are the brighter was not lit by a sky: its light has no occlusion to undo.
    if (coefficients[TERMS] < 0) {
      shade = { ...shade, ambient: null };
      coefficients = fitLight(cells, luma, trust, shade, basis);
    }
  }
  // The level the shading is divided down to: the fit's weighted mean over the skin.
  let level = 0, levelWeight = 0, before = 0, after = 0;
  const fitted = new Float64Array(cells.length);
  cells.forEach((cell, k) => {
    harmonics(shade, cell, basis);
    fitted[k] = dot(coefficients, basis);
    level += trust[k] * fitted[k];
    levelWeight += trust[k];
  });
  level /= levelWeight;
  if (!(level > 1)) return { explained: 0 };
  const lo = 1 / o.maxGain, hi = o.maxGain;
  const gain = new Float32Array(fw * fh).fill(1);
  for (let i = 0; i < fw * fh; i++) {
    if (!surface.has[i]) continue;
    harmonics(shade, i, basis);
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

/**
 * Least squares of the cells' luma (not log luma: light adds) over the first-order harmonics of their
 * normals, the directional terms scaled by the light's visibility when `lit` is given, reweighted so
 * that what no light explains counts less. Three rounds of reweighting settle it.
 */
function fitLight(cells: number[], luma: number[], trust: number[], shade: Shade, basis: Float64Array): Float64Array {
  const robust = new Float64Array(cells.length).fill(1);
  const terms = termsOf(shade);
  let coefficients: Float64Array = new Float64Array(terms);
  for (let round = 0; round < 3; round++) {
    const a = new Float64Array(terms * terms), r = new Float64Array(terms);
    cells.forEach((cell, k) => {
      harmonics(shade, cell, basis);
      const w = trust[k] * robust[k], l = Math.exp(luma[k]);
      for (let p = 0; p < terms; p++) {
        r[p] += w * basis[p] * l;
        for (let q = 0; q <= p; q++) a[p * terms + q] += w * basis[p] * basis[q];
      }
    });
    coefficients = choleskySolve(a, r, terms);
    cells.forEach((cell, k) => {
      harmonics(shade, cell, basis);
      const fit = dot(coefficients, basis);
      const e = fit > 1 ? (luma[k] - Math.log(fit)) / ROBUST : 10;
      robust[k] = 1 / (1 + e * e);
    });
  }
  return coefficients;
}

/**
 * Visibility only dims what faces the light: the linear harmonics already darken what turns away,
 * and a shadow map calls every such cell shadowed by its own front. `lit` becomes 1 there, fading
 * in over the terminator.
 */
function lightFacing(n: Float32Array, lit: Float32Array, key: number[]): void {
  const len = Math.hypot(key[0], key[1], key[2]);
  for (let i = 0; i < lit.length; i++) {
    const facing = (n[i * 3] * key[0] + n[i * 3 + 1] * key[1] + n[i * 3 + 2] * key[2]) / len;
    const t = Math.min(1, Math.max(0, facing / TERMINATOR));
    lit[i] = 1 - t * (1 - lit[i]);
  }
}

/** Per field cell, the mesh's interpolated unit normal and point at the cell's centre (UV space), and whether a triangle covers it. */
function cellSurface(mesh: Mesh, fw: number, fh: number): { n: Float32Array; p: Float32Array; has: Uint8Array } {
  const n = new Float32Array(fw * fh * 3), p = new Float32Array(fw * fh * 3), has = new Uint8Array(fw * fh);
  const { indices, uvs, normals, positions } = mesh as Required<Mesh>;
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
          p[cell * 3 + k] = wa * positions[a * 3 + k] + wb * positions[b * 3 + k] + wc * positions[c * 3 + k];
        }
        len = Math.sqrt(len) || 1;
        for (let k = 0; k < 3; k++) n[cell * 3 + k] /= len;
        has[cell] = 1;
      }
    }
  }
  return { n, p, has };
}

/** Per field cell, its unit normal, how much of the key light reaches it and how open its sky is (null: all). */
interface Shade {
  n: Float32Array;
  lit: Float32Array | null;
  ambient: Float32Array | null;
}

/**
 * The first-order harmonics (unnormalised) of the unit normal of cell `i`: the constant times the
 * sky the cell sees, the directional ones times the key light reaching it.
 */
function harmonics(shade: Shade, i: number, out: Float64Array): void {
  const { n, lit, ambient } = shade;
  const v = lit ? lit[i] : 1;
  out[0] = 1; out[1] = v * n[i * 3]; out[2] = v * n[i * 3 + 1]; out[3] = v * n[i * 3 + 2];
  if (ambient) out[4] = ambient[i] - 1;
}

/** The fit's unknowns: ambient, key light, and the sky's share when occlusion is modelled. */
function termsOf(shade: Shade): number {
  return shade.ambient ? TERMS + 1 : TERMS;
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
