import { effectiveParameters, modelInfoKeys, type NormalisedParameters, type PipelineName } from './catalogue/index.js';
import type { StoredAnalysis, StoredModifications } from './files.js';
import { pipelineOf } from './registry.js';


/** Keys that need work this server has not done yet: they are answered with null and a reason
 * in `unavailable`, never with a guess. */
const NOT_YET: Record<string, string> = {
  // Prediction runs in the head pipelines; other pipelines record none and say so.
  haircut_name: 'Haircut prediction is not available for this pipeline yet.',
  haircut_full_info: 'Haircut prediction is not available for this pipeline yet.',
  body_shape_coeffs_10: 'Body shape coefficients are not available for this pipeline yet.',
  // Removals run in the head pipelines; other pipelines record no status and say so.
  remove_smile: 'Smile removal is not available for this pipeline yet; the photo was used as it is.',
  remove_stubble: 'Stubble removal is not available for this pipeline yet; the photo was used as it is.',
  remove_glasses: 'Glasses removal is not available for this pipeline yet; the photo was used as it is.',
};

/** Photo pixels for x, y and z alike (z negative towards the camera). JSON has no NaN: an undetected
 * landmark is written as three nulls. */
function landmarks68(analysis: StoredAnalysis, pipeline: PipelineName): (number | null)[] {
  const skip = new Set(pipelineOf(pipeline).undetectedLandmarks);
  const scale = [1, 1, analysis.face.zScale];
  const out: (number | null)[] = [];
  for (let i = 0; i < 68; i++) {
    for (let k = 0; k < 3; k++) out.push(skip.has(i) ? null : Math.round(analysis.landmarks68[i * 3 + k] * scale[k] * 100) / 100);
  }
  return out;
}

function valueOf(key: string, analysis: StoredAnalysis, pipeline: PipelineName): unknown {
  const { face, colors } = analysis;
  switch (key) {
    case 'age':
      return Math.round(face.age * 10) / 10;
    case 'gender':
      return face.gender;
    case 'race':
      return face.race;
    case 'race_confidence':
      return face.raceConfidence;
    case 'races':
      return face.races;
    case 'hair_color':
      return colors.hair;
    case 'skin_color':
      return colors.skin;
    case 'eye_iris_color':
      return colors.iris;
    case 'eye_sclera_color':
      return colors.sclera;
    case 'lips_color':
      return colors.lips;
    case 'facial_landmarks_68':
      return landmarks68(analysis, pipeline);
    default:
      return undefined;
  }
}

/** The model information object: pipeline and subtype, plus the keys of each flag requested at creation. */
export function buildModelInfo(
  avatar: { pipeline: PipelineName; pipeline_subtype: string; parameters: NormalisedParameters },
  analysis: StoredAnalysis,
  modifications: StoredModifications = {},
): Record<string, unknown> {
  const effective = effectiveParameters(avatar.parameters, avatar.pipeline, avatar.pipeline_subtype);
  const info: Record<string, unknown> = { pipeline: avatar.pipeline, pipeline_subtype: avatar.pipeline_subtype };
  const unavailable: Record<string, string> = {};
  const remarks: Record<string, string> = {};
  for (const key of modelInfoKeys(avatar.pipeline, effective.model_info, effective.avatar_modifications)) {
    const removal = modifications.removals?.[key];
    if (key === 'haircut_name' && modifications.haircut) {
      info[key] = modifications.haircut.name;
    } else if (key === 'haircut_full_info' && modifications.haircut) {
      info[key] = modifications.haircut.weights;
    } else if (key === 'body_shape_coeffs_10' && modifications.body) {
      info[key] = modifications.body.coeffs10;
    } else if (removal) {
      // The status says what happened to the photo; the remark says why when it is not "removed".
      info[key] = removal.status;
      if (removal.reason) remarks[key] = removal.reason;
    } else if (NOT_YET[key]) {
      info[key] = null;
      unavailable[key] = NOT_YET[key];
    } else {
      info[key] = valueOf(key, analysis, avatar.pipeline);
    }
  }
  // A body built from values outside the spec's intervals says so, whatever keys were asked.
  if (modifications.body?.remark) remarks.body_shape = modifications.body.remark;
  if (Object.keys(unavailable).length) info.unavailable = unavailable;
  if (Object.keys(remarks).length) info.remarks = remarks;
  return info;
}
