import { rasterizeGrid } from '../../../core/depthBuffer.js';
import type { FaceAnalysis, Mask } from '../../../analysis/types.js';
import type { FittedHead } from '../../../geometry/fitHead.js';

/** The photo around the head in coarse cells: what a haircut's silhouette is compared in. */
export interface PredictionGrid {
  /** Photo pixel of the grid's top-left corner, and a cell's side in photo pixels. */
  x0: number;
  y0: number;
  cell: number;
  columns: number;
  rows: number;
  /** 1 where the photo's hair region says something (inside the photo and the region hair is looked for in). */
  region: Uint8Array;
  /** Fraction of each cell the photo's hair region covers, 0..1. */
  hair: Float32Array;
  /** Distance (photo pixels from the camera) of the fitted head's nearest surface per cell; +∞ off the head. */
  head: Float32Array;
}

/**
 * The grid over the head's surroundings in the photo: the ellipse the analysis looks for hair in
 * (analysis/hair.ts: around the head centre, 1 face height up and down, 0.95 face widths to the
 * sides, widened for a turned head; below the chin only beside the neck), in `cells` cells along
 * its longer side. Each cell gets the hair region's coverage (3 × 3 samples of `hair`, which
 * covers the whole photo at any resolution) and the depth of the fitted head in front of it
 * (its triangles rasterised at the cells' centres through the fit's camera), so that hair behind
 * the head counts as hidden.
 *
 * ```ts
 * const grid = predictionGrid(fitted, hairRegion(photo, analysis), analysis, 64);
 * ```
 */
export function predictionGrid(fitted: FittedHead, hair: Mask, analysis: Pick<FaceAnalysis, 'width' | 'height' | 'face'>, cells: number): PredictionGrid {
  const lm = analysis.face.landmarks;
  const at = (i: number): [number, number] => [lm[i * 3], lm[i * 3 + 1]];
  const top = at(10), chin = at(152);
  const height = Math.hypot(top[0] - chin[0], top[1] - chin[1]) || 1;
  const up = [(top[0] - chin[0]) / height, (top[1] - chin[1]) / height];
  const right = [-up[1], up[0]];
  const width = Math.max(Math.hypot(at(234)[0] - at(454)[0], at(234)[1] - at(454)[1]), 0.8 * height);
  const centre = [(top[0] + chin[0]) / 2, (top[1] + chin[1]) / 2];
  const turn = Math.sin(analysis.face.pose.yaw);
  const headA = -0.5 * height * turn, headB = 0.15 * height;
  const semiA = 0.95 * width + 0.5 * height * Math.abs(turn), semiB = height;
  const extent = Math.hypot(Math.abs(headA) + semiA, headB + semiB);
  const x0 = centre[0] - extent, y0 = centre[1] - extent;
  const cell = (2 * extent) / cells;
  const columns = cells, rows = cells;
  const region = new Uint8Array(columns * rows);
  const cover = new Float32Array(columns * rows);
  const sx = hair.width / analysis.width, sy = hair.height / analysis.height;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const px = x0 + (c + 0.5) * cell, py = y0 + (r + 0.5) * cell;
      if (px < 0 || py < 0 || px >= analysis.width || py >= analysis.height) continue;
      const dx = px - centre[0], dy = py - centre[1];
      const a = dx * right[0] + dy * right[1], b = dx * up[0] + dy * up[1];
      if (((a - headA) / semiA) ** 2 + ((b - headB) / semiB) ** 2 > 1) continue;
      if (b < -0.5 * height && Math.abs(a) < 0.4 * width) continue;
      region[r * columns + c] = 1;
      let sum = 0;
      for (let j = 0; j < 3; j++) {
        for (let i = 0; i < 3; i++) {
          const mx = Math.min(hair.width - 1, Math.max(0, Math.floor((x0 + (c + (i + 0.5) / 3) * cell) * sx)));
          const my = Math.min(hair.height - 1, Math.max(0, Math.floor((y0 + (r + (j + 0.5) / 3) * cell) * sy)));
          sum += hair.data[my * hair.width + mx];
        }
      }
      cover[r * columns + c] = sum / (9 * 255);
    }
  }
  return { x0, y0, cell, columns, rows, region, hair: cover, head: headDepth(fitted, x0, y0, cell, columns, rows) };
}

/** The fitted head's depth at the centre of each cell: its triangles rasterised at cell centres. */
function headDepth(fitted: FittedHead, x0: number, y0: number, cell: number, columns: number, rows: number): Float32Array {
  const { positions: p, indices } = fitted.mesh;
  const m = fitted.camera.matrix;
  const count = p.length / 3;
  const u = new Float32Array(count), v = new Float32Array(count), z = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    const x = p[i * 3], y = p[i * 3 + 1], w = p[i * 3 + 2];
    u[i] = (m[0] * x + m[1] * y + m[2] * w + m[3] - x0) / cell - 0.5;
    v[i] = (m[4] * x + m[5] * y + m[6] * w + m[7] - y0) / cell - 0.5;
    z[i] = -(m[8] * x + m[9] * y + m[10] * w + m[11]);
  }
  return rasterizeGrid(indices, u, v, z, columns, rows);
}
