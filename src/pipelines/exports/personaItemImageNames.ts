/**
 * The images a persona_2.0 outfit item's export carries at its profile, named as the export names
 * them, with their static files' identities. Light on purpose, as outfitImageNames.ts: the export
 * job reads the stored static files by these identities before a worker thread runs the export,
 * and must not load the painting code to do so.
 */
import type { PersonaOutfitPart } from '../catalogue/index.js';

/** The maps partTextures makes from an item's maps when listed (Color always), then the item's own two. */
const LISTED = ['Normal', 'Roughness', 'GltfMetallicRoughness', 'UnityMetallicSmoothness', 'RecoloringMask', 'body_visibility_mask'] as const;

export interface PersonaItemImage {
  /** The persona texture name (`Color`, `Normal`, …, `body_visibility_mask`). */
  texture: string;
  /** The file name in the export: `outfit_<item>_<texture>.<format>`. */
  name: string;
  /** The static file's identity: the name without its extension, then the profile (`_2K_jpg`). */
  identity: string;
  contentType: 'image/png' | 'image/jpeg' | 'image/webp';
}

const MIME = { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp' } as const;
type Format = keyof typeof MIME;

/** The format a persona texture is written in at a profile's `format`: the body_visibility_mask is RGBA (its alpha the mask), so a jpg profile gives it as png. */
export function personaImageFormat(texture: string, format: Format): Format {
  return texture === 'body_visibility_mask' && format === 'jpg' ? 'png' : format;
}

/** A persona texture's file name in an export: `<part>_<texture>.<format>` (part: `AvatarHead`, `outfit_<item>`, …). */
export function personaImageName(part: string, texture: string, format: Format): string {
  return `${part}_${texture}.${personaImageFormat(texture, format)}`;
}

/** The static file identity of a persona image at `profile`: its file name without the extension, then the profile (`_2K_jpg`). */
export function personaStaticIdentity(name: string, profile: string): string {
  return `${name.replace(/\.[a-z]+$/, '')}_${profile.replace('.', '_')}`;
}

/** An item's images at its section's profile: Color, and those of `textures.list` an item has. */
export function personaItemImages(item: Pick<PersonaOutfitPart, 'identity' | 'textures'>): PersonaItemImage[] {
  const { profile, list } = item.textures;
  const format = profile.split('.')[1] as Format;
  const wanted = new Set(list);
  return ['Color', ...LISTED.filter((t) => wanted.has(t))].map((texture) => {
    const name = personaImageName(`outfit_${item.identity}`, texture, format);
    return { texture, name, identity: personaStaticIdentity(name, profile), contentType: MIME[personaImageFormat(texture, format)] };
  });
}

/**
 * The textures of a persona_2.0 item as the outfit endpoints serve them (GET …/outfits/{identity}/…):
 * its Color and body_visibility_mask at 2048², JPEG (the mask PNG, for its alpha), as static files.
 */
export const OUTFIT_FILES_TEXTURES = { list: ['body_visibility_mask'], profile: '2K.jpg', embed: false };

/** The images the outfit job makes for persona_2.0 item `identity` (none that is no persona item's matter: they are never stored). */
export function outfitFilesItemImages(identity: string): PersonaItemImage[] {
  return personaItemImages({ identity, textures: OUTFIT_FILES_TEXTURES });
}
