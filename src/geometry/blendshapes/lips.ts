import type { Primitive } from './primitive.js';
import { addWeighted, bump, weights, type FaceRig } from './rig.js';
import { smoothstep } from '../../core/smoothstep.js';

/**
 * The lips' own shapes, in mouth coordinates (rig.ts): `u` across (corners ±1), `lip` away from
 * the slit in lip heights (1 at the vermilion border), `below` which lip. Motions are fractions of
 * the head's own mouth width and lip heights (frame.ts). Shapes that only push or pull both lips
 * alike weigh vertices by position alone, so the slit's two sides, which coincide, move together;
 * shapes that part the lips weigh each side by its own lip.
 */

/** 1 on the lips and just around them, fading out to the nose's base and the chin's top (metres from the slit). */
const around = (dy: number): number => 1 - (dy > 0 ? smoothstep(0.005, 0.02, dy) : smoothstep(0.008, 0.028, -dy));
/** 1 across the mouth up to `from` (in u), 0 beyond `to`. */
const across = (u: number, from: number, to: number): number => 1 - smoothstep(from, to, Math.abs(u));
/** Only the upper lip's side (1) or the lower's (0) of the slit. */
const on = (rig: FaceRig, v: number, lower: boolean): number => (rig.below[v] === (lower ? 1 : 0) ? 1 : 0);
/** A bell over the red of the lip: 0 at the slit, highest mid-lip, 0 again past the vermilion border. */
const bell = (lip: number, width: number): number => (lip <= 0 || lip >= width ? 0 : Math.sin((Math.PI * lip) / width));
/** Where one side of the mouth is: 1 around u = sign × 0.45, falling off across the middle. */
const half = (u: number, sign: number): number => bump(Math.abs(u - sign * 0.45) / 1.1);

/** mouthFunnel: lips pushed forward into an open O: corners in, the middle of both lips apart. */
export const mouthFunnel: Primitive = (rig, frame, out) => {
  const w = weights(rig, 'mouthFunnel', 4, (v, o) => {
    const u = rig.u[v], lip = rig.lip[v];
    const mask = across(u, 0.8, 2.0) * around(rig.dy[v]);
    o[0] = mask * Math.max(-1, Math.min(1, u));
    o[1] = mask;
    const open = Math.max(0, 1 - u * u) * (1 - smoothstep(0.2, 2.0, lip));
    o[2] = on(rig, v, false) * open;
    o[3] = on(rig, v, true) * open;
  });
  const W = frame.mouthWidth;
  addWeighted(out, w, [-0.12 * W, 0, 0], 0);
  addWeighted(out, w, [0, 0, 0.5 * frame.upperLip], 1);
  addWeighted(out, w, [0, 0.6 * frame.upperLip, 0.15 * frame.upperLip], 2);
  addWeighted(out, w, [0, -0.6 * frame.lowerLip, 0.15 * frame.lowerLip], 3);
};

/** mouthPucker: lips pushed forward and gathered in, closed (a kiss). */
export const mouthPucker: Primitive = (rig, frame, out) => {
  const w = weights(rig, 'mouthPucker', 2, (v, o) => {
    const u = rig.u[v], lip = rig.lip[v];
    const mask = across(u, 0.8, 2.0) * around(rig.dy[v]);
    o[0] = mask * Math.max(-1, Math.min(1, u));
    o[1] = mask * (1 - 0.3 * Math.min(1, lip));
  });
  addWeighted(out, w, [-0.16 * frame.mouthWidth, 0, 0], 0);
  addWeighted(out, w, [0, 0, 0.9 * frame.upperLip], 1);
};

/** mouthLeft / mouthRight: the closed mouth pulled to the person's left (+1) or right (−1). */
export function mouthSideways(sign: 1 | -1): Primitive {
  return (rig, frame, out) => {
    const w = weights(rig, 'mouthSideways', 1, (v, o) => {
      o[0] = across(rig.u[v], 0.7, 2.6) * (1 - smoothstep(0.006, 0.03, Math.abs(rig.dy[v])));
    });
    addWeighted(out, w, [sign * 0.18 * frame.mouthWidth, 0, -0.02 * frame.mouthWidth], 0);
  };
}

/** mouthRollUpper / mouthRollLower: one lip rolls in over the teeth: its edge goes back, its red thins. */
export function mouthRoll(lower: boolean): Primitive {
  return (rig, frame, out) => {
    const w = weights(rig, lower ? 'mouthRollLower' : 'mouthRollUpper', 2, (v, o) => {
      const side = on(rig, v, lower) * across(rig.u[v], 0.6, 1.1);
      o[0] = side * (1 - smoothstep(0.2, 1.6, rig.lip[v]));
      o[1] = side * bell(rig.lip[v], 1.6);
    });
    const h = lower ? frame.lowerLip : frame.upperLip, up = lower ? 1 : -1;
    addWeighted(out, w, [0, 0, -0.8 * h], 0);
    addWeighted(out, w, [0, up * 0.35 * h, 0], 1);
  };
}

/** mouthShrugUpper: the upper lip pushed up and out. */
export const mouthShrugUpper: Primitive = (rig, frame, out) => {
  const w = weights(rig, 'mouthShrugUpper', 1, (v, o) => {
    o[0] = on(rig, v, false) * across(rig.u[v], 0.7, 1.2) * (1 - smoothstep(0.5, 2.4, rig.lip[v]));
  });
  addWeighted(out, w, [0, 0.35 * frame.upperLip, 0.25 * frame.upperLip], 0);
};

/**
 * mouthShrugLower: the chin pushes the lower lip up and out, and the upper lip with it (both lips
 * by position: the slit stays shut).
 */
export const mouthShrugLower: Primitive = (rig, frame, out) => {
  const w = weights(rig, 'mouthShrugLower', 1, (v, o) => {
    const dy = rig.dy[v];
    const vertical = dy < 0 ? 1 - smoothstep(0.015, 0.04, -dy) : 1 - smoothstep(0, 0.012, dy);
    o[0] = across(rig.u[v], 0.9, 1.9) * vertical;
  });
  addWeighted(out, w, [0, 0.4 * frame.lowerLip, 0.3 * frame.lowerLip], 0);
};

/** mouthPressLeft / Right: the lips pressed together on one side: their red thins towards the slit. */
export function mouthPress(sign: 1 | -1): Primitive {
  return (rig, frame, out) => {
    const w = weights(rig, sign > 0 ? 'mouthPressLeft' : 'mouthPressRight', 2, (v, o) => {
      const side = half(rig.u[v], sign) * across(rig.u[v], 1.0, 1.5) * bell(rig.lip[v], 1.4);
      o[0] = on(rig, v, false) * side;
      o[1] = on(rig, v, true) * side;
    });
    addWeighted(out, w, [0, -0.3 * frame.upperLip, -0.1 * frame.upperLip], 0);
    addWeighted(out, w, [0, 0.3 * frame.lowerLip, -0.1 * frame.lowerLip], 1);
  };
}

/** mouthUpperUpLeft / Right: the upper lip raised on one side, off the lower. */
export function mouthUpperUp(sign: 1 | -1): Primitive {
  return (rig, frame, out) => {
    const w = weights(rig, sign > 0 ? 'mouthUpperUpLeft' : 'mouthUpperUpRight', 1, (v, o) => {
      o[0] = on(rig, v, false) * half(rig.u[v], sign) * across(rig.u[v], 0.6, 1.1) * (1 - smoothstep(0, 0.02, rig.dy[v]));
    });
    addWeighted(out, w, [0, 0.8 * frame.upperLip, 0.15 * frame.upperLip], 0);
  };
}

/** mouthLowerDownLeft / Right: the lower lip pulled down on one side, off the upper. */
export function mouthLowerDown(sign: 1 | -1): Primitive {
  return (rig, frame, out) => {
    const w = weights(rig, sign > 0 ? 'mouthLowerDownLeft' : 'mouthLowerDownRight', 1, (v, o) => {
      o[0] = on(rig, v, true) * half(rig.u[v], sign) * across(rig.u[v], 0.6, 1.1) * (1 - smoothstep(0, 0.028, -rig.dy[v]));
    });
    addWeighted(out, w, [0, -0.7 * frame.lowerLip, 0.1 * frame.lowerLip], 0);
  };
}
