import type { Mesh } from '../../../core/mesh.js';

/** One column of the hair curtain where it hangs from the haircut's rim. */
export interface RimColumn {
  /** Azimuth around the head's vertical axis, radians from +z (the face) towards +x. */
  angle: number;
  /** Height (y) of the cap's rim there: its lowest vertex with coverage ½ near the azimuth. */
  rimHeight: number;
  /** UV at the top of the column: the cap's hair `uvReach` above the opaque hair at the rim. */
  uvTop: [number, number];
  /** UV at the bottom: the cap's lowest opaque hair at or above `uvFrom`. */
  uvBottom: [number, number];
  /** Whether this column starts a new strip (the UV seam at the back): no quads join it to the one before. */
  seamBefore: boolean;
}

/** The band of the head template's UV layout ends at u = 0.8 (the cap's disk lies right of it); the face is at 0.4. */
const BAND_END = 0.8, FACE_U = 0.4;

/**
 * Where the hair curtain's columns hang from: from the right side of the face round the back to
 * the left, one column per azimuth step, each at the lowest vertex of the cap's rim (coverage ½)
 * near its azimuth. The template's UV seam runs down the back (u = 0 on the right, 0.8 on the
 * left): the column there comes twice, with the UVs of either side. `hair` has the template's
 * layout (which side of the seam a vertex is on); the UVs given are `uvs` (a repacked layout).
 */
export function curtainRim(
  input: { hair: Mesh; coverage: Float32Array; uvs?: Float32Array },
  axisZ: number, front: number, columnsPerDegree: number, uvFrom: number, uvReach: number, opaqueCoverage: number,
): RimColumn[] {
  const { hair, coverage } = input;
  const p = hair.positions, layout = hair.uvs!, uvs = input.uvs ?? layout;
  const count = p.length / 3;
  const azimuth = new Float32Array(count);
  for (let v = 0; v < count; v++) azimuth[v] = Math.atan2(p[v * 3], p[v * 3 + 2] - axisZ);
  const perSide = Math.max(1, Math.ceil(((Math.PI - front) * 180) / Math.PI * columnsPerDegree));
  const width = (Math.PI - front) / perSide;
  const inBand = (v: number): boolean => layout[v * 2] <= BAND_END + 1e-4 && p[v * 3 + 1] < 0.1;

  /** The lowest vertex near `angle` on `side` of the seam that passes `ok`, or −1. */
  const lowest = (angle: number, side: number, ok: (v: number) => boolean): number => {
    // Where the grid is coarser than the columns (head/mobile) a column looks twice as far.
    return nearest(angle, side, ok, 0.75 * width) ?? nearest(angle, side, ok, 1.5 * width) ?? -1;
  };
  const nearest = (angle: number, side: number, ok: (v: number) => boolean, reach: number): number | undefined => {
    let best = -1;
    for (let v = 0; v < count; v++) {
      if (!inBand(v) || (layout[v * 2] < FACE_U ? -1 : 1) !== side || !ok(v)) continue;
      let d = Math.abs(azimuth[v] - angle);
      if (d > Math.PI) d = 2 * Math.PI - d;
      if (d > reach) continue;
      if (best < 0 || p[v * 3 + 1] < p[best * 3 + 1]) best = v;
    }
    return best < 0 ? undefined : best;
  };
  const columns: RimColumn[] = [];
  for (const side of [-1, 1]) {
    for (let j = 0; j <= perSide; j++) {
      // The right side runs from the face to the back, the left from the back to the face: azimuth
      // grows through the back, across the seam.
      const angle = side < 0 ? -front - width * j : Math.PI - width * j;
      const rim = lowest(angle, side, (v) => coverage[v] >= 0.5);
      if (rim < 0) continue;
      // The texels are taken from opaque hair no lower than where the curtain falls from, so that
      // neighbouring columns take neighbouring texels (the cap's rim drops steeply behind the ears).
      const inner = lowest(angle, side, (v) => coverage[v] >= opaqueCoverage && p[v * 3 + 1] >= uvFrom);
      const bottom = inner < 0 ? rim : inner;
      const topAt = p[bottom * 3 + 1] + uvReach;
      const top = lowest(angle, side, (v) => p[v * 3 + 1] >= topAt && coverage[v] >= opaqueCoverage);
      const seam = side > 0 && j === 0 && columns.length > 0;
      // Both copies of the seam's column hang from one height, or the back would split.
      const rimHeight = seam ? columns[columns.length - 1].rimHeight : p[rim * 3 + 1];
      const uv = (v: number): [number, number] => [uvs[v * 2], uvs[v * 2 + 1]];
      columns.push({
        angle, rimHeight, uvTop: uv(top < 0 ? bottom : top), uvBottom: uv(bottom), seamBefore: seam,
      });
    }
  }
  return columns;
}
