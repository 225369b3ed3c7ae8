import { headSubtype, headTemplate } from '../assets/index.js';
import { fitHead, headLod, type FittedHead, type Mesh } from '../geometry/index.js';
import { bakeTexture, decodeRgb, encodeJpeg, faceOutline, resizeTexture, type Projection, type Texture } from '../texture/index.js';
import { encodePng, render, viewCamera } from '../render/index.js';
import { writePly } from '../formats/ply.js';
import { writeZip } from '../formats/zip.js';
import type { FaceAnalysis } from '../analysis/index.js';
import { effectiveParameters, type NormalisedParameters, type PipelineName } from './catalogue/index.js';
import { avatarFiles, lodCount, type TextureEntry } from './files.js';

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

/** The texture's view of the fit: where each vertex of the uncaricatured head lands in the photo, how
 * deep, and how it faces, so that a caricature still takes its colours from the right pixels. */
export function textureProjection(head: FittedHead): Projection {
  const { pixels, depth, facing } = head.projection;
  const n = facing.length;
  const x = new Float32Array(n);
  const y = new Float32Array(n);
  const distance = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    x[i] = pixels[i * 2];
    y[i] = pixels[i * 2 + 1];
    distance[i] = -depth[i];
  }
  return { x, y, depth: distance, facing };
}

function meshFiles(lod: number, mesh: Mesh): Record<string, Uint8Array> {
  return {
    [avatarFiles.mesh(lod)]: writeZip({ 'model.ply': writePly(mesh, { comment: `Likeness avatar, LOD ${lod}` }) }),
    [avatarFiles.pointcloud(lod)]: writeZip({ 'pointcloud.ply': writePly(mesh, { pointsOnly: true, comment: `Likeness avatar pointcloud, LOD ${lod}` }) }),
  };
}

/**
 * A 512×512 three-quarter view of the textured head on a neutral background, from the side the photo
 * saw best: a head turned to the person's left shows its right cheek, and the preview shows that one.
 * `poseYaw` is the analysis' head yaw in radians.
 */
export async function renderPreview(mesh: Mesh, texture: Texture, poseYaw = 0): Promise<Buffer> {
  // A 512-pixel view shows no more than a 1024-texel texture; mipmapping the full one would cost more than the render.
  const small = texture.width > 1024 ? await resizeTexture(texture, 1024, Math.max(1, Math.round((1024 * texture.height) / texture.width)), { kernel: 'linear' }) : texture;
  const scene = { meshes: [{ mesh, material: { texture: small } }] };
  const yaw = poseYaw > 0.05 ? -32 : 32;
  // The texture already carries the photo's light: a softer key light keeps it from being shaded twice.
  const frame = render(scene, viewCamera(scene, { view: { yaw, pitch: 10 } }), { width: 512, height: 512, background: [0.93, 0.93, 0.94, 1], ambient: 0.4 });
  return encodePng(frame);
}

/**
 * Photo and analysis → the head avatar's files: the mesh and pointcloud at every level of detail,
 * the `model` texture and the preview.
 */
export async function headAvatar(input: HeadInput, progress: (value: number) => void): Promise<Record<string, Uint8Array>> {
  const subtype = headSubtype(input.pipeline, input.subtype)!;
  const effective = effectiveParameters(input.parameters, input.pipeline as PipelineName, input.subtype);
  const modifications = effective.avatar_modifications;
  const template = headTemplate(subtype);
  const fitted = fitHead(template, input.analysis, { caricature: Number(modifications.caricature_amount ?? 0) });
  progress(45);

  const files: Record<string, Uint8Array> = {};
  const lods: Mesh[] = [];
  for (let lod = 0; lod < lodCount(input.pipeline); lod++) {
    const mesh = lod === 0 ? fitted.mesh : await headLod(fitted, lod);
    lods.push(mesh);
    Object.assign(files, meshFiles(lod, mesh));
  }
  progress(65);

  const size = modifications.texture_size as { width: number; height: number } | undefined;
  const baked = bakeTexture(
    {
      mesh: fitted.mesh,
      projection: textureProjection(fitted),
      photo: await decodeRgb(input.photo),
      skin: input.analysis.colors.skin,
      masks: input.analysis.segmentation,
      faceOutline: faceOutline(input.analysis.face),
    },
    { width: size?.width ?? 4096, height: size?.height ?? 2048, evenLighting: modifications.enhance_lighting ? 1 : 0 },
  );
  progress(85);
  files[avatarFiles.texture('model', 'jpg')] = await encodeJpeg(baked.texture, 90);
  const textures: TextureEntry[] = [{ identity: 'model', extension: 'jpg', contentType: 'image/jpeg' }];
  files[avatarFiles.textureIndex] = Buffer.from(JSON.stringify(textures));
  files[avatarFiles.preview] = await renderPreview(lods[0], baked.texture, input.analysis.face.pose.yaw);
  return files;
}
