/** Face-mesh points as [x, y, z] triples, x/y in image pixels, z as the face mesh gives it. */
export type Point3 = [number, number, number];
export type Point2 = [number, number];

export const MESH_POINTS = 478;
/** Width in pixels of the face crop the `human` face mesh runs on; its z values are in these units. */
export const FACE_MESH_INPUT = 192;

/**
 * Puts `human`'s 478 points into MediaPipe order. `human` appends the iris of the person's left eye
 * (around 263/362) at 468..472 and the right one at 473..477; MediaPipe, whose numbering every other
 * index follows, has them the other way round.
 * `human` also truncates x and y to whole pixels (Math.trunc); adding half a pixel puts each point
 * back at the centre of its pixel, removing a systematic half-pixel shift up and left.
 */
export function toMediaPipeOrder(mesh: ReadonlyArray<readonly [number, number, number?]>): Point3[] {
  if (mesh.length < MESH_POINTS) throw new Error(`face mesh has ${mesh.length} points, expected ${MESH_POINTS}`);
  const out: Point3[] = [];
  for (let i = 0; i < MESH_POINTS; i++) {
    const src = i < 468 ? i : i < 473 ? i + 5 : i - 5;
    const p = mesh[src];
    out.push([p[0] + 0.5, p[1] + 0.5, p[2] ?? 0]);
  }
  return out;
}

/** Flattens points to [x0, y0, z0, ...], scaling x and y by `xyScale`. */
export function flatten(points: ReadonlyArray<Point3>, xyScale = 1): number[] {
  const out = new Array<number>(points.length * 3);
  points.forEach((p, i) => {
    out[i * 3] = round3(p[0] * xyScale);
    out[i * 3 + 1] = round3(p[1] * xyScale);
    out[i * 3 + 2] = round3(p[2]);
  });
  return out;
}

/** Rounds to 3 decimals (and turns -0 into 0, which JSON cannot tell apart). */
export function round3(v: number): number {
  return Math.round(v * 1000) / 1000 + 0;
}

export function midpoint(points: ReadonlyArray<Point3>, indices: ReadonlyArray<number>): Point2 {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    x += points[i][0];
    y += points[i][1];
  }
  return [x / indices.length, y / indices.length];
}

export function pick(points: ReadonlyArray<Point3>, indices: ReadonlyArray<number>): Point2[] {
  return indices.map((i) => [points[i][0], points[i][1]]);
}

export function distance(a: Readonly<Point2>, b: Readonly<Point2>): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Tight bounding box of some points. */
export function bounds(points: ReadonlyArray<Readonly<Point2> | Readonly<Point3>>): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p[0] < minX) minX = p[0];
    if (p[0] > maxX) maxX = p[0];
    if (p[1] < minY) minY = p[1];
    if (p[1] > maxY) maxY = p[1];
  }
  return { minX, minY, maxX, maxY };
}
