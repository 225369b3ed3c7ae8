import type { HeadSubtype } from '../geometry/template.js';

export type { HeadSubtype } from '../geometry/template.js';

export interface HeadSubtypeSpec {
  /** Head with shoulders and upper chest; otherwise head and neck. */
  bust: boolean;
  /** Face (triangle) count of each level of detail, LOD0 first. */
  lodFaces: readonly number[];
}

/**
 * Face budgets per LOD. The spec's table gives them for every subtype but head_1.2 base/static and
 * head_2.0 bust/static; those are the same head + bust geometry as their mobile siblings (static
 * differs in how hair is delivered, not in the head), so they take the mobile budgets.
 * The table's vertex counts are informative only and not matched.
 */
const HEAD_12_MOBILE: HeadSubtypeSpec = { bust: true, lodFaces: [58258, 40000, 30000, 19999, 9999, 8000, 6999, 4000] };
const HEAD_20_BUST: HeadSubtypeSpec = { bust: true, lodFaces: [57796, 39999, 29999, 20000, 9999, 8000, 6999, 4000] };

export const HEAD_SUBTYPES: Readonly<Record<HeadSubtype, HeadSubtypeSpec>> = {
  'animated_face base/legacy': {
    bust: false,
    lodFaces: [24479, 18674, 15122, 11128, 9772, 6844, 5430, 3996, 2680],
  },
  'head_1.2 base/legacy': {
    bust: true,
    lodFaces: [52577, 29999, 14999, 9999, 7999, 7000, 6000, 3199],
  },
  'head_1.2 base/mobile': HEAD_12_MOBILE,
  'head_1.2 base/static': HEAD_12_MOBILE,
  'head_2.0 bust/mobile': HEAD_20_BUST,
  'head_2.0 bust/static': HEAD_20_BUST,
  'head_2.0 head/mobile': {
    bust: false,
    lodFaces: [23404, 19054, 16860, 11007, 9497, 7889, 6937, 3926],
  },
};

export const HEAD_SUBTYPE_NAMES = Object.keys(HEAD_SUBTYPES) as readonly HeadSubtype[];

/** The head model of a pipeline and subtype, or undefined when it has none (body, persona, styled). */
export function headSubtype(pipeline: string, pipelineSubtype: string): HeadSubtype | undefined {
  const name = `${pipeline} ${pipelineSubtype}`;
  return name in HEAD_SUBTYPES ? (name as HeadSubtype) : undefined;
}
