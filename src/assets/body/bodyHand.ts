import type { BodyProportions, Vec3 } from './bodyProportions.js';
import { BODY_RINGS, type BodySide } from './bodyTopology.js';
import {
  add, blendAngles, evenAngles, frameAround, gauss, lerp3, loopAngles, piecewise, profile, ringPoint, scale, unit,
  type SidePositions,
} from './ringMath.js';
import { smoothstep } from '../../core/smoothstep.js';

/** Where each finger ring stands along the finger, as a share of its length from the knuckle. */
const FINGER_RINGS = [0.07, 0.18, 0.3, 0.42, 0.5, 0.6, 0.7, 0.79, 0.88, 0.955];
/** The same for the thumb, from its base in the palm. */
export const THUMB_RINGS = [0.08, 0.2, 0.31, 0.41, 0.51, 0.62, 0.73, 0.85, 0.955];
/** Finger joints (PIP, DIP) as shares of the finger's length: phalanges of about 47, 29 and 24 %. */
export const FINGER_JOINTS = [0.47, 0.76] as const;
/** Thumb joints (MCP, IP) as parameters of the thumb's curve (thumbCurve). */
export const THUMB_JOINTS = [0.42, 0.72] as const;

/** Each finger's unit direction: straight out, fanning slightly. */
export function fingerDirection(p: BodyProportions, f: number): Vec3 {
  const spread = (p.hand.knuckles[f][2] - p.hand.knuckles[1][2]) / p.hand.breadth;
  return unit([1, -0.02, spread * 0.35]);
}

/** The knuckle line across the hand and the z of the palm's last row's columns d0…d8. */
function palmLayout(p: BodyProportions): { knuckleX: (z: number) => number; distalZ: number[] } {
  const h = p.hand;
  const kz = h.knuckles.map((k) => k[2]);
  const kx = h.knuckles.map((k) => k[0]);
  const fr = h.fingerRadii;
  return {
    // z decreases from the index to the little finger.
    knuckleX: (z) => piecewise([...kz].reverse(), [...kx].reverse(), z),
    distalZ: [kz[0] + fr[0], kz[0], (kz[0] + kz[1]) / 2, kz[1], (kz[1] + kz[2]) / 2, kz[2], (kz[2] + kz[3]) / 2, kz[3], kz[3] - fr[3]],
  };
}

/**
 * A point of the palm: row r (0 by the wrist … the knuckles), column k of the palm ring (d0…d8 the
 * back of the hand from the thumb side, 9 the little finger's side, p8…p0 the palm, 19 the thumb's
 * side). The back is domed, the palm hollow, the heel and the pads under the fingers fuller, and the
 * knuckles stand up on the last rows.
 */
export function palmPoint(p: BodyProportions, r: number, k: number): Vec3 {
  const h = p.hand;
  const wrist = p.wrist;
  const { knuckleX, distalZ } = palmLayout(p);
  const kz = h.knuckles.map((q) => q[2]);
  const fr = h.fingerRadii;
  const u = (r + 1) / BODY_RINGS.palmRows;
  const wristHalf = (p.armGirth.wrist / (2 * Math.PI)) * 1.25;
  const wristThick = (p.armGirth.wrist / (2 * Math.PI)) * 0.75;
  const hw = wristHalf + (h.breadth / 2 - wristHalf) * smoothstep(0, 0.55, u);
  const ht = wristThick + (h.thickness / 2 - wristThick) * smoothstep(0, 0.3, u) - 0.003 * smoothstep(0.5, 1, u);
  const cy = wrist[1] - 0.002 * u;
  const cz = wrist[2] + (h.knuckles[1][2] + h.knuckles[2][2] - 2 * wrist[2]) * 0.5 * u;
  const xOf = (z: number): number => wrist[0] + u * (knuckleX(z) - wrist[0]);
  if (k === 9 || k === 19) {
    // The sides round the palm's edge; at the knuckles they close onto the index and little fingers.
    const edge = smoothstep(0.6, 1, u);
    const z = k === 9
      ? cz - hw - ht * 0.55 + (kz[3] - fr[3] * 1.15 - (cz - hw - ht * 0.55)) * edge
      : cz + hw + ht * 0.6 + (kz[0] + fr[0] * 1.15 - (cz + hw + ht * 0.6)) * edge;
    return [xOf(z), cy - ht * (k === 9 ? 0.05 : 0.1), z];
  }
  const back = k < 9;
  const c = back ? k : 18 - k;
  const even = cz + hw * 0.92 * (1 - (2 * c) / 8);
  const z = even + (distalZ[c] - even) * smoothstep(0.5, 1, u);
  const across = (z - cz) / hw;
  if (back) {
    const dome = 0.8 + 0.2 * (1 - across * across);
    const knuckle = c % 2 === 1 ? 0.0045 * smoothstep(0.6, 1, u) : 0;
    return [xOf(z), cy + ht * dome + knuckle, z];
  }
  const hollow = 0.25 * gauss(across, 0.5) * gauss(u - 0.55, 0.3);
  const pad = 0.15 * gauss(u - 0.9, 0.12);
  return [xOf(z) - 0.002, cy - ht * (0.85 - hollow + pad), z];
}

/** The thumb's palm cells: rows and columns of its root loop on the palm. */
const THUMB_CELLS: [number, number][] = [[1, 17], [1, 18], [1, 19], [2, 19], [3, 19], [3, 18], [3, 17], [2, 17]];

/**
 * The thumb's centre line: a quadratic curve that leaves the palm square to its surface at the
 * thumb's root and turns towards the thumb's direction (forward and out, a little down: opposed to
 * the fingers). t = 0 at the root on the palm's surface, 1 at the tip. The CMC joint lies under the
 * root, inside the palm.
 */
export function thumbCurve(p: BodyProportions): { at: (t: number) => Vec3; tangent: (t: number) => Vec3; root: Vec3; out: Vec3; cmc: Vec3 } {
  const cells = THUMB_CELLS.map(([r, k]) => palmPoint(p, r, k));
  const root: Vec3 = [0, 0, 0];
  for (const q of cells) for (let c = 0; c < 3; c++) root[c] += q[c] / cells.length;
  const inner: Vec3 = [root[0], p.wrist[1], (palmPoint(p, 2, 4)[2] + palmPoint(p, 2, 14)[2]) / 2];
  const out = unit([0, root[1] - inner[1], root[2] - inner[2]]);
  const L = p.hand.thumbLength * 0.85;
  // Leaving half-way between square to the palm and the thumb's own direction: a tighter turn folds its inside.
  const p1 = add(root, scale(unit(add(scale(out, 0.5), scale(p.hand.thumbDirection, 2))), 0.3 * L));
  const p2 = add(root, scale(p.hand.thumbDirection, L));
  const at = (t: number): Vec3 => {
    const a = (1 - t) ** 2, b = 2 * t * (1 - t), c = t * t;
    return [a * root[0] + b * p1[0] + c * p2[0], a * root[1] + b * p1[1] + c * p2[1], a * root[2] + b * p1[2] + c * p2[2]];
  };
  const tangent = (t: number): Vec3 => unit([
    2 * (1 - t) * (p1[0] - root[0]) + 2 * t * (p2[0] - p1[0]),
    2 * (1 - t) * (p1[1] - root[1]) + 2 * t * (p2[1] - p1[1]),
    2 * (1 - t) * (p1[2] - root[2]) + 2 * t * (p2[2] - p1[2]),
  ]);
  // The CMC joint: under the root, towards the wrist (the first metacarpal's base).
  const cmc = add(add(root, scale(out, -0.012 * p.stature / 1.7)), scale(tangent(0), -0.018 * p.stature / 1.7));
  return { at, tangent, root, out, cmc };
}

/**
 * The hand, palm down with the thumb forward (T-pose, left side): the palm's rows from the wrist to
 * the knuckles (domed back, hollow palm, knuckle bumps on the last row), four fingers of three
 * phalanges with knuckles and pads, and the thumb from the palm's heel, turned to face the fingers.
 */
export function placeHand(side: BodySide, p: BodyProportions, at: SidePositions): void {
  const h = p.hand;
  const P = 20;
  const rows = BODY_RINGS.palmRows;
  for (let r = 0; r < rows; r++) {
    for (let k = 0; k < P; k++) {
      const v = side.palm.grid[r * P + k];
      if (v >= 0) at.set(v, palmPoint(p, r, k));
    }
  }
  const { knuckleX, distalZ } = palmLayout(p);
  side.palm.webs.forEach((v, w) => {
    const z = distalZ[2 * w + 2];
    at.set(v, [knuckleX(z) + 0.012, p.wrist[1] - 0.003, z]);
  });
  const fr = h.fingerRadii;

  side.fingers.forEach((finger, f) => {
    const base = h.knuckles[f];
    const dir = fingerDirection(p, f);
    const L = h.fingerLengths[f];
    const R = fr[f];
    const radius = profile([0, 0.3, 0.47, 0.62, 0.76, 0.88, 0.955], [1.08, 0.95, 0.98, 0.88, 0.86, 0.82, 0.6].map((k) => k * R));
    const loop = finger.loop.map((v) => at.get(v));
    finger.rings.forEach((ring, i) => {
      const s = FINGER_RINGS[i];
      const frame = frameAround(add(base, scale(dir, s * L)), dir, [0, 1, 0]);
      const rr = radius(s);
      ring.forEach((v, k) => {
        const phi = Math.PI / 4 - (k * Math.PI) / 4;
        const up = Math.cos(phi);
        // Knuckles on the back of the joints, pads under each phalanx.
        const bump = up > 0
          ? up ** 3 * 0.12 * R * (gauss(s - FINGER_JOINTS[0], 0.06) + 0.7 * gauss(s - FINGER_JOINTS[1], 0.05))
          : (-up) ** 2 * 0.1 * R * (gauss(s - 0.28, 0.1) + gauss(s - 0.62, 0.07) + 1.2 * gauss(s - 0.89, 0.05));
        let q = ringPoint(frame, rr * 0.86 + bump, rr + bump * 0.3, phi);
        if (i === 0) q = lerp3(q, loop[k], 0.4);
        at.set(v, q);
      });
    });
    at.set(finger.tip, add(add(base, scale(dir, 0.995 * L)), [0, -0.15 * R, 0]));
  });

  // The thumb grows from its hole on the palm's heel along its curve.
  const thumb = side.thumb;
  const loop = thumb.loop.map((v) => at.get(v));
  const curve = thumbCurve(p);
  const R = h.thumbRadius;
  let rootRadius = 0;
  for (const q of loop) rootRadius += Math.hypot(q[0] - curve.root[0], q[1] - curve.root[1], q[2] - curve.root[2]) / loop.length;
  const radius = profile([0, 0.25, THUMB_JOINTS[0], 0.58, THUMB_JOINTS[1], 0.86, 0.955], [rootRadius, 1.3 * R, 1.1 * R, 1.0 * R, 1.0 * R, 0.9 * R, 0.62 * R]);
  // The thumbnail faces up and out, away from the palm.
  const reference = unit([0, 1, 0.3]);
  const loopA = loopAngles(loop, frameAround(curve.root, curve.out, reference));
  const even = evenAngles(loopA);
  thumb.rings.forEach((ring, i) => {
    const t = THUMB_RINGS[i];
    // Near the root the rings lie parallel to the palm's side, where the loop lies, and turn square to
    // the thumb further out: rings square to a thumb that leaves the palm at a slant crowd on its inside.
    const axis = unit(lerp3(curve.out, curve.tangent(t), smoothstep(0, 0.45, t)));
    const frame = frameAround(curve.at(t), axis, reference);
    const rr = radius(t);
    const angles = blendAngles(even, loopA, 1 - smoothstep(0, 3, i));
    ring.forEach((v, k) => {
      const phi = angles[k];
      const up = Math.cos(phi);
      const bump = up > 0 ? up ** 3 * 0.12 * R * (gauss(t - THUMB_JOINTS[0], 0.06) + gauss(t - THUMB_JOINTS[1], 0.05)) : 0;
      let q = ringPoint(frame, rr * 0.9 + bump, rr, phi);
      // The first ring stands just off the palm, the loop lifted along the thumb's way out.
      const lifted = add(loop[k], scale(unit(add(curve.out, curve.tangent(0))), 0.008 * (i + 1)));
      if (i < 2) q = lerp3(q, lifted, i === 0 ? 0.85 : 0.3);
      at.set(v, q);
    });
  });
  at.set(thumb.tip, curve.at(1));
}
