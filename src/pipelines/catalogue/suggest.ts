import { SUGGESTION_MAX_LENGTH } from './limits.js';

/**
 * Edit distance between two short names (insertions, deletions, substitutions), or `limit + 1`
 * as soon as it must exceed `limit`: names whose lengths differ by more are not compared at all.
 */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowBest = Math.min(rowBest, current[j]);
    }
    if (rowBest > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/**
 * The candidate a typo most likely meant, or undefined when none is close: within two edits
 * and within a third of the name's length, so short unrelated names are not suggested. Names
 * longer than SUGGESTION_MAX_LENGTH get none: they are no typo, and comparing them costs time.
 */
export function closest(name: string, candidates: readonly string[]): string | undefined {
  if (name.length > SUGGESTION_MAX_LENGTH) return undefined;
  const limit = Math.min(2, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of candidates) {
    const d = distance(lower, candidate.toLowerCase(), limit);
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}
