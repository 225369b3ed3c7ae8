/** The export formats the spec names. */
export type ExportFormat = 'gltf' | 'glb' | 'fbx';

export interface ExportFormatSpec {
  /**
   * The file can hold several meshes, so a category may be embedded in the avatar file. The
   * spec forces `embed` to false for formats without; all three formats have them, the table
   * keeps the rule in one place for a format that does not.
   */
  readonly subMeshes: boolean;
  /** The file can carry its images inside (`embed_textures`); glTF (.gltf + .bin) keeps them as separate files. */
  readonly embedsTextures: boolean;
  readonly description: string;
}

export const EXPORT_FORMATS: { readonly [F in ExportFormat]: ExportFormatSpec } = {
  gltf: { subMeshes: true, embedsTextures: false, description: 'glTF 2.0, JSON with a .bin buffer; textures are separate image files' },
  glb: { subMeshes: true, embedsTextures: true, description: 'binary glTF 2.0 in one file' },
  fbx: { subMeshes: true, embedsTextures: true, description: 'Autodesk FBX' },
};

export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as readonly ExportFormat[];

/** `fmt` values of GET /avatars/{code}/blendshapes/: one PLY per blendshape, or one model with morph targets. */
export const BLENDSHAPE_FORMATS = ['ply', 'gltf', 'glb', 'fbx'] as const;
export type BlendshapeFormat = (typeof BLENDSHAPE_FORMATS)[number];
