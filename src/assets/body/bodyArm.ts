import type { BodyProportions, Vec3 } from './bodyProportions.js';
import { BODY_RINGS, type BodySide } from './bodyTopology.js';
import {
  blendAngles, evenAngles, frameAround, gauss, lerp3, loopAngles, piecewise, profile, ringPoint, type SidePositions,
} from './ringMath.js';
import { smoothstep } from '../../core/smoothstep.js';

/**
 * The arm, T-pose, palm down (left side): rings from the shoulder's root loop on the torso to the
 * wrist, along the shoulder–elbow–wrist line. The deltoid caps the shoulder, the biceps and triceps
 * make the upper arm deeper than it is tall, the point of the elbow stands out behind, and the
 * forearm flattens into the wrist. The last rings turn to the palm's first row, so the hand (placed
 * first) and the arm meet without a twist.
 */
export function placeArm(side: BodySide, p: BodyProportions, at: SidePositions): void {
  const R = BODY_RINGS.armRings;
  const { shoulder, elbow, wrist } = p;
  const g = p.armGirth;
  const loop = side.arm.loop.map((v) => at.get(v));
  const centroid: Vec3 = [0, 0, 0];
  for (const q of loop) for (let c = 0; c < 3; c++) centroid[c] += q[c] / loop.length;
  const x0 = Math.max(centroid[0] + 0.02, shoulder[0] - 0.01);
  // Rings crowd at the elbow, where the arm bends.
  const ringX = (r: number): number => piecewise([0, 14, 20, R - 1], [x0, elbow[0] - 0.045, elbow[0] + 0.04, wrist[0]], r);
  const upper = elbow[0] - shoulder[0], fore = wrist[0] - elbow[0];
  const xs = [shoulder[0], shoulder[0] + 0.3 * upper, shoulder[0] + 0.6 * upper, elbow[0], elbow[0] + 0.25 * fore, wrist[0] - 0.2 * fore, wrist[0]];
  const radius = profile(xs, [g.deltoid, g.deltoid * 0.93, g.upperArm, g.elbow, g.forearm, (g.forearm + g.wrist) / 2 * 0.95, g.wrist].map((c) => c / (2 * Math.PI)));
  // Height over depth: 1 round, < 1 flat (a wrist is wider than it is thick).
  const flat = profile(xs, [0.95, 0.9, 0.88, 0.95, 0.86, 0.72, 0.64]);
  const cy = profile([x0, shoulder[0] + 0.35 * upper, elbow[0], wrist[0]], [centroid[1], shoulder[1], elbow[1], wrist[1]]);
  const cz = profile([x0, shoulder[0] + 0.35 * upper, elbow[0], wrist[0]], [centroid[2], shoulder[2], elbow[2], wrist[2]]);

  const palmRow = side.palm.grid.subarray(0, 20);
  const palm = Array.from(palmRow, (v) => at.get(v));
  const loopA = loopAngles(loop, frameAround(centroid, [1, 0, 0], [0, 1, 0]));
  const palmCentre: Vec3 = [wrist[0], wrist[1], wrist[2]];
  for (let c = 0; c < 3; c++) palmCentre[c] = palm.reduce((sum, q) => sum + q[c], 0) / palm.length;
  const palmA = loopAngles(palm, frameAround(palmCentre, [1, 0, 0], [0, 1, 0]));
  const even = evenAngles(loopA);
  const palmEven = evenAngles(palmA);
  const turn = Math.round((palmEven[0] - even[0]) / (2 * Math.PI)) * 2 * Math.PI;
  const palmLocal = palmA.map((a) => a - turn);

  for (let r = 0; r < R; r++) {
    const x = ringX(r);
    const frame = frameAround([x, cy(x), cz(x)], [1, 0, 0], [0, 1, 0]);
    const fromLoop = 1 - smoothstep(0, 6, r);
    const toPalm = smoothstep(R - 8, R - 1, r);
    const angles = blendAngles(blendAngles(even, loopA, fromLoop), palmLocal, toPalm);
    const rr = radius(x);
    const k0 = flat(x);
    side.arm.rings[r].forEach((v, k) => {
      const phi = angles[k];
      const up = Math.cos(phi), fwd = Math.sin(phi);
      let bump = 0;
      // Deltoid over the top of the shoulder; olecranon behind the elbow, a hollow in front of it.
      bump += 0.012 * gauss(x - (shoulder[0] + 0.02), 0.05) * Math.max(0, up) ** 2;
      bump += 0.008 * gauss(x - elbow[0], 0.025) * Math.max(0, -fwd) ** 4;
      bump -= 0.004 * gauss(x - elbow[0], 0.03) * Math.max(0, fwd) ** 4;
      // Forearm muscles bulge on the thumb side near the elbow.
      bump += 0.006 * gauss(x - (elbow[0] + 0.06), 0.05) * Math.max(0, up * 0.6 + fwd * 0.8);
      let q = ringPoint(frame, (rr + bump) * (2 * k0 / (1 + k0)), (rr + bump) * (2 / (1 + k0)), phi);
      if (fromLoop > 0) q = lerp3(q, [loop[k][0] + (x - centroid[0]) * 0.5, loop[k][1], loop[k][2]], fromLoop * 0.55);
      if (r === R - 1) q = lerp3(q, [x, palm[k][1] - palmCentre[1] + cy(x), palm[k][2] - palmCentre[2] + cz(x)], 0.5);
      at.set(v, q);
    });
  }
}
