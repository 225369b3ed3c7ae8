import { headSubtype, headTemplate } from '../assets/index.js';
import { predictHaircut } from '../assets/haircuts/index.js';
import { hairRegion } from '../analysis/index.js';
import { BLENDSHAPE_SET_NAMES, headLod, type Mesh } from '../geometry/index.js';
import { decodeRgb, encodeJpeg } from '../texture/index.js';
import { writePly } from '../formats/ply.js';
import { writeZip } from '../formats/zip.js';
import type { FaceAnalysis } from '../analysis/index.js';
import { effectiveParameters, type NormalisedParameters, type PipelineName } from './catalogue/index.js';
import { avatarFiles, lodCount, type HaircutEntry, type TextureEntry } from './files.js';
import { additionalTextures } from './additionalTextures.js';
import { editPhoto } from './headPhoto.js';
import { headGeometry, type HairMode } from './headGeometry.js';
import { headTexture } from './headTexture.js';
import { renderPreview } from './headPreview.js';
import { haircutFiles, libraryHaircutFiles } from './headHaircuts.js';
import type { StoredModifications } from './modelInfo.js';
import { GENERATED_HAIRCUT } from './catalogue/haircuts.js';

export { textureProjection } from './projection.js';
export { renderPreview } from './headPreview.js';

/** The head model of a pipeline and subtype: animated_face's styled subtype is its base head, restyled. */
function templateSubtype(pipeline: string, subtype: string) {
  return pipeline === 'animated_face' ? headSubtype('animated_face', 'base/legacy') : headSubtype(pipeline, subtype);
}

/** The pipelines whose avatar is a fitted, textured head (bodies come later). */
export function makesHead(pipeline: string, subtype: string): boolean {
  return ['animated_face', 'head_1.2', 'head_2.0'].includes(pipeline) && templateSubtype(pipeline, subtype) !== undefined;
}

/**
 * indie/legacy_styled "has cartoonish styling": cartoonish_v0.3 at this amount unless the request
 * gives its own cartoonish amounts.
 */
const LEGACY_STYLED_CARTOONISH = 0.6;

export interface HeadInput {
  pipeline: string;
  subtype: string;
  parameters: NormalisedParameters;
  photo: Uint8Array;
  analysis: FaceAnalysis;
}

/**
 * "head_1.2: head, haircut and bust as one model"; head_2.0's hairstyle is a separate mesh, except in
 * bust/static; animated_face is a bald head whose haircuts are separate and must each be named at
 * creation, so it has the generated one only when the request names it.
 */
function hairMode(pipeline: string, subtype: string, haircuts: readonly { name: string }[]): HairMode {
  if (pipeline === 'head_1.2' || (pipeline === 'head_2.0' && subtype === 'bust/static')) return 'merged';
  if (pipeline === 'animated_face') return haircuts.some((h) => h.name === GENERATED_HAIRCUT) ? 'separate' : 'none';
  return pipeline === 'head_2.0' ? 'separate' : 'none';
}

function meshFiles(lod: number, mesh: Mesh): Record<string, Uint8Array> {
  return {
    [avatarFiles.mesh(lod)]: writeZip({ 'model.ply': writePly(mesh, { comment: `Likeness avatar, LOD ${lod}` }) }),
    [avatarFiles.pointcloud(lod)]: writeZip({ 'pointcloud.ply': writePly(mesh, { pointsOnly: true, comment: `Likeness avatar pointcloud, LOD ${lod}` }) }),
  };
}

/**
 * Photo and analysis → the head avatar's files: the mesh and pointcloud at every level of detail,
 * the `model` texture and the requested additional textures, the preview, and what the photo's
 * removals did (for model_info).
 *
 * The steps: photo edits (headPhoto.ts) → geometry (headGeometry.ts) → levels of detail →
 * texture and its modifications (headTexture.ts) → additional textures → preview.
 */
export async function headAvatar(input: HeadInput, progress: (value: number) => void): Promise<Record<string, Uint8Array>> {
  const subtype = templateSubtype(input.pipeline, input.subtype)!;
  let parameters = effectiveParameters(input.parameters, input.pipeline as PipelineName, input.subtype);
  const shapes = parameters.shape_modifications;
  if (input.pipeline === 'animated_face' && input.subtype === 'indie/legacy_styled' && shapes['cartoonish_v0.3'] === undefined && shapes['cartoonish_v1.0'] === undefined) {
    parameters = { ...parameters, shape_modifications: { ...shapes, 'cartoonish_v0.3': LEGACY_STYLED_CARTOONISH } };
  }
  const edited = editPhoto(await decodeRgb(input.photo), input.analysis, parameters.avatar_modifications);
  const geometry = headGeometry(headTemplate(subtype), edited.photo, edited.analysis, parameters, hairMode(input.pipeline, input.subtype, parameters.haircuts));
  progress(45);

  const files: Record<string, Uint8Array> = {};
  for (let lod = 0; lod < lodCount(input.pipeline); lod++) {
    Object.assign(files, meshFiles(lod, lod === 0 ? geometry.head.mesh : await headLod(geometry.head, lod)));
  }
  progress(60);

  const model = headTexture(geometry, edited.photo, edited.analysis, parameters);
  progress(80);
  // The JPEG encodes on sharp's threads while the preview renders on this one.
  const [jpeg, preview, extra] = await Promise.all([
    encodeJpeg(model.texture, 90),
    renderPreview(geometry.head.mesh, model.texture, edited.analysis.face.pose.yaw),
    additionalTextures(parameters.additional_textures, model),
  ]);
  files[avatarFiles.texture('model', 'jpg')] = jpeg;
  const textures: TextureEntry[] = [{ identity: 'model', extension: 'jpg', contentType: 'image/jpeg' }];
  for (const { entry, data } of extra) {
    files[avatarFiles.texture(entry.identity, entry.extension)] = data;
    textures.push(entry);
  }
  files[avatarFiles.textureIndex] = Buffer.from(JSON.stringify(textures));
  files[avatarFiles.preview] = preview;
  const haircuts: HaircutEntry[] = [];
  const yaw = edited.analysis.face.pose.yaw;
  if (geometry.haircut && model.haircut) {
    Object.assign(files, await haircutFiles(geometry.haircut, model.haircut, { mesh: geometry.head.mesh, texture: model.texture }, parameters.avatar_modifications, yaw));
    haircuts.push({ identity: GENERATED_HAIRCUT, gender: edited.analysis.face.gender });
  }
  // Library haircuts named at creation (animated_face), fitted to this head.
  for (const { name } of parameters.haircuts) {
    if (name === GENERATED_HAIRCUT) continue;
    const made = await libraryHaircutFiles(name, geometry.fitted, { mesh: geometry.head.mesh, texture: model.texture }, yaw, edited.analysis.face.gender);
    Object.assign(files, made.files);
    haircuts.push(made.entry);
  }
  files[avatarFiles.haircutIndex] = Buffer.from(JSON.stringify(haircuts));
  files[avatarFiles.blendshapeIndex] = Buffer.from(JSON.stringify(parameters.blendshapes.filter((set) => BLENDSHAPE_SET_NAMES.includes(set))));
  // predict_haircut: the candidates are the base and facegen sets (base and plus for head_2.0), as the spec says.
  let haircut: StoredModifications['haircut'];
  if (parameters.model_info.includes('predict_haircut')) {
    const sets = input.pipeline === 'head_2.0' ? ['base', 'plus'] as const : ['base', 'facegen'] as const;
    const { name, weights } = predictHaircut(geometry.fitted, geometry.hair?.region ?? hairRegion(edited.photo, edited.analysis), edited.analysis, { sets: [...sets] });
    haircut = { name, weights };
  }
  files[avatarFiles.modifications] = Buffer.from(JSON.stringify({ removals: edited.removals, haircut } satisfies StoredModifications));
  return files;
}
