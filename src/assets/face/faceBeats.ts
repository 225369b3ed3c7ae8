import type { Mobile51Name } from '../../library/blendshapeNames.js';

/** ARKit blendshape weights (mobile_51 names), each in [0, 1]. */
export type Expression = Partial<Record<Mobile51Name, number>>;

/** A turn of the head, degrees: pitch about +X (positive nods the face down), yaw about +Y (positive turns it to the person's left), roll about +Z. */
export interface HeadTurn {
  pitch?: number;
  yaw?: number;
  roll?: number;
}

/**
 * One beat of a performance: an expression (and a head turn) that rises from nothing over `rise`
 * seconds from `at`, holds for `hold` and falls back over `fall`, with smooth (smoothstep) ends, as
 * a face eases into and out of an expression. Beats add up: a viseme falling while the next rises
 * hand the mouth over to each other.
 */
export interface Beat {
  at: number;
  rise: number;
  hold: number;
  fall: number;
  face?: Expression;
  head?: HeadTurn;
}

/** The beat's strength at time t, 0 to 1. */
export function envelope(beat: Beat, t: number): number {
  const smooth = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
  const up = beat.rise > 0 ? smooth((t - beat.at) / beat.rise) : t >= beat.at ? 1 : 0;
  const downAt = beat.at + beat.rise + beat.hold;
  const down = beat.fall > 0 ? 1 - smooth((t - downAt) / beat.fall) : t < downAt ? 1 : 0;
  return Math.min(up, down);
}

/** The time a beat is over. */
export const beatEnd = (beat: Beat): number => beat.at + beat.rise + beat.hold + beat.fall;

/** A quick blink of both eyes at `at`: 70 ms closing, 40 ms shut, 130 ms opening, as people blink. */
export function blink(at: number, strength = 1): Beat {
  return { at, rise: 0.07, hold: 0.04, fall: 0.13, face: { eyeBlinkLeft: strength, eyeBlinkRight: strength } };
}

/** The same shapes on both sides: `mouthSmile` gives mouthSmileLeft and mouthSmileRight. */
export function bothSides(weights: Record<string, number>): Expression {
  const out: Record<string, number> = {};
  for (const [name, w] of Object.entries(weights)) {
    if (name.endsWith('Left') || name.endsWith('Right') || ['browInnerUp', 'cheekPuff', 'jawOpen', 'jawForward', 'mouthClose', 'mouthFunnel', 'mouthPucker', 'mouthRollLower', 'mouthRollUpper', 'mouthShrugLower', 'mouthShrugUpper'].includes(name)) {
      out[name] = w;
    } else {
      out[`${name}Left`] = w;
      out[`${name}Right`] = w;
    }
  }
  return out as Expression;
}
