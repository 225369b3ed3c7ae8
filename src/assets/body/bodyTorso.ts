import type { BodyProportions, TorsoSection } from './bodyProportions.js';
import { superellipsePoint } from './bodyProportions.js';
import { BODY_RINGS, TORSO_ROWS, type BodyTopology } from './bodyTopology.js';
import { angleDiff, gauss, piecewise, profile } from './ringMath.js';
import { smoothstep } from '../../core/smoothstep.js';

/** Multipliers of the torso's girth at the three tape-measure landmarks; the shape solver sets them. */
export interface GirthScales {
  chest: number;
  waist: number;
  hips: number;
}

export const UNIT_GIRTH_SCALES: GirthScales = { chest: 1, waist: 1, hips: 1 };

/** Height of each torso row: landmark rows at their landmarks, the rows between spaced evenly. */
export function torsoRowHeights(p: BodyProportions): number[] {
  const rows = Object.values(TORSO_ROWS);
  const ys = [p.y.crotch, p.y.hips, p.y.waist, p.y.chest, p.y.armpit, p.y.acromion, p.y.neckBase, p.y.neckTop];
  return Array.from({ length: BODY_RINGS.torsoRows }, (_, i) => piecewise(rows, ys, i));
}

/**
 * Positions of the torso's vertices, and of the crotch path between the legs. Each row is a
 * superellipse section interpolated between the proportions' sections, scaled by the solver's girth
 * multipliers, and raised by the anatomical bumps: breasts or pectorals, buttocks, shoulder blades,
 * belly, a groove down the spine, and the front of the neck base dipping to the collarbones.
 */
export function placeTorso(topology: BodyTopology, p: BodyProportions, girth: GirthScales, positions: Float32Array): void {
  const N = BODY_RINGS.torsoColumns;
  const heights = torsoRowHeights(p);
  const ky = p.torso.map((s) => s.y);
  const field = (key: keyof TorsoSection) => profile(ky, p.torso.map((s) => s[key]));
  const halfWidth = field('halfWidth'), front = field('front'), back = field('back'), zc = field('z'), exponent = field('exponent');
  const y = p.y;
  const girthScale = profile(
    [y.crotch, y.hips, y.waist, y.chest, y.armpit, y.acromion],
    [1 + (girth.hips - 1) * 0.85, girth.hips, girth.waist, girth.chest, 1 + (girth.chest - 1) * 0.75, 1],
  );
  const b = p.bumps;
  const breastTheta = 0.42 + 0.08 * p.maleness;
  for (let i = 0; i < BODY_RINGS.torsoRows; i++) {
    const yy = heights[i];
    const k = girthScale(yy);
    // Girth gained or lost at the waist goes mostly to the belly, little to the back: a larger waist
    // is a rounder front, not a tyre.
    const belly = gauss(yy - (y.waist - 0.03), 0.12) * (girth.waist - 1) / Math.max(1e-6, k);
    const section = {
      halfWidth: halfWidth(yy) * k * (1 - 0.15 * belly),
      front: front(yy) * k * (1 + 0.7 * belly),
      back: back(yy) * k * (1 - 0.35 * belly),
      exponent: exponent(yy),
    };
    for (let j = 0; j < N; j++) {
      const v = topology.torso[i * N + j];
      if (v < 0) continue;
      const theta = (2 * Math.PI * j) / N;
      const [x0, z0] = superellipsePoint(section, theta);
      const r = Math.hypot(x0, z0);
      const aside = Math.abs(angleDiff(theta, 0)); // 0 at the front, π at the back
      const lateral = Math.abs(Math.sin(theta));
      let bump = 0;
      // Breasts hang: fuller below the nipple line than above.
      const dyB = yy - y.chest;
      bump += b.breast * gauss(Math.abs(aside) - breastTheta, 0.38) * gauss(dyB, dyB < 0 ? 0.055 * p.stature / 1.7 : 0.075 * p.stature / 1.7);
      // Pectorals: soft above, a firm lower edge that rises towards the armpit.
      const dyPec = yy - (y.chest + 0.015 + 0.05 * Math.max(0, aside - 0.4));
      bump += b.pectoral * gauss(aside - 0.6, 0.45) * gauss(dyPec, dyPec > 0 ? 0.08 : 0.025);
      // Buttocks fold into the thighs: nothing left of them at the crotch ring.
      // The fold under them curves: low between the legs, rising towards the hips.
      const medial = gauss(aside - Math.PI, 0.45);
      bump += b.buttock * gauss(aside - (Math.PI - 0.55), 0.5) * gauss(yy - (y.hips - 0.01 - 0.02 * medial), 0.07 + 0.02 * medial) * smoothstep(y.crotch - 0.12, y.crotch + 0.03, yy);
      bump += b.scapula * gauss(aside - (Math.PI - 0.75), 0.35) * gauss(yy - (y.armpit + 0.02), 0.06);
      // The belly is round and low: from under the ribs to the pubis, fullest below the navel.
      const dyBelly = yy - (y.waist - 0.05);
      bump += b.belly * gauss(aside, 0.85) * gauss(dyBelly, dyBelly > 0 ? 0.09 : 0.11);
      bump -= 0.006 * gauss(aside - Math.PI, 0.12) * gauss(yy - (y.waist + y.chest) / 2, 0.14);
      // The breastbone between the pectorals, and the line down the middle of the belly.
      bump -= 0.004 * p.maleness * gauss(aside, 0.13) * gauss(yy - (y.chest + 0.03), 0.06);
      bump -= 0.0025 * gauss(aside, 0.1) * gauss(yy - (y.waist + 0.02), 0.08);
      // The cleft between the buttocks.
      bump -= 0.6 * b.buttock * gauss(aside - Math.PI, 0.09) * gauss(yy - (y.hips - 0.025), 0.05) * smoothstep(y.crotch - 0.05, y.crotch + 0.02, yy);
      // The sides above the waist carry the lats (a man's taper from the armpits).
      bump += 0.012 * p.maleness * lateral * gauss(yy - (y.armpit - 0.05), 0.07);
      const s = r > 0 ? (r + bump) / r : 1;
      let yv = yy;
      // Between the shoulders and the neck the front lies lower than the back (collarbones, not the nape).
      if (yy > y.acromion && yy < y.neckTop) {
        const t = Math.sin(Math.PI * Math.min(1, (yy - y.acromion) / (y.neckTop - y.acromion)));
        yv -= 0.025 * (p.stature / 1.7) * t * Math.max(0, Math.cos(theta)) ** 2;
      }
      positions[v * 3] = x0 * s;
      positions[v * 3 + 1] = yv;
      positions[v * 3 + 2] = z0 * s + zc(yy);
    }
  }
  // The crotch path: from the front centre to the back centre of the bottom ring, dipping slightly.
  const front0 = topology.torso[0], back0 = topology.torso[N / 2];
  const zf = positions[front0 * 3 + 2], zb = positions[back0 * 3 + 2];
  const n = topology.crotch.length;
  topology.crotch.forEach((v, c) => {
    const t = (c + 1) / (n + 1);
    positions[v * 3] = 0;
    positions[v * 3 + 1] = y.crotch - 0.012 * Math.sin(Math.PI * t);
    positions[v * 3 + 2] = zf + (zb - zf) * t;
  });
}
