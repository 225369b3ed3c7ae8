import type { HaircutStyle } from '../../../library/haircuts/haircutStyle.js';
import { smoothstep } from '../../../core/smoothstep.js';

/** The whorl hair grows away from, at the back of the crown (template frame, metres). */
export const CROWN_WHORL = [-0.01, 0.105, -0.065] as const;
/** The head's centre as seen around the vertical axis: azimuths are measured about it. */
const CENTRE_Z = -0.005;
/** Where the front hairline of the template is, y. */
export const FRONT_HAIRLINE = 0.055;

/** Where a root sits on the head, as weights that blend the style's zones. */
export interface RootZones {
  /** 1 on top of the head and along the front hairline, 0 at the sides and back. */
  top: number;
  /** 1 facing forward, 0 from the temples back. */
  front: number;
  /** 1 at the back of the head, 0 from the ears forward. */
  back: number;
}

export function rootZones(x: number, y: number, z: number): RootZones {
  const c = Math.cos(Math.atan2(x, z - CENTRE_Z));
  const front = smoothstep(0.3, 0.8, c);
  const top = Math.max(smoothstep(0.065, 0.1, y), front * smoothstep(0.035, 0.06, y));
  return { top, front, back: smoothstep(0.1, 0.7, -c) };
}

/** The strand length the style gives a root. */
export function rootLength(style: Required<HaircutStyle>, y: number, zones: RootZones): number {
  if (style.undercut > -1 && y < style.undercut && zones.top < 0.5) return style.undercutLength;
  const lower = style.sides + (style.back - style.sides) * zones.back;
  return lower + (style.top - lower) * zones.top;
}

/** Height of the hem at a point: the hem runs from `hemFront` beside the face to `hemBack` behind. */
export function hemHeight(style: Required<HaircutStyle>, x: number, z: number): number {
  const c = Math.cos(Math.atan2(x, z - CENTRE_Z));
  return style.hemFront + (style.hemBack - style.hemFront) * (1 - c) / 2;
}

/**
 * The direction a root's strand is combed in, before lift: a unit vector tangent to the scalp at
 * normal `n`. The top follows the style's `flow`, the sides and back fall (down and a little
 * outward), a fringe is combed forward over the forehead; `tie` is where gathered hair goes.
 */
export function combDirection(style: Required<HaircutStyle>, p: readonly number[], n: readonly number[], zones: RootZones, tie: readonly number[] | null): number[] {
  const [x, y, z] = p;
  const outward = Math.hypot(x, z - CENTRE_Z) || 1;
  const down = [0.25 * x / outward, -1, 0.25 * (z - CENTRE_Z) / outward];
  let top: number[];
  switch (style.flow) {
    case 'crown': top = [x - CROWN_WHORL[0], y - CROWN_WHORL[1], z - CROWN_WHORL[2]]; break;
    case 'part': {
      // The parting runs from the front hairline to the crown; behind it hair turns from the whorl.
      const side = x >= style.parting ? 1 : -1;
      const behind = smoothstep(-0.03, -0.07, z);
      top = mix([side, -0.25, -0.1], [x - CROWN_WHORL[0], y - CROWN_WHORL[1], z - CROWN_WHORL[2]].map((v) => v * 12), behind);
      break;
    }
    case 'back': top = [0, 0.1, -1]; break;
    case 'forward': top = [0, -0.1, 1]; break;
    // Spikes stand up and a little back, whichever way the scalp faces under them.
    case 'up': top = [n[0] * 0.5, n[1] * 0.5 + 1, n[2] * 0.5 - 0.3]; break;
    case 'puff': top = [n[0], n[1], n[2]]; break;
    case 'gathered': top = tie ? [tie[0] - x, tie[1] - y, tie[2] - z] : [0, 0.1, -1]; break;
  }
  let f = style.flow === 'gathered' ? top : mix(down, unit(top), zones.top);
  if (style.fringe > 0 && style.flow !== 'gathered') {
    const fringe = smoothstep(style.fringeWidth, 0.6 * style.fringeWidth, Math.abs(x)) * zones.front * zones.top;
    f = mix(unit(f), [0, -0.6, 1], fringe);
  }
  const along = f[0] * n[0] + f[1] * n[1] + f[2] * n[2];
  const t = [f[0] - along * n[0], f[1] - along * n[1], f[2] - along * n[2]];
  if (Math.hypot(t[0], t[1], t[2]) < 1e-6) return unit([down[0] - n[0] * down[1] * n[1], -1 + n[1] * n[1], down[2]]);
  return unit(t);
}

function mix(a: readonly number[], b: readonly number[], t: number): number[] {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function unit(v: readonly number[]): number[] {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

