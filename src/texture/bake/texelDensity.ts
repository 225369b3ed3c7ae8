import type { Mesh } from '../../core/mesh.js';
import type { Projection } from '../../core/projection.js';

/**
 * How many texels of a `width` × `height` texture there are along a side per photo pixel, over the
 * triangles the photo sees squarely (facing at least `facing` at all three corners): the square root
 * of their texel area over their photo area. Above 1 the texture has more texels than the photo has
 * pixels to fill them with; 0 when no triangle is seen squarely.
 */
export function texelDensity(mesh: Mesh, projection: Projection, width: number, height: number, facing: number): number {
  const { indices } = mesh;
  const uvs = mesh.uvs!;
  const { x, y, facing: f } = projection;
  let texels = 0, pixels = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (f[a] < facing || f[b] < facing || f[c] < facing) continue;
    const ux = uvs[b * 2] - uvs[a * 2], uy = uvs[b * 2 + 1] - uvs[a * 2 + 1];
    const vx = uvs[c * 2] - uvs[a * 2], vy = uvs[c * 2 + 1] - uvs[a * 2 + 1];
    texels += Math.abs(ux * vy - uy * vx);
    pixels += Math.abs((x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]));
  }
  return pixels > 0 ? Math.sqrt((texels * width * height) / pixels) : 0;
}
