import { headTemplate, type HeadSubtype } from '../../assets/index.js';
import { predictHaircut } from '../../assets/haircuts/index.js';
import { hairRegion, type FaceAnalysis } from '../../analysis/index.js';
import { BLENDSHAPE_SET_NAMES, headLod, type Mesh } from '../../geometry/index.js';
import { decodeRgb, encodeJpeg } from '../../texture/index.js';
import { effectiveParameters, type EffectiveParameters } from '../catalogue/index.js';
import type { AvatarHaircut, AvatarHead, AvatarTexture, ComputeInput } from '../avatarModel.js';
import type { StoredModifications } from '../files.js';
import type { Pipeline } from '../pipeline.js';
import { additionalTextures } from './additionalTextures.js';
import { editPhoto } from './headPhoto.js';
import { deliveredHead, headGeometry } from './headGeometry.js';
import { headTexture } from './headTexture.js';
import { renderPreview } from './headPreview.js';
import { generatedHaircut, libraryHaircut } from './headHaircuts.js';
import { GENERATED_HAIRCUT } from '../catalogue/haircuts.js';


export interface HeadInput extends ComputeInput {
  analysis: FaceAnalysis;
}

/**
 * Photo and analysis → the head avatar, in memory: the mesh at every level of detail, the `model`
 * texture and the requested additional textures, the preview, the haircuts, and what the photo's
 * removals did (for model_info). Nothing is written here: avatarModelFiles stores it.
 *
 * The steps: photo edits (headPhoto.ts) → geometry (headGeometry.ts) → levels of detail →
 * texture and its modifications (headTexture.ts) → additional textures → preview → haircuts.
 */
export async function headAvatar(
  pipeline: Pipeline, input: HeadInput, progress: (value: number) => void,
  restyle: (parameters: EffectiveParameters, subtype: string) => EffectiveParameters = (p) => p,
): Promise<AvatarHead> {
  const model = pipeline.headModel(input.subtype) as HeadSubtype;
  const parameters = restyle(effectiveParameters(input.parameters, input.pipeline, input.subtype), input.subtype);
  const edited = editPhoto(await decodeRgb(input.photo), input.analysis, parameters.avatar_modifications);
  const geometry = headGeometry(headTemplate(model), edited.photo, edited.analysis, parameters, pipeline.hairMode(input.subtype, parameters.haircuts));
  progress(45);

  // Long hair's curtain is part of the delivered mesh; the texture is baked on the head alone, which the curtain's UVs share.
  const delivered = deliveredHead(geometry, parameters.avatar_modifications.enhance_lighting !== true);
  const lods: Mesh[] = [delivered.mesh];
  for (let lod = 1; lod < pipeline.lodCount; lod++) lods.push(await headLod(delivered, lod));
  progress(60);

  const texture = headTexture(geometry, edited.photo, edited.analysis, parameters, pipeline.textureSize);
  progress(80);
  // The JPEG encodes on sharp's threads while the preview renders on this one.
  const [jpeg, preview, extra] = await Promise.all([
    encodeJpeg(texture.texture, 90),
    renderPreview(delivered.mesh, texture.texture, edited.analysis.face.pose.yaw),
    additionalTextures(parameters.additional_textures, texture),
  ]);
  const textures: AvatarTexture[] = [{ entry: { identity: 'model', extension: 'jpg', contentType: 'image/jpeg' }, data: jpeg }, ...extra];
  const haircuts: AvatarHaircut[] = [];
  const yaw = edited.analysis.face.pose.yaw;
  const head = { mesh: geometry.head.mesh, texture: texture.texture };
  if (geometry.haircut && texture.haircut) {
    haircuts.push(await generatedHaircut(geometry.haircut, texture.haircut, head, parameters.avatar_modifications, yaw, edited.analysis.face.gender));
  }
  // Library haircuts named at creation (animated_face), fitted to this head.
  for (const { name } of parameters.haircuts) {
    if (name === GENERATED_HAIRCUT) continue;
    haircuts.push(await libraryHaircut(name, geometry.fitted, head, yaw, edited.analysis.face.gender));
  }
  // predict_haircut: the candidates are the library sets the pipeline names, as the spec says.
  let haircut: StoredModifications['haircut'];
  if (parameters.model_info.includes('predict_haircut') && pipeline.haircutPrediction) {
    const { name, weights } = predictHaircut(geometry.fitted, geometry.hair?.region ?? hairRegion(edited.photo, edited.analysis), edited.analysis, { sets: [...pipeline.haircutPrediction.sets] });
    haircut = { name, weights };
  }
  return {
    lods, textures, preview, haircuts,
    blendshapeSets: parameters.blendshapes.filter((set) => BLENDSHAPE_SET_NAMES.includes(set)),
    modifications: { removals: edited.removals, haircut },
  };
}
