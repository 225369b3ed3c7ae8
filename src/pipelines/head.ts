import { headSubtype, headTemplate } from '../assets/index.js';
import { headLod, type Mesh } from '../geometry/index.js';
import { decodeRgb, encodeJpeg } from '../texture/index.js';
import { writePly } from '../formats/ply.js';
import { writeZip } from '../formats/zip.js';
import type { FaceAnalysis } from '../analysis/index.js';
import { effectiveParameters, type NormalisedParameters, type PipelineName } from './catalogue/index.js';
import { avatarFiles, lodCount, type TextureEntry } from './files.js';
import { additionalTextures } from './additionalTextures.js';
import { editPhoto } from './headPhoto.js';
import { headGeometry } from './headGeometry.js';
import { headTexture } from './headTexture.js';
import { renderPreview } from './headPreview.js';
import type { StoredModifications } from './modelInfo.js';

export { textureProjection } from './projection.js';
export { renderPreview } from './headPreview.js';

/** The pipelines whose avatar is a fitted, textured head (bodies and animated faces come later). */
export function makesHead(pipeline: string, subtype: string): boolean {
  return (pipeline === 'head_1.2' || pipeline === 'head_2.0') && headSubtype(pipeline, subtype) !== undefined;
}

export interface HeadInput {
  pipeline: string;
  subtype: string;
  parameters: NormalisedParameters;
  photo: Uint8Array;
  analysis: FaceAnalysis;
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
  const subtype = headSubtype(input.pipeline, input.subtype)!;
  const parameters = effectiveParameters(input.parameters, input.pipeline as PipelineName, input.subtype);
  const edited = editPhoto(await decodeRgb(input.photo), input.analysis, parameters.avatar_modifications);
  // head_1.2 is head, hair and bust in one mesh; head_2.0's hair will be a haircut of its own.
  const geometry = headGeometry(headTemplate(subtype), edited.photo, edited.analysis, parameters, input.pipeline === 'head_1.2');
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
  files[avatarFiles.modifications] = Buffer.from(JSON.stringify({ removals: edited.removals } satisfies StoredModifications));
  return files;
}
