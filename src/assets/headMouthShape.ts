/** Options of {@link mouthBagShape}. */
export interface MouthBagShapeOptions {
  /** How far the bag reaches back behind the middle of the lips, metres. */
  depth?: number;
  /** Rings of vertices from the rim to the back (the rim and the back included: rings + 1). */
  rings?: number;
  /** Largest distance of each wall from the bag's middle plane, metres (at rest). */
  height?: number;
  /** Width of the back relative to the rim (the bag narrows going back). */
  backWidth?: number;
  /**
   * How far behind the lips' edge the bag's rim sits, metres. The lips close on themselves at rest
   * (their slit vertices coincide) and so does the bag's rim; were both rims at the same place,
   * four surfaces would meet at one edge. A hundredth of a millimetre shows nowhere.
   */
  rimOffset?: number;
}

export const MOUTH_BAG_SHAPE_DEFAULTS: Required<MouthBagShapeOptions> = {
  depth: 0.035,
  rings: 5,
  height: 0.01,
  backWidth: 0.7,
  rimOffset: 2e-5,
};

/** Where the bag's UVs go: a rectangle [u0, u1] × [v0, v1] of the texture. */
export interface UvBox {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/** The mouth bag before it is put into a template: local vertex numbers. */
export interface MouthBagShape {
  /** xyz per vertex: the upper wall's (rings + 1) × (columns) grid, then the lower wall's. */
  positions: Float32Array;
  /** UV per vertex inside the UV box: upper wall in its upper half, lower wall in its lower half. */
  uvs: Float32Array;
  /** Three local vertex numbers per triangle, counter-clockwise seen from inside the cavity. */
  triangles: Uint32Array;
  /** Per vertex: the rim column it hangs from (0 … columns − 1, the corners first and last). */
  column: Uint32Array;
  /** Per vertex: 1 on the upper wall, 0 on the lower wall, 0.5 where the walls meet (corners, back). */
  side: Float32Array;
  /** Per vertex: 0 at the rim, 1 at the back. */
  depth: Float32Array;
}

/**
 * The mouth bag: a pocket behind the lips that an open mouth shows instead of a hole. Two walls, an
 * upper and a lower one, each a grid of the rim's columns by `rings` rings, hang from the lips' edge
 * (`rim`, the slit's points from the person's right corner to the left one) and reach back and in:
 * at rest they touch along the rim, part into an oval cavity behind it (lens-shaped across), and
 * meet again along a line at the back. The walls meet along the corners' columns and the back, where their vertices
 * coincide (a UV seam: each wall has its own rectangle of UVs), so the bag is closed but for its
 * rim. Hand-made because it is a handful of rings fitted to one curve: no mesh library has it.
 */
export function mouthBagShape(rim: ArrayLike<number>, box: UvBox, options: MouthBagShapeOptions = {}): MouthBagShape {
  const o = { ...MOUTH_BAG_SHAPE_DEFAULTS, ...options };
  const columns = rim.length / 3;
  const rings = o.rings + 1;
  const perWall = columns * rings;
  const positions = new Float32Array(perWall * 2 * 3);
  const uvs = new Float32Array(perWall * 2 * 2);
  const column = new Uint32Array(perWall * 2);
  const side = new Float32Array(perWall * 2);
  const depth = new Float32Array(perWall * 2);
  const x0 = rim[0], x1 = rim[(columns - 1) * 3];
  const xc = (x0 + x1) / 2, half = (x1 - x0) / 2;
  let yMid = 0, zFront = -Infinity;
  for (let i = 0; i < columns; i++) {
    yMid += rim[i * 3 + 1] / columns;
    zFront = Math.max(zFront, rim[i * 3 + 2]);
  }
  const zBack = zFront - o.depth;
  // A gap between the two walls' rectangles so that texture filtering keeps them apart.
  const vMid = (box.v0 + box.v1) / 2, gap = (box.v1 - box.v0) * 0.02;
  for (let wall = 0; wall < 2; wall++) {
    const up = wall === 0 ? 1 : -1;
    for (let k = 0; k < rings; k++) {
      // The middle section is half an ellipse per wall: the walls leave the rim square to it and
      // meet again square at the back, so the bag has no sharp edge anywhere but its corners
      // (smoothing the face's relief, cartoonish.ts, would fold an edge over). Rings are spaced by
      // angle along it: close together at the rim and the back, where it turns.
      const angle = (Math.PI * k) / o.rings;
      const d = (1 - Math.cos(angle)) / 2;
      const open = k === o.rings ? 0 : o.height * Math.sin(angle);
      // Narrowing slowly at first: near the rim the corners' columns stay beside their neighbours.
      const narrow = 1 - (1 - o.backWidth) * d * d;
      const level = d * d * (3 - 2 * d);
      for (let i = 0; i < columns; i++) {
        const v = wall * perWall + k * columns + i;
        const rx = rim[i * 3], ry = rim[i * 3 + 1], rz = rim[i * 3 + 2];
        const t = half > 0 ? (rx - xc) / half : 0;
        const lens = Math.sqrt(Math.max(0, 1 - t * t));
        positions[v * 3] = xc + (rx - xc) * narrow;
        positions[v * 3 + 1] = ry + (yMid - ry) * level + up * open * lens;
        positions[v * 3 + 2] = rz + (zBack - rz) * d - o.rimOffset;
        uvs[v * 2] = box.u0 + (i / (columns - 1)) * (box.u1 - box.u0);
        uvs[v * 2 + 1] = wall === 0 ? box.v0 + d * (vMid - gap - box.v0) : box.v1 - d * (box.v1 - vMid - gap);
        column[v] = i;
        side[v] = i === 0 || i === columns - 1 || k === o.rings ? 0.5 : wall === 0 ? 1 : 0;
        depth[v] = d;
      }
    }
  }
  const triangles = new Uint32Array((columns - 1) * o.rings * 2 * 6);
  const seam = (v: number): boolean => side[v] === 0.5;
  const d2 = (a: number, b: number): number =>
    (positions[a * 3] - positions[b * 3]) ** 2 + (positions[a * 3 + 1] - positions[b * 3 + 1]) ** 2 + (positions[a * 3 + 2] - positions[b * 3 + 2]) ** 2;
  let t = 0;
  for (let wall = 0; wall < 2; wall++) {
    for (let k = 0; k < o.rings; k++) {
      for (let i = 0; i < columns - 1; i++) {
        const a = wall * perWall + k * columns + i, b = a + 1, c = a + columns + 1, d = a + columns;
        // Normals into the cavity: down on the upper wall, up on the lower one.
        const [p0, p1, p2, p3] = wall === 0 ? [a, d, c, b] : [a, b, c, d];
        // The shorter diagonal, unless it makes a triangle of three seam vertices: both walls
        // would have that same triangle where they meet at a corner of the back.
        const alongP0 = seam(p0) && seam(p1) && seam(p2) || seam(p0) && seam(p2) && seam(p3);
        const alongP1 = seam(p0) && seam(p1) && seam(p3) || seam(p1) && seam(p2) && seam(p3);
        const first = alongP1 || (!alongP0 && d2(p0, p2) <= d2(p1, p3));
        triangles.set(first ? [p0, p1, p2, p0, p2, p3] : [p0, p1, p3, p1, p2, p3], t);
        t += 6;
      }
    }
  }
  return { positions, uvs, triangles, column, side, depth };
}
