/**
 * The file names of a body_0.3 outfit's images, which are also its static files' identities
 * (without the extension). Light on purpose: the export job reads the stored static files by these
 * names before a worker thread runs the export, and must not load the painting code to do so.
 */
import type { SceneImage } from '../../formats/scene.js';

export type OutfitImageKind = 'color' | 'normal' | 'roughness' | 'metallic' | 'packed' | 'mask';

const FILES: Record<OutfitImageKind, [suffix: string, extension: 'jpg' | 'png']> = {
  color: ['texture', 'jpg'],
  normal: ['normal_map', 'png'],
  roughness: ['roughness_map', 'jpg'],
  metallic: ['metallic_map', 'jpg'],
  packed: ['metallic_roughness', 'jpg'],
  mask: ['body_visibility_mask', 'png'],
};

const MIME = { jpg: 'image/jpeg', png: 'image/png' } as const;

/** The file name of one of outfit `identity`'s images. */
export function outfitImageName(identity: string, kind: OutfitImageKind): string {
  const [suffix, extension] = FILES[kind];
  return `outfit_${identity}_${suffix}.${extension}`;
}

/** The static file identity of one of outfit `identity`'s images: its file name without the extension. */
export function outfitImageIdentity(identity: string, kind: OutfitImageKind): string {
  return `outfit_${identity}_${FILES[kind][0]}`;
}

/** One of outfit `identity`'s images with its bytes, named and typed as exports carry it. */
export function outfitImage(identity: string, kind: OutfitImageKind, data: Uint8Array): SceneImage {
  return { name: outfitImageName(identity, kind), mimeType: MIME[FILES[kind][1]], data };
}

/** The images an export of an outfit reads, by the outfit section's `additional_textures`. */
export function outfitImageKinds(additionalTextures: readonly string[]): OutfitImageKind[] {
  const wanted = new Set(additionalTextures);
  const kinds: OutfitImageKind[] = ['color'];
  if (wanted.has('normal_map')) kinds.push('normal');
  if (wanted.has('roughness_map') || wanted.has('metallic_map')) kinds.push('packed');
  if (wanted.has('roughness_map')) kinds.push('roughness');
  if (wanted.has('metallic_map')) kinds.push('metallic');
  if (wanted.has('body_visibility_mask')) kinds.push('mask');
  return kinds;
}
