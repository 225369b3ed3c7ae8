import { placeMouthUvs } from './headMouth.js';
import type { HeadTemplate } from './headTemplate.js';
import { smoothstep } from '../core/smoothstep.js';

/** Options of {@link repackUvs}. */
export interface RepackUvsOptions {
  /** Empty border kept around each chart and along the texture's edges, as a fraction of its side. */
  padding?: number;
}

export const REPACK_UVS_DEFAULTS: Required<RepackUvsOptions> = {
  padding: 4 / 2048,
};

/**
 * Side of the square texture a repacked layout is baked at: there its face centre gets at least
 * the texel density the standard layout gives it at 4096 × 2048 (half the texels).
 */
export const REPACKED_TEXTURE_SIZE = 2048;

/** Relative texel density of the cap (see texelDensity): at least, and at most when there is room. */
const CROWN_DENSITY = 0.15;
const MAX_CROWN_DENSITY = 0.3;

/** Passes of [1 2 1] averaging of the row layouts. */
const ROW_SMOOTHING = 8;

const cache = new WeakMap<HeadTemplate, Map<number, Float32Array>>();

/**
 * `repack_texture`: a tighter UV layout of a template, for a square texture of half the texels of
 * the standard 2:1 one. The same two charts and seams as the standard layout (see headGrid.ts): the
 * band and the cap. Only the UVs change, so baking (which rasterises `mesh.uvs`) just works.
 *
 * The standard layout spends texels evenly by length; the repacked one spends them where the photo
 * has detail for them. Texel density is set per vertex of the band by where it is on the head
 * (see {@link texelDensity}): full on the front of the face, falling with the obliqueness at which a
 * frontal photo sees the cheeks and temples, low on the scalp (hair), the ears' ring and the back,
 * lowest on the neck and the bust. Each band row is laid out along u by its own 3D arc lengths ×
 * density, centred on the face's middle column; rows are stacked along v by their spacing on the
 * face's middle × density, so texels are square on the face (off the face, rows are stretched
 * down into whatever height the widest row leaves free). Every row is thus monotone in u and rows
 * are ordered in v: no triangle folds. The cap (the crown, mostly under hair) is a disk in the
 * bottom-right corner, where the narrow neck (and bust) rows leave room; the mouth bag's rectangle
 * goes into the mirror image of that disk, bottom left. One scale for everything
 * is the largest that fits the unit square.
 *
 * Bake repacked layouts at {@link REPACKED_TEXTURE_SIZE}² (2048 × 2048): the eyes, nose and mouth
 * keep (at least) the texel density of the standard layout at 4096 × 2048; a `texture_size` asks
 * for a square of its larger side. The result is cached per template.
 *
 * ```ts
 * const mesh = { ...fitted.mesh, uvs: repackUvs(fitted.template) };
 * const baked = bakeTexture({ ...input, mesh }, { width: 2048, height: 2048 });
 * ```
 */
export function repackUvs(template: HeadTemplate, options: RepackUvsOptions = {}): Float32Array {
  const o = { ...REPACK_UVS_DEFAULTS, ...options };
  let byPadding = cache.get(template);
  if (!byPadding) cache.set(template, (byPadding = new Map()));
  let uvs = byPadding.get(o.padding);
  if (!uvs) byPadding.set(o.padding, (uvs = layout(template, o.padding)));
  return uvs;
}

/**
 * Relative texel density (1: the front of the face) at azimuth θ and meridian parameter s, where
 * the template's surface faces +z by `facing` (the z of its normal).
 */
export function texelDensity(theta: number, s: number, facing: number, keyRows: Readonly<Record<string, number>>): number {
  const a = Math.abs(theta);
  // The face, from the hairline to below the chin, across to where the photo sees it obliquely.
  const rows = smoothstep(keyRows['upper skull'] + 0.5, keyRows['forehead'], s) * (1 - smoothstep(keyRows['jaw'] + 0.4, keyRows['under jaw'] + 0.3, s));
  // A frontal photo sees the cheeks and the sides of the nose foreshortened by the cosine of
  // their slope: no more detail to keep there.
  const across = Math.max(0.4, facing) * (1 - smoothstep(1.1, 1.5, a));
  // Elsewhere the texture is the skin tone filled in (the photo does not see it): ears and temples
  // a little more than the back, neck and bust least.
  const side = 0.08 + 0.1 * (1 - smoothstep(1.6, 2.3, a));
  const below = smoothstep(keyRows['under jaw'], keyRows['neck'], s);
  const bust = keyRows['shoulder top'] === undefined ? 0 : smoothstep(keyRows['neck'] + 0.5, keyRows['shoulder top'], s);
  const elsewhere = side * (1 - below) + 0.18 * below * (1 - bust) + 0.1 * bust;
  return elsewhere + (1 - elsewhere) * rows * across;
}

function layout(template: HeadTemplate, padding: number): Float32Array {
  const { theta, s, columns: c, rows, capStart, keyRows } = template.grid;
  const p = template.mesh.positions, n = template.mesh.normals!;
  const standard = template.mesh.uvs!;
  const density = (a: number, b: number, th: number): number => texelDensity(th, (s[a] + s[b]) / 2, (n[a * 3 + 2] + n[b * 3 + 2]) / 2, keyRows);
  const at = (r: number, j: number): number => r * (c + 1) + j;
  const dist = (a: number, b: number): number => Math.hypot(p[a * 3] - p[b * 3], p[a * 3 + 1] - p[b * 3 + 1], p[a * 3 + 2] - p[b * 3 + 2]);
  const middle = c / 2;

  // Per row: cumulative weighted arc length along the row, and the row's offset from its middle.
  const along = new Float64Array(rows * (c + 1));
  const halfWidth = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    for (let j = 1; j <= c; j++) {
      const a = at(r, j - 1), b = at(r, j);
      const d = density(a, b, (theta[a] + theta[b]) / 2);
      along[at(r, j)] = along[at(r, j - 1)] + dist(a, b) * d;
    }
    const mid = along[at(r, middle)];
    for (let j = 0; j <= c; j++) along[at(r, j)] -= mid;
  }
  // Rows through the nose, the ears or the lips are longer than their neighbours: averaging each
  // row's layout with its neighbours' keeps the columns from zig-zagging down the texture (a mean
  // of increasing functions is increasing: rows stay monotone).
  for (let pass = 0; pass < ROW_SMOOTHING; pass++) {
    const prev = along.slice();
    for (let r = 1; r < rows - 1; r++) {
      for (let j = 0; j <= c; j++) along[at(r, j)] = (prev[at(r - 1, j)] + 2 * prev[at(r, j)] + prev[at(r + 1, j)]) / 4;
    }
  }
  for (let r = 0; r < rows; r++) halfWidth[r] = Math.max(-along[at(r, 0)], along[at(r, c)]);
  // Rows down the face's middle column, by length and the density there, but at least `floor`:
  // the rows off the face are stretched down into the height the widest row leaves free.
  const step = new Float64Array(rows);
  const face = new Float64Array(rows);
  for (let r = 1; r < rows; r++) {
    const a = at(r - 1, middle), b = at(r, middle);
    step[r] = dist(a, b);
    face[r] = density(a, b, 0);
  }
  const stack = (floor: number): Float64Array => {
    const down = new Float64Array(rows);
    for (let r = 1; r < rows; r++) down[r] = down[r - 1] + step[r] * Math.max(face[r], floor);
    return down;
  };
  // The cap: a disk whose radius is the crown's mean distance from its top, at least a little denser
  // than the back of the head (it is seen from above, and on a bald head), more if there is room.
  let crown = 0;
  for (let j = 0; j < c; j++) crown += crownDistance(p, at(0, j), capStart, c) / c;
  let capRadius = crown * CROWN_DENSITY;

  // The largest scale at which every row fits across, the rows fit down, and the cap fits in the
  // bottom-right corner beside the rows next to it; then the largest floor that still fits.
  const usable = 1 - 2 * padding;
  const fits = (k: number, down: Float64Array): boolean => {
    if (down[rows - 1] * k > usable) return false;
    // The cap's square: from `corner` to 1 − padding, across and down.
    const corner = 1 - padding - 2 * capRadius * k;
    for (let r = 0; r < rows; r++) {
      const half = halfWidth[r] * k;
      if (2 * half > usable) return false;
      if (padding + down[r] * k >= corner - padding && 0.5 + half > corner - padding) return false;
    }
    return true;
  };
  const largest = (ok: (x: number) => boolean, hi: number): number => {
    let lo = 0;
    for (let i = 0; i < 50; i++) {
      const mid = (lo + hi) / 2;
      if (ok(mid)) lo = mid;
      else hi = mid;
    }
    return lo;
  };
  const k = largest((x) => fits(x, stack(0)), 100);
  capRadius = crown * largest((d) => {
    capRadius = crown * d;
    return fits(k, stack(0));
  }, MAX_CROWN_DENSITY);
  const down = stack(largest((f) => fits(k, stack(f)), 1));
  const capSide = 2 * capRadius * k;
  const uvs = new Float32Array(standard.length);
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j <= c; j++) {
      uvs[at(r, j) * 2] = 0.5 + along[at(r, j)] * k;
      uvs[at(r, j) * 2 + 1] = padding + down[r] * k;
    }
  }
  // Standard cap: centre (0.9, 0.25), radii (0.095, 0.19) (headGrid.ts); the same disk, resized.
  for (let v = capStart; v < s.length; v++) {
    uvs[v * 2] = 1 - padding - capSide / 2 + ((standard[v * 2] - 0.9) / 0.095) * (capSide / 2);
    uvs[v * 2 + 1] = 1 - padding - capSide / 2 + ((standard[v * 2 + 1] - 0.25) / 0.19) * (capSide / 2);
  }
  // The mouth bag: in the square inscribed in the mirror image of the cap's disk, bottom left, as
  // free as the disk is (rows are centred on u = 0.5; the square's corners are not).
  const inset = capSide / 2 - capSide / (2 * Math.SQRT2);
  placeMouthUvs(template.mouth, standard, uvs, { u0: padding + inset, v0: 1 - padding - capSide + inset, u1: padding + capSide - inset, v1: 1 - padding - inset });
  return uvs;
}

/** Distance over the crown from a vertex of the cap's boundary to the cap's centre, approximated. */
function crownDistance(p: ArrayLike<number>, boundary: number, capStart: number, columns: number): number {
  const n = columns / 4;
  const centre = capStart + (n / 2) * (n + 1) + n / 2;
  const chord = Math.hypot(p[boundary * 3] - p[centre * 3], p[boundary * 3 + 1] - p[centre * 3 + 1], p[boundary * 3 + 2] - p[centre * 3 + 2]);
  // The crown is a shallow dome: arc ≈ chord × (1 + a few per cent).
  return chord * 1.05;
}

