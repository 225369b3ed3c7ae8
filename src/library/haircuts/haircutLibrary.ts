import { BASE_HAIRCUTS } from './baseHaircuts.js';
import { FACEGEN_HAIRCUTS } from './facegenHaircuts.js';
import { haircutsOf, type Haircut, type HaircutSetName } from './haircut.js';
import { PERSONA_HAIRCUTS } from './personaHaircuts.js';
import { PLUS_HAIRCUTS } from './plusHaircuts.js';

/** Every artificial haircut, set by set: base (6), facegen (39), plus (50), persona (28). */
export const HAIRCUTS: readonly Haircut[] = [
  ...haircutsOf('base', BASE_HAIRCUTS),
  ...haircutsOf('facegen', FACEGEN_HAIRCUTS),
  ...haircutsOf('plus', PLUS_HAIRCUTS),
  ...haircutsOf('persona', PERSONA_HAIRCUTS),
];

const byIdentity = new Map(HAIRCUTS.map((h) => [h.identity, h]));

/**
 * The haircuts of a set, in the table's order.
 *
 * ```ts
 * const names = haircutSet('base').map((h) => h.identity);
 * ```
 */
export function haircutSet(set: HaircutSetName): Haircut[] {
  return HAIRCUTS.filter((h) => h.set === set);
}

/** The haircut with this identity, or undefined when the library has none. */
export function haircutByIdentity(identity: string): Haircut | undefined {
  return byIdentity.get(identity);
}
