import type { Size } from '../values.js';
import { EXPORT_FORMATS, type ExportFormat } from './formats.js';
import { MODEL_TEXTURE } from './parts.js';
import { EXPORT_PART_DEFAULTS, PART_FLAGS, type PartFlag } from './standard.js';
import type { ExportPartOptions } from './types.js';

/** Validated request JSON. */
export type Raw = Readonly<Record<string, unknown>>;

/** One flag of a part: its value before the format rules, and the key it came from (`haircuts.embed` or `embed`). */
export type Inherited = { readonly [F in PartFlag]: { readonly value: unknown; readonly from: string } };

/**
 * Rule 1 of the spec: a category's own flag wins when given and not null; otherwise the
 * top-level flag, otherwise its default.
 */
export function inherit(top: Raw, category: string | null, section: Raw | undefined): Inherited {
  const out = {} as Record<PartFlag, { value: unknown; from: string }>;
  for (const flag of PART_FLAGS) {
    const own = section?.[flag];
    if (category !== null && own !== undefined && own !== null) out[flag] = { value: own, from: `${category}.${flag}` };
    else out[flag] = { value: top[flag] ?? EXPORT_PART_DEFAULTS[flag], from: flag };
  }
  return out;
}

/**
 * The options a builder reads: embed only where the format has sub-meshes, embed_textures only
 * where it can carry images (never gltf), and the additional textures this part has.
 */
export function partOptions(inherited: Inherited, textures: readonly string[]): ExportPartOptions {
  const format = inherited.format.value as ExportFormat;
  const { subMeshes, embedsTextures } = EXPORT_FORMATS[format];
  const wanted = inherited.additional_textures.value as string[];
  return {
    format,
    embed: subMeshes && (inherited.embed.value as boolean),
    embedTextures: embedsTextures && (inherited.embed_textures.value as boolean),
    pointclouds: inherited.pointclouds.value as boolean,
    textureSize: inherited.texture_size.value === null ? null : { ...(inherited.texture_size.value as Size) },
    lod: inherited.lod.value as number,
    additionalTextures: [...new Set(wanted)].filter((t) => t !== MODEL_TEXTURE && textures.includes(t)),
  };
}
