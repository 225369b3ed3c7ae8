import type { Mesh } from '../core/mesh.js';

/** How far a mesh reaches from a vertical axis, per direction around it and height. */
export interface RadialProfile {
  /** Depth (z) of the vertical axis, which lies in the x = 0 plane. */
  axisZ: number;
  /**
   * The largest distance from the axis of the mesh's vertices within about one bin of azimuth
   * `angle` (radians from +z towards +x) and height `y`; 0 where there are none.
   */
  at(angle: number, y: number): number;
}

/**
 * A mesh's reach from a vertical axis in bins of azimuth and height, each bin the largest of its
 * neighbours' (so that a query between vertices sees the surface). What hanging hair rests on:
 * a closest-point query would say how far a point is from the head, not how far out it must go.
 *
 * ```ts
 * const profile = radialProfile(head.mesh, -0.02);
 * const r = profile.at(Math.PI / 2, -0.1); // the left of the neck
 * ```
 */
export function radialProfile(mesh: Mesh, axisZ: number, angleBins = 180, heightBin = 0.01): RadialProfile {
  const p = mesh.positions;
  let yMin = Infinity, yMax = -Infinity;
  for (let v = 1; v < p.length; v += 3) {
    yMin = Math.min(yMin, p[v]);
    yMax = Math.max(yMax, p[v]);
  }
  const rows = Math.max(1, Math.ceil((yMax - yMin) / heightBin) + 1);
  const raw = new Float32Array(rows * angleBins);
  const angleBin = (a: number): number => ((Math.floor(((a + Math.PI) / (2 * Math.PI)) * angleBins) % angleBins) + angleBins) % angleBins;
  const row = (y: number): number => Math.min(rows - 1, Math.max(0, Math.round((y - yMin) / heightBin)));
  for (let v = 0; v < p.length / 3; v++) {
    const x = p[v * 3], y = p[v * 3 + 1], z = p[v * 3 + 2] - axisZ;
    const i = row(y) * angleBins + angleBin(Math.atan2(x, z));
    raw[i] = Math.max(raw[i], Math.hypot(x, z));
  }
  const grown = new Float32Array(raw.length);
  for (let r = 0; r < rows; r++) {
    for (let a = 0; a < angleBins; a++) {
      let best = 0;
      for (let dr = -1; dr <= 1; dr++) {
        const rr = r + dr;
        if (rr < 0 || rr >= rows) continue;
        for (let da = -1; da <= 1; da++) best = Math.max(best, raw[rr * angleBins + ((a + da + angleBins) % angleBins)]);
      }
      grown[r * angleBins + a] = best;
    }
  }
  return { axisZ, at: (angle, y) => (y < yMin - heightBin || y > yMax + heightBin ? 0 : grown[row(y) * angleBins + angleBin(angle)]) };
}
