import type { FaceAnalysis, Mask } from '../../../analysis/types.js';
import type { FittedHead } from '../../../geometry/fitHead.js';
import { boundHaircut, placeHaircut } from '../fit/fitHaircut.js';
import type { Haircut, HaircutSetName } from '../../../library/haircuts/haircut.js';
import { haircutSet } from '../../../library/haircuts/haircutLibrary.js';
import { predictionGrid, type PredictionGrid } from './predictionGrid.js';

/** The name prediction gives when the photo shows no hair (model_info `haircut_name`). */
export const ABSOLUTELY_BALD = 'absolutely_bald';

/** Options of {@link predictHaircut}. */
export interface PredictHaircutOptions {
  /** The sets to choose among: base and facegen (head_1.2), base and plus (head_2.0). */
  sets?: readonly HaircutSetName[];
  /** Cells of the comparison grid along its side. */
  cells?: number;
  /** Softmax temperature of the weights, in units of the score (an intersection over union). */
  temperature?: number;
  /** Score added to haircuts of the photo's gender (half to unisex ones): it only breaks near-ties. */
  genderBias?: number;
  /** Slack of precision and recall, as a fraction of the comparison region's cells (see {@link predictHaircut}). */
  slack?: number;
  /**
   * How far (metres, at the face) a silhouette's cell may be from the other silhouette and still
   * match it: the fit's cranium and the hair region's edge are each good to about a centimetre.
   */
  tolerance?: number;
  /** Depth a haircut's point may lie behind the head's surface and still count as seen, metres. */
  depthTolerance?: number;
  /**
   * Vertical stretches of a haircut's silhouette about eye level tried against the photo's: the
   * fit's cranium is the template's scaled by the face, and can stand a couple of centimetres
   * higher or lower than the person's. Every haircut is scored at its best stretch (and a shift of
   * a cell either way), so the error is shared rather than held against the fuller haircuts.
   */
  stretches?: readonly number[];
  /** Weight of the cells every candidate covers, against 1 for the others. */
  commonWeight?: number;

}

export const PREDICT_HAIRCUT_DEFAULTS: Required<PredictHaircutOptions> = {
  sets: ['base', 'facegen'],
  cells: 64,
  temperature: 0.02,
  genderBias: 0.008,
  slack: 0.02,
  tolerance: 0.007,
  depthTolerance: 0.003,
  stretches: [0.84, 0.88, 0.92, 0.96, 1, 1.04, 1.08],
  commonWeight: 0.2,
};

/** What {@link predictHaircut} found. */
export interface HaircutPrediction {
  /** The best haircut's identity, or {@link ABSOLUTELY_BALD}. */
  name: string;
  /** Weight per name, {@link ABSOLUTELY_BALD} included; they sum to 1 (`haircut_full_info`). */
  weights: Record<string, number>;
  /** Score per name: how well the silhouettes match (the F-measure of {@link predictHaircut}), 0..1. */
  scores: Record<string, number>;
}

/**
 * `predict_haircut`: which artificial haircut looks most like the photo's hair. Each candidate is
 * fitted to the photo's head and seen through the fit's camera, i.e. at the photo's pose: its
 * points land in a coarse grid over the head (predictionGrid.ts), where they count as seen unless
 * the head is in front of them. The seen cells are compared with the cells the photo's hair region
 * (`hair`, hairRegion.ts) covers at least half of, as a detector is scored: precision (the share
 * of the haircut's cells near the photo's hair) and recall (the share of the photo's hair near the
 * haircut's cells), "near" within `tolerance`, each with a small slack added to numerator and
 * denominator, and the score their harmonic mean. Within the tolerance the fit's small errors do
 * not count; beyond it what tells haircuts apart does: hair over the ears or not, to the jaw or
 * the shoulders, close to the head or full. Being bald is a candidate too, with an empty
 * silhouette: precision 1 and recall the slack over the photo's hair plus the slack, so it wins
 * when the photo shows (almost) no hair. Weights are the softmax of the scores; the photo's gender
 * adds a little to its haircuts' scores, enough to break a near-tie only.
 *
 * ```ts
 * const { name, weights } = predictHaircut(fitted, hairRegion(photo, analysis), analysis, { sets: ['base', 'plus'] });
 * ```
 */
export function predictHaircut(
  fitted: FittedHead, hair: Mask, analysis: Pick<FaceAnalysis, 'width' | 'height' | 'face'>, options: PredictHaircutOptions = {},
): HaircutPrediction {
  const o = { ...PREDICT_HAIRCUT_DEFAULTS, ...options };
  const grid = predictionGrid(fitted, hair, analysis, o.cells);
  const { region } = grid;
  const shown = Uint8Array.from(grid.hair, (h, i) => (region[i] && h >= 0.5 ? 1 : 0));
  const reach = Math.max(1, Math.round((o.tolerance * fitted.camera.scale) / grid.cell));
  const nearShown = dilate(shown, grid.columns, grid.rows, reach);
  // Eye level in the grid: the head frame's origin seen through the camera.
  const eyes = (fitted.camera.matrix[7] - grid.y0) / grid.cell;
  const candidates = o.sets.flatMap((set) => haircutSet(set));
  const silhouettes = candidates.map((haircut) => {
    const { binding } = boundHaircut(haircut, fitted.template);
    const points = new Float32Array(binding.triangles.length * 3);
    placeHaircut(binding, fitted.template.mesh, fitted.mesh, points);
    const seen = silhouette(points, binding.triangles.length, fitted, grid, o.depthTolerance);
    for (let i = 0; i < seen.length; i++) seen[i] &= region[i];
    return seen;
  });
  // Cells every haircut covers (the scalp seen from the front) tell them apart no better than a
  // coin: they count for less, so that what differs (volume, length, fringe) decides.
  const weight = Float32Array.from(region, (inside, i) => (inside ? (silhouettes.every((seen) => seen[i]) ? o.commonWeight : 1) : 0));
  let total = 0, hairWeight = 0;
  for (let i = 0; i < region.length; i++) {
    total += weight[i];
    hairWeight += weight[i] * shown[i];
  }
  const slack = o.slack * total;
  // Bald: nothing predicted, so nothing wrongly; all the photo's hair missed.
  const scores: Record<string, number> = { [ABSOLUTELY_BALD]: fMeasure(1, slack / (hairWeight + slack)) };
  const ranked: Record<string, number> = { ...scores };
  candidates.forEach((haircut, k) => {
    const seen = silhouettes[k];
    const nearSeen = dilate(seen, grid.columns, grid.rows, reach);
    let score = 0;
    for (const stretch of o.stretches) {
      for (let dy = -1; dy <= 1; dy++) {
        score = Math.max(score, stretched(seen, nearSeen, shown, nearShown, weight, grid.columns, grid.rows, eyes, stretch, dy, hairWeight, slack));
      }
    }
    scores[haircut.identity] = score;
    ranked[haircut.identity] = score + genderBias(haircut, analysis.face.gender, o.genderBias);
  });
  return { ...softmax(ranked, o.temperature), scores };
}

/** The cells where a point of the fitted haircut is seen in front of the head (and their neighbours: points are ~1 cm apart). */
function silhouette(points: Float32Array, count: number, fitted: FittedHead, grid: PredictionGrid, tolerance: number): Uint8Array {
  const seen = new Uint8Array(grid.columns * grid.rows);
  const m = fitted.camera.matrix;
  const slack = tolerance * fitted.camera.scale;
  const { columns, rows, head } = grid;
  const reach = Math.max(1, Math.round((0.006 * fitted.camera.scale) / grid.cell));
  for (let i = 0; i < count; i++) {
    const x = points[i * 3], y = points[i * 3 + 1], z = points[i * 3 + 2];
    const c = Math.floor((m[0] * x + m[1] * y + m[2] * z + m[3] - grid.x0) / grid.cell);
    const r = Math.floor((m[4] * x + m[5] * y + m[6] * z + m[7] - grid.y0) / grid.cell);
    if (c < -reach || r < -reach || c >= columns + reach || r >= rows + reach) continue;
    // The head's depths are distances from the camera; the point counts `slack` nearer than it is.
    const depth = -(m[8] * x + m[9] * y + m[10] * z + m[11] + slack);
    for (let dr = -reach; dr <= reach; dr++) {
      const rr = r + dr;
      if (rr < 0 || rr >= rows) continue;
      for (let dc = -reach; dc <= reach; dc++) {
        const cc = c + dc;
        if (cc < 0 || cc >= columns) continue;
        if (depth <= head[rr * columns + cc]) seen[rr * columns + cc] = 1;
      }
    }
  }
  return seen;
}

/** The F-measure against the photo's hair of a silhouette stretched vertically about row `eyes` and moved down by `dy` rows. */
function stretched(
  seen: Uint8Array, nearSeen: Uint8Array, shown: Uint8Array, nearShown: Uint8Array, weight: Float32Array,
  columns: number, rows: number, eyes: number, stretch: number, dy: number, hairWeight: number, slack: number,
): number {
  let predicted = 0, right = 0, found = 0;
  for (let r = 0; r < rows; r++) {
    const from = Math.floor(eyes + (r + 0.5 - dy - eyes) / stretch);
    if (from < 0 || from >= rows) continue;
    for (let c = 0; c < columns; c++) {
      const i = r * columns + c, j = from * columns + c;
      const w = weight[i];
      if (seen[j]) { predicted += w; right += w * nearShown[i]; }
      if (shown[i]) found += w * nearSeen[j];
    }
  }
  return fMeasure((right + slack) / (predicted + slack), (found + slack) / (hairWeight + slack));
}

/** Harmonic mean of precision and recall. */
function fMeasure(precision: number, recall: number): number {
  return (2 * precision * recall) / (precision + recall);
}

/** Cells within `reach` cells (Chebyshev distance) of a marked cell: a square max filter, by rows then columns. */
function dilate(cells: Uint8Array, columns: number, rows: number, reach: number): Uint8Array {
  const across = new Uint8Array(cells.length), out = new Uint8Array(cells.length);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      if (!cells[r * columns + c]) continue;
      for (let k = Math.max(0, c - reach); k <= Math.min(columns - 1, c + reach); k++) across[r * columns + k] = 1;
    }
  }
  for (let c = 0; c < columns; c++) {
    for (let r = 0; r < rows; r++) {
      if (!across[r * columns + c]) continue;
      for (let k = Math.max(0, r - reach); k <= Math.min(rows - 1, r + reach); k++) out[k * columns + c] = 1;
    }
  }
  return out;
}

function genderBias(haircut: Haircut, gender: string, bias: number): number {
  return haircut.gender === gender ? bias : haircut.gender === 'unisex' ? bias / 2 : 0;
}

function softmax(scores: Record<string, number>, temperature: number): { name: string; weights: Record<string, number> } {
  const names = Object.keys(scores);
  const best = names.reduce((a, b) => (scores[b] > scores[a] ? b : a));
  let total = 0;
  const weights: Record<string, number> = {};
  for (const n of names) total += weights[n] = Math.exp((scores[n] - scores[best]) / temperature);
  for (const n of names) weights[n] /= total;
  return { name: best, weights };
}
