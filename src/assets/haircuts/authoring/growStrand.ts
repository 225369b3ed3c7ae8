import type { HeadSurface } from '../../../geometry/headSurface.js';

/** A strand grown on the template head: the spine of one hair card. */
export interface Strand {
  /** xyz per point, root first. */
  points: number[];
  /** Unit normal of the head surface nearest each point: how the card faces. */
  normals: number[];
}

/** How one strand grows (see {@link growStrand}). */
export interface StrandPlan {
  /** Root on the scalp, xyz. */
  root: readonly number[];
  /** Direction the strand leaves the root in, a unit vector (need not be tangent). */
  direction: readonly number[];
  /** Full length, metres. */
  length: number;
  /** Height above the skin the strand settles at, metres: its layer in the hair's volume. */
  height: number;
  /** Height at the root, metres. */
  rootHeight: number;
  /** Height at the tip, metres: a quiff rises to `height` and settles back to this; `height` when absent. */
  tipHeight?: number;
  /** Arc length over which the strand rises from `rootHeight` to `height`, metres. */
  rise: number;
  /** Where the strand is pulled to (a ponytail's tie): it is steered there and lies on the head all the way. */
  toward?: readonly number[];
  /** Height added at a point, metres: where the strand must pass over something (the ears). */
  extra?: (x: number, y: number, z: number) => number;
  /** Whether the strand lies on the head (combed) where the head is under it, or only never goes into it. */
  hug: boolean;
  /** Metres of strand over which gravity bends it by a radian. */
  stiffness: number;
  /** Most points along the strand (at least 3). */
  maxPoints: number;
  /** False where the strand is cut (hem, fringe line, tie); called with each new point. */
  keep: (x: number, y: number, z: number) => boolean;
}

/** A point where the surface faces down at least this much no longer carries hair lying on it. */
const RELEASE_NORMAL_Y = -0.2;

/**
 * Grows one strand step by step, as hair falls: it leaves the root in the plan's direction, bends
 * under gravity as its stiffness allows, and meets the head as combed hair does: while the head is
 * under it (the surface faces up or sideways) a lying strand keeps to its layer's height above the
 * skin, following the skull; once it passes the widest point (the surface faces down) it hangs
 * free, only kept from going into the head, neck or shoulders. It stops at its length or where
 * `keep` cuts it. `surface` is what the strand is combed over (the skull, see skullMesh), `head`
 * the whole head, which it is then pushed out of wherever it still goes in (the ears).
 *
 * ```ts
 * const strand = growStrand(headSurface(skullMesh(mesh, regions)), headSurface(mesh), plan);
 * ```
 */
export function growStrand(surface: HeadSurface, head: HeadSurface, plan: StrandPlan): Strand {
  const steps = Math.max(2, Math.min(plan.maxPoints - 1, Math.ceil(plan.length / 0.008)));
  const ds = plan.length / steps;
  const bend = ds / plan.stiffness;
  let hit = surface.closest(plan.root[0], plan.root[1], plan.root[2]);
  const p = [0, 1, 2].map((i) => plan.root[i] + hit.normal[i] * plan.rootHeight);
  const d = [...plan.direction];
  const points = [...p];
  const normals = [hit.normal[0], hit.normal[1], hit.normal[2]];
  let lying = plan.hug;
  for (let step = 1, s = ds; step <= steps; step++, s += ds) {
    d[1] -= bend;
    normalize(d);
    if (plan.toward) {
      const t = plan.toward;
      const pull = [t[0] - p[0], t[1] - p[1], t[2] - p[2]];
      normalize(pull);
      for (let i = 0; i < 3; i++) d[i] = 0.4 * d[i] + 0.6 * pull[i];
      normalize(d);
    }
    const prev = [p[0], p[1], p[2]];
    for (let i = 0; i < 3; i++) p[i] += d[i] * ds;
    hit = surface.closest(p[0], p[1], p[2]);
    const t = Math.min(1, s / plan.rise);
    const settle = plan.tipHeight === undefined ? 0 : (plan.tipHeight - plan.height) * Math.max(0, (s / plan.length - 0.4) / 0.6);
    const height = plan.rootHeight + (plan.height - plan.rootHeight) * t * t * (3 - 2 * t) + settle + (plan.extra ? plan.extra(p[0], p[1], p[2]) : 0);
    if (lying && !plan.toward && hit.normal[1] < RELEASE_NORMAL_Y && d[1] < -0.3) lying = false;
    if (hit.distance < height || lying) {
      for (let i = 0; i < 3; i++) p[i] += hit.normal[i] * (height - hit.distance);
      // The strand slides along what it meets: it loses the part of its direction going into it
      // (and, lying, the part leaving it), not the part along it.
      const into = d[0] * hit.normal[0] + d[1] * hit.normal[1] + d[2] * hit.normal[2];
      if (into < 0 || lying) {
        for (let i = 0; i < 3; i++) d[i] -= into * hit.normal[i];
        normalize(d);
      }
    }
    clear(head, p, hit.normal);
    if (!plan.keep(p[0], p[1], p[2])) {
      if (points.length < 6) points.push(...p), normals.push(hit.normal[0], hit.normal[1], hit.normal[2]);
      break;
    }
    points.push(p[0], p[1], p[2]);
    normals.push(hit.normal[0], hit.normal[1], hit.normal[2]);
  }
  return { points, normals };
}

/** Least height over the whole head, metres. */
const MIN_CLEARANCE = 0.002;

/**
 * Pushes p out of the head along `out` (the skull's normal) until it clears it. Only shallow
 * contacts facing the same way count: deep below a thin part (the ear's rim) the nearest surface
 * is as likely its far side.
 */
function clear(head: HeadSurface, p: number[], out: ArrayLike<number>): void {
  const dir = [out[0], out[1], out[2]];
  for (let k = 0; k < 3; k++) {
    const hit = head.closest(p[0], p[1], p[2]);
    if (hit.distance >= MIN_CLEARANCE || hit.distance < -0.015) return;
    if (dir[0] * hit.normal[0] + dir[1] * hit.normal[1] + dir[2] * hit.normal[2] < 0.3) return;
    const step = MIN_CLEARANCE - hit.distance + 0.0005;
    for (let i = 0; i < 3; i++) p[i] += dir[i] * step;
  }
}

function normalize(v: number[]): void {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  v[0] /= length; v[1] /= length; v[2] /= length;
}
