import type { GearResult } from './gear.js';
import type { Race, RaceConfidences } from './types.js';

/**
 * Maps GEAR's five races (white, black, asian, indian, other) onto the three the product knows.
 *
 * "indian" and "other" are dropped and the remaining three renormalised to sum to 1:
 * `races.x = p(x) / (p(white) + p(black) + p(asian))`, i.e. the probability of each race given that
 * the face is one of these three. (Folding "indian"/"other" into one of them would invent an answer
 * the model did not give.) When the three hold almost nothing (< 1e-6), they get 1/3 each.
 * `race` is the most probable of the three (ties: white, then black, then asian) and
 * `raceConfidence` its renormalised confidence.
 */
export function threeRaces(races: GearResult['races']): { races: RaceConfidences; race: Race; raceConfidence: number } {
  const total = races.white + races.black + races.asian;
  const norm = (p: number): number => (total < 1e-6 ? 1 / 3 : p / total);
  const result: RaceConfidences = {
    asian: round4(norm(races.asian)),
    black: round4(norm(races.black)),
    white: round4(norm(races.white)),
  };
  let race: Race = 'white';
  if (result.black > result[race]) race = 'black';
  if (result.asian > result[race]) race = 'asian';
  return { races: result, race, raceConfidence: result[race] };
}

const round4 = (x: number): number => Math.round(x * 10000) / 10000 + 0;
