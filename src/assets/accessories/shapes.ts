import { add, normalize, scale, type PartBuilder, type UvRect, type Vec3 } from './partBuilder.js';

/**
 * An ellipsoid with semi-axes `radii` along the unit axes `axes` (pads, pearls, stones, buttons):
 * `rings` from pole to pole along the first axis, `segments` round it; UVs over `uv`.
 */
export function ellipsoid(b: PartBuilder, centre: Vec3, axes: readonly [Vec3, Vec3, Vec3], radii: readonly [number, number, number], rings: number, segments: number, uv: UvRect): void {
  const first = b.vertexCount;
  for (let i = 0; i <= rings; i++) {
    const t = (i / rings) * Math.PI;
    for (let j = 0; j <= segments; j++) {
      const f = (j / segments) * 2 * Math.PI;
      const local = [Math.cos(t) * radii[0], Math.sin(t) * Math.cos(f) * radii[1], Math.sin(t) * Math.sin(f) * radii[2]];
      const at = add(centre, add(scale(axes[0], local[0]), add(scale(axes[1], local[1]), scale(axes[2], local[2]))));
      b.vertex(at, uv[0] + (uv[2] - uv[0]) * (j / segments), uv[1] + (uv[3] - uv[1]) * (i / rings));
    }
  }
  const row = segments + 1;
  for (let i = 0; i < rings; i++) {
    for (let j = 0; j < segments; j++) {
      const a = first + i * row + j;
      // Outward for a right-handed set of axes.
      if (i > 0) b.triangle(a, a + row + 1, a + 1);
      if (i < rings - 1) b.triangle(a, a + row, a + row + 1);
    }
  }
}

/** A unit vector square to `n` and as close to `hint` as it can be. */
export function squareTo(n: Vec3, hint: Vec3): Vec3 {
  const d = n[0] * hint[0] + n[1] * hint[1] + n[2] * hint[2];
  return normalize([hint[0] - n[0] * d, hint[1] - n[1] * d, hint[2] - n[2] * d]);
}
