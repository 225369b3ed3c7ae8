import type { HeadTemplate } from '../../headTemplate.js';
import { boundHaircut } from '../fit/fitHaircut.js';
import type { HaircutSetName } from '../../../library/haircuts/haircut.js';
import { haircutSet } from '../../../library/haircuts/haircutLibrary.js';

/**
 * Makes and binds the haircuts of some sets on a template ahead of time (a worker's start-up):
 * each takes 0.1–0.7 s the first time, after which fitting one takes milliseconds and
 * predictHaircut over two sets about 0.1–0.2 s. Returns the milliseconds it took.
 *
 * ```ts
 * warmUpHaircuts(headTemplate('head_1.2 base/mobile'), ['base', 'facegen']);
 * ```
 */
export function warmUpHaircuts(template: HeadTemplate, sets: readonly HaircutSetName[]): number {
  const start = performance.now();
  for (const set of sets) for (const haircut of haircutSet(set)) boundHaircut(haircut, template);
  return performance.now() - start;
}
