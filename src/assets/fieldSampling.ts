import type { FieldSampling } from '../geometry/sampleField.js';
import type { HeadGrid } from './headGrid.js';


/** Every third row and column of the grid is computed exactly away from the face (see sampleField.ts). */
const STEP = 3;

/** `near[v]` marks the vertices that must be exact. */
export function fieldSampling(grid: HeadGrid, near: Uint8Array): FieldSampling {
  const c = grid.columns, rows = grid.rows, n = c / 4;
  const count = grid.positions.length / 3;
  const exactMask = new Uint8Array(count);
  const coarse = (i: number, last: number): boolean => i % STEP === 0 || i === last;
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j <= c; j++) {
      const v = r * (c + 1) + j;
      exactMask[v] = near[v] || (coarse(r, rows - 1) && coarse(j, c)) ? 1 : 0;
    }
  }
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) {
      const v = grid.capStart + a * (n + 1) + b;
      exactMask[v] = near[v] || (coarse(a, n) && coarse(b, n)) ? 1 : 0;
    }
  }
  const exact: number[] = [], interpolated: number[] = [], sources: number[] = [], weights: number[] = [];
  const corners = (i: number, last: number): [number, number, number] => {
    const i0 = i - (i % STEP), i1 = Math.min(i0 + STEP, last);
    return [i0, i1, i1 === i0 ? 0 : (i - i0) / (i1 - i0)];
  };
  const add = (v: number, at: (x: number, y: number) => number, x: number, y: number, lx: number, ly: number): void => {
    if (exactMask[v]) { exact.push(v); return; }
    const [x0, x1, fx] = corners(x, lx), [y0, y1, fy] = corners(y, ly);
    interpolated.push(v);
    sources.push(at(x0, y0), at(x1, y0), at(x0, y1), at(x1, y1));
    weights.push((1 - fx) * (1 - fy), fx * (1 - fy), (1 - fx) * fy, fx * fy);
  };
  for (let r = 0; r < rows; r++) for (let j = 0; j <= c; j++) add(r * (c + 1) + j, (x, y) => x * (c + 1) + y, r, j, rows - 1, c);
  for (let a = 0; a <= n; a++) {
    for (let b = 0; b <= n; b++) add(grid.capStart + a * (n + 1) + b, (x, y) => grid.capStart + x * (n + 1) + y, a, b, n, n);
  }

  // Duplicates: the seam column repeats column 0; the cap's boundary repeats the band's first row.
  const weld = Uint32Array.from({ length: count }, (_, i) => i);
  for (let r = 0; r < rows; r++) weld[r * (c + 1) + c] = r * (c + 1);
  for (let q = 0; q < 4 * n; q++) {
    const [a, b] = q <= n ? [q, 0] : q <= 2 * n ? [n, q - n] : q <= 3 * n ? [3 * n - q, n] : [0, 4 * n - q];
    weld[grid.capStart + a * (n + 1) + b] = (((q + c / 8) % c) + c) % c;
  }
  return {
    exact: Uint32Array.from(exact),
    interpolated: Uint32Array.from(interpolated),
    sources: Uint32Array.from(sources),
    weights: Float32Array.from(weights),
    weld,
  };
}
