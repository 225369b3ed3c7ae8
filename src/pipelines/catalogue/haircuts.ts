import type { Applicability } from './pipelines.js';

/**
 * The haircut sets, which are the groups of the `haircuts` category. The haircut names inside
 * them come with the haircut library (a later issue); until then the catalogue knows only the
 * generated haircut, and validation says so when a request names any other haircut.
 */
export type HaircutSet = 'base' | 'facegen' | 'plus' | 'persona';

export interface HaircutSetSpec {
  readonly description: string;
  /** How many artificial haircuts the set holds, as the spec counts them; null when not given. */
  readonly size: number | null;
  /** Pipelines whose avatars can wear haircuts of the set. */
  readonly appliesTo: Applicability;
}

/** The unique haircut predicted from the photo; absent from the results when the photo shows no hair. */
export const GENERATED_HAIRCUT = 'generated';

export const HAIRCUT_SETS: { readonly [S in HaircutSet]: HaircutSetSpec } = {
  base: {
    description: `6 artificial haircuts (3 male, 3 female), plus the generated haircut "${GENERATED_HAIRCUT}"`,
    size: 6,
    appliesTo: { animated_face: 'all', 'head_1.2': 'all', 'head_2.0': 'all', 'body_0.3': 'all' },
  },
  facegen: {
    description: '39 artificial haircuts (some unisex); available from Plus',
    size: 39,
    appliesTo: { animated_face: 'all', 'head_1.2': 'all' },
  },
  plus: {
    description: '50 artificial haircuts (some unisex)',
    size: 50,
    appliesTo: { animated_face: 'all', 'head_2.0': 'all', 'body_0.3': 'all' },
  },
  persona: {
    description: '28 artificial haircuts of persona_2.0 (male, female and unisex; short to long, curly and coily, buns, ponytails and braids), chosen through export parameters',
    size: 28,
    appliesTo: { 'persona_2.0': 'all' },
  },
};

/** One haircut a request asks for: its set (the group it was named in) and its name. */
export interface HaircutRef {
  readonly set: HaircutSet;
  readonly name: string;
}
