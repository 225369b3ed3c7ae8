/**
 * The one catalogue of pipelines and computation parameters. It drives validation of avatar
 * creation, the `/parameters/…` endpoints and docs/parameters.md.
 */
export { PLANS, PLAN_NAMES, isPlan, planAtLeast, planName, type Plan } from './plans.js';
export {
  PIPELINES,
  PIPELINE_NAMES,
  EXPORT_PARAMETER_PIPELINES,
  isPipelineName,
  getPipeline,
  hasSubtype,
  appliesTo,
  applicablePairs,
  describeApplicability,
  type PipelineName,
  type PipelineSubtype,
  type PipelineSpec,
  type PipelineStatus,
  type Applicability,
} from './pipelines.js';
export {
  GROUPS,
  GROUP_NAMES,
  CATEGORIES,
  CATEGORY_NAMES,
  isGroup,
  isCategory,
  type Group,
  type GroupSpec,
  type Category,
  type CategoryKind,
  type CategorySpec,
} from './groups.js';
export { checkValue, describeValueType, type Color, type Size, type ParameterValue, type ValueType } from './values.js';
export {
  PARAMETER_CATALOGUE,
  PARAMETERS,
  BODY_SHAPE_INTERVALS,
  findParameter,
  groupsOf,
  parametersOf,
  type ParameterEntry,
  type ParameterSpec,
  type ParameterName,
} from './parameters.js';
export { HAIRCUT_SETS, GENERATED_HAIRCUT, type HaircutSet, type HaircutSetSpec, type HaircutRef } from './haircuts.js';
export {
  MODEL_INFO_FLAGS,
  MODEL_INFO_KEYS,
  HAIRCUT_FULL_INFO_PIPELINES,
  REMOVAL_STATUS_KEYS,
  modelInfoKeys,
  type ModelInfoFlag,
} from './model_info.js';
export { requestShape, type GroupContent, type GroupedParameters, type ParametersShape } from './shapes.js';
export {
  validateParameters,
  parseParametersField,
  type ValidationContext,
  type ValidationResult,
  type NormalisedParameters,
} from './validate.js';
export { PARAMETER_LIMITS, SUGGESTION_MAX_LENGTH, nestingWithin, parseParametersJson } from './limits.js';
export { availableParameters, defaultParameters, isOffered, type AvailableParameters } from './available.js';
export { effectiveParameters, type EffectiveParameters } from './effective.js';
export * from './exports/index.js';
