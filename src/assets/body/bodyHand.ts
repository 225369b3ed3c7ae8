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
const THUMB_RINGS = [0.14, 0.24, 0.34, 0.44, 0.53, 0.63, 0.74, 0.86, 0.955];
/** Finger joints (PIP, DIP) as shares of the finger's length: phalanges of about 47, 29 and 24 %. */
export const FINGER_JOINTS = [0.47, 0.76] as const;
/** Thumb joints (MCP, IP) as shares of the thumb's length from its base. */
export const THUMB_JOINTS = [0.45, 0.74] as const;

/** Each finger's unit direction: straight out, fanning slightly. */
export function fingerDirection(p: BodyProportions, f: number): Vec3 {
  const spread = (p.hand.knuckles[f][2] - p.hand.knuckles[1][2]) / p.hand.breadth;
  return unit([1, -0.02, spread * 0.35]);
}

/**
 * The hand, palm down with the thumb forward (T-pose, left side): the palm's rows from the wrist to
 * the knuckles (domed back, hollow palm, knuckle bumps on the last row), four fingers of three
 * phalanges with knuckles and pads, and the thumb from the palm's heel, turned to face the fingers.
 */
export function placeHand(side: BodySide, p: BodyProportions, at: SidePositions): void {
  const h = p.hand;
  const P = 20;
  const wrist = p.wrist;
  const rows = BODY_RINGS.palmRows;
  const kz = h.knuckles.map((k) => k[2]);
  const kx = h.knuckles.map((k) => k[0]);
  // Knuckle line across the hand (z decreasing from index to pinky).
  const knuckleX = (z: number): number => piecewise([...kz].reverse(), [...kx].reverse(), z);
  const wristHalf = (p.armGirth.wrist / (2 * Math.PI)) * 1.25;
  const wristThick = (p.armGirth.wrist / (2 * Math.PI)) * 0.75;
  const fr = h.fingerRadii;
  const distalZ = [kz[0] + fr[0], kz[0], (kz[0] + kz[1]) / 2, kz[1], (kz[1] + kz[2]) / 2, kz[2], (kz[2] + kz[3]) / 2, kz[3], kz[3] - fr[3]];
  for (let r = 0; r < rows; r++) {
    const u = (r + 1) / rows;
    const hw = wristHalf + (h.breadth / 2 - wristHalf) * smoothstep(0, 0.55, u);
    const ht = wristThick + (h.thickness / 2 - wristThick) * smoothstep(0, 0.3, u) - 0.003 * smoothstep(0.5, 1, u);
    const cy = wrist[1] - 0.002 * u;
    const cz = wrist[2] + (h.knuckles[1][2] + h.knuckles[2][2] - 2 * wrist[2]) * 0.5 * u;
    const zOf = (k: number): number => {
      const even = cz + hw * 0.92 * (1 - (2 * k) / 8);
      return even + (distalZ[k] - even) * smoothstep(0.5, 1, u);
    };
    const xOf = (z: number): number => wrist[0] + u * (knuckleX(z) - wrist[0]);
    const grid = side.palm.grid;
    const set = (k: number, q: Vec3): void => {
      const v = grid[r * P + k];
      if (v >= 0) at.set(v, q);
    };
    for (let k = 0; k <= 8; k++) {
      const z = zOf(k);
      const across = (z - cz) / hw;
      const dome = 0.8 + 0.2 * (1 - across * across);
      // Knuckles stand up on the back of the hand's last rows.
      const knuckle = k % 2 === 1 ? 0.0045 * smoothstep(0.6, 1, u) : 0;
      set(k, [xOf(z), cy + ht * dome + knuckle, z]);
      // The palm: hollow in the middle, fuller at the heel of the hand and under the fingers.
      const hollow = 0.25 * gauss(across, 0.5) * gauss(u - 0.55, 0.3);
      const pad = 0.15 * gauss(u - 0.9, 0.12);
      set(18 - k, [xOf(z) - 0.002, cy - ht * (0.85 - hollow + pad), z]);
    }
    // The sides round the palm's edge; at the knuckles they close onto the index and little fingers.
    const edge = smoothstep(0.6, 1, u);
    const pinkyZ = cz - hw - ht * 0.55 + (kz[3] - fr[3] * 1.15 - (cz - hw - ht * 0.55)) * edge;
    const thumbZ = cz + hw + ht * 0.6 + (kz[0] + fr[0] * 1.15 - (cz + hw + ht * 0.6)) * edge;
    set(9, [xOf(pinkyZ), cy - ht * 0.05, pinkyZ]);
    set(19, [xOf(thumbZ), cy - ht * 0.1, thumbZ]);
  }
  const last = rows - 1;
  side.palm.webs.forEach((v, w) => {
    const z = distalZ[2 * w + 2];
    at.set(v, [knuckleX(z) + 0.012, wrist[1] - 0.003, z]);
  });
  void last;

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

  // The thumb grows from its hole on the palm's heel, opposed: pointing forward, out and down.
  const thumb = side.thumb;
  const loop = thumb.loop.map((v) => at.get(v));
  const base = h.thumbBase;
  const dir = h.thumbDirection;
  const L = h.thumbLength;
  const R = h.thumbRadius;
  const radius = profile([0.14, 0.24, 0.34, 0.45, 0.53, 0.63, 0.74, 0.86, 0.955], [1.9, 1.6, 1.3, 1.1, 1.02, 0.95, 0.98, 0.9, 0.62].map((k) => k * R));
  // The thumbnail faces out and up, away from the palm.
  const reference = unit([-0.3, 0.6, 0.75]);
  const baseFrame = frameAround(base, dir, reference);
  const loopA = loopAngles(loop, baseFrame);
  const even = evenAngles(loopA);
  thumb.rings.forEach((ring, i) => {
    const s = THUMB_RINGS[i];
    const frame = frameAround(add(base, scale(dir, s * L)), dir, reference);
    const rr = radius(s);
    const angles = blendAngles(even, loopA, 1 - smoothstep(0, 3, i));
    ring.forEach((v, k) => {
      const phi = angles[k];
      const up = Math.cos(phi);
      const bump = up > 0 ? up ** 3 * 0.12 * R * (gauss(s - THUMB_JOINTS[0], 0.06) + gauss(s - THUMB_JOINTS[1], 0.05)) : 0;
      let q = ringPoint(frame, rr * 0.9 + bump, rr, phi);
      if (i < 2) q = lerp3(q, loop[k], i === 0 ? 0.45 : 0.15);
      at.set(v, q);
    });
  });
  at.set(thumb.tip, add(base, scale(dir, 0.995 * L)));
}
