/**
 * The panels of the look (outfits, accessories, colour), loaded with the viewer after
 * persona_creator_loaded. Each choice is handed to the creator, which makes (or finds) the viewer's
 * export of the new look; the panels only say what the user picked.
 */
import { itemName, t } from './i18n.js';
import { LIGHTING_NAMES } from './lighting.js';
import { AVATAR_COLORS, ITEM_SLOTS, OUTFIT_SLOTS, offered } from './look.js';
import { choices, heading, panelSection } from './ui.js';

export { buildMakeup } from './makeupPanel.js';
export { buildStyle } from './stylePanel.js';
export { buildTattoo } from './tattooPanel.js';

/** Accessory panels: Desktop's head accessories, jewelry and hand accessories, Mobile's glasses. */
const ACCESSORY_PANELS = {
  desktop: { head_accessories: ['hats', 'glasses'], jewelry: ['earrings', 'necklaces'], hands_accessories: ['watches', 'bracelets', 'rings'] },
  mobile: { glasses: ['glasses'] },
};

const HAIR = ['#1c1714', '#3b2418', '#6a4027', '#8d3b1f', '#c9a26b', '#e3d6bd', '#8f8a85', '#b0301c', '#2d4f9e', '#d46a9a'];
const PALETTES = {
  hair: HAIR,
  eyebrows: HAIR.slice(0, 7),
  skin: ['#f3d7c6', '#e8b996', '#d29f7c', '#b57a55', '#8d5a3b', '#5e3a25'],
  lips: ['#c0545e', '#a8323e', '#d98a86', '#8a2d3b', '#e06c75', '#6b2a2f'],
  // Brown, hazel, amber, green, grey, blue, dark blue, violet.
  eyes: ['#4a2e1c', '#6e5530', '#9a6a22', '#4f7a44', '#7c8a94', '#4f86c0', '#2d4f8e', '#6a5a9e'],
  item: ['#f4f4f2', '#1b1b1f', '#2b3a67', '#7a1f2b', '#c81e28', '#2f6b3a', '#c9a26b', '#8a8f98', '#e0b0c8', '#3b6fd6', '#d4a017', '#c0c0c8'],
};

/** One choice row per slot: None, then the set's items less those the host hid (outfitsBlackList). */
function slotChoices(section, slot, sets, look, blackList, onWear) {
  const names = offered(sets[slot] ?? [], slot, blackList);
  const row = choices([[null, t('none')], ...names.map((n) => [n, itemName(n)])], look.items[slot], (name) => onWear(slot, name), 'item');
  row.dataset.slot = slot;
  section.append(heading(t(`slot.${slot}`)), row);
}

export function buildOutfits(sets, look, blackList, onWear) {
  const section = panelSection('outfits');
  if (!section) return;
  for (const slot of OUTFIT_SLOTS) slotChoices(section, slot, sets, look, blackList, onWear);
  section.append(Object.assign(document.createElement('p'), { className: 'note', textContent: t('outfitRule') }));
}

export function buildAccessories(variant, sets, look, onWear) {
  for (const [control, slots] of Object.entries(ACCESSORY_PANELS[variant])) {
    const section = panelSection(control);
    if (!section) continue;
    for (const slot of slots) slotChoices(section, slot, sets, look, new Set(), onWear);
  }
}

/** A colour row: the palette's swatches, a custom colour, and the item's (or photo's) own colour. */
function colorRow(key, label, palette, current, onColor) {
  const row = Object.assign(document.createElement('div'), { className: 'color-row' });
  row.dataset.color = key;
  const name = Object.assign(document.createElement('span'), { textContent: label });
  const swatches = Object.assign(document.createElement('div'), { className: 'swatches' });
  const own = Object.assign(document.createElement('button'), { type: 'button', className: 'own', textContent: t('own') });
  own.dataset.value = '';
  own.setAttribute('aria-pressed', String(!current));
  own.addEventListener('click', () => onColor(key, null));
  swatches.append(own);
  for (const hex of palette) {
    const b = Object.assign(document.createElement('button'), { type: 'button', className: 'swatch', title: hex });
    b.style.background = hex;
    b.dataset.value = hex;
    b.setAttribute('aria-label', hex);
    b.setAttribute('aria-pressed', String(current === hex));
    b.addEventListener('click', () => onColor(key, hex));
    swatches.append(b);
  }
  const custom = Object.assign(document.createElement('input'), { type: 'color', value: current ?? palette[0], title: t('custom') });
  custom.setAttribute('aria-label', t('custom'));
  if (current && !palette.includes(current)) custom.classList.add('chosen');
  // 'change', not 'input': each colour is an export, made once the user lets go.
  custom.addEventListener('change', () => onColor(key, custom.value));
  swatches.append(custom);
  row.append(name, swatches);
  return row;
}

/** Hair, skin, lips, eyebrows, eyes, then each item worn. */
export function buildColors(look, onColor) {
  const section = panelSection('color');
  if (!section) return;
  section.append(heading(t('panel.color')));
  section.append(colorRow('hair', t('color.hair'), PALETTES.hair, look.colors.hair, onColor));
  for (const key of AVATAR_COLORS) section.append(colorRow(key, t(`color.${key}`), PALETTES[key], look.colors[key], onColor));
  for (const slot of ITEM_SLOTS) {
    const name = look.items[slot];
    if (name) section.append(colorRow(slot, itemName(name), PALETTES.item, look.colors[slot], onColor));
  }
}

const AGES = ['adult', 'teen15', 'teen12'];

/**
 * Mobile's age panel. A new age is a new avatar, made again from the photo: only the avatar this
 * page made has its photo here (the service keeps no photo to hand back), so an avatar shown by code
 * gets the choices disabled and a note saying why.
 */
export function buildAge(current, canRemake, onAge) {
  const section = panelSection('age');
  if (!section) return;
  const row = choices(AGES.map((a) => [a, t(a)]), current, onAge, 'age');
  for (const b of row.querySelectorAll('button')) b.disabled = !canRemake;
  section.append(heading(t('panel.age')), row, Object.assign(document.createElement('p'), { className: 'note', textContent: t(canRemake ? 'ageRemakes' : 'ageNoPhoto') }));
}

/** The lighting panel: a button per preset, the one lighting the viewer pressed. Viewer only: the file has no lights. */
export function buildLighting(current, onLighting) {
  const section = panelSection('lighting');
  if (!section) return;
  section.append(heading(t('panel.lighting')), choices(LIGHTING_NAMES.map((n) => [n, t(`lighting.${n}`)]), current, onLighting, 'lighting'),
    Object.assign(document.createElement('p'), { className: 'note', textContent: t('lightingNote') }));
}
