import { bothSides, type Beat, type Expression } from './faceBeats.js';

/**
 * The mouth shapes of speech as ARKit weights, one per group of sounds that look alike (the visemes
 * of lip-sync standards): open vowels drop the jaw, rounded ones funnel and pucker the lips, spread
 * ones stretch them, the bilabials press them shut, f and v tuck the lower lip under the upper teeth.
 * Our heads have no tongue, so l, t, d, n show as a half-open jaw.
 */
export const VISEMES: Readonly<Record<string, Expression>> = {
  aa: bothSides({ jawOpen: 0.42, mouthLowerDown: 0.3, mouthUpperUp: 0.12 }),
  eh: bothSides({ jawOpen: 0.22, mouthStretch: 0.3, mouthSmile: 0.15, mouthLowerDown: 0.2 }),
  ee: bothSides({ jawOpen: 0.1, mouthStretch: 0.45, mouthSmile: 0.3 }),
  oh: bothSides({ jawOpen: 0.3, mouthFunnel: 0.55, mouthPucker: 0.25 }),
  oo: bothSides({ jawOpen: 0.1, mouthPucker: 0.75, mouthFunnel: 0.35 }),
  mbp: bothSides({ jawOpen: 0.02, mouthPress: 0.45, mouthRollLower: 0.2, mouthRollUpper: 0.12 }),
  fv: bothSides({ jawOpen: 0.07, mouthRollLower: 0.5, mouthUpperUp: 0.25 }),
  ln: bothSides({ jawOpen: 0.2, mouthLowerDown: 0.12 }),
  ss: bothSides({ jawOpen: 0.05, mouthStretch: 0.3, mouthSmile: 0.1 }),
  rr: bothSides({ jawOpen: 0.12, mouthPucker: 0.35, mouthFunnel: 0.2 }),
};

/**
 * A spoken line as beats: each `[viseme, seconds]` takes the mouth for that long, rising while the
 * one before falls (coarticulation), and `rest` is a pause with the mouth at ease.
 */
export function spoken(start: number, line: ReadonlyArray<readonly [keyof typeof VISEMES | 'rest', number]>): Beat[] {
  const beats: Beat[] = [];
  const blend = 0.06;
  let t = start;
  for (const [viseme, seconds] of line) {
    if (viseme !== 'rest') beats.push({ at: t - blend / 2, rise: blend, hold: Math.max(0, seconds - blend), fall: blend * 1.5, face: VISEMES[viseme] });
    t += seconds;
  }
  return beats;
}
