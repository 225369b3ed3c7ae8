import { bodyLayout } from '../body/bodyMesh.js';
import { solveBodyShape } from '../body/bodyShapeSolver.js';

let scale: number | undefined;

/**
 * Metres of the mean body per unit of its atlas: the atlas gives every island the same texels per
 * metre (bodyAtlas.ts), so one number turns atlas units into metres of cloth.
 */
export function metresPerAtlasUnit(): number {
  if (scale !== undefined) return scale;
  const { uvs, indices, vertexOf } = bodyLayout();
  const p = solveBodyShape({}).body.positions;
  let metres = 0, units = 0;
  for (let f = 0; f < indices.length; f += 3) {
    const a = indices[f], b = indices[f + 1];
    const [va, vb] = [vertexOf[a] * 3, vertexOf[b] * 3];
    metres += Math.hypot(p[va] - p[vb], p[va + 1] - p[vb + 1], p[va + 2] - p[vb + 2]);
    units += Math.hypot(uvs[a * 2] - uvs[b * 2], uvs[a * 2 + 1] - uvs[b * 2 + 1]);
  }
  return (scale = metres / units);
}
