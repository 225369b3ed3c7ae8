/**
 * Where a smooth field over a template (the fitting deformation) is computed exactly and where it is
 * interpolated. Evaluating the spline costs one kernel per centre per vertex; away from the face the
 * field varies slowly, so there it is computed on every third row and column of the grid only and
 * interpolated bilinearly (in grid indices) in between. Near the face every vertex is exact.
 */
export interface FieldSampling {
  /** Vertices computed exactly. */
  exact: Uint32Array;
  /** Vertices interpolated. */
  interpolated: Uint32Array;
  /** Four vertex indices (all exact) per interpolated vertex. */
  sources: Uint32Array;
  /** Four bilinear weights per interpolated vertex. */
  weights: Float32Array;
  /** For each vertex, the vertex it duplicates (UV seams), or itself: duplicates get the same value. */
  weld: Uint32Array;
}

/**
 * A field at every vertex: `evaluate` is called once with the exact vertices' points (flat xyz) and
 * returns their values (flat xyz); the rest is interpolated, and duplicates copied.
 */
export function sampleField(sampling: FieldSampling, points: ArrayLike<number>, evaluate: (points: Float64Array) => Float64Array): Float64Array {
  const out = new Float64Array(points.length);
  const { exact, interpolated, sources, weights, weld } = sampling;
  const at = new Float64Array(exact.length * 3);
  exact.forEach((v, i) => {
    at[i * 3] = points[v * 3];
    at[i * 3 + 1] = points[v * 3 + 1];
    at[i * 3 + 2] = points[v * 3 + 2];
  });
  const values = evaluate(at);
  exact.forEach((v, i) => out.set(values.subarray(i * 3, i * 3 + 3), v * 3));
  for (let i = 0; i < interpolated.length; i++) {
    const v = interpolated[i];
    for (let axis = 0; axis < 3; axis++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += weights[i * 4 + k] * out[sources[i * 4 + k] * 3 + axis];
      out[v * 3 + axis] = sum;
    }
  }
  for (let v = 0; v < weld.length; v++) if (weld[v] !== v) out.copyWithin(v * 3, weld[v] * 3, weld[v] * 3 + 3);
  return out;
}
