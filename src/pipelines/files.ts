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
  /** Zip with a binary PLY (`model.ply`) of the avatar at one level of detail. */
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
} as const;

export interface HaircutEntry {
  identity: string;
  /** `male` or `female`: a unisex library haircut takes the avatar's gender; null in the index's first form. */
  gender: 'male' | 'female' | null;
}

/** Reads haircuts/index.json, whose first form listed identities only. */
export function readHaircutIndex(data: Uint8Array): HaircutEntry[] {
  const parsed = JSON.parse(Buffer.from(data).toString('utf8')) as (string | HaircutEntry)[];
  return parsed.map((e) => (typeof e === 'string' ? { identity: e, gender: null } : e));
}

export interface TextureEntry {
  identity: string;
  extension: 'jpg' | 'png';
  contentType: 'image/jpeg' | 'image/png';
}

/** Levels of detail per pipeline and subtype: 0…7, and 0…8 for animated_face (LOD8 is LOD7 without teeth). */
export function lodCount(pipeline: string): number {
  return pipeline === 'animated_face' ? 9 : 8;
}
