/**
 * The page's words. English is here; Chinese is a chunk of its own (strings.zh.js), fetched only when
 * set_ui_parameters or the language menu asks for it, so the JavaScript before persona_creator_loaded
 * stays small. Elements with `data-i18n` take their text from the table; panels built in code ask
 * `t()` and are rebuilt through `onLanguage`.
 */
const EN = {
  takeSelfie: 'Take a selfie', browse: 'Browse photo', screenshot: 'Screenshot', export: 'Export', png: 'Save PNG', gif: 'Save GIF', animate: 'Animate', mic: 'Lip sync',
  takeIt: 'Take it', cancel: 'Cancel', home: 'Home', login: 'Log in', backToAvatar: 'Back to the avatar', language: 'Language',
  homeTitle: 'Make your avatar', homePhoto: 'Start from a photo of a face, looking at the camera.', samplesTitle: 'No photo? Start from a sample:', computation: 'Avatar to make', openLatest: 'Open my latest avatar',
  'sample.female': 'Sample: a woman', 'sample.male': 'Sample: a man',
  'q.gender': 'Who is in the photo?', 'q.age': 'How old are they?', male: 'Male', female: 'Female',
  adult: 'Adult (16+)', teen15: 'Teen (13–15)', teen12: 'Child (up to 12)',
  makingAvatar: 'Making the avatar', loadingAvatar: 'Loading the avatar', dressing: 'Dressing the avatar', exporting: 'Exporting', makingGif: 'Making the GIF',
  'panel.style': 'Style', 'panel.outfits': 'Outfits', 'panel.hairstyles': 'Hairstyles', 'panel.head_accessories': 'Head accessories', 'panel.jewelry': 'Jewelry', 'panel.hands_accessories': 'Hand accessories',
  'panel.glasses': 'Glasses', 'panel.age': 'Age', 'panel.body': 'Body', 'panel.head': 'Head', 'panel.eyes': 'Eyes', 'panel.color': 'Colour', 'panel.makeup': 'Makeup', 'panel.tattoo': 'Tattoo', 'panel.animations': 'Animations', 'panel.lighting': 'Lighting', 'panel.facial_animations': 'Facial animations',
  'slot.outfits': 'Full outfits', 'slot.outfits_top': 'Tops', 'slot.outfits_bottom': 'Bottoms', 'slot.outfits_shoes': 'Shoes',
  'slot.hats': 'Hats', 'slot.glasses': 'Glasses', 'slot.earrings': 'Earrings', 'slot.necklaces': 'Necklaces', 'slot.watches': 'Watches', 'slot.bracelets': 'Bracelets', 'slot.rings': 'Rings',
  none: 'None', fromPhoto: 'From the photo', standStill: 'Stand still', own: 'Own',
  'makeup.lipstick': 'Lipstick', 'makeup.eyeshadow': 'Eyeshadow', 'makeup.eyeliner': 'Eyeliner', 'makeup.blush': 'Blush', 'makeup.opacity': 'Opacity',
  'tattoo.rose': 'Rose', 'tattoo.tribal_band': 'Tribal band', 'tattoo.swallow': 'Swallow', 'tattoo.anchor': 'Anchor', 'tattoo.script_heart': 'Heart', 'tattoo.compass': 'Compass',
  'tattoo.left_forearm': 'Left forearm', 'tattoo.right_forearm': 'Right forearm', 'tattoo.left_upper_arm': 'Left upper arm', 'tattoo.right_upper_arm': 'Right upper arm', 'tattoo.chest_left': 'Chest (left)', 'tattoo.upper_back': 'Upper back', 'tattoo.left_calf': 'Left calf', 'tattoo.right_calf': 'Right calf',
  'tattoo.ink': 'Ink', 'tattoo.opacity': 'Opacity', 'tattoo.scale': 'Size',
  'color.hair': 'Hair', 'color.skin': 'Skin', 'color.lips': 'Lips', 'color.eyebrows': 'Eyebrows', 'color.eyes': 'Eyes',
  'style.casual': 'Casual', 'style.smart_casual': 'Smart casual', 'style.business': 'Business', 'style.sporty': 'Sporty', 'style.winter': 'Winter', 'style.summer': 'Summer', 'style.evening': 'Evening',
  styleNote: 'A style dresses every outfit and accessory at once; change any piece in the other panels.',
  outfitRule: 'A full outfit has its own top, bottom and shoes; a top, a bottom and shoes combine.',
  custom: 'Custom colour', pose: 'Pose',
  'lighting.studio': 'Studio', 'lighting.daylight': 'Daylight', 'lighting.warm_indoor': 'Warm indoor', 'lighting.evening': 'Evening', 'lighting.dramatic_rim': 'Dramatic rim',
  faceDemo: 'Face demo', faceDemoNote: 'A face demo plays over the body\'s animation, and the export carries both, with the head\'s mobile_51 blendshapes.',
  lightingNote: 'Lighting is for the viewer, screenshots and pictures: the exported file has no lights, the game lights the avatar.',
  ageRemakes: 'A new age is a new avatar: it is made again from the same photo.',
  ageNoPhoto: 'This avatar\'s photo is not on this page: take a selfie or browse a photo to make an avatar at another age.',
};

let table = EN;
let names = {};
let language = 'EN';
const listeners = [];

/** The text for `key`; an item's name (`top_oxford_shirt`) falls back to its words. */
export function t(key) {
  return table[key] ?? EN[key] ?? key;
}

/** `top_oxford_shirt` → `Oxford shirt`; the Chinese table names each item. */
export function itemName(name) {
  if (names[name]) return names[name];
  const bare = name.replace(/^(top|bottom|shoes|persona)_/, '').replace(/_/g, ' ');
  return bare[0].toUpperCase() + bare.slice(1);
}

/** `EN` or Chinese (the spec's Chinese-script value, and its usual spellings); anything else is English. */
export function languageOf(value) {
  return typeof value === 'string' && /^(中文|简体中文|汉语|CN|ZH|zh|zh-CN|zh-Hans|Chinese)$/i.test(value.trim()) ? 'ZH' : 'EN';
}

export const currentLanguage = () => language;

export async function setLanguage(value) {
  const wanted = languageOf(value);
  if (wanted === language) return;
  if (wanted === 'ZH') {
    const zh = await import('./strings.zh.js');
    table = zh.STRINGS;
    names = zh.ITEM_NAMES;
  } else {
    table = EN;
    names = {};
  }
  language = wanted;
  document.documentElement.lang = wanted === 'ZH' ? 'zh-Hans' : 'en';
  translatePage();
  for (const f of listeners) f();
}

export function onLanguage(f) {
  listeners.push(f);
}

/** Every `data-i18n` element's text, unless the host set it (exportButtonText, personaLabelText). */
export function translatePage() {
  for (const el of document.querySelectorAll('[data-i18n]')) if (!el.dataset.hostText) el.textContent = t(el.dataset.i18n);
}
