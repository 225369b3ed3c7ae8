import type { Mesh } from '../../core/mesh.js';
import { add, cross, dot, length, normalize, scale, sub, type Vec3 } from './partBuilder.js';

/** The body a hand accessory is fitted to: the whole avatar at rest, and where its joints are, in one frame (metres). */
export interface HandBody {
  mesh: Mesh;
  joint(name: string): Vec3;
}

/**
 * A limb cut across at one point of a bone: the plane's centre and axes, and how far the limb
 * reaches from the centre in every direction in it. Watches, bracelets and rings are fitted to this.
 */
export interface LimbSection {
  centre: Vec3;
  /** Along the bone, towards its child. */
  axis: Vec3;
  /** `u` is the back of the hand's side (dorsal), `v` = axis × u. */
  u: Vec3;
  v: Vec3;
  /** The limb's reach from the centre at angle `a` (radians from u towards v), over the band's width. */
  reach(a: number): number;
  /** The point at angle `a` and distance `r` from the centre, `along` metres along the axis. */
  at(a: number, r: number, along?: number): Vec3;
}

const BINS = 72;

/**
 * The section of `mesh` round the bone `from` → `to` at `t` along it (0 at `from`): its triangles
 * cut by three planes across the bone (at the centre and `halfWidth` either side, so a band's
 * whole width clears), each cut sampled along its length, keeping the points within `maxRadius`
 * of the axis that `keep` accepts; the widest in each of 72 directions, widened over its
 * neighbours and filled where a direction has none. `dorsal` is roughly the back of the hand.
 *
 * Written here because a watch needs the wrist's own outline, which no mesh library's plane
 * section gives as a polar reach with the limb's neighbours (the other fingers) kept out.
 */
export function limbSection(mesh: Mesh, from: Vec3, to: Vec3, t: number, halfWidth: number, maxRadius: number, dorsal: Vec3, keep: (p: Vec3) => boolean = () => true): LimbSection {
  const axis = normalize(sub(to, from));
  const centre = add(from, scale(sub(to, from), t));
  const u = normalize(sub(dorsal, scale(axis, dot(dorsal, axis))));
  const v = cross(axis, u);
  const raw = new Float64Array(BINS).fill(-1);
  const p = mesh.positions, idx = mesh.indices;
  const along = new Float64Array(p.length / 3);
  for (let i = 0; i < along.length; i++) along[i] = (p[i * 3] - centre[0]) * axis[0] + (p[i * 3 + 1] - centre[1]) * axis[1] + (p[i * 3 + 2] - centre[2]) * axis[2];
  const record = (q: Vec3) => {
    const d = sub(q, centre), x = dot(d, u), y = dot(d, v), r = Math.hypot(x, y);
    if (r > maxRadius || !keep(q)) return;
    const bin = Math.floor(((Math.atan2(y, x) / (2 * Math.PI) + 1) % 1) * BINS) % BINS;
    raw[bin] = Math.max(raw[bin], r);
  };
  const point = (a: number, b: number, plane: number): Vec3 => {
    const w = (plane - along[a]) / (along[b] - along[a]);
    return [p[a * 3] + (p[b * 3] - p[a * 3]) * w, p[a * 3 + 1] + (p[b * 3 + 1] - p[a * 3 + 1]) * w, p[a * 3 + 2] + (p[b * 3 + 2] - p[a * 3 + 2]) * w];
  };
  for (const plane of [-halfWidth, 0, halfWidth]) {
    for (let f = 0; f < idx.length; f += 3) {
      const a = idx[f], b = idx[f + 1], c = idx[f + 2];
      const cuts: Vec3[] = [];
      for (const [i, j] of [[a, b], [b, c], [c, a]]) if ((along[i] - plane) * (along[j] - plane) < 0) cuts.push(point(i, j, plane));
      if (cuts.length !== 2) continue;
      // Quick reject: a cut far from the axis is another limb's.
      if (length(sub(cuts[0], centre)) > maxRadius * 2) continue;
      for (let k = 0; k <= 4; k++) record(add(cuts[0], scale(sub(cuts[1], cuts[0]), k / 4)));
    }
  }
  const seen = [...raw.keys()].filter((k) => raw[k] >= 0);
  if (seen.length < BINS / 4) throw new Error(`the limb at ${centre.map((c) => c.toFixed(3)).join(', ')} has too few vertices to fit round (${seen.length} of ${BINS} directions)`);
  // Empty directions take the line between the nearest seen on either side.
  const filled = Float64Array.from(raw, (r, k) => {
    if (r >= 0) return r;
    let a = k, b = k;
    while (raw[a] < 0) a = (a - 1 + BINS) % BINS;
    while (raw[b] < 0) b = (b + 1) % BINS;
    const da = (k - a + BINS) % BINS, db = (b - k + BINS) % BINS;
    return (raw[a] * db + raw[b] * da) / (da + db);
  });
  const reachBins = Float64Array.from(filled, (_, k) => Math.max(filled[(k - 1 + BINS) % BINS], filled[k], filled[(k + 1) % BINS]));
  const smooth = Float64Array.from(reachBins, (_, k) => (reachBins[(k - 1 + BINS) % BINS] + 2 * reachBins[k] + reachBins[(k + 1) % BINS]) / 4);
  const reach = (a: number): number => {
    const f = ((a / (2 * Math.PI)) % 1 + 1) % 1 * BINS - 0.5;
    const k = Math.floor(f), w = f - k;
    return smooth[(k + BINS) % BINS] * (1 - w) + smooth[(k + 1) % BINS] * w;
  };
  const at = (a: number, r: number, along = 0): Vec3 => add(centre, add(scale(axis, along), add(scale(u, Math.cos(a) * r), scale(v, Math.sin(a) * r))));
  return { centre, axis, u, v, reach, at };
}

/**
 * The back of the hand of `side`: the palm faces along axis × thumb on the left hand, the other
 * way on the right (the thumb is on the same side of both hands, the axis mirrored).
 */
export function handDorsal(body: HandBody, side: 'Left' | 'Right'): Vec3 {
  const wrist = body.joint(`${side}Hand`), elbow = body.joint(`${side}ForeArm`);
  const axis = normalize(sub(wrist, elbow));
  const thumb = normalize(sub(body.joint(`${side}HandThumb1`), wrist));
  // axis × thumb is the left palm's normal and the back of the right hand (the axis runs the other way).
  const across = cross(axis, thumb);
  return normalize(side === 'Left' ? scale(across, -1) : across);
}
