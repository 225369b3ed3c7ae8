import { chamferDistance } from '../filters/distance.js';
import { feather } from '../filters/feather.js';
import { pushPull } from '../filters/pushPull.js';
import { smoothstep } from '../../core/smoothstep.js';
import type { Rgb } from '../../analysis/types.js';
import type { TexelBox } from '../../core/image.js';
import type { PhotoTexels } from './photoTexels.js';

/** Options of {@link symmetricCompletion}. */
export interface SymmetricCompletionOptions {
  /** The shading correction is computed at 1/factor of the texture resolution: it is the broad lighting, not detail. */
  factor: number;
  /** Luma difference (0..255) between a texel and its corrected mirror image below which they agree. */
  lumaTolerance: number;
  /** Chroma (Cb, Cr) difference below which they agree. */
  chromaTolerance: number;
  /**
   * Least width (texels) of the ramp where the two sides' photo weights meet: 1.5 photo pixels, so
   * that a face magnified many times (a 25-pixel face over 700 texels) does not meet its mirror image
   * in a step finer than one of its own pixels, which reads as a cut down the cheek.
   */
  minRamp?: number;
  /**
   * How far from the same place on the other side (a fraction of the texture width) a colour may be
   * found for the two sides to agree: how far a feature's mirror image may land from it (see occluders).
   */
  occluderReach: number;
}

export const SYMMETRIC_COMPLETION_DEFAULTS: SymmetricCompletionOptions = { factor: 64, lumaTolerance: 90, chromaTolerance: 14, occluderReach: 1 / 64 };

/**
 * Completes the photo's texels with their mirror images, in place in `direct`: a face seen turned
 * shows its far cheek at a grazing angle or not at all, and the near cheek is the best picture of it
 * the photo holds.
 *
 * `mirrored` is the same bake at half the resolution with every vertex projected where its mirror
 * image was seen (see mirroredProjection.ts), so texel for texel it holds the other side of the face
 * and how squarely the photo saw that. Per texel:
 *
 * 1. **Shading.** The two sides are lit differently. Where both are seen squarely, the mean log ratio
 *    of their luma is the lighting of this side against the other; pull-push carries it a little way
 *    over the unseen part (fading to 1), and the mirror image is multiplied by it, so that the halves
 *    meet without a seam. Where only a grazing view of this side exists, its darkness is the view's,
 *    and the other side's colour is taken as it is.
 * 2. **Occluders.** Where both are seen and disagree beyond the tolerances, the one that looks less
 *    like this face's skin (a hand, a finger, a strand of hair, a microphone) is taken as hidden,
 *    unless it is the face's own hair (`hair`: a beard, a moustache, a brow). On the eyes and lips, whose light and
 *    dark differ from their mirror image anyway (a gaze, a wink, a lopsided smile), only a chroma
 *    difference three times the tolerance counts, and the side further from the skin's chroma
 *    (`skin`, the tone the photo texels were judged against) is the occluded one. In the eye
 *    sockets (`hair.sockets`), the side nearer the hair's colour is.
 * 3. **Blend.** The share of the mirror image grows as this side is seen less squarely and the mirror
 *    image more: with q = photo weight × squareness of the view, qd² / (qd² + qm² (1 − qd)) of the
 *    texel stays its own, so a texel seen head-on keeps its own detail (a mole, a parting) however
 *    well the other side was seen, and one seen at a grazing angle gives way to its mirror image. The photo weight
 *    becomes wd + (1 − wd) wm; what neither side saw is left to the skin fill.
 */
export function symmetricCompletion(
  direct: PhotoTexels, mirrored: PhotoTexels, width: number, height: number, skin: Rgb, hair?: FacialHair,
  options: SymmetricCompletionOptions = SYMMETRIC_COMPLETION_DEFAULTS,
): PhotoTexels {
  const half = { width: Math.ceil(width / 2), height: Math.ceil(height / 2) };
  if (mirrored.weight.length !== half.width * half.height) throw new RangeError('the mirrored texels must be at half the resolution');
  if (mirrored.seen.x0 > mirrored.seen.x1) return direct;
  const box = {
    x0: Math.min(direct.seen.x0, 2 * mirrored.seen.x0), y0: Math.min(direct.seen.y0, 2 * mirrored.seen.y0),
    x1: Math.min(width - 1, Math.max(direct.seen.x1, 2 * mirrored.seen.x1 + 1)), y1: Math.min(height - 1, Math.max(direct.seen.y1, 2 * mirrored.seen.y1 + 1)),
  };
  const invY2 = 1 / (options.lumaTolerance * options.lumaTolerance), invC2 = 1 / (options.chromaTolerance * options.chromaTolerance);
  const gain = shadingGain(direct, mirrored, width, height, options.factor, invC2);
  const skinY = 0.299 * skin.red + 0.587 * skin.green + 0.114 * skin.blue;
  const skinChroma = { cb: 0.564 * (skin.blue - skinY), cr: 0.713 * (skin.red - skinY), invChroma: 1 / (2 * options.chromaTolerance) };
  const featureLean = chromaLean(skinChroma);
  const sockets = (hair?.sockets ?? []).map(([u0, v0, u1, v1]) => [u0 * width, v0 * height, u1 * width, v1 * height] as const);
  const inSocket = (x: number, y: number): boolean => sockets.some(([x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1);
  // Sure at one tolerance nearer: a strand is much nearer the hair's colour than the eye it hides.
  const socketLean = hair ? hairLean(hair.color, 1 / options.chromaTolerance) : undefined;
  const occluded = occluders(
    direct, mirrored, gain, width, height, invY2, invC2, hair ? facialHair(hair, width, height, options) : () => false, featureLean, inSocket, socketLean,
    options.occluderReach * width,
  );
  // The share of each side follows a photo weight whose hard edges (behind the nose, at a mask) are
  // ramped over a few millimetres, so that the two photos' colours meet without a step.
  const ramp = Math.max(Math.round(SEAM_RAMP * width), Math.round(options.minRamp ?? 0));
  const soft = feather(direct.weight, direct.coverage, width, height, direct.seen, ramp);
  const softMirrored = feather(mirrored.weight, mirrored.coverage, half.width, half.height, mirrored.seen, Math.round(ramp / 2));
  const side = mirrorSide(mirrored, softMirrored, gain, occluded, box, width, height);
  for (let y = box.y0; y <= box.y1; y++) blendRow(direct, mirrored, soft, side, y, box.x0, box.x1, width);
  direct.seen = box;
  return direct;
}

/** A smooth field of one value per cell, a cell being `factor` × `factor` texels. */
interface CellField {
  width: number;
  height: number;
  factor: number;
  values: Float32Array;
}

/** A {@link CellField} bilinearly at texel (x, y); cell centres at (i + 0.5) · factor. */
function sampleField(field: CellField, x: number, y: number): number {
  const { values, factor, width: fw, height: fh } = field;
  let gx = (x + 0.5) / factor - 0.5, gy = (y + 0.5) / factor - 0.5;
  if (gx < 0) gx = 0; else if (gx > fw - 1) gx = fw - 1;
  if (gy < 0) gy = 0; else if (gy > fh - 1) gy = fh - 1;
  const c0 = gx | 0, r0 = gy | 0, c1 = Math.min(fw - 1, c0 + 1), r1 = Math.min(fh - 1, r0 + 1), ax = gx - c0, ay = gy - r0;
  return (1 - ay) * (1 - ax) * values[r0 * fw + c0] + (1 - ay) * ax * values[r0 * fw + c1]
    + ay * (1 - ax) * values[r1 * fw + c0] + ay * ax * values[r1 * fw + c1];
}

/**
 * The mirror image's per-channel shading correction: the mean log ratio of this side to the other,
 * per cell, where both are skin seen in the photo (weighted by both photo weights), filled by
 * pull-push. The mean of logs, and only over pairs whose ratio is a plausible shading difference
 * (within MAX_SHADING either way) and whose chroma agrees: a strand of hair or a finger at one side
 * must not darken the whole patch it is replaced with.
 */
function shadingGain(direct: PhotoTexels, mirrored: PhotoTexels, width: number, height: number, factor: number, invC2: number): CellField {
  const fw = Math.ceil(width / factor), fh = Math.ceil(height / factor);
  const sum = new Float32Array(fw * fh * 3), weight = new Float32Array(fw * fh);
  const { x0, x1, y0, y1 } = mirrored.seen;
  for (let y = y0; y <= y1; y++) accumulateRow(direct, mirrored, y, x0, x1, width, factor, fw, invC2, sum, weight);
  // A cell counts as fully known when a quarter of it is skin seen fully on both sides (counted in
  // mirror texels, a quarter as many as the cell's texels).
  const full = (0.25 * factor * factor) / 4;
  const known = new Float32Array(fw * fh);
  for (let cell = 0; cell < weight.length; cell++) {
    if (weight[cell] === 0) continue;
    const k = Math.min(1, weight[cell] / full);
    known[cell] = k;
    for (let c = 0; c < 3; c++) sum[cell * 3 + c] *= k / weight[cell];
  }
  const filled = pushPull(sum, known, fw, fh, 3, [0, 0, 0]);
  // The correction is for where the halves meet. Away from where both sides were seen it fades to
  // none: what the photo showed there of this side was the view's shading (a cheek turned away from
  // the camera and its light is darker), not the skin's colour, which the other side shows best.
  const seeds = new Uint8Array(fw * fh);
  for (let cell = 0; cell < seeds.length; cell++) seeds[cell] = known[cell] >= 0.5 ? 1 : 0;
  const distance = chamferDistance(seeds, fw, fh, GAIN_REACH);
  // One luma gain per cell for all three channels: the lighting's colour is the same on both sides,
  // and per-channel ratios amplify the noise of the darker channel.
  const gain = new Float32Array(fw * fh);
  for (let cell = 0; cell < gain.length; cell++) {
    const i = cell * 3, fade = 1 - smoothstep(0, GAIN_REACH, distance[cell]);
    gain[cell] = Math.exp(fade * Math.min(LOG_MAX_GAIN, Math.max(-LOG_MAX_GAIN, 0.299 * filled[i] + 0.587 * filled[i + 1] + 0.114 * filled[i + 2])));
  }
  return { width: fw, height: fh, factor, values: gain };
}

/**
 * Largest correction of the mirror image's brightness. Past it, a darker side is more often a
 * shadow of hair or of a hand than the lighting, and the brighter, evenly lit side is the better guess.
 */
const LOG_MAX_GAIN = Math.log(1.4);
/** Width of the ramp at the hard edges of this side's photo weight, as a fraction of the texture width. */
const SEAM_RAMP = 1 / 256;
/** Facing (× 255) from which both sides must be seen for their ratio to measure the lighting. */
const GAIN_FACING = 0.7 * 255;
/** Cells (of the gain field) over which the correction fades out away from where it was measured. */
const GAIN_REACH = 2;
/** Largest shading ratio between the two sides taken as lighting rather than as something else. */
const MAX_SHADING = 2.2;
const LOG_MAX_SHADING = Math.log(MAX_SHADING);

/** One row `y` of the mirror texels (half resolution) against the texel of `direct` at its top left. */
function accumulateRow(
  direct: PhotoTexels, mirrored: PhotoTexels, y: number, x0: number, x1: number, width: number, factor: number, fw: number,
  invC2: number, sum: Float32Array, weight: Float32Array,
): void {
  const halfWidth = Math.ceil(width / 2);
  const cellRow = Math.floor((2 * y) / factor) * fw;
  const dc = direct.color, mc = mirrored.color;
  for (let x = x0; x <= x1; x++) {
    const j = y * halfWidth + x, k = 2 * y * width + 2 * x;
    // Skin on both sides: feeds the skin fill (source) at more than half its photo weight.
    const sd = direct.source[k], sm = mirrored.source[j];
    if (sd === 0 || sm === 0 || 2 * sd < direct.weight[k] || 2 * sm < mirrored.weight[j]) continue;
    // Seen squarely on both sides, so the ratio is the lighting's and not the view's: a cheek
    // turned away from the camera (and the light beside it) is darker in the photo, not in the skin.
    if (direct.facing[k] < GAIN_FACING || mirrored.facing[j] < GAIN_FACING) continue;
    const p = k * 3, q = j * 3;
    // +8: dark pixels' ratios are noise.
    const lr = Math.log((dc[p] + 8) / (mc[q] + 8)), lg = Math.log((dc[p + 1] + 8) / (mc[q + 1] + 8)), lb = Math.log((dc[p + 2] + 8) / (mc[q + 2] + 8));
    const ly = 0.299 * lr + 0.587 * lg + 0.114 * lb;
    if (ly > LOG_MAX_SHADING || ly < -LOG_MAX_SHADING) continue;
    // Chroma of the two after the luma ratio is divided out.
    const s = Math.exp(-ly);
    const yD = 0.299 * dc[p] + 0.587 * dc[p + 1] + 0.114 * dc[p + 2], yM = 0.299 * mc[q] + 0.587 * mc[q + 1] + 0.114 * mc[q + 2];
    const dCb = 0.564 * (s * (dc[p + 2] - yD) - (mc[q + 2] - yM)), dCr = 0.713 * (s * (dc[p] - yD) - (mc[q] - yM));
    if ((dCb * dCb + dCr * dCr) * invC2 > 4) continue;
    const w = (sd * sm) / 65025;
    const cell = (cellRow + Math.floor((2 * x) / factor)) * 3;
    weight[cell / 3] += w;
    sum[cell] += w * lr;
    sum[cell + 1] += w * lg;
    sum[cell + 2] += w * lb;
  }
}

/** The mirror image's colour (mirror texel j) at texel (x, y), its shading matched to this side: into `out`. */
function matchedMirror(gain: CellField, color: Uint8Array, j: number, x: number, y: number, out: Float64Array): void {
  const g = sampleField(gain, x, y);
  for (let c = 0; c < 3; c++) out[c] = Math.min(255, color[j * 3 + c] * g);
}

/** Per cell of a coarse grid, how surely each side is occluded (0..1). */
interface OccluderField {
  direct: CellField;
  mirrored: CellField;
}

/** Cells of the occluder field, in texels: an occluder's soft edge is a few texels wide, and so is a finger's gap. */
const OCCLUDER_CELL = 8;

/**
 * Where the two sides disagree, which one is occluded, per texel, kept as the maximum per cell,
 * grown by two cells and softened by one: the blurred edge of a finger or a strand is a mix of the two colours that
 * disagrees too little to be caught on its own, and would stay as its outline.
 *
 * The side taken for the occluder is one only if its colour is nowhere within `reach` texels of the
 * same place on the other side. A face is not quite symmetric and its fit not exact: an eye's liner,
 * a nostril or a smile's crease lands a few millimetres from its mirror image, and compared texel for
 * texel its edges disagree as a finger's would. Taken for occluders, they were replaced by the other
 * side's skin, with the other side's feature beside them: a ghost of each (likeness-eval:
 * person-linda's liner gone, lines under both eyes, a second nose shadow). A hand, a strand or a
 * microphone is a colour the other side does not have nearby.
 */
function occluders(
  direct: PhotoTexels, mirrored: PhotoTexels, gain: CellField, width: number, height: number, invY2: number, invC2: number,
  isHair: (r: number, g: number, b: number, x: number, y: number) => boolean, featureLean: FeatureLean,
  inSocket: (x: number, y: number) => boolean, socketLean: FeatureLean | undefined, reach: number,
): OccluderField {
  const factor = OCCLUDER_CELL;
  const fw = Math.ceil(width / factor), fh = Math.ceil(height / factor);
  const od = new Float32Array(fw * fh), om = new Float32Array(fw * fh);
  // Over the mirror texels (half resolution), each against the texel of `direct` at its top left.
  const { x0, x1, y0, y1 } = mirrored.seen;
  const halfWidth = Math.ceil(width / 2), halfHeight = Math.ceil(height / 2);
  // The search, in mirror texels: at most 9 × 9 places each way.
  const radius = Math.round(reach / 2), step = Math.max(1, Math.round(radius / 4));
  // Both sides in Y, Cb, Cr once per mirror texel of the box the search reads (the mirror image with
  // its shading matched, this side at the mirror texel's top left), NaN where unseen.
  const bx0 = Math.max(0, x0 - radius), bx1 = Math.min(halfWidth - 1, x1 + radius);
  const by0 = Math.max(0, y0 - radius), by1 = Math.min(halfHeight - 1, y1 + radius);
  const bw = bx1 - bx0 + 1, bh = by1 - by0 + 1;
  const at = (x: number, y: number) => ((y - by0) * bw + x - bx0) * 3;
  const D = new Float32Array(Math.max(0, bw * bh * 3)).fill(NaN), M = new Float32Array(Math.max(0, bw * bh * 3)).fill(NaN);
  const m = new Float64Array(3);
  const dc = direct.color;
  const ycc = (r: number, g: number, b: number, out: Float32Array, at: number) => {
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    out[at] = y;
    out[at + 1] = 0.564 * (b - y);
    out[at + 2] = 0.713 * (r - y);
  };
  for (let y = by0; y <= by1; y++) {
    for (let x = bx0; x <= bx1; x++) {
      const j = y * halfWidth + x, k = 2 * y * width + 2 * x;
      if (direct.weight[k] > 0) ycc(dc[k * 3], dc[k * 3 + 1], dc[k * 3 + 2], D, at(x, y));
      if (mirrored.weight[j] === 0) continue;
      matchedMirror(gain, mirrored.color, j, 2 * x, 2 * y, m);
      ycc(m[0], m[1], m[2], M, at(x, y));
    }
  }
  // Squared disagreement of a colour of this side (D at i) and one of the other (M at q), in units of
  // the tolerances: over an eye or the lips, whose light and dark differ from their mirror image
  // anyway (a gaze, a highlight, teeth), chroma only. NaN (unseen) never agrees.
  const disagreement = (i: number, q: number, feature: boolean): number => {
    const dY = D[i] - M[q], dCb = D[i + 1] - M[q + 1], dCr = D[i + 2] - M[q + 2];
    const d2 = feature ? ((dCb * dCb + dCr * dCr) * invC2) / 9 : dY * dY * invY2 + (dCb * dCb + dCr * dCr) * invC2;
    return d2 === d2 ? d2 : Infinity;
  };
  for (let y = y0; y <= y1; y++) {
    const row = Math.floor((2 * y) / factor) * fw;
    for (let x = x0; x <= x1; x++) {
      const j = y * halfWidth + x, k = 2 * y * width + 2 * x, i = at(x, y);
      if (direct.weight[k] === 0 || mirrored.weight[j] === 0) continue;
      const feature = isFeature(direct, k) || isFeature(mirrored, j);
      let d2 = disagreement(i, i, feature);
      if (d2 <= 1) continue;
      const yD = D[i], cbD = D[i + 1], crD = D[i + 2], yM = M[i], cbM = M[i + 1], crM = M[i + 2];
      let lean = feature ? featureLean(yD, cbD, crD, yM, cbM, crM) : (2 * (mirrored.likeness[j] - direct.likeness[k])) / 255;
      // In an eye socket, the side nearer the hair's colour is the strand (see FacialHair.sockets).
      if (socketLean && inSocket(2 * x, 2 * y)) lean = socketLean(yD, cbD, crD, yM, cbM, crM);
      if (radius > 0) {
        // The side taken for the occluder is one only if its colour is nowhere on the other side near
        // the same place.
        for (let b = Math.max(by0, y - radius); b <= Math.min(by1, y + radius) && d2 > 1; b += step) {
          for (let a = Math.max(bx0, x - radius); a <= Math.min(bx1, x + radius); a += step) {
            const q = at(a, b);
            d2 = Math.min(d2, lean > 0 ? disagreement(i, q, feature) : disagreement(q, i, feature));
          }
        }
        if (d2 <= 1) continue;
      }
      const p = k * 3;
      matchedMirror(gain, mirrored.color, j, 2 * x, 2 * y, m);
      const u = d2 >= 4 ? 1 : Math.sqrt(d2) - 1;
      const disagree = u * u * (3 - 2 * u);
      const cell = row + Math.floor((2 * x) / factor);
      if (lean > 0) {
        if (!isHair(dc[p], dc[p + 1], dc[p + 2], 2 * x, 2 * y)) od[cell] = Math.max(od[cell], disagree * Math.min(1, lean));
      } else if (!isHair(m[0], m[1], m[2], 2 * x, 2 * y)) om[cell] = Math.max(om[cell], disagree * Math.min(1, -lean));
    }
  }
  const field = (cells: Float32Array): CellField => ({ width: fw, height: fh, factor, values: soften(grow(grow(cells, fw, fh), fw, fh), fw, fh) });
  return { direct: field(od), mirrored: field(om) };
}

/**
 * Over an eye or the lips, how much more this side (D) than its mirror image (M) looks occluded, in
 * colour (Y, Cb, Cr): positive when this side is the occluded one.
 */
type FeatureLean = (yD: number, cbD: number, crD: number, yM: number, cbM: number, crM: number) => number;

/** The side further from the skin's chroma is in front of the feature. */
function chromaLean(skin: { cb: number; cr: number; invChroma: number }): FeatureLean {
  return (_yD, cbD, crD, _yM, cbM, crM) => (Math.hypot(cbD - skin.cb, crD - skin.cr) - Math.hypot(cbM - skin.cb, crM - skin.cr)) * skin.invChroma;
}

/**
 * The side nearer the hair's colour is the occluder: a strand of the person's own hair. Luma counts
 * half, as lighting moves it.
 */
function hairLean(hair: Rgb, invChroma: number): FeatureLean {
  const hy = 0.299 * hair.red + 0.587 * hair.green + 0.114 * hair.blue;
  const hcb = 0.564 * (hair.blue - hy), hcr = 0.713 * (hair.red - hy);
  const distance = (y: number, cb: number, cr: number): number => Math.hypot((y - hy) / 2, cb - hcb, cr - hcr);
  return (yD, cbD, crD, yM, cbM, crM) => (distance(yM, cbM, crM) - distance(yD, cbD, crD)) * invChroma;
}

/** Facing (× 255) from which a texel counts as seen squarely, for choosing between the two sides. */
const SQUARE_FACING = 0.9 * 255;

/** 0..1: how squarely a texel of this facing (× 255) was seen; 1 from SQUARE_FACING on. */
function squareness(facing: number): number {
  const t = Math.min(1, facing / SQUARE_FACING);
  return t * t * (3 - 2 * t);
}

/** Where the face has hair of its own, and its colour (see {@link symmetricCompletion}). */
export interface FacialHair {
  /** The person's hair colour (FaceAnalysis `colors.hair`). */
  color: Rgb;
  /** Texture v below which the face may have a beard or a moustache: the bottom of the nose. */
  below: number;
  /** The brows, as UV boxes [u0, v0, u1, v1]. */
  brows: ReadonlyArray<readonly [number, number, number, number]>;
  /**
   * The eye sockets, as UV boxes. Lids, lashes, liner and the socket's shadow are darker and less
   * like skin than a fair strand in front of them, so there likeness to the skin would take the
   * clear eye for the occluded one; there the side nearer the hair's colour is the strand.
   */
  sockets?: ReadonlyArray<readonly [number, number, number, number]>;
}

/**
 * Whether a texel could be the face's own hair: a beard, a moustache, stubble or a brow is as
 * asymmetric as a hand may be, and less like skin, but it is the face's own. Its colour within twice
 * the tolerances of the hair colour, below the nose or on a brow. A hair-coloured strand across the
 * forehead, an eye or a cheek is head hair in front of the face, and comes out.
 */
function facialHair(hair: FacialHair, width: number, height: number, options: SymmetricCompletionOptions): (r: number, g: number, b: number, x: number, y: number) => boolean {
  const { color } = hair;
  const hY = 0.299 * color.red + 0.587 * color.green + 0.114 * color.blue;
  const hCb = 0.564 * (color.blue - hY), hCr = 0.713 * (color.red - hY);
  const invY2 = 1 / (4 * options.lumaTolerance * options.lumaTolerance), invC2 = 1 / (4 * options.chromaTolerance * options.chromaTolerance);
  const below = hair.below * height;
  const brows = hair.brows.map(([u0, v0, u1, v1]) => [u0 * width, v0 * height, u1 * width, v1 * height]);
  return (r, g, b, x, y) => {
    if (y < below && !brows.some(([x0, y0, x1, y1]) => x >= x0 && x <= x1 && y >= y0 && y <= y1)) return false;
    const l = 0.299 * r + 0.587 * g + 0.114 * b;
    const dY = l - hY, dCb = 0.564 * (b - l) - hCb, dCr = 0.713 * (r - l) - hCr;
    return dY * dY * invY2 + (dCb * dCb + dCr * dCr) * invC2 <= 1;
  };
}

/** Eyes, lips and brows: taken from the photo (weight) but never fed to the skin fill (see photoTexels.ts). */
function isFeature(texels: PhotoTexels, k: number): boolean {
  return texels.source[k] === 0 && texels.likeness[k] === 255;
}

/** 3×3 mean: an occluder's replacement fades in over a few cells instead of stepping in at a cell's edge. */
function soften(field: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(field.length);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let sum = 0, n = 0;
      for (let b = Math.max(0, j - 1); b <= Math.min(height - 1, j + 1); b++) {
        for (let a = Math.max(0, i - 1); a <= Math.min(width - 1, i + 1); a++, n++) sum += field[b * width + a];
      }
      out[j * width + i] = sum / n;
    }
  }
  return out;
}

/** 3×3 maximum. */
function grow(field: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(field.length);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let v = 0;
      for (let b = Math.max(0, j - 1); b <= Math.min(height - 1, j + 1); b++) {
        for (let a = Math.max(0, i - 1); a <= Math.min(width - 1, i + 1); a++) v = Math.max(v, field[b * width + a]);
      }
      out[j * width + i] = v;
    }
  }
  return out;
}

/**
 * What the blend reads of the other side, once per mirror texel (half resolution) instead of once
 * per texel: its colour with the shading matched, its weight (feathered, less occlusion) and how
 * surely this side is occluded there. The occluder field and the gain are far coarser than a
 * mirror texel, so nothing is lost.
 */
interface MirrorSide {
  color: Uint8Array;
  weight: Uint8Array;
  hidden: Uint8Array;
}

function mirrorSide(
  mirrored: PhotoTexels, softMirrored: Uint8Array, gain: CellField, occluded: OccluderField, box: TexelBox, width: number, height: number,
): MirrorSide {
  const hw = Math.ceil(width / 2), hh = Math.ceil(height / 2);
  const out: MirrorSide = { color: new Uint8Array(hw * hh * 3), weight: new Uint8Array(hw * hh), hidden: new Uint8Array(hw * hh) };
  const m = new Float64Array(3);
  for (let y = box.y0 >> 1; y <= Math.min(hh - 1, box.y1 >> 1); y++) {
    for (let x = box.x0 >> 1; x <= Math.min(hw - 1, box.x1 >> 1); x++) {
      const j = y * hw + x;
      // The mirror texel's centre, in texels.
      const cx = 2 * x + 0.5, cy = 2 * y + 0.5;
      out.hidden[j] = sampleField(occluded.direct, cx, cy) * 255 + 0.5;
      if (mirrored.weight[j] === 0) continue;
      matchedMirror(gain, mirrored.color, j, cx, cy, m);
      out.color[j * 3] = m[0] + 0.5;
      out.color[j * 3 + 1] = m[1] + 0.5;
      out.color[j * 3 + 2] = m[2] + 0.5;
      out.weight[j] = softMirrored[j] * (1 - sampleField(occluded.mirrored, cx, cy)) + 0.5;
    }
  }
  return out;
}

/**
 * One row of the texture: each texel and the mirror texel (half resolution) it falls in. Nearest,
 * not bilinear: at half the texture's resolution the mirror image is still finer than the photo.
 */
function blendRow(direct: PhotoTexels, mirrored: PhotoTexels, soft: Uint8Array, side: MirrorSide, y: number, x0: number, x1: number, width: number): void {
  const { color: dc, weight: dw, source: ds, likeness: dl, coverage: dv, facing: df } = direct;
  const { weight: mw, source: ms, likeness: ml, coverage: mv, facing: mf } = mirrored;
  const { color: mc, weight: sw, hidden } = side;
  const halfRow = (y >> 1) * Math.ceil(width / 2);
  for (let x = x0; x <= x1; x++) {
    const k = y * width + x, j = halfRow + (x >> 1);
    const wmq = mw[j];
    if (wmq === 0) {
      // Nothing to take from the other side, but an occluder found here still comes out: the skin
      // fill takes its place.
      const h = hidden[j];
      if (h > 0 && dw[k] > 0) {
        dw[k] = (dw[k] * (255 - h)) / 255 + 0.5;
        ds[k] = (ds[k] * (255 - h)) / 255 + 0.5;
      }
      continue;
    }
    if (mv[j] > dv[k]) dv[k] = mv[j];
    const p = k * 3, q = j * 3;
    const wd = (soft[k] * (255 - hidden[j])) / 65025, wm = sw[j] / 255;
    // How squarely each side was seen, past where the photo weight is already full: a cheek seen
    // at 60° is stretched twice over, and its mirror image seen head-on is the better picture.
    const qd = wd * squareness(df[k]), qm = wm * squareness(mf[j]);
    const qd2 = qd * qd, qm2 = qm * qm * (1 - qd);
    let own = qd2 + qm2 > 0 ? qd2 / (qd2 + qm2) : 1;
    if (isFeature(direct, k)) {
      // An eye looks the other way in the mirror: blended half and half, two irises would show side
      // by side. The same choice, made sharply (so it stays continuous with the skin around).
      const t = Math.min(1, Math.max(0, (own - 0.3) / 0.4));
      own = t * t * (3 - 2 * t);
    }
    const other = 1 - own;
    const w = wd + (1 - wd) * wm;
    dc[p] = own * dc[p] + other * mc[q] + 0.5;
    dc[p + 1] = own * dc[p + 1] + other * mc[q + 1] + 0.5;
    dc[p + 2] = own * dc[p + 2] + other * mc[q + 2] + 0.5;
    // Skin share of each side (source / weight), mixed as the colours are.
    const sD = dw[k] > 0 ? ds[k] / dw[k] : 0, sM = ms[j] / wmq;
    dw[k] = w * 255 + 0.5;
    ds[k] = w * (own * sD + other * sM) * 255 + 0.5;
    dl[k] = own * dl[k] + other * ml[j] + 0.5;
  }
}
