import { CATEGORY_NAMES, GROUPS, type Category, type Group } from './groups.js';
import { HAIRCUT_SETS, type HaircutSet } from './haircuts.js';
import { groupsOf, PARAMETERS, type ParameterSpec } from './parameters.js';
import { appliesTo, PIPELINES, type PipelineName } from './pipelines.js';
import { planAtLeast, type Plan } from './plans.js';
import { requestShape, type GroupContent, type GroupedParameters, type ParametersShape } from './shapes.js';
import type { ParameterValue } from './values.js';

/**
 * What a plan may send for one pipeline and subtype: category → group → names, for key-value
 * categories too (names only, no values); group-less for body_0.3. The original service's SDKs
 * read this response as arrays of names in every group, and read values only from the default
 * parameters, so we answer the same way.
 */
export type AvailableParameters = { [C in Category]?: { [G in Group]?: string[] } | string[] };

/** Whether a request for this pipeline and subtype may name the parameter at all (plan aside). */
export function isOffered(spec: ParameterSpec, pipeline: PipelineName, subtype: string): boolean {
  if (!appliesTo(spec.appliesTo, pipeline, subtype)) return false;
  if (spec.category !== 'haircuts') return true;
  // Pipelines with export parameters choose haircuts at export, never in computation parameters.
  return !PIPELINES[pipeline].exportParameters && appliesTo(HAIRCUT_SETS[spec.group as HaircutSet].appliesTo, pipeline, subtype);
}

function grouped(specs: readonly ParameterSpec[], content: (specs: ParameterSpec[]) => GroupContent): GroupedParameters {
  const out: GroupedParameters = {};
  for (const category of CATEGORY_NAMES) {
    const groups: { [G in Group]?: GroupContent } = {};
    for (const group of groupsOf(category)) {
      const inGroup = specs.filter((s) => s.category === category && s.group === group);
      if (inGroup.length > 0) groups[group] = content(inGroup);
    }
    if (Object.keys(groups).length > 0) out[category] = groups;
  }
  return out;
}

/**
 * Backs `GET /parameters/available/{pipeline}/?pipeline_subtype=…`. Access to the pipeline
 * itself (its plan) is the caller's check.
 *
 * @example
 * availableParameters('head_1.2', 'base/mobile', 'plus').avatar_modifications
 * // → { plus: ['add_eyelid_shadow', 'add_glare', ...] }   (no `pro` group on Plus)
 */
export function availableParameters(pipeline: PipelineName, subtype: string, plan: Plan): AvailableParameters {
  const specs = PARAMETERS.filter((s) => isOffered(s, pipeline, subtype) && planAtLeast(plan, GROUPS[s.group].plan));
  return requestShape(grouped(specs, (g) => g.map((s) => s.name)), pipeline) as AvailableParameters;
}

/** The value a parameter has when the request does not give it, or undefined. */
export function defaultValue(spec: ParameterSpec, pipeline: PipelineName, subtype: string): ParameterValue | undefined {
  if (spec.alwaysOn && appliesTo(spec.alwaysOn, pipeline, subtype)) return true;
  return spec.default;
}

/**
 * Backs `GET /parameters/default/{pipeline}/?pipeline_subtype=…`: the default request, in request
 * shape. Key-value parameters with a default (add_glare, in effect even when not sent) or always
 * set on this subtype (parametric_eyes_texture, repack_texture, enhance_lighting, in effect
 * whatever the request says) appear with their value; enumerable names we recommend sending
 * (the generated haircut of animated_face, computed only when named) appear in their group.
 * Every default lies in a group all plans hold.
 */
export function defaultParameters(pipeline: PipelineName, subtype: string): ParametersShape {
  const specs = PARAMETERS.filter((s) => isOffered(s, pipeline, subtype) && defaultValue(s, pipeline, subtype) !== undefined);
  const content = (g: ParameterSpec[]): GroupContent =>
    g[0].kind === 'enumerable' ? g.map((s) => s.name) : Object.fromEntries(g.map((s) => [s.name, defaultValue(s, pipeline, subtype)!]));
  return requestShape(grouped(specs, content), pipeline);
}
