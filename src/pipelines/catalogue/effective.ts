import { defaultValue, isOffered } from './available.js';
import type { Category } from './groups.js';
import type { HaircutRef, HaircutSet } from './haircuts.js';
import type { ModelInfoFlag } from './model_info.js';
import { PARAMETERS } from './parameters.js';
import type { PipelineName } from './pipelines.js';
import type { NormalisedParameters } from './validate.js';
import type { ParameterValue } from './values.js';

/** What a computation reads: one flat view per category, with defaults and always-set flags applied. */
export interface EffectiveParameters {
  readonly haircuts: readonly HaircutRef[];
  readonly blendshapes: readonly string[];
  readonly model_info: readonly ModelInfoFlag[];
  readonly additional_textures: readonly string[];
  readonly avatar_modifications: Readonly<Record<string, ParameterValue>>;
  readonly shape_modifications: Readonly<Record<string, number>>;
  readonly body_shape: Readonly<Record<string, number | string>>;
}

function names(value: NormalisedParameters, category: Category): string[] {
  return Object.values(value[category] ?? {}).flatMap((g) => (Array.isArray(g) ? g : []));
}

function values(value: NormalisedParameters, category: Category): Record<string, ParameterValue> {
  return Object.assign({}, ...Object.values(value[category] ?? {}).filter((g) => !Array.isArray(g)));
}

/**
 * Validated parameters as the computation applies them. "Parameters take effect only when
 * given explicitly", except where the spec says otherwise: add_glare is on unless turned off,
 * and always-set flags are on even when the request says false (the spec's "always set").
 * Enumerable categories get no defaults here: a request that names nothing gets nothing.
 */
export function effectiveParameters(value: NormalisedParameters, pipeline: PipelineName, subtype: string): EffectiveParameters {
  const modifications: Record<string, ParameterValue> = {};
  const forced: Record<string, ParameterValue> = {};
  for (const spec of PARAMETERS) {
    if (spec.kind !== 'key-value' || !isOffered(spec, pipeline, subtype)) continue;
    const fallback = defaultValue(spec, pipeline, subtype);
    if (fallback === undefined) continue;
    if (spec.alwaysOn) forced[spec.name] = fallback;
    else modifications[spec.name] = fallback;
  }
  const haircuts = Object.entries(value.haircuts ?? {}).flatMap(([set, list]) =>
    (Array.isArray(list) ? list : []).map((name): HaircutRef => ({ set: set as HaircutSet, name })),
  );
  return {
    haircuts,
    blendshapes: names(value, 'blendshapes'),
    model_info: names(value, 'model_info') as ModelInfoFlag[],
    additional_textures: names(value, 'additional_textures'),
    avatar_modifications: { ...modifications, ...values(value, 'avatar_modifications'), ...forced },
    shape_modifications: values(value, 'shape_modifications') as Record<string, number>,
    body_shape: values(value, 'body_shape') as Record<string, number | string>,
  };
}
