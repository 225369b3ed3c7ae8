import { EXPORT_FORMATS, type ExportFormat } from './formats.js';
import type { Inherited } from './inherit.js';

/** One part as make_public sees it: whether it is exported and how its flags were set. */
export interface PublicPart {
  readonly exported: boolean;
  /** The avatar file itself: its embed flag says nothing (it is the file parts are embedded in). */
  readonly isAvatar?: boolean;
  readonly hasTextures: boolean;
  readonly flags: Inherited;
}

/**
 * make_public hands out one file (`public_file`, avatar.zip) behind a link without
 * authentication, so everything exported must be inside it (spec: "valid only with embedded
 * sub-meshes and textures"). Returns what to change, naming the key that set each value
 * (a category's own key, or the top-level key it inherited); empty when the export can be public.
 */
export function makePublicChanges(parts: readonly PublicPart[]): string[] {
  const changes = new Set<string>();
  for (const part of parts.filter((p) => p.exported)) {
    const { format, embed, embed_textures } = part.flags;
    if (!part.isAvatar && embed.value !== true) changes.add(`set ${embed.from} to true`);
    if (!part.hasTextures) continue;
    if (!EXPORT_FORMATS[format.value as ExportFormat].embedsTextures) {
      changes.add(`set ${format.from} to "glb" or "fbx" (gltf always writes textures as separate files)`);
    }
    if (embed_textures.value !== true) changes.add(`set ${embed_textures.from} to true`);
  }
  return [...changes];
}

export function makePublicMessage(changes: readonly string[]): string {
  return `a public export is a single file, so it needs embed and embed_textures (embedded sub-meshes and textures): ${changes.join('; ')}`;
}
