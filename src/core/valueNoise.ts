/** Integer hash of a lattice point to [0, 1). */
export function latticeHash(x: number, y: number, seed = 0): number {
  let h = (Math.imul(x | 0, 374761393) + Math.imul(y | 0, 668265263) + Math.imul(seed | 0, 2246822519)) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/**
 * Smooth value noise of cell size `cell` (in the units of x and y), in [0, 1): what procedural
 * materials (tortoiseshell, felt, knit) are drawn with. A handful of lines, so no library.
 *
 * ```ts
 * const blotch = valueNoise(x, y, 0.004);   // blotches about 4 mm across
 * ```
 */
export function valueNoise(x: number, y: number, cell: number, seed = 0): number {
  const u = x / cell, v = y / cell;
  const i = Math.floor(u), j = Math.floor(v);
  const fu = u - i, fv = v - j;
  const su = fu * fu * (3 - 2 * fu), sv = fv * fv * (3 - 2 * fv);
  const a = latticeHash(i, j, seed), b = latticeHash(i + 1, j, seed), c = latticeHash(i, j + 1, seed), d = latticeHash(i + 1, j + 1, seed);
  return a + (b - a) * su + (c - a) * sv + (a - b - c + d) * su * sv;
}
