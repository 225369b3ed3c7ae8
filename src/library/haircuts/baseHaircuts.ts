import type { HaircutRow } from './haircut.js';
import { STYLES as S } from './styles.js';

/** The `base` set: 6 haircuts, 3 male and 3 female, available on every plan. */
export const BASE_HAIRCUTS: readonly HaircutRow[] = [
  ['buzz_cut', 'male', { ...S.buzz }],
  ['crew_cut', 'male', { ...S.crew }],
  ['side_part', 'male', { ...S.sidePart }],
  ['chin_bob', 'female', { ...S.bob }],
  ['long_straight', 'female', { ...S.long }],
  ['ponytail', 'female', { ...S.gathered, gather: 'ponytail', gatherHeight: 0.04, tailLength: 0.25 }],
];
