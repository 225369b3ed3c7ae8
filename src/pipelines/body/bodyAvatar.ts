import type { FaceAnalysis } from '../../analysis/index.js';
import { decodeRgb, encodeJpeg, resizeTexture, type RgbImage } from '../../texture/index.js';
import { effectiveParameters, type EffectiveParameters } from '../catalogue/index.js';
import type { AvatarHead, ComputeInput } from '../avatarModel.js';
import type { Pipeline } from '../pipeline.js';
import { headAvatar } from '../head/headAvatar.js';
import type { StoredBody } from '../files.js';
import { ageRequest, avatarBody, BODY_HEAD_MODEL, bodyRequest, outsideIntervals, type BodyAge } from './avatarBody.js';
import { fusedLod } from '../../assets/body/index.js';
import { headTemplate } from '../../assets/index.js';
import { bodySkin } from './bodySkin.js';
import { fadeNeck, headSkinTone } from './neckTone.js';
import { renderBodyPreview } from './bodyPreview.js';
import { photoBodyShape } from './photoBodyShape.js';
import { bodyAtlasMaps, stacked } from './bodyMaps.js';
import { BODY_SHAPE_SET } from '../../library/blendshapeNames.js';

/** The atlas of a body avatar: the head's `model` texture in the top half, the body's in the bottom half (assets/body/headFusion.ts). */
export const BODY_ATLAS_SIZE = 4096;

/** Options of {@link bodyAvatar}. */
export interface BodyAvatarOptions {
  /** The atlas' PBR maps to make whatever the request asks (persona_2.0's are always made); by default `additional_textures`. */
  maps?: readonly string[];
  /**
   * Let a full-body photo shape the body (body_0.3); false keeps one body per gender, its neck
   * gathered for the template head whatever the person's (persona_2.0: customised by blendshapes).
   */
  bodyFromPhoto?: boolean;
}

export interface BodyAvatar {
  head: AvatarHead;
  body: StoredBody & { headMesh: AvatarHead['lods'][number] };
}

/** Head texture on top, body texture below, one square image. */
async function atlas(headTexture: RgbImage, bodyTexture: RgbImage): Promise<RgbImage> {
  const size = BODY_ATLAS_SIZE, half = size / 2;
  const fit = (image: RgbImage) => (image.width === size && image.height === half ? image : resizeTexture(image, size, half));
  return stacked(await fit(headTexture), await fit(bodyTexture));
}

/**
 * Photo and analysis → a body_0.3 avatar, in memory: the bald head/mobile head of the head pipeline
 * (fitted, textured, with eyes, teeth, mouth and blendshapes), the body solved for `body_shape`, the
 * two joined at the neck, at every level of detail, one texture atlas, a
 * whole-body preview.
 */
export async function bodyAvatar(
  pipeline: Pipeline, input: ComputeInput & { analysis: FaceAnalysis }, progress: (value: number) => void, options: BodyAvatarOptions = {},
): Promise<BodyAvatar> {
  const maps = (p: EffectiveParameters) => options.maps ?? p.additional_textures;
  // Of the head's own maps only its roughness is used, under the atlas' (bodyMaps.ts).
  const headMaps = (p: EffectiveParameters) => ({ ...p, additional_textures: maps(p).filter((t) => t === 'roughness_map') });
  const head = await headAvatar({ ...pipeline, lodCount: 1 }, input, (p) => progress(Math.round(p * 0.7)), headMaps);
  const parameters = effectiveParameters(input.parameters, input.pipeline, input.subtype);
  const requested = bodyRequest(parameters.body_shape, input.subtype, input.analysis.face.gender);
  // What a full-body photo shows (stature, hips, shoulders, legs) fills what the request leaves out.
  const fromPhoto = options.bodyFromPhoto === false ? {} : await photoBodyShape(input.photo, input.analysis, requested.gender ?? 'non_binary');
  const age = parameters.avatar_modifications.age;
  const shape = { ...fromPhoto, ...(typeof age === 'string' ? ageRequest(requested.gender ?? 'non_binary', age as BodyAge) : {}), ...requested };
  const headMesh = head.lods[0];
  const { solved, fused, coeffs10 } = avatarBody(headMesh, shape, options.bodyFromPhoto === false);
  progress(80);

  const headTexture = await decodeRgb(head.textures[0].data);
  const tone = headSkinTone(headTexture, headMesh, fused.neckShare);
  // The neck fades into the body's tone where it was reshaped into the body's neck (a triangle
  // pass over a few hundred neck triangles, in the head's own texture).
  fadeNeck(headTexture, headMesh, fused.neckShare, tone);
  // A persona body is one of a few shared by every avatar of its gender and age: its paint is kept.
  const painted = bodySkin(solved.body, tone, 1024, options.bodyFromPhoto === false);
  const texture = await atlas(headTexture, painted.model);
  const template = headTemplate(BODY_HEAD_MODEL);
  const [jpeg, preview, lods, pbr] = await Promise.all([
    encodeJpeg(texture, 90), renderBodyPreview(fused, texture),
    Promise.all(Array.from({ length: pipeline.lodCount }, async (_, lod) => (lod === 0 ? fused.mesh : (await fusedLod(fused, solved.body, template, lod)).mesh))),
    bodyAtlasMaps(maps(parameters), head.textures, painted, BODY_ATLAS_SIZE),
  ]);
  progress(95);
  return {
    head: {
      ...head,
      // LOD 1–7: the head's and the body's levels, joined by the same bridge (assets/body/fusedLod.ts).
      lods,
      // The head's additional textures are in the head's layout, not the atlas': only `model` and
      // the PBR maps, remade in the atlas' layout, are kept.
      textures: [{ ...head.textures[0], data: jpeg }, ...pbr],
      blendshapeSets: [...head.blendshapeSets, ...parameters.blendshapes.filter((set) => set === BODY_SHAPE_SET)],
      preview,
    },
    // The intervals are body_0.3's body_shape's: a persona body (its age's, or its gender's) asks for none.
    body: { shape, coeffs10, headMesh, remark: options.bodyFromPhoto === false ? null : outsideIntervals(shape) },
  };
}
