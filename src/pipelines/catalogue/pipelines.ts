import type { Plan } from './plans.js';

export type PipelineStatus = 'current' | 'deprecated';

export interface PipelineSpec {
  /** Values of the `pipeline_subtype` request field, in the spec's order. */
  readonly subtypes: readonly string[];
  /** Lowest plan that may create avatars with this pipeline. */
  readonly plan: Plan;
  readonly status: PipelineStatus;
  /**
   * The pipeline takes export parameters (format, haircuts, outfits, ...). Its haircuts are
   * then chosen at export and must not be named in the computation parameters.
   */
  readonly exportParameters: boolean;
  /**
   * false: computation parameters omit the availability-group level
   * (`{category: [names] | {name: value}}`); only body_0.3 does so.
   */
  readonly groupLevel: boolean;
  /** Extra words for the plan column, e.g. persona_2.0 is Enterprise through REST access. */
  readonly planNote?: string;
  readonly description: string;
}

/** The pipeline table of the spec, in its chronological order. */
export const PIPELINES = {
  animated_face: {
    subtypes: ['base/legacy', 'indie/legacy_styled'],
    plan: 'plus',
    status: 'deprecated',
    exportParameters: false,
    groupLevel: true,
    description: 'Bald head with optional blendshapes (45 facial, 17 visemes) and separate haircuts.',
  },
  'head_1.2': {
    subtypes: ['base/legacy', 'base/mobile', 'base/static'],
    plan: 'plus',
    status: 'current',
    exportParameters: true,
    groupLevel: true,
    description: 'Predicted head, haircut and bust as one model with unique topology.',
  },
  'head_2.0': {
    subtypes: ['bust/mobile', 'bust/static', 'head/mobile'],
    plan: 'pro',
    status: 'deprecated',
    exportParameters: true,
    groupLevel: true,
    description:
      'Predicted head, haircut and bust with unique topology; separate hairstyle mesh (except bust/static), ' +
      'no bust in head/mobile; tolerates rotated persons.',
  },
  'body_0.3': {
    subtypes: ['female', 'male', 'mobile'],
    plan: 'pro',
    status: 'deprecated',
    exportParameters: true,
    groupLevel: false,
    description:
      'Bald head and full body with fixed topology, predicted and artificial haircuts, artificial outfits and a skeleton.',
  },
  'persona_2.0': {
    subtypes: ['female', 'male'],
    plan: 'enterprise',
    planNote: 'REST access',
    status: 'current',
    exportParameters: true,
    groupLevel: true,
    description:
      'Evolution of body_0.3 female/male: face and body blendshapes, skeleton, PBR textures, fixed-topology body.',
  },
} as const satisfies Record<string, PipelineSpec>;

export type PipelineName = keyof typeof PIPELINES;
export type PipelineSubtype<P extends PipelineName = PipelineName> = (typeof PIPELINES)[P]['subtypes'][number];

export const PIPELINE_NAMES = Object.keys(PIPELINES) as readonly PipelineName[];

/** The pipelines whose export parameters override computation parameters (and choose haircuts). */
export const EXPORT_PARAMETER_PIPELINES = PIPELINE_NAMES.filter((p) => PIPELINES[p].exportParameters);

export function isPipelineName(value: unknown): value is PipelineName {
  return typeof value === 'string' && Object.hasOwn(PIPELINES, value);
}

export function getPipeline(name: string): PipelineSpec | undefined {
  return isPipelineName(name) ? PIPELINES[name] : undefined;
}

export function hasSubtype<P extends PipelineName>(pipeline: P, subtype: unknown): subtype is PipelineSubtype<P> {
  return typeof subtype === 'string' && (PIPELINES[pipeline].subtypes as readonly string[]).includes(subtype);
}

/**
 * Where a parameter applies: per pipeline, either `'all'` of its subtypes or a list.
 * Pipelines that are absent do not support the parameter.
 */
export type Applicability = { readonly [P in PipelineName]?: 'all' | readonly PipelineSubtype<P>[] };

export function appliesTo(where: Applicability, pipeline: PipelineName, subtype: string): boolean {
  const subtypes: 'all' | readonly string[] | undefined = where[pipeline];
  return subtypes === 'all' || (subtypes !== undefined && subtypes.includes(subtype));
}

/** Every (pipeline, subtype) an applicability covers, in table order. */
export function applicablePairs(where: Applicability): Array<[PipelineName, string]> {
  return PIPELINE_NAMES.flatMap((p) =>
    PIPELINES[p].subtypes.filter((s) => appliesTo(where, p, s)).map((s): [PipelineName, string] => [p, s]),
  );
}

/**
 * Reads like "animated_face indie/legacy_styled, head_2.0 (bust/mobile, bust/static), body_0.3 (all subtypes)";
 * used in error messages and docs so both say the same thing.
 */
export function describeApplicability(where: Applicability): string {
  if (PIPELINE_NAMES.every((p) => where[p] === 'all')) return 'all pipelines';
  const parts = PIPELINE_NAMES.flatMap((p) => {
    const all = PIPELINES[p].subtypes as readonly string[];
    const subtypes = all.filter((s) => appliesTo(where, p, s));
    if (subtypes.length === 0) return [];
    if (subtypes.length === all.length) return [`${p} (all subtypes)`];
    return [subtypes.length === 1 ? `${p} ${subtypes[0]}` : `${p} (${subtypes.join(', ')})`];
  });
  return parts.length > 0 ? parts.join(', ') : 'no pipeline';
}
