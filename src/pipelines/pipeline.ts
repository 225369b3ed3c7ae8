import type { OutfitSetName } from '../library/outfits/outfitLibrary.js';
import type { PersonaOutfitSet } from '../library/outfits/personaOutfits.js';
import type { HaircutSet } from './catalogue/haircuts.js';
import type { PipelineName, PipelineSpec, PipelineSubtype } from './catalogue/pipelines.js';
import type { AvatarModel, ComputeContext, ComputeInput } from './avatarModel.js';
import type { BlendshapeArchiveInput, ExportInput, ExportOutput, OutfitFilesInput, OutfitFilesOutput } from './exports/types.js';

/**
 * Where the hair the photo shows goes: into the head mesh (head_1.2, head_2.0 bust/static: "head,
 * haircut and bust as one model"), into a haircut mesh of its own (the other head_2.0 subtypes), or
 * nowhere.
 */
export type HairMode = 'merged' | 'separate' | 'none';

/** The files an avatar of a pipeline has, by the groups of avatarFiles. */
export type AvatarPart = 'analysis' | 'masks' | 'mesh' | 'textures' | 'preview' | 'haircuts' | 'blendshapes' | 'modifications';

/**
 * How a pipeline's avatars are exported: built on a worker thread by the lazily loaded builder, or
 * not yet (the API answers 501 with `notImplemented`'s words).
 */
export type PipelineExport =
  | {
      readonly available: true;
      /** The export's archives from the avatar's stored files. */
      build(input: ExportInput, progress: (value: number) => void): Promise<ExportOutput>;
      /** GET /avatars/{code}/blendshapes/'s zip of the sets named at creation. */
      blendshapeArchive(input: BlendshapeArchiveInput): Promise<Uint8Array>;
      /** GET /avatars/{code}/outfits/{identity}/'s files, for pipelines whose avatars wear outfits (`outfits.sets`). */
      outfitFiles?(input: OutfitFilesInput): Promise<OutfitFilesOutput>;
    }
  | { readonly available: false; notImplemented(subtype: string): string };

/** How the export parameters of a pipeline are checked (catalogue/exports): the standard schema or persona's. */
export type ExportFamily = 'standard' | 'persona';

/**
 * One pipeline: the spec's facts (subtypes, plan, status) and everything the code decides by
 * pipeline. Its module under `src/pipelines/<name>/` is light: the computation and the export
 * builder are loaded with `import()` when first called, on a worker thread, so that the service can
 * read a Pipeline without loading geometry, texture or analysis code.
 */
export interface Pipeline<P extends PipelineName = PipelineName> extends PipelineSpec {
  readonly name: P;
  readonly subtypes: readonly PipelineSubtype<P>[];
  /** Levels of detail of its meshes: `lod` runs from 0 to lodCount − 1. */
  readonly lodCount: number;
  /**
   * The head model (assets' HeadSubtype, "pipeline subtype" of the spec's LOD table) a subtype's
   * avatar is made from; absent when the pipeline makes no mesh for that subtype.
   */
  headModel(subtype: string): string | undefined;
  /** Where the hair goes, given the haircuts the request names. */
  hairMode(subtype: string, haircuts: readonly { name: string }[]): HairMode;
  /** Whether an avatar not computed yet may still get a generated haircut (what exports may name). */
  mayHaveGeneratedHaircut(subtype: string): boolean;
  /** The files its avatars have. */
  readonly makes: readonly AvatarPart[];
  /** The `model` texture's size when the request gives none and the layout is not repacked. */
  readonly textureSize: { readonly width: number; readonly height: number };
  /** predict_haircut: the library sets it chooses from, and whether it reports the weights (haircut_full_info). */
  readonly haircutPrediction: { readonly sets: readonly Exclude<HaircutSet, 'persona'>[]; readonly fullInfo: boolean } | null;
  /**
   * The most a face may be turned from the camera (yaw, degrees) for this pipeline's head to be
   * plausible; a photo turned further ends Failed with a reason that names the yaw (see turnedFace.ts).
   * null: any yaw, the far side of the face then coming from the near side's mirror image.
   */
  readonly maxYaw: number | null;
  /** Indices of facial_landmarks_68 it does not detect (answered null). */
  readonly undetectedLandmarks: readonly number[];
  /** Export parameters: which schema checks them, the `template` values, whether outfits carry their own maps. */
  readonly exportParameters: boolean;
  readonly exportFamily: ExportFamily;
  readonly exportTemplates: readonly string[] | null;
  /** `sets`: the outfit library's sets its avatars wear (library/outfits). */
  readonly outfits: { readonly worn: boolean; readonly ownTextures: boolean; readonly sets: readonly (OutfitSetName | PersonaOutfitSet)[] };
  /** Photo → the avatar, in memory; storing it as files is one later step (avatarModelFiles). */
  compute(input: ComputeInput, ctx: ComputeContext): Promise<AvatarModel>;
  readonly export: PipelineExport;
}
