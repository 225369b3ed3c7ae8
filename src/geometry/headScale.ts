/** The head's overall size relative to the template, read from the face. */
export interface HeadScale {
  /** Per-axis scale about the origin (x, y, z). */
  scale: [number, number, number];
  /** Translation after scaling, metres. */
  offset: [number, number, number];
}

/**
 * Per-axis least squares of `target ≈ scale · reference + offset` over the 468 face-mesh landmarks
 * (irises left out), each scale bounded to 1 ± `limit`. Depth takes the mean of width and height,
 * as measured depth is the least reliable: a longer or wider face gives a bigger head, not a deeper
 * or shallower one.
 *
 * ```ts
 * const { scale, offset } = headScale(canonical.points, MEAN_FACE, 0.12);
 * ```
 */
export function headScale(target: ArrayLike<number>, reference: ArrayLike<number>, limit: number): HeadScale {
  const n = 468;
  const scale: [number, number, number] = [1, 1, 1];
  const offset: [number, number, number] = [0, 0, 0];
  const means = [0, 1, 2].map((axis) => {
    let sr = 0, st = 0;
    for (let i = 0; i < n; i++) { sr += reference[i * 3 + axis]; st += target[i * 3 + axis]; }
    return [sr / n, st / n];
  });
  for (let axis = 0; axis < 2; axis++) {
    const [mr, mt] = means[axis];
    let cov = 0, vr = 0;
    for (let i = 0; i < n; i++) {
      const dr = reference[i * 3 + axis] - mr;
      cov += dr * (target[i * 3 + axis] - mt);
      vr += dr * dr;
    }
    scale[axis] = Math.min(1 + limit, Math.max(1 - limit, cov / vr));
  }
  scale[2] = (scale[0] + scale[1]) / 2;
  for (let axis = 0; axis < 3; axis++) offset[axis] = means[axis][1] - scale[axis] * means[axis][0];
  return { scale, offset };
}
