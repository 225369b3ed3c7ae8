import type { BlendshapeFormat, PipelineName, ResolvedExport } from '../catalogue/index.js';


/** What a blendshapes download is made from: the avatar's LOD0 mesh file, the sets named at creation, the format and LOD asked. */
export interface BlendshapeArchiveInput {
  pipeline: PipelineName;
  pipeline_subtype: string;
  /** The avatar's files it reads: mesh/lod0.zip. */
  files: Record<string, Uint8Array>;
  sets: readonly string[];
  fmt: BlendshapeFormat;
  lod: number;
}

/** What an export build needs: the avatar's identity, the resolved parameters and the avatar's stored files. */
export interface ExportInput {
  pipeline: PipelineName;
  pipeline_subtype: string;
  parameters: ResolvedExport;
  /** The avatar's files the export reads, by the keys of avatarFiles (mesh/lod0.zip, textures/…, haircuts/…). */
  files: Record<string, Uint8Array>;
  /**
   * Static files already stored that the export may take instead of making them again, by file name
   * (a body_0.3 outfit's images, outfitImageNames.ts): painted once per deployment, not once per worker.
   */
  staticFiles?: Record<string, Uint8Array>;
}

/** One downloadable file of an export: an archive, and the static files it expects beside it. */
export interface ExportFileOutput {
  identity: string;
  category: string | null;
  data: Uint8Array;
  /** Identities of static files the archive's models reference but do not contain. */
  staticFiles: string[];
  /**
   * The model alone, outside its zip (`make_public_direct`): one GLB or FBX with everything
   * embedded, which the public link serves as it is. Engines' loaders pick a parser by the URL's suffix.
   */
  direct?: { name: string; data: Uint8Array };
}

/**
 * A resource that does not change from export to export (a library haircut's own texture): stored
 * once, served with a strong ETag, and never put into an archive.
 */
export interface StaticFileOutput {
  identity: string;
  /** File name the models reference, e.g. `haircut_chin_bob.png`. */
  name: string;
  contentType: string;
  data: Uint8Array;
}

export interface ExportOutput {
  files: ExportFileOutput[];
  staticFiles: StaticFileOutput[];
}

/** A texture size as the parameters give it: one number for both sides, or width and height. */
export type TextureSize = number | { width: number; height: number } | null;

/** What an `outfit` job is given: the avatar, the outfit, and the avatar's files it reads (mesh/lod0.zip, textures/model.jpg). */
export interface OutfitFilesInput {
  pipeline: PipelineName;
  pipeline_subtype: string;
  identity: string;
  files: Record<string, Uint8Array>;
  /** As ExportInput.staticFiles: an outfit's images an earlier export or outfit job stored. */
  staticFiles?: Record<string, Uint8Array>;
}

/**
 * An outfit's files for one avatar (GET /avatars/{code}/outfits/{identity}/…): the fitted mesh and
 * its pointcloud (zips holding `outfit.ply` and `pointcloud.ply`) and the preview on this avatar
 * (512² PNG), which are the avatar's own; the texture and the body visibility mask, which are the
 * outfit's whatever the avatar, as static files.
 */
export interface OutfitFilesOutput {
  mesh: Uint8Array;
  pointcloud: Uint8Array;
  preview: Uint8Array;
  texture: StaticFileOutput;
  bodyVisibilityMask: StaticFileOutput;
}
