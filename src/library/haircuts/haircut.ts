import { HAIRCUT_STYLE_DEFAULTS, haircutLength, type HaircutLength, type HaircutStyle } from './haircutStyle.js';

/** Who a haircut is styled for; unisex haircuts suit either. */
export type HaircutGender = 'male' | 'female' | 'unisex';

/** The artificial haircut sets of the spec. */
export type HaircutSetName = 'base' | 'facegen' | 'plus' | 'persona';

/** One artificial haircut of the library: what it is called and how it is generated. */
export interface Haircut {
  /** The haircut's name in the API (`identity`), unique across the sets and stable across releases. */
  identity: string;
  gender: HaircutGender;
  /** The set (availability group) the haircut belongs to. */
  set: HaircutSetName;
  /** How long it reads at a glance, from its style. */
  length: HaircutLength;
  /** Every generation parameter, defaults filled in. */
  style: Required<HaircutStyle>;
}

/** One row of a set's table: the name, the gender and what differs from the default style. */
export type HaircutRow = readonly [identity: string, gender: HaircutGender, style: Partial<HaircutStyle>];

/** Turns a set's table into haircuts. */
export function haircutsOf(set: HaircutSetName, rows: readonly HaircutRow[]): Haircut[] {
  return rows.map(([identity, gender, partial]) => {
    const style = { ...HAIRCUT_STYLE_DEFAULTS, ...partial };
    return { identity, gender, set, length: haircutLength(style), style };
  });
}
