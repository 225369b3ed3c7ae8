import type { FaceAnalysis } from '../../analysis/index.js';
import { decodeRgb, encodeJpeg, resizeTexture, type RgbImage } from '../../texture/index.js';
import { effectiveParameters } from '../catalogue/index.js';
import type { AvatarHead, ComputeInput } from '../avatarModel.js';
import type { Pipeline } from '../pipeline.js';
import { headAvatar } from '../head/headAvatar.js';
import type { StoredBody } from '../files.js';
import { avatarBody, BODY_HEAD_MODEL, bodyRequest, outsideIntervals } from './avatarBody.js';
import { fusedLod } from '../../assets/body/index.js';
import { headTemplate } from '../../assets/index.js';
import { bodySkin } from './bodySkin.js';
import { fadeNeck, headSkinTone } from './neckTone.js';
import { renderBodyPreview } from './bodyPreview.js';
import { photoBodyShape } from './photoBodyShape.js';

/** The atlas of a body avatar: the head's `model` texture in the top half, the body's in the bottom half (assets/body/headFusion.ts). */
export const BODY_ATLAS_SIZE = 4096;

export interface BodyAvatar {
  head: AvatarHead;
  body: StoredBody & { headMesh: AvatarHead['lods'][number] };
}

/** Head texture on top, body texture below, one square image. */
async function atlas(headTexture: RgbImage, bodyTexture: RgbImage): Promise<RgbImage> {
  const size = BODY_ATLAS_SIZE, half = size / 2;
  const top = headTexture.width === size && headTexture.height === half ? headTexture : await resizeTexture(headTexture, size, half);
  const bottom = bodyTexture.width === size && bodyTexture.height === half ? bodyTexture : await resizeTexture(bodyTexture, size, half);
  const data = new Uint8Array(size * size * 3);
  data.set(top.data, 0);
  data.set(bottom.data, size * half * 3);
  return { width: size, height: size, channels: 3, data };
}

/**
 * Photo and analysis → a body_0.3 avatar, in memory: the bald head/mobile head of the head pipeline
 * (fitted, textured, with eyes, teeth, mouth and blendshapes), the body solved for `body_shape`, the
 * two joined at the neck, at every level of detail, one texture atlas, a
 * whole-body preview.
 */
export async function bodyAvatar(pipeline: Pipeline, input: ComputeInput & { analysis: FaceAnalysis }, progress: (value: number) => void): Promise<BodyAvatar> {
  const head = await headAvatar({ ...pipeline, lodCount: 1 }, input, (p) => progress(Math.round(p * 0.7)));
  const parameters = effectiveParameters(input.parameters, input.pipeline, input.subtype);
  const requested = bodyRequest(parameters.body_shape, input.analysis.face.gender);
  // What a full-body photo shows (stature, hips, shoulders, legs) fills what the request leaves out.
  const shape = { ...(await photoBodyShape(input.photo, input.analysis, requested.gender ?? 'non_binary')), ...requested };
  const headMesh = head.lods[0];
  const { solved, fused, coeffs10 } = avatarBody(headMesh, shape);
  progress(80);

  const headTexture = await decodeRgb(head.textures[0].data);
  const tone = headSkinTone(headTexture, headMesh, fused.neckShare);
  // The neck fades into the body's tone where it was reshaped into the body's neck (a triangle
  // pass over a few hundred neck triangles, in the head's own texture).
  fadeNeck(headTexture, headMesh, fused.neckShare, tone);
  const texture = await atlas(headTexture, bodySkin(solved.body, tone, 1024));
  const template = headTemplate(BODY_HEAD_MODEL);
  const [jpeg, preview, lods] = await Promise.all([
    encodeJpeg(texture, 90), renderBodyPreview(fused, texture),
    Promise.all(Array.from({ length: pipeline.lodCount }, async (_, lod) => (lod === 0 ? fused.mesh : (await fusedLod(fused, solved.body, template, lod)).mesh))),
  ]);
  progress(95);
  return {
    head: {
      ...head,
      // LOD 1–7: the head's and the body's levels, joined by the same bridge (assets/body/fusedLod.ts).
      lods,
      // The head's additional textures are in the head's layout, not the atlas': only `model` is kept.
      textures: [{ ...head.textures[0], data: jpeg }],
      preview,
    },
    body: { shape, coeffs10, headMesh, remark: outsideIntervals(shape) },
  };
}
