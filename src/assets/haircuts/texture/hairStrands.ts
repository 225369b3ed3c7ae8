import type { Mask, Rgb } from '../../../analysis/types.js';
import type { Image, TexelBox } from '../../../core/image.js';

/** What the photo shows of the hair's look, measured on its confident hair pixels. */
export interface HairLook {
  /** Mean colour; `fallback` when the photo shows too little hair. */
  color: Rgb;
  /**
   * Fine luma detail relative to the mean: the standard deviation of luma minus its 3×3 mean, over
   * the mean luma. Strands and clumps at the photo's resolution; lighting is broader and not in it.
   */
  contrast: number;
  /** How many pixels it was measured on. */
  pixels: number;
}

/** Fewer confident hair pixels than this say nothing reliable about the hair's look. */
const MIN_PIXELS = 40;
/** At most this many pixels are looked at (a regular subsample of a large photo's hair). */
const MAX_SAMPLES = 60000;

/**
 * Measures the hair's colour and fine contrast in the photo: pixels where the hair mask is
 * confident (at least 90 %) within `box` (photo pixels: where the head's hair lands, so that a
 * dark collar or another person's hair does not count), away from the photo's border, and, given
 * the skin colour, nearer `fallback` (the analysis' hair colour) than the skin (as keepHairLike).
 *
 * ```ts
 * const look = hairLook(photo, hair, { x0: 100, y0: 20, x1: 300, y1: 200 }, analysis.colors.hair);
 * ```
 */
export function hairLook(photo: Image, hair: Mask, box: TexelBox, fallback: Rgb, skin?: Rgb): HairLook {
  const { width: pw, height: ph, channels: pc, data } = photo;
  const g = pc >= 3 ? 1 : 0, b = pc >= 3 ? 2 : 0;
  const luma = (i: number): number => 0.299 * data[i] + 0.587 * data[i + g] + 0.114 * data[i + b];
  const mx0 = Math.max(0, Math.floor((box.x0 * hair.width) / pw)), mx1 = Math.min(hair.width - 1, Math.ceil((box.x1 * hair.width) / pw));
  const my0 = Math.max(0, Math.floor((box.y0 * hair.height) / ph)), my1 = Math.min(hair.height - 1, Math.ceil((box.y1 * hair.height) / ph));
  const stride = Math.max(1, Math.ceil(Math.sqrt(((mx1 - mx0 + 1) * (my1 - my0 + 1)) / MAX_SAMPLES)));
  let n = 0, r = 0, gr = 0, bl = 0, y = 0, detail = 0;
  for (let my = my0; my <= my1; my += stride) {
    for (let mx = mx0; mx <= mx1; mx += stride) {
      if (hair.data[my * hair.width + mx] < 230) continue;
      const x = Math.floor(((mx + 0.5) * pw) / hair.width), yy = Math.floor(((my + 0.5) * ph) / hair.height);
      if (x < 1 || yy < 1 || x >= pw - 1 || yy >= ph - 1) continue;
      const i = (yy * pw + x) * pc;
      if (skin) {
        const toHair = (data[i] - fallback.red) ** 2 + (data[i + g] - fallback.green) ** 2 + (data[i + b] - fallback.blue) ** 2;
        if (toHair >= (data[i] - skin.red) ** 2 + (data[i + g] - skin.green) ** 2 + (data[i + b] - skin.blue) ** 2) continue;
      }
      let around = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) around += luma(i + (dy * pw + dx) * pc);
      const l = luma(i);
      n++;
      r += data[i];
      gr += data[i + g];
      bl += data[i + b];
      y += l;
      detail += (l - around / 9) ** 2;
    }
  }
  if (n < MIN_PIXELS) return { color: { ...fallback }, contrast: 0, pixels: n };
  const mean = Math.max(1, y / n);
  return {
    color: { red: Math.round(r / n), green: Math.round(gr / n), blue: Math.round(bl / n) },
    contrast: Math.sqrt(detail / n) / mean,
    pixels: n,
  };
}

/**
 * Scales the photo weight of each texel by how much nearer its colour is to the hair colour than to
 * the skin colour (hair.ts's own rule, softened): a segmentation of hair by colour takes skin in a
 * grey photo or in shadow for hair, and that skin would otherwise be spread over the head's hair.
 */
export function keepHairLike(color: Uint8Array, weight: Uint8Array, width: number, seen: TexelBox, hair: Rgb, skin: Rgb): void {
  for (let y = seen.y0; y <= seen.y1; y++) {
    for (let k = y * width + seen.x0; k <= y * width + seen.x1; k++) {
      if (weight[k] === 0) continue;
      const r = color[k * 3], g = color[k * 3 + 1], b = color[k * 3 + 2];
      const toHair = (r - hair.red) ** 2 + (g - hair.green) ** 2 + (b - hair.blue) ** 2;
      const toSkin = (r - skin.red) ** 2 + (g - skin.green) ** 2 + (b - skin.blue) ** 2;
      // −1 at the hair colour, +1 at the skin colour; hair up to a little past halfway.
      const s = (toHair - toSkin) / Math.max(1, toHair + toSkin);
      const t = (0.3 - s) / 0.4;
      weight[k] = t >= 1 ? weight[k] : t <= 0 ? 0 : weight[k] * t * t * (3 - 2 * t) + 0.5;
    }
  }
}

/**
 * Per vertex, where it is on the hair in coordinates that follow it: turns around the vertical
 * axis through the centre of the hair-covered vertices (0 at the face, ±½ at the back), and radians
 * down from the top of that axis. Strands run down from the crown.
 */
export function crownCoordinates(p: Float32Array, coverage: Float32Array): { around: Float32Array; down: Float32Array } {
  const count = coverage.length;
  let cx = 0, cy = 0, cz = 0, total = 0;
  for (let v = 0; v < count; v++) {
    const w = coverage[v];
    if (w <= 0) continue;
    cx += w * p[v * 3];
    cy += w * p[v * 3 + 1];
    cz += w * p[v * 3 + 2];
    total += w;
  }
  if (total > 0) {
    cx /= total;
    cy /= total;
    cz /= total;
  }
  const around = new Float32Array(count), down = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    const x = p[v * 3] - cx, y = p[v * 3 + 1] - cy, z = p[v * 3 + 2] - cz;
    around[v] = Math.atan2(x, z) / (2 * Math.PI);
    down[v] = Math.atan2(Math.hypot(x, z), y);
  }
  return { around, down };
}

/**
 * Strand-like noise over the hair, deterministic (fixed seed: the same head gets the same texture),
 * in coordinates that follow the hair: `around` the vertical axis through the crown (turns,
 * periodic) and `down` from the crown (radians). Fine strands and broader clumps are value noise
 * around the head only, so each runs unbroken from the crown down, swaying sideways as it goes
 * (a smooth random shift per depth down): streaks the way hair falls, at a few loads per texel.
 * {@link strandAt} reads it.
 */
export interface StrandNoise {
  /** FINE_COLUMNS values around the head, weighted. */
  fine: Float32Array;
  /** COARSE_COLUMNS values around the head, weighted. */
  coarse: Float32Array;
  /** Sideways shift of the strands, in fine columns, SWAY_ROWS per radian down. */
  sway: Float32Array;
}

/** Columns around the head (powers of two, so that wrapping is a mask); sway rows per radian. */
export const FINE_COLUMNS = 2048, COARSE_COLUMNS = 256, SWAY_ROWS = 12;
/** Weight of the fine strands; the clumps have the rest. */
const FINE_WEIGHT = 0.6;
/** How far strands sway sideways, in fine columns. */
const SWAY = 6;

export function strandNoise(seed = 0x5eed): StrandNoise {
  let state = seed >>> 0;
  // mulberry32: a tiny, good-enough deterministic generator.
  const random = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const values = (n: number, scale: number, offset: number): Float32Array => Float32Array.from({ length: n }, () => scale * random() + offset);
  return {
    fine: values(FINE_COLUMNS, 2 * FINE_WEIGHT, -FINE_WEIGHT),
    coarse: values(COARSE_COLUMNS, 2 * (1 - FINE_WEIGHT), FINE_WEIGHT - 1),
    // Positive and one more than needed for π radians down, so lookups need no clamping or sign.
    sway: values(Math.ceil(SWAY_ROWS * Math.PI) + 2, SWAY, 1 + SWAY),
  };
}

/** The noise at a point of the hair, −1..1; `down` must be in [0, π]. */
export function strandAt(noise: StrandNoise, around: number, down: number): number {
  const y = down * SWAY_ROWS, fy = y | 0;
  const shift = noise.sway[fy] + (y - fy) * (noise.sway[fy + 1] - noise.sway[fy]);
  // Whole turns added so that x is positive and `| 0` floors it.
  const x = (around + 8) * FINE_COLUMNS + shift, fx = x | 0, ax = x - fx;
  const f0 = noise.fine[fx & (FINE_COLUMNS - 1)], f1 = noise.fine[(fx + 1) & (FINE_COLUMNS - 1)];
  const xc = x * (COARSE_COLUMNS / FINE_COLUMNS), cx = xc | 0, ac = xc - cx;
  const c0 = noise.coarse[cx & (COARSE_COLUMNS - 1)], c1 = noise.coarse[(cx + 1) & (COARSE_COLUMNS - 1)];
  return f0 + ax * (f1 - f0) + c0 + ac * (c1 - c0);
}
