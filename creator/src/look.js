/**
 * A look: what the avatar wears and how it is coloured, in the export parameters' own words
 * (docs/outfits.md, docs/accessories.md, docs/exports.md). The viewer's model and export_avatar's
 * file are both made from it, so what is shown is what is exported. Pure: no DOM, no fetch.
 */
import { makeupKey, makeupParameter, makeupState, readMakeup } from './makeup.js';
import { readTattoos, tattooKey, tattoosParameter, tattooState } from './tattoo.js';

/** The persona outfit sections: a full outfit, or a top, a bottom and shoes that combine. */
export const OUTFIT_SLOTS = ['outfits', 'outfits_top', 'outfits_bottom', 'outfits_shoes'];
export const ACCESSORY_SLOTS = ['hats', 'glasses', 'earrings', 'necklaces', 'watches', 'bracelets', 'rings'];
export const ITEM_SLOTS = [...OUTFIT_SLOTS, ...ACCESSORY_SLOTS];
/** `avatar.colors` (ours) takes these (`eyes`: the irises); the hair is `haircuts.color`; an item's is its section's `color`. */
export const AVATAR_COLORS = ['skin', 'lips', 'eyebrows', 'eyes'];
export const COLOR_KEYS = ['hair', ...AVATAR_COLORS, ...ITEM_SLOTS];
export const GENERATED_HAIRCUT = 'HaircutGenerated';

export function emptyLook() {
  return { haircut: GENERATED_HAIRCUT, items: Object.fromEntries(ITEM_SLOTS.map((s) => [s, null])), colors: {}, makeup: {}, tattoos: {} };
}

/**
 * The look with `name` worn in `slot` (null takes the slot's item off), under the export's conflict
 * rule: a full outfit has its own top, bottom and shoes, so it takes their place, and a top, a
 * bottom or shoes take the full outfit's. An item taken off loses its colour.
 */
export function wear(look, slot, name) {
  if (!ITEM_SLOTS.includes(slot)) throw new Error(`unknown slot ${JSON.stringify(slot)}; slots are ${ITEM_SLOTS.join(', ')}`);
  const items = { ...look.items, [slot]: name ?? null };
  if (name && slot === 'outfits') for (const s of OUTFIT_SLOTS.slice(1)) items[s] = null;
  if (name && OUTFIT_SLOTS.slice(1).includes(slot)) items.outfits = null;
  const colors = { ...look.colors };
  for (const s of ITEM_SLOTS) if (items[s] !== look.items[s]) delete colors[s];
  return { ...look, items, colors };
}

export function withHaircut(look, haircut) {
  return { ...look, haircut };
}

/** `hex` '#rrggbb', or null for the item's or the photo's own colour. */
export function withColor(look, key, hex) {
  if (!COLOR_KEYS.includes(key)) throw new Error(`unknown colour ${JSON.stringify(key)}; colours are ${COLOR_KEYS.join(', ')}`);
  const colors = { ...look.colors };
  if (hex === null) delete colors[key];
  else colors[key] = readHex(hex, key);
  return { ...look, colors };
}

function readHex(hex, key) {
  if (typeof hex !== 'string' || !/^#[0-9a-f]{6}$/i.test(hex)) throw new Error(`colour ${key} must be "#rrggbb", got ${JSON.stringify(hex)}`);
  return hex.toLowerCase();
}

/** '#c81e28' → {red: 200, green: 30, blue: 40}, the export parameters' Color. */
export function rgb(hex) {
  const n = Number.parseInt(hex.slice(1), 16);
  return { red: (n >> 16) & 255, green: (n >> 8) & 255, blue: n & 255 };
}

/** The export parameter sections of a look: haircut, items, their colours, `avatar.colors`. */
export function lookSections(look) {
  const out = { haircuts: { list: look.haircut ? [look.haircut] : [], embed: true } };
  if (look.colors.hair && look.haircut) out.haircuts.color = rgb(look.colors.hair);
  for (const slot of ITEM_SLOTS) {
    const name = look.items[slot];
    if (!name) continue;
    out[slot] = { list: [name], embed: true, ...(look.colors[slot] ? { color: rgb(look.colors[slot]) } : {}) };
  }
  const avatarColors = Object.fromEntries(AVATAR_COLORS.filter((k) => look.colors[k]).map((k) => [k, rgb(look.colors[k])]));
  if (Object.keys(avatarColors).length) out.avatar = { colors: avatarColors };
  const makeup = makeupParameter(look, rgb);
  if (makeup) out.avatar = { ...out.avatar, makeup };
  const tattoos = tattoosParameter(look, rgb);
  if (tattoos) out.avatar = { ...out.avatar, tattoos };
  return out;
}

/** One text per look, the same for equal looks: the viewer's cache key and its export's comment. */
export function lookKey(look) {
  const items = ITEM_SLOTS.filter((s) => look.items[s]).map((s) => `${s}=${look.items[s]}`);
  const colors = COLOR_KEYS.filter((k) => look.colors[k]).map((k) => `${k}=${look.colors[k]}`);
  return [`haircut=${look.haircut}`, ...items, ...colors, ...makeupKey(look), ...tattooKey(look)].join(';');
}

/** Items of a set a host may offer: `outfitsBlackList` hides outfits of any outfit section. */
export function offered(names, slot, blackList) {
  if (!OUTFIT_SLOTS.includes(slot) || blackList.size === 0) return names;
  return names.filter((n) => !blackList.has(n));
}

/** The look's first item a host hid with outfitsBlackList, or null. */
export function blacklisted(look, blackList) {
  return OUTFIT_SLOTS.map((s) => look.items[s]).find((n) => n && blackList.has(n)) ?? null;
}

/**
 * A look from avatarState's fields, checked: each item by its slot's set (`available`: slot → names),
 * the conflict rule, the colours. Throws a reason.
 */
export function readLook(state, available) {
  let look = emptyLook();
  if (state.haircut !== undefined && state.haircut !== null) {
    if (typeof state.haircut !== 'string') throw new Error('avatarState.haircut must be a haircut name');
    look = withHaircut(look, state.haircut);
  }
  const items = state.items ?? {};
  if (typeof items !== 'object' || Array.isArray(items)) throw new Error('avatarState.items must be an object of slot → item name');
  for (const [slot, name] of Object.entries(items)) {
    if (!ITEM_SLOTS.includes(slot)) throw new Error(`avatarState.items: unknown slot ${JSON.stringify(slot)}; slots are ${ITEM_SLOTS.join(', ')}`);
    if (name === null) continue;
    if (typeof name !== 'string') throw new Error(`avatarState.items.${slot} must be an item name`);
    if (available && !(available[slot] ?? []).includes(name)) throw new Error(`avatarState.items.${slot}: ${JSON.stringify(name)} is not in the ${slot} set`);
    if (slot !== 'outfits' && OUTFIT_SLOTS.includes(slot) && items.outfits) {
      throw new Error(`avatarState.items: the full outfit ${JSON.stringify(items.outfits)} has its own top, bottom and shoes, so ${slot} ${JSON.stringify(name)} conflicts with it`);
    }
    look = { ...look, items: { ...look.items, [slot]: name } };
  }
  const colors = state.colors ?? {};
  if (typeof colors !== 'object' || Array.isArray(colors)) throw new Error('avatarState.colors must be an object of name → "#rrggbb"');
  for (const [key, hex] of Object.entries(colors)) {
    if (!COLOR_KEYS.includes(key)) throw new Error(`avatarState.colors: unknown colour ${JSON.stringify(key)}; colours are ${COLOR_KEYS.join(', ')}`);
    if (ITEM_SLOTS.includes(key) && !look.items[key]) throw new Error(`avatarState.colors.${key}: nothing is worn in ${key} to colour`);
    look = withColor(look, key, hex);
  }
  return readTattoos(readMakeup(look, state), state);
}

/** The look's part of avatarState: the haircut, the items worn, the colours chosen. */
export function lookState(look) {
  return {
    haircut: look.haircut,
    items: Object.fromEntries(ITEM_SLOTS.filter((s) => look.items[s]).map((s) => [s, look.items[s]])),
    colors: Object.fromEntries(COLOR_KEYS.filter((k) => look.colors[k]).map((k) => [k, look.colors[k]])),
    makeup: makeupState(look),
    // Optional: left out when there are none, so a state without tattoos is the version-3 state it was.
    ...(Object.keys(tattooState(look)).length ? { tattoos: tattooState(look) } : {}),
  };
}
