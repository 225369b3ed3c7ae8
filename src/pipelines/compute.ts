import type { EffectiveParameters } from './catalogue/index.js';
import type { AvatarModel, ComputeContext, ComputeInput } from './avatarModel.js';
import type { Pipeline } from './pipeline.js';
import type { BodyAvatarOptions } from './body/bodyAvatar.js';
import { checkYaw } from './turnedFace.js';

/**
 * The head pipelines' computation, loaded on first use: the face analysis, then the head.
 * `restyle` lets a pipeline change the parameters it computes with (animated_face's styled subtype).
 */
export async function computeHead(
  pipeline: Pipeline, input: ComputeInput, ctx: ComputeContext,
  restyle?: (parameters: EffectiveParameters, subtype: string) => EffectiveParameters,
): Promise<AvatarModel> {
  const [{ analysePhoto }, { headAvatar }] = await Promise.all([import('./analyse.js'), import('./head/headAvatar.js')]);
  const { analysis, model } = await analysePhoto(input.photo, ctx);
  // A subtype without a head model makes no mesh: the analysis is its whole avatar.
  if (pipeline.headModel(input.subtype) === undefined) return model;
  checkYaw(pipeline, analysis.face.pose.yaw);
  const head = await headAvatar(pipeline, { ...input, analysis }, ctx.progress, restyle);
  return { ...model, head };
}

/** The computation of pipelines that only analyse the face so far (body_0.3, persona_2.0). */
export async function computeAnalysis(input: ComputeInput, ctx: ComputeContext): Promise<AvatarModel> {
  const { analysePhoto } = await import('./analyse.js');
  return (await analysePhoto(input.photo, ctx)).model;
}

/**
 * What a pipeline that makes no mesh yet shares with the others like it (body_0.3, persona_2.0): its
 * avatar is the face analysis and its masks, with no head, hair or haircut prediction.
 */
export const ANALYSIS_ONLY = {
  lodCount: 8,
  headModel: () => undefined,
  hairMode: () => 'none',
  mayHaveGeneratedHaircut: () => false,
  makes: ['analysis', 'masks'],
  textureSize: { width: 4096, height: 2048 },
  haircutPrediction: null,
  maxYaw: null,
  undetectedLandmarks: [],
  compute: computeAnalysis,
} as const satisfies Partial<Pipeline>;

/** body_0.3's and persona_2.0's computation, loaded on first use: the face analysis, then the head joined to the body. */
export async function computeBody(pipeline: Pipeline, input: ComputeInput, ctx: ComputeContext, options: BodyAvatarOptions = {}): Promise<AvatarModel> {
  const [{ analysePhoto }, { bodyAvatar }] = await Promise.all([import('./analyse.js'), import('./body/bodyAvatar.js')]);
  const { analysis, model } = await analysePhoto(input.photo, ctx);
  checkYaw(pipeline, analysis.face.pose.yaw);
  const { head, body } = await bodyAvatar(pipeline, { ...input, analysis }, ctx.progress, options);
  return {
    ...model, head: { ...head, modifications: { ...head.modifications, body: { coeffs10: body.coeffs10, remark: body.remark } } },
    body: { shape: body.shape, coeffs10: body.coeffs10, remark: body.remark, headMesh: body.headMesh },
  };
}
