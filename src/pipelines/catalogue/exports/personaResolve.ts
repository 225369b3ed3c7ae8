import { isPlainObject, type Color } from '../values.js';
import { EXPORT_FORMATS, type ExportFormat } from './formats.js';
import { PERSONA_EXPORT_DEFAULTS, PERSONA_GENERATED_HAIRCUT } from './persona.js';
import { GENERATED_HAIRCUT } from '../haircuts.js';
import type { ResolvedExport } from './types.js';
import { PERSONA_ACCESSORY_SECTIONS } from './personaAccessories.js';
import type { AccessorySlot } from '../../../library/accessories/accessoryLibrary.js';
import type { ExportErrors } from './walk.js';

type Raw = Readonly<Record<string, unknown>>;

/** The `textures` section after inheritance: which textures, at which profile, embedded or not. */
export interface PersonaTextures {
  list: string[];
  /** e.g. `2K.png`. */
  profile: string;
  embed: boolean;
}

/** One category (avatar, haircuts) after inheritance. */
export interface PersonaPart {
  format: ExportFormat;
  embed: boolean;
  lod: 'LOD1' | 'LOD2';
  textures: PersonaTextures;
}

/** persona_2.0's export parameters after defaults and inheritance: what its builder reads. */
export interface ResolvedPersona {
  avatar: PersonaPart & { list: string[]; applyVisibilityMasks: boolean };
  haircuts: PersonaPart & { list: string[]; color: [number, number, number] | null };
  blendshapes: { list: string[]; values: Record<string, Record<string, number>> | null; embed: boolean };
  /** glasses, hats, earrings, necklaces: shaped as haircuts. */
  accessories: Record<AccessorySlot, PersonaPart & { list: string[]; color: [number, number, number] | null }>;
  splitVertices: boolean;
  exportQuads: boolean;
  finalize: boolean;
  makePublic: boolean;
  makePublicDirect: boolean;
  /** The parameters in the request's own shape and spelling, defaults filled in: what the export was made with. */
  request: Record<string, unknown>;
}

const section = (input: Raw, name: string): Raw | undefined => (isPlainObject(input[name]) ? (input[name] as Raw) : undefined);
const given = (value: unknown): boolean => value !== undefined && value !== null;

/**
 * The `textures` section of a category: its own keys where given and not null, else the top
 * level's, else the spec's defaults (rule 3). The top level's `embed` of the avatar is not the
 * textures' (the spec: the section needs its own).
 */
function textures(top: Raw, own: Raw | undefined, defaults: { list?: readonly string[]; embed?: boolean | null }): PersonaTextures {
  const topSection = section(top, 'textures');
  const pick = <T>(key: 'list' | 'profile' | 'embed', fallback: T): T => {
    if (own && given(own[key])) return own[key] as T;
    if (topSection && given(topSection[key])) return topSection[key] as T;
    return fallback;
  };
  const base = PERSONA_EXPORT_DEFAULTS.textures;
  return {
    list: [...pick<readonly string[]>('list', defaults.list ?? base.list)],
    profile: pick('profile', base.profile),
    embed: pick('embed', defaults.embed ?? base.embed),
  };
}

/** A category's format, embed and lod: its own where given, else the top level's, else the defaults (rule 1). */
function part(top: Raw, own: Raw | undefined, textureDefaults: { list?: readonly string[]; embed?: boolean | null } = {}): PersonaPart {
  const flag = <T>(key: 'format' | 'embed' | 'lod'): T => (own && given(own[key]) ? own[key] : given(top[key]) ? top[key] : PERSONA_EXPORT_DEFAULTS[key]) as T;
  const format = flag<ExportFormat>('format');
  return {
    format,
    embed: EXPORT_FORMATS[format].subMeshes && flag<boolean>('embed'),
    lod: flag<'LOD1' | 'LOD2'>('lod'),
    textures: textures(top, own && isPlainObject(own.textures) ? (own.textures as Raw) : undefined, textureDefaults),
  };
}

const requestPart = (p: PersonaPart) => ({ format: p.format, embed: p.embed, lod: p.lod, textures: { ...p.textures } });

/**
 * Validated persona_2.0 input → the builder's options, as the spec's persona_2.0 defaults table and
 * rules say. A public export (`make_public`, `make_public_direct`) is one file, so it needs the
 * avatar's parts and textures embedded in a format that holds them.
 */
export function resolvePersona(input: Raw, field: string): { ok: true; value: ResolvedExport } | { ok: false; errors: ExportErrors } {
  const avatarSection = section(input, 'avatar');
  const haircutSection = section(input, 'haircuts');
  const blendshapeSection = section(input, 'blendshapes');
  const avatarDefaults = PERSONA_EXPORT_DEFAULTS.avatar;
  const avatar = {
    ...part(input, avatarSection, avatarDefaults.textures),
    list: [...((avatarSection?.list as string[] | undefined) ?? avatarDefaults.list)],
    applyVisibilityMasks: (avatarSection && given(avatarSection.apply_visibility_masks) ? avatarSection.apply_visibility_masks : given(input.apply_visibility_masks) ? input.apply_visibility_masks : true) as boolean,
  };
  const color = haircutSection?.color;
  const haircuts = {
    ...part(input, haircutSection),
    // The builder and the job read the avatar's files by our identity of the generated haircut.
    list: ((haircutSection?.list as string[] | undefined) ?? []).map((h) => (h === PERSONA_GENERATED_HAIRCUT ? GENERATED_HAIRCUT : h)),
    color: isPlainObject(color) ? ([(color as unknown as Color).red, (color as unknown as Color).green, (color as unknown as Color).blue] as [number, number, number]) : null,
  };
  const values = blendshapeSection?.values;
  const blendshapes = {
    list: [...((blendshapeSection?.list as string[] | undefined) ?? [])],
    values: isPlainObject(values) && Object.keys(values).length ? (values as Record<string, Record<string, number>>) : null,
    embed: (blendshapeSection && given(blendshapeSection.embed) ? blendshapeSection.embed : true) as boolean,
  };
  const rgb = (c: unknown) => (isPlainObject(c) ? ([(c as unknown as Color).red, (c as unknown as Color).green, (c as unknown as Color).blue] as [number, number, number]) : null);
  const accessories = Object.fromEntries(PERSONA_ACCESSORY_SECTIONS.map((slot) => {
    const own = section(input, slot);
    return [slot, { ...part(input, own), list: [...((own?.list as string[] | undefined) ?? [])], color: rgb(own?.color) }];
  })) as ResolvedPersona['accessories'];
  const flag = (key: 'split_vertices' | 'export_quads' | 'finalize' | 'make_public' | 'make_public_direct') => input[key] === true;
  const persona: ResolvedPersona = {
    avatar, haircuts, blendshapes, accessories,
    splitVertices: flag('split_vertices'), exportQuads: flag('export_quads'), finalize: flag('finalize'),
    makePublic: flag('make_public'), makePublicDirect: flag('make_public_direct'),
    request: {},
  };
  if (persona.finalize) {
    // One ready-to-open file: every part and texture inside it.
    if (!EXPORT_FORMATS[avatar.format].embedsTextures) return { ok: false, errors: { [`${field}.finalize`]: ['finalize makes one file with everything inside: set format to "glb" or "fbx"'] } };
    avatar.embed = true;
    avatar.textures.embed = true;
    haircuts.embed = true;
    haircuts.format = avatar.format;
    for (const a of Object.values(accessories)) { a.embed = true; a.format = avatar.format; }
    blendshapes.embed = true;
  }
  if (persona.makePublic || persona.makePublicDirect) {
    const changes: string[] = [];
    if (!EXPORT_FORMATS[avatar.format].embedsTextures) changes.push('set format to "glb" or "fbx" (gltf always writes textures as separate files)');
    if (!avatar.textures.embed) changes.push('set textures.embed to true');
    if (haircuts.list.length && !haircuts.embed) changes.push('set haircuts.embed to true');
    for (const [slot, a] of Object.entries(accessories)) if (a.list.length && !a.embed) changes.push(`set ${slot}.embed to true`);
    if (changes.length) return { ok: false, errors: { [`${field}.${persona.makePublicDirect ? 'make_public_direct' : 'make_public'}`]: [`a public export is a single file, so it needs its parts and textures embedded: ${changes.join('; ')}`] } };
  }
  persona.request = {
    format: avatar.format, embed: avatar.embed, lod: avatar.lod,
    split_vertices: persona.splitVertices, export_quads: persona.exportQuads, finalize: persona.finalize,
    apply_visibility_masks: avatar.applyVisibilityMasks, make_public: persona.makePublic, make_public_direct: persona.makePublicDirect,
    textures: textures(input, undefined, {}),
    avatar: { list: avatar.list, ...requestPart(avatar), apply_visibility_masks: avatar.applyVisibilityMasks },
    haircuts: { list: (haircutSection?.list as string[] | undefined) ?? [], ...requestPart(haircuts), color: isPlainObject(color) ? color : null },
    ...Object.fromEntries(Object.entries(accessories).map(([slot, a]) => [slot, { list: a.list, ...requestPart(a), color: section(input, slot)?.color ?? null }])),
    blendshapes: { ...blendshapes },
  };
  // The standard fields carry what they can say (the builder reads `persona`).
  const standard = (p: PersonaPart) => ({
    format: p.format, embed: p.embed, embedTextures: p.textures.embed && EXPORT_FORMATS[p.format].embedsTextures,
    pointclouds: false, textureSize: null, lod: p.lod === 'LOD1' ? 1 : 2, additionalTextures: [],
  });
  return {
    ok: true,
    value: {
      avatar: { ...standard(avatar), template: '' },
      haircuts: { ...standard(haircuts), list: haircuts.list, color: haircuts.color },
      blendshapes: { ...standard(avatar), list: blendshapes.list, values: blendshapes.values, embed: blendshapes.embed },
      outfits: { ...standard(avatar), list: [] },
      makePublic: persona.makePublic || persona.makePublicDirect,
      persona,
    },
  };
}
