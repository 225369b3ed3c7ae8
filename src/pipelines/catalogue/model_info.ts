import { PARAMETER_CATALOGUE, type ParameterName } from './parameters.js';
import { PIPELINE_NAMES, type PipelineName } from './pipelines.js';
import { pipelineOf } from '../registry.js';

export type ModelInfoFlag = ParameterName<'model_info'>;

export const MODEL_INFO_FLAGS = Object.keys(PARAMETER_CATALOGUE.model_info.plus) as readonly ModelInfoFlag[];

/**
 * The keys of the model information object each requested flag adds, besides `pipeline` and
 * `pipeline_subtype` that are always there. The spec does not name the landmarks key; we use the
 * flag's name.
 */
export const MODEL_INFO_KEYS: { readonly [F in ModelInfoFlag]: readonly string[] } = {
  age: ['age'],
  body_shape_coeffs_10: ['body_shape_coeffs_10'],
  eye_iris_color: ['eye_iris_color'],
  eye_sclera_color: ['eye_sclera_color'],
  facial_landmarks_68: ['facial_landmarks_68'],
  gender: ['gender'],
  hair_color: ['hair_color'],
  lips_color: ['lips_color'],
  predict_haircut: ['haircut_name'],
  race: ['race', 'race_confidence', 'races'],
  skin_color: ['skin_color'],
};

/**
 * haircut_full_info is not a flag: the spec lists it as a key that head_2.0 reports with
 * predict_haircut (weights per haircut name, `absolutely_bald` included), so it follows that flag.
 */
export const HAIRCUT_FULL_INFO_PIPELINES: readonly PipelineName[] = PIPELINE_NAMES.filter((p) => pipelineOf(p).haircutPrediction?.fullInfo);

/** avatar_modifications whose status the model information reports when they were requested. */
export const REMOVAL_STATUS_KEYS = ['remove_smile', 'remove_stubble', 'remove_glasses'] as const;

/**
 * Keys the model information of an avatar will hold besides pipeline and pipeline_subtype.
 * `modifications` are the avatar_modifications of the request (any group); a removal's status
 * is reported when it was asked for with `true`.
 */
export function modelInfoKeys(
  pipeline: PipelineName,
  flags: readonly string[],
  modifications: Readonly<Record<string, unknown>> = {},
): string[] {
  const keys = flags.flatMap((f) => (Object.hasOwn(MODEL_INFO_KEYS, f) ? MODEL_INFO_KEYS[f as ModelInfoFlag] : []));
  if (flags.includes('predict_haircut') && HAIRCUT_FULL_INFO_PIPELINES.includes(pipeline)) keys.push('haircut_full_info');
  keys.push(...REMOVAL_STATUS_KEYS.filter((k) => modifications[k] === true));
  return [...new Set(keys)];
}
