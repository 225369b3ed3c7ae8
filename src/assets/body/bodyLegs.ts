import type { BodyProportions, Vec3 } from './bodyProportions.js';
import { BODY_RINGS, type BodySide } from './bodyTopology.js';
import {
  blendAngles, evenAngles, frameAround, gauss, lerp3, loopAngles, piecewise, profile, type SidePositions,
} from './ringMath.js';
import { smoothstep } from '../../core/smoothstep.js';

/** Shares of the foot's length from the heel at which the foot's rows stand. */
const FOOT_ROWS = [0.015, 0.05, 0.1, 0.18, 0.26, 0.34, 0.42, 0.49, 0.55, 0.61, 0.66, 0.7, 0.735, 0.77, 0.8, 0.835, 0.87, 0.9, 0.93, 0.955, 0.975, 0.99];

/** The foot's cross-section: how steeply its top (instep) and its bottom (sole) round into its sides. */
const FOOT_TOP_ROUNDING = 2 / 2.2, FOOT_SOLE_ROUNDING = 2 / 4.5;
/** The heel's and the toe's tip: how far up their end ring's height each stands. */
export const FOOT_TIP_RISE = { heel: 0.45 * 0.9, toe: 0.45 * 0.8 };

/**
 * How high column `s` of the foot stands on its cross-section, as a share of the section's height:
 * 0 at the sole's middle (s 0 and 20), 1 on the instep (s 10). The same on every section and
 * every body, so a garment can tell the sole from the upper by place.
 */
export function footColumnRise(s: number): number {
  const c = -Math.cos((Math.PI * s) / (BODY_RINGS.limbColumns / 2));
  return (1 + Math.sign(c) * Math.abs(c) ** (c > 0 ? FOOT_TOP_ROUNDING : FOOT_SOLE_ROUNDING)) / 2;
}

/**
 * The foot, then the leg between the torso's bottom ring and the foot. The foot is a row of
 * sections from heel to toe with a flat sole, an arch on the inside, the instep, the ball and the
 * toes' rounded end; the big toe reaches furthest. The leg's rings follow the hip–knee–ankle line
 * with the thigh, the kneecap, the calf (its inner head lower and fuller) and the ankle bones.
 */
export function placeLeg(side: BodySide, p: BodyProportions, at: SidePositions): void {
  placeFoot(side, p, at);
  const R = BODY_RINGS.legRings;
  const { hipJoint, knee, ankle } = p;
  const g = p.legGirth;
  const top = p.y.crotch - 0.012, bottom = ankle[1] + 0.05 * p.stature / 1.7;
  // Rings crowd at the knee, where the leg bends.
  const ringY = (r: number): number => piecewise([0, 13, 17, 21, R - 1], [top, knee[1] + 0.07, knee[1] + 0.02, knee[1] - 0.035, bottom], r);
  const ys = [top, (top + knee[1]) / 2, knee[1] + 0.08, knee[1], knee[1] - 0.11, ankle[1] + 0.12, ankle[1] + 0.05];
  const axisX = profile([ankle[1], knee[1], hipJoint[1]], [ankle[0], knee[0], hipJoint[0] - 0.004]);
  const axisZ = profile([ankle[1], knee[1] - 0.1, knee[1], top], [ankle[2] + 0.005, -0.012, knee[2], -0.005]);
  const girth = profile([...ys].reverse(), [g.ankle, g.shin, g.calf, g.knee, g.aboveKnee, g.midThigh, g.thigh].map((x) => x / (2 * Math.PI)));
  // Front-to-back over side-to-side: a deep thigh, a round knee, a calf deep at the back.
  const depth = profile([ankle[1], ankle[1] + 0.12, knee[1] - 0.11, knee[1], top], [0.95, 0.95, 1.08, 1.0, 1.05]);

  const loop = side.leg.loop.map((v) => at.get(v));
  const footLoop = side.foot.loop.map((v) => at.get(v));
  const topFrame = frameAround([axisX(top), top, axisZ(top)], [0, 1, 0], [0, 0, 1]);
  const bottomFrame = frameAround([axisX(bottom), bottom - 0.03, axisZ(bottom)], [0, 1, 0], [0, 0, 1]);
  // e1 = front (+z), e2 = +x: angles grow from the front towards the outside of the left leg.
  const loopA = loopAngles(loop, topFrame);
  const footA = loopAngles(footLoop, bottomFrame);
  const even = evenAngles(loopA);
  // The foot's loop must be read in the same turn as the even angles.
  const footEven = evenAngles(footA);
  const shift = Math.round((footEven[0] - even[0]) / (2 * Math.PI)) * 2 * Math.PI;
  const footLocal = footA.map((a) => a - shift);

  for (let r = 0; r < R; r++) {
    const y = ringY(r);
    const t = r / (R - 1);
    const fromLoop = 1 - smoothstep(0, 5, r);
    const toFoot = smoothstep(R - 6, R - 1, r);
    const angles = blendAngles(blendAngles(even, loopA, fromLoop), footLocal, toFoot);
    const rr = girth(y);
    const d = depth(y);
    const frame = frameAround([axisX(y), y, axisZ(y)], [0, 1, 0], [0, 0, 1]);
    side.leg.rings[r].forEach((v, k) => {
      const phi = angles[k];
      // phi = 0 front, +π/2 outside.
      const c = Math.cos(phi), s = Math.sin(phi);
      let radial = rr;
      // Kneecap in front, hamstring tendons beside the hollow behind the knee.
      radial += 0.012 * gauss(y - (knee[1] + 0.01), 0.03) * gauss(phi % (2 * Math.PI) - 0, 0.6) * Math.max(0, c);
      radial -= 0.006 * gauss(y - knee[1], 0.035) * Math.max(0, -c) ** 4;
      // Inner thigh muscle above the knee; calf heads, the inner one lower and fuller.
      radial += 0.008 * gauss(y - (knee[1] + 0.07), 0.04) * Math.max(0, c * 0.5 - s * 0.8);
      radial += 0.012 * gauss(y - (knee[1] - 0.1), 0.06) * Math.max(0, -c) * (s < 0 ? 1.2 : 0.8);
      // The buttock's underside runs on into the back of the thigh (the gluteal fold, not a shelf).
      radial += 0.032 * (p.bumps.buttock / 0.03) * gauss(y - (p.y.crotch - 0.015), 0.06) * Math.max(0, -c) ** 1.5 * (0.5 + 0.5 * Math.max(0, -s));
      // Shin bone in front; ankle bones, the outer one lower.
      radial += 0.004 * gauss(y - (ankle[1] + 0.25), 0.15) * Math.max(0, c) ** 6;
      radial += 0.008 * gauss(y - (ankle[1] + (s > 0 ? 0.03 : 0.045)), 0.018) * Math.abs(s) ** 4;
      // The Achilles tendon: the back of the leg narrows above the heel.
      radial -= 0.01 * gauss(y - (ankle[1] + 0.075), 0.04) * Math.max(0, -c) ** 2;
      let x = frame.center[0] + radial * s;
      const z = frame.center[2] + radial * d * c;
      // Thighs touch: the inside of the thigh flattens rather than crossing the middle.
      const minX = 0.004 + 0.02 * smoothstep(0.2, 0.6, t);
      const soft = 0.012;
      if (x < minX + soft) x = minX + soft * Math.exp((x - minX - soft) / soft);
      let q: Vec3 = [x, y, z];
      if (fromLoop > 0) q = lerp3(q, [loop[k][0], loop[k][1] - 0.015 * (r + 1), loop[k][2]], fromLoop * 0.6);
      // Below the crotch the two thighs may touch, never cross.
      if (q[0] < 0.003 + 0.01 * smoothstep(0, 4, r)) q[0] = 0.003 + 0.01 * smoothstep(0, 4, r) * Math.exp((q[0] - 0.003) / 0.01 - 1);
      if (toFoot > 0 && r === R - 1) q = lerp3(q, [footLoop[k][0], footLoop[k][1] + 0.035, footLoop[k][2]], 0.35);
      at.set(v, q);
    });
  }
}

function placeFoot(side: BodySide, p: BodyProportions, at: SidePositions): void {
  const F = BODY_RINGS.limbColumns;
  const { heelZ, toeZ, width } = p.foot;
  const L = toeZ - heelZ;
  const sz = L / 0.26;
  const widthAt = profile([0, 0.1, 0.26, 0.42, 0.55, 0.7, 0.74, 0.85, 0.93, 1], [0.5, 0.62, 0.66, 0.74, 0.83, 0.97, 1, 0.95, 0.82, 0.4].map((k) => k * width));
  const heightAt = profile([0, 0.1, 0.26, 0.42, 0.55, 0.7, 0.77, 0.9, 1], [0.055, 0.078, 0.084, 0.07, 0.057, 0.04, 0.032, 0.024, 0.012].map((k) => k * sz));
  const ax = p.ankle[0];
  for (let r = 0; r < BODY_RINGS.footRows; r++) {
    const f = FOOT_ROWS[r];
    const z = heelZ + f * L;
    const w = widthAt(f) / 2;
    const h = heightAt(f);
    // Toes turn out a little; the big toe (inside) reaches furthest, so the toe end slants.
    const cx = ax + 0.008 + (f - 0.2) * 0.05 - 0.015 * smoothstep(0.8, 1, f);
    for (let k = 0; k < F; k++) {
      const v = side.foot.grid[r * F + k];
      if (v < 0) continue;
      const w0 = (2 * Math.PI * k) / F;
      const s = Math.sin(w0), c = Math.cos(w0);
      const top = c > 0;
      const e = top ? FOOT_TOP_ROUNDING : FOOT_SOLE_ROUNDING;
      let x = cx + w * Math.sign(s) * Math.abs(s) ** e;
      let y = (h / 2) * (1 + Math.sign(c) * Math.abs(c) ** e);
      // The arch: the inside of the sole lifts under the midfoot.
      if (!top && s < 0) y += 0.012 * sz * gauss(f - 0.45, 0.14) * Math.abs(s) ** 1.5;
      // Heel and toe ends round off in plan.
      const endScale = 1 - 0.35 * gauss(f - 0, 0.06) - 0.25 * smoothstep(0.95, 1, f);
      x = cx + (x - cx) * endScale;
      // The slanted toe end: the outside toes stop short.
      // Toes: the big toe (inside) stands apart by a groove on top and a notch at the tip; the outer
      // toes stop progressively shorter. (There are too few columns for every toe.)
      const across = s;
      const groove = gauss(across + 0.3, 0.16);
      if (top) y -= 0.3 * h * groove * smoothstep(0.8, 0.87, f) * c;
      const zz = z - (f > 0.85 ? ((f - 0.85) / 0.15) * sz * (0.022 * smoothstep(-0.3, 1, across) + 0.008 * groove) : 0);
      at.set(v, [x, Math.max(0, y), zz]);
    }
  }
  const end = (r: number): Vec3 => {
    const f = FOOT_ROWS[r];
    return [ax + 0.008 + (f - 0.2) * 0.05, heightAt(f), heelZ + f * L];
  };
  const heel = end(0), toe = end(BODY_RINGS.footRows - 1);
  at.set(side.foot.heel, [heel[0], heel[1] * FOOT_TIP_RISE.heel, heel[2] - 0.008 * sz]);
  at.set(side.foot.toe, [toe[0] - 0.012, toe[1] * FOOT_TIP_RISE.toe, toe[2] + 0.004 * sz]);
}
