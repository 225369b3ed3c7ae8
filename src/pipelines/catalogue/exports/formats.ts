/** The export formats the spec names. */
export type ExportFormat = 'gltf' | 'glb' | 'fbx';

export interface ExportFormatSpec {
  /**
   * The file can hold several meshes, so a category may be embedded in the avatar file. The
   * spec forces `embed` to false for formats without; all three formats have them, the table
   * keeps the rule in one place for a format that does not.
   */
  readonly subMeshes: boolean;
  /**
   * The file can carry its images inside when `embed_textures` asks. The spec gives that flag to fbx
   * and glb only, so head_1.2, head_2.0 and body_0.3 write a .gltf with its images beside it.
   */
  readonly embedsTextures: boolean;
  /**
   * persona_2.0's `textures.embed` has no such limit in the spec, and the creator's `format: gltf`
   * needs one file behind its link: a .gltf then carries its buffer and images as data: URIs.
   */
  readonly personaEmbedsTextures: boolean;
  readonly description: string;
}

export const EXPORT_FORMATS: { readonly [F in ExportFormat]: ExportFormatSpec } = {
  gltf: { subMeshes: true, embedsTextures: false, personaEmbedsTextures: true, description: 'glTF 2.0, JSON with a .bin buffer and separate image files, or (persona_2.0 with textures.embed) one self-contained .gltf' },
  glb: { subMeshes: true, embedsTextures: true, personaEmbedsTextures: true, description: 'binary glTF 2.0 in one file' },
  fbx: { subMeshes: true, embedsTextures: true, personaEmbedsTextures: true, description: 'Autodesk FBX' },
};

export const EXPORT_FORMAT_NAMES = Object.keys(EXPORT_FORMATS) as readonly ExportFormat[];

/** `fmt` values of GET /avatars/{code}/blendshapes/: one PLY per blendshape, or one model with morph targets. */
export const BLENDSHAPE_FORMATS = ['ply', 'gltf', 'glb', 'fbx'] as const;
export type BlendshapeFormat = (typeof BLENDSHAPE_FORMATS)[number];
