/**
 * Splits quads (four indices each, counter-clockwise) into triangles along their shorter diagonal,
 * which keeps the triangles closest to equilateral and the surface closest to the quad's.
 *
 * ```ts
 * const indices = triangulateQuads(positions, quads);
 * ```
 */
export function triangulateQuads(positions: ArrayLike<number>, quads: Uint32Array): Uint32Array {
  const p = positions;
  const out = new Uint32Array((quads.length / 4) * 6);
  const d2 = (i: number, j: number): number =>
    (p[i * 3] - p[j * 3]) ** 2 + (p[i * 3 + 1] - p[j * 3 + 1]) ** 2 + (p[i * 3 + 2] - p[j * 3 + 2]) ** 2;
  for (let q = 0, t = 0; q < quads.length; q += 4, t += 6) {
    const a = quads[q], b = quads[q + 1], c = quads[q + 2], d = quads[q + 3];
    if (d2(a, c) <= d2(b, d)) out.set([a, b, c, a, c, d], t);
    else out.set([a, b, d, b, c, d], t);
  }
  return out;
}
