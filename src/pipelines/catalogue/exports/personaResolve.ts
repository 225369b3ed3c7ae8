import { isPlainObject, type Color } from '../values.js';
import { EXPORT_FORMATS, type ExportFormat } from './formats.js';
import { PERSONA_MAKEUP_LAYERS, type PersonaMakeupLayer, PERSONA_TATTOO_PLACEMENTS, type PersonaTattooDesign, type PersonaTattooPlacement, PERSONA_EXPORT_DEFAULTS, PERSONA_FACE_DEMOS, PERSONA_GENERATED_HAIRCUT, PERSONA_NECK_LAYERS, PERSONA_OUTFIT_SECTIONS, type PersonaOutfitSection } from './persona.js';
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

/** Ours: `avatar.colors`, what the head's and body's textures (and the eyeballs' irises) are recoloured to; null keeps the photo's. */
export interface PersonaColors {
  skin: Color | null;
  lips: Color | null;
  eyebrows: Color | null;
  /** The iris of both eyeballs. */
  eyes: Color | null;
}

/** Ours: one `avatar.makeup` layer with its defaults filled in. */
export interface PersonaMakeup {
  name: PersonaMakeupLayer;
  color: Color;
  /** 0..1: how much of the layer's colour covers the skin at the layer's heart. */
  opacity: number;
}

/**
 * Each layer's colour and opacity when the request leaves them out: a rose lipstick, a taupe shadow,
 * a near-black liner, a peach blush. Blush is sheer by nature, so its default is lighter.
 */
export const MAKEUP_DEFAULTS: Readonly<Record<PersonaMakeupLayer, { color: Color; opacity: number }>> = {
  lipstick: { color: { red: 176, green: 42, blue: 66 }, opacity: 0.7 },
  eyeshadow: { color: { red: 128, green: 92, blue: 84 }, opacity: 0.5 },
  eyeliner: { color: { red: 28, green: 22, blue: 24 }, opacity: 0.8 },
  blush: { color: { red: 222, green: 120, blue: 110 }, opacity: 0.3 },
};

/** Ours: one `avatar.tattoos` entry with its defaults filled in. */
export interface PersonaTattoo {
  name: PersonaTattooDesign;
  placement: PersonaTattooPlacement;
  color: Color;
  /** 0..1: how dark the ink is at its fullest. */
  opacity: number;
  /** 0.25..1: the design's size as a share of its placement. */
  scale: number;
}

/** Healed ink is a dark blue-black, not pure black, and never fully covers the skin. */
export const TATTOO_DEFAULTS: Readonly<{ color: Color; opacity: number; scale: number }> = {
  color: { red: 29, green: 35, blue: 48 },
  opacity: 0.85,
  scale: 1,
};

/** One category (avatar, haircuts) after inheritance. */
export interface PersonaPart {
  format: ExportFormat;
  embed: boolean;
  lod: 'LOD1' | 'LOD2';
  textures: PersonaTextures;
}

/** One exported outfit item: its section's options after inheritance. */
export interface PersonaOutfitPart extends PersonaPart {
  section: PersonaOutfitSection;
  identity: string;
  /** Remove the AvatarBody polygons this item hides (the section's flag, else the top level's). */
  applyVisibilityMasks: boolean;
  /** Recolours the item's RecoloringMask texels, [red, green, blue]; null keeps its colours. */
  color: [number, number, number] | null;
}

/** persona_2.0's export parameters after defaults and inheritance: what its builder reads. */
export interface ResolvedPersona {
  avatar: PersonaPart & { list: string[]; applyVisibilityMasks: boolean; removeNeckLayers: number; colors: PersonaColors | null; makeup: PersonaMakeup[]; tattoos: PersonaTattoo[] };
  /** The outfit items, one per section at most, in section order (outfits, outfits_top, outfits_bottom, outfits_shoes). */
  outfits: PersonaOutfitPart[];
  haircuts: PersonaPart & { list: string[]; color: [number, number, number] | null };
  blendshapes: { list: string[]; values: Record<string, Record<string, number>> | null; embed: boolean };
  /** Ours: the clips to write (null: every clip), and whether the first one's first frame is the bind pose. */
  animations: { list: string[] | null; bindPose: boolean };
  /** Ours: model.json with the avatar's colours in the avatar's zip. */
  modelJson: boolean;
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

/** `avatar.colors` with the colours it names; null when it names none. */
function avatarColors(colors: Raw | undefined): PersonaColors | null {
  const pick = (key: string) => (isPlainObject(colors?.[key]) ? { ...(colors![key] as unknown as Color) } : null);
  const out = { skin: pick('skin'), lips: pick('lips'), eyebrows: pick('eyebrows'), eyes: pick('eyes') };
  return out.skin || out.lips || out.eyebrows || out.eyes ? out : null;
}

/** `avatar.makeup` with each layer's defaults, in the catalogue's layer order so the paint does not depend on the request's. */
function avatarMakeup(makeup: unknown): PersonaMakeup[] {
  if (!Array.isArray(makeup)) return [];
  const layers = makeup.filter(isPlainObject) as Raw[];
  return PERSONA_MAKEUP_LAYERS.flatMap((name) => {
    const asked = layers.find((l) => l.name === name);
    if (!asked) return [];
    const color = isPlainObject(asked.color) ? { ...(asked.color as unknown as Color) } : { ...MAKEUP_DEFAULTS[name].color };
    return [{ name, color, opacity: typeof asked.opacity === 'number' ? asked.opacity : MAKEUP_DEFAULTS[name].opacity }];
  });
}

/** `avatar.tattoos` with defaults, in the catalogue's placement order so the paint does not depend on the request's. */
function avatarTattoos(tattoos: unknown): PersonaTattoo[] {
  if (!Array.isArray(tattoos)) return [];
  const asked = tattoos.filter(isPlainObject) as Raw[];
  return PERSONA_TATTOO_PLACEMENTS.flatMap((placement) => {
    const t = asked.find((a) => a.placement === placement);
    if (!t) return [];
    return [{
      name: t.name as PersonaTattooDesign,
      placement,
      color: isPlainObject(t.color) ? { ...(t.color as unknown as Color) } : { ...TATTOO_DEFAULTS.color },
      opacity: typeof t.opacity === 'number' ? t.opacity : TATTOO_DEFAULTS.opacity,
      scale: typeof t.scale === 'number' ? t.scale : TATTOO_DEFAULTS.scale,
    }];
  });
}

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
    removeNeckLayers: (avatarSection && given(avatarSection.remove_neck_layers) ? avatarSection.remove_neck_layers : 0) as number,
    colors: avatarColors(section(avatarSection ?? {}, 'colors')),
    makeup: avatarMakeup(avatarSection?.makeup),
    tattoos: avatarTattoos(avatarSection?.tattoos),
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
  const animationSection = section(input, 'animations');
  const animations = {
    list: Array.isArray(animationSection?.list) ? [...(animationSection.list as string[])] : null,
    bindPose: animationSection?.bind_pose === true,
  };
  const flag = (key: 'split_vertices' | 'export_quads' | 'finalize' | 'make_public' | 'make_public_direct' | 'model_json') => input[key] === true;
  const errors: ExportErrors = {};
  const problem = (path: string, message: string) => void (errors[`${field}.${path}`] ??= []).push(message);
  if (avatar.removeNeckLayers > 0) {
    // The body meets the head's neck ring: cutting rings off would open a gap between them.
    if (avatar.list.includes('AvatarBody')) problem('avatar.remove_neck_layers', 'the body meets the head at the neck, so neck layers can only be removed from a head-only export: leave AvatarBody out of avatar.list');
    const most = PERSONA_NECK_LAYERS[avatar.lod];
    if (avatar.removeNeckLayers > most) problem('avatar.remove_neck_layers', `must be an integer in [0, ${most}] at ${avatar.lod}, got ${avatar.removeNeckLayers}`);
  }
  if (animations.bindPose && !animations.list?.length) problem('animations.bind_pose', 'the bind pose is the first frame of the first clip of animations.list: name one there');
  const demos = animations.list?.filter((n) => (PERSONA_FACE_DEMOS as readonly string[]).includes(n)) ?? [];
  const hasMobile51 = blendshapes.embed && blendshapes.list.some((b) => b === 'mobile_51' || b.startsWith('mobile_51/'));
  if (demos.length && !hasMobile51) problem('animations.list', `${demos.join(', ')} ${demos.length > 1 ? 'play' : 'plays'} the head's mobile_51 blendshapes: list "mobile_51" in blendshapes.list (with blendshapes.embed true)`);
  const rgb = (c: unknown) => (isPlainObject(c) ? ([(c as unknown as Color).red, (c as unknown as Color).green, (c as unknown as Color).blue] as [number, number, number]) : null);
  // A section's apply_visibility_masks: its own, else the top level's, else true.
  const masksOf = (own: Raw | undefined) => (own && given(own.apply_visibility_masks) ? own.apply_visibility_masks : given(input.apply_visibility_masks) ? input.apply_visibility_masks : true) as boolean;
  const outfits: PersonaOutfitPart[] = PERSONA_OUTFIT_SECTIONS.flatMap((name) => {
    const own = section(input, name);
    const identity = (own?.list as string[] | undefined)?.[0];
    if (!identity) return [];
    return [{ ...part(input, own), section: name, identity, applyVisibilityMasks: masksOf(own), color: rgb(own?.color) }];
  });
  // Rule 4: a full outfit has its own top, bottom and shoes; it takes the place of each.
  const full = outfits.find((o) => o.section === 'outfits');
  if (full) {
    for (const o of outfits) {
      if (o === full) continue;
      const what = o.section.replace('outfits_', '');
      errors[`${field}.${o.section}.list`] = [`only one ${what} can be exported at a time, and the full outfit has its own: "${full.identity}" (outfits) and "${o.identity}" (${o.section}) conflict; drop one of them`];
    }
  }
  const accessories = Object.fromEntries(PERSONA_ACCESSORY_SECTIONS.map((slot) => {
    const own = section(input, slot);
    return [slot, { ...part(input, own), list: [...((own?.list as string[] | undefined) ?? [])], color: rgb(own?.color) }];
  })) as ResolvedPersona['accessories'];
  if (Object.keys(errors).length) return { ok: false, errors };
  const persona: ResolvedPersona = {
    avatar, haircuts, blendshapes, outfits, accessories, animations, modelJson: flag('model_json'),
    splitVertices: flag('split_vertices'), exportQuads: flag('export_quads'), finalize: flag('finalize'),
    makePublic: flag('make_public'), makePublicDirect: flag('make_public_direct'),
    request: {},
  };
  if (persona.finalize) {
    // One ready-to-open file: every part and texture inside it.
    if (!EXPORT_FORMATS[avatar.format].personaEmbedsTextures) return { ok: false, errors: { [`${field}.finalize`]: [`finalize makes one file with everything inside, which ${avatar.format} cannot hold`] } };
    avatar.embed = true;
    avatar.textures.embed = true;
    haircuts.embed = true;
    haircuts.format = avatar.format;
    for (const o of outfits) { o.embed = true; o.format = avatar.format; o.textures.embed = true; }
    for (const a of Object.values(accessories)) { a.embed = true; a.format = avatar.format; }
    blendshapes.embed = true;
  }
  if (persona.makePublic || persona.makePublicDirect) {
    const changes: string[] = [];
    if (!EXPORT_FORMATS[avatar.format].personaEmbedsTextures) changes.push(`set format to one that holds its textures (${avatar.format} cannot)`);
    if (!avatar.textures.embed) changes.push('set textures.embed to true');
    if (haircuts.list.length && !haircuts.embed) changes.push('set haircuts.embed to true');
    for (const o of outfits) if (!o.embed) changes.push(`set ${o.section}.embed to true`);
    for (const [slot, a] of Object.entries(accessories)) if (a.list.length && !a.embed) changes.push(`set ${slot}.embed to true`);
    if (changes.length) return { ok: false, errors: { [`${field}.${persona.makePublicDirect ? 'make_public_direct' : 'make_public'}`]: [`a public export is a single file, so it needs its parts and textures embedded: ${changes.join('; ')}`] } };
  }
  persona.request = {
    format: avatar.format, embed: avatar.embed, lod: avatar.lod,
    split_vertices: persona.splitVertices, export_quads: persona.exportQuads, finalize: persona.finalize,
    apply_visibility_masks: avatar.applyVisibilityMasks, make_public: persona.makePublic, make_public_direct: persona.makePublicDirect,
    textures: textures(input, undefined, {}),
    avatar: { list: avatar.list, ...requestPart(avatar), apply_visibility_masks: avatar.applyVisibilityMasks, remove_neck_layers: avatar.removeNeckLayers, colors: avatar.colors, makeup: avatar.makeup, tattoos: avatar.tattoos },
    haircuts: { list: (haircutSection?.list as string[] | undefined) ?? [], ...requestPart(haircuts), color: isPlainObject(color) ? color : null },
    ...Object.fromEntries(Object.entries(accessories).map(([slot, a]) => [slot, { list: a.list, ...requestPart(a), color: section(input, slot)?.color ?? null }])),
    blendshapes: { ...blendshapes },
    animations: { list: animations.list, bind_pose: animations.bindPose },
    model_json: persona.modelJson,
    ...Object.fromEntries(PERSONA_OUTFIT_SECTIONS.map((name) => {
      const o = outfits.find((x) => x.section === name);
      const own = section(input, name);
      const resolved = o ?? part(input, own);
      return [name, { list: o ? [o.identity] : [], ...requestPart(resolved), apply_visibility_masks: masksOf(own), color: isPlainObject(own?.color) ? own!.color : null }];
    })),
  };
  // The standard fields carry what they can say (the builder reads `persona`).
  const standard = (p: PersonaPart) => ({
    format: p.format, embed: p.embed, embedTextures: p.textures.embed && EXPORT_FORMATS[p.format].personaEmbedsTextures,
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
