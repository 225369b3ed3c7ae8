import type { FaceAnalysis } from '../analysis/index.js';
import type { RemovalStatus } from '../texture/removals/removalStatus.js';
import { readJson, isRecord } from '../core/storedJson.js';

/**
 * Where a pipeline leaves an avatar's files, by the names of the spec's endpoints. The service serves
 * these keys and knows nothing of how they were made.
 */
export const avatarFiles = {
  analysis: 'analysis.json',
  /** What avatar modifications did beyond the files, JSON (StoredModifications: removal statuses). */
  modifications: 'modifications.json',
  personMask: 'segmentation/person.png',
  hairMask: 'segmentation/hair.png',
  /**
   * Zip with a binary PLY (`model.ply`) of the avatar at one level of detail. body_0.3's LOD0 zip
   * also holds what its exports rebuild the body from: `head.ply` (the head before it was joined,
   * in head space) and `body.json` (StoredBody).
   */
  mesh: (lod: number) => `mesh/lod${lod}.zip`,
  /** Zip with a PLY of the vertices only (`pointcloud.ply`). */
  pointcloud: (lod: number) => `pointcloud/lod${lod}.zip`,
  preview: 'preview.png',
  /** A texture by identity: `model` and the additional textures. */
  texture: (identity: string, extension: string) => `textures/${identity}.${extension}`,
  /** The list of textures the avatar has, JSON: [{identity, extension, contentType}]. */
  textureIndex: 'textures/index.json',
  /** The blendshape sets requested at creation, JSON: [set, ...]; the shapes are made on download. */
  blendshapeIndex: 'blendshapes/index.json',
  /** A made blendshapes download, kept for the next request. */
  blendshapeArchive: (fmt: string, lod: number) => `blendshapes/${fmt}-lod${lod}.zip`,
  /** The haircuts the avatar has, JSON: [{identity, gender}, ...] (HaircutEntry). */
  haircutIndex: 'haircuts/index.json',
  /** A haircut's files: `mesh` and `pointcloud` (zips with a PLY), `texture` (PNG with alpha), `preview` (PNG). */
  haircut: (identity: string, file: 'mesh' | 'pointcloud' | 'texture' | 'preview') =>
    `haircuts/${identity}/${file}.${file === 'texture' || file === 'preview' ? 'png' : 'zip'}`,
  /**
   * An outfit's files made for this avatar by an `outfit` job: `mesh` and `pointcloud` (zips with a
   * PLY), `preview` (PNG). Its texture and mask are static files, named by `outfitIndex`.
   */
  outfit: (identity: string, file: 'mesh' | 'pointcloud' | 'preview') => `outfits/${identity}/${file}.${file === 'preview' ? 'png' : 'zip'}`,
  /** What the outfit job stored, JSON (StoredOutfitFiles), written last: the outfit's files are complete when it is there. */
  outfitIndex: (identity: string) => `outfits/${identity}/files.json`,
} as const;

/** The analysis as stored: everything model_info and later steps need, without the pixel masks. */
export type StoredAnalysis = Omit<FaceAnalysis, 'segmentation'>;

/** What the computation recorded besides the analysis (avatarFiles.modifications). */
export interface StoredModifications {
  /** Status of each removal (remove_smile, …) that was requested and attempted. */
  removals?: Record<string, RemovalStatus>;
  /** predict_haircut's answer, when it was requested: the best name and a weight per name. */
  haircut?: { name: string; weights: Record<string, number> };
  /** body_0.3: body_shape_coeffs_10, and the remark when body_shape is outside the spec's intervals. */
  body?: { coeffs10: number[]; remark: string | null };
}

/** body_0.3: the body's request, with its gender settled, and body_shape_coeffs_10 (`body.json` in mesh/lod0.zip). */
export interface StoredBody {
  shape: { gender?: 'female' | 'male' | 'non_binary'; height?: number; weight?: number; chest?: number; waist?: number; hips?: number };
  coeffs10: number[];
  /** Why the result may differ from the measurements given (values outside the spec's intervals), or null. */
  remark: string | null;
}

/** The entries of body_0.3's mesh/lod0.zip besides model.ply. */
export const BODY_ENTRIES = { head: 'head.ply', body: 'body.json' } as const;

/** Reads body.json. */
export function readStoredBody(data: Uint8Array): StoredBody {
  return readJson(data, BODY_ENTRIES.body, (v): v is StoredBody =>
    isRecord(v) && isRecord(v.shape) && Array.isArray(v.coeffs10) && v.coeffs10.every((c) => typeof c === 'number'));
}

export interface HaircutEntry {
  identity: string;
  /** `male` or `female`: a unisex library haircut takes the avatar's gender; null in the index's first form. */
  gender: 'male' | 'female' | null;
}

export interface TextureEntry {
  identity: string;
  extension: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
}

/** Reads analysis.json. */
export function readAnalysis(data: Uint8Array): StoredAnalysis {
  return readJson(data, avatarFiles.analysis, (v): v is StoredAnalysis =>
    isRecord(v) && isRecord(v.face) && isRecord(v.colors) && Array.isArray(v.landmarks68));
}

/** Reads modifications.json. */
export function readModifications(data: Uint8Array): StoredModifications {
  return readJson(data, avatarFiles.modifications, (v): v is StoredModifications =>
    isRecord(v) && (v.removals === undefined || isRecord(v.removals)) && (v.haircut === undefined || isRecord(v.haircut)) && (v.body === undefined || isRecord(v.body)));
}

/** Reads haircuts/index.json, whose first form listed identities only. */
export function readHaircutIndex(data: Uint8Array): HaircutEntry[] {
  const parsed = readJson(data, avatarFiles.haircutIndex, (v): v is (string | HaircutEntry)[] =>
    Array.isArray(v) && v.every((e) => typeof e === 'string' || (isRecord(e) && typeof e.identity === 'string')));
  return parsed.map((e) => (typeof e === 'string' ? { identity: e, gender: null } : e));
}

/** Reads textures/index.json. */
export function readTextureIndex(data: Uint8Array): TextureEntry[] {
  return readJson(data, avatarFiles.textureIndex, (v): v is TextureEntry[] =>
    Array.isArray(v) && v.every((e) => isRecord(e) && typeof e.identity === 'string' && (e.extension === 'jpg' || e.extension === 'png')));
}

/** Reads blendshapes/index.json: the set names. */
export function readBlendshapeIndex(data: Uint8Array): string[] {
  return readJson(data, avatarFiles.blendshapeIndex, (v): v is string[] => Array.isArray(v) && v.every((e) => typeof e === 'string'));
}

/**
 * What an `outfit` job stored for one avatar and outfit (avatarFiles.outfitIndex), written last: its
 * presence says the files are complete. Mesh, pointcloud and preview are the avatar's own; the
 * texture and the body visibility mask are the same for every avatar, stored once as static files.
 */
export interface StoredOutfitFiles {
  /** Static file identities. */
  texture: string;
  body_visibility_mask: string;
}

export function readStoredOutfitFiles(data: Uint8Array): StoredOutfitFiles {
  return readJson(data, 'outfits/<identity>/files.json', (v): v is StoredOutfitFiles => isRecord(v) && typeof v.texture === 'string' && typeof v.body_visibility_mask === 'string');
}
