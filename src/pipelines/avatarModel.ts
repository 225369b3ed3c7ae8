import type { FaceAnalysis, Mask } from '../analysis/index.js';
import type { Mesh } from '../geometry/index.js';
import type { NormalisedParameters, PipelineName } from './catalogue/index.js';
import type { HaircutEntry, StoredAnalysis, StoredBody, StoredModifications, TextureEntry } from './files.js';
import type { PipelineRuntime } from './runtime.js';

/** What a computation starts from: the avatar's pipeline, its validated parameters and its photo. */
export interface ComputeInput {
  pipeline: PipelineName;
  subtype: string;
  /** Validated computation parameters, as stored at creation. */
  parameters: NormalisedParameters;
  photo: Uint8Array;
}

export interface ComputeContext {
  runtime: PipelineRuntime;
  /** Reports progress in percent; callers keep it monotonic. */
  progress(value: number): void;
}

/** An encoded image of the avatar and how it is listed. */
export interface AvatarTexture {
  entry: TextureEntry;
  data: Uint8Array;
}

/** One haircut of the avatar: its mesh, its RGBA texture (PNG) and a preview of it on the head. */
export interface AvatarHaircut {
  entry: HaircutEntry;
  mesh: Mesh;
  texture: Uint8Array;
  preview: Uint8Array;
  /** The PLY header's comment: what the file says it is. */
  comment: string;
}

/** The head of a head pipeline, in memory. */
export interface AvatarHead {
  /** The mesh at each level of detail, LOD0 first. */
  lods: Mesh[];
  /** `model` first, then the additional textures in the order asked. */
  textures: AvatarTexture[];
  /** The 512×512 preview (PNG). */
  preview: Uint8Array;
  haircuts: AvatarHaircut[];
  /** The blendshape sets named at creation; their shapes are made from LOD0 on download. */
  blendshapeSets: string[];
  modifications: StoredModifications;
}

/**
 * An avatar as a computation leaves it, before anything is stored: the analysis and its masks, and
 * for pipelines that make a mesh, the head. avatarModelFiles turns it into the stored files.
 */
export interface AvatarModel {
  analysis: StoredAnalysis;
  masks: { person: Mask; hair: Mask };
  /** How many faces the photo shows; the main one is used. */
  facesDetected: number;
  head?: AvatarHead;
  /** body_0.3: the head before it was joined (head space, LOD0) and the body's request; `head` is then the whole body. */
  body?: StoredBody & { headMesh: Mesh };
}

/** The analysis a computation ran, with the model it starts: what every pipeline shares. */
export interface AnalysedPhoto {
  analysis: FaceAnalysis;
  model: AvatarModel;
}
