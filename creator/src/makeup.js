/**
 * The look's makeup: the layers on, each with its colour and opacity, in `avatar.makeup`'s words
 * (ours, docs/exports.md). The service paints them on the head's texture for the viewer's model and
 * for export_avatar's file alike, so the makeup on screen is the makeup exported. Pure.
 */

/** The layers, in the order the service paints them. */
export const MAKEUP_LAYERS = ['lipstick', 'eyeshadow', 'eyeliner', 'blush'];

/** Each layer's palette; the first is its colour when turned on (the service's defaults). */
export const MAKEUP_PALETTES = {
  lipstick: ['#b02a42', '#c0545e', '#8a2d3b', '#d98a86', '#e0463c', '#78143c'],
  eyeshadow: ['#805c54', '#5a4a6e', '#3c5aa0', '#6e7a4a', '#b08a5a', '#2a2a32'],
  eyeliner: ['#1c1618', '#3b2418', '#22304e', '#2f4a2a'],
  blush: ['#de786e', '#e6a08c', '#e65a6e', '#c8786e'],
};

/** Each layer's opacity when turned on (the service's defaults). */
export const MAKEUP_OPACITY = { lipstick: 0.7, eyeshadow: 0.5, eyeliner: 0.8, blush: 0.3 };

/** The look with `layer` on (`{color, opacity}`, either left out for its default) or off (null). */
export function withMakeup(look, layer, value) {
  if (!MAKEUP_LAYERS.includes(layer)) throw new Error(`unknown makeup layer ${JSON.stringify(layer)}; layers are ${MAKEUP_LAYERS.join(', ')}`);
  const makeup = { ...(look.makeup ?? {}) };
  if (value === null) delete makeup[layer];
  else makeup[layer] = readLayer(layer, { color: MAKEUP_PALETTES[layer][0], opacity: MAKEUP_OPACITY[layer], ...makeup[layer], ...value });
  return { ...look, makeup };
}

function readLayer(layer, { color, opacity }) {
  if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) throw new Error(`makeup ${layer}: colour must be "#rrggbb", got ${JSON.stringify(color)}`);
  if (typeof opacity !== 'number' || !(opacity >= 0 && opacity <= 1)) throw new Error(`makeup ${layer}: opacity must be a number in [0, 1], got ${JSON.stringify(opacity)}`);
  // Two decimals: the slider's step, and one export per visible change.
  return { color: color.toLowerCase(), opacity: Math.round(opacity * 100) / 100 };
}

/** `avatar.makeup` of the export parameters, or null when no layer is on. */
export function makeupParameter(look, rgb) {
  const on = MAKEUP_LAYERS.filter((l) => look.makeup?.[l]);
  return on.length ? on.map((name) => ({ name, color: rgb(look.makeup[name].color), opacity: look.makeup[name].opacity })) : null;
}

/** The makeup's part of the look's key: equal makeup, equal text. */
export function makeupKey(look) {
  return MAKEUP_LAYERS.filter((l) => look.makeup?.[l]).map((l) => `${l}=${look.makeup[l].color}@${look.makeup[l].opacity}`);
}

/** avatarState.makeup (version 3): layer → {color, opacity}; absent in older versions, which had none. */
export function readMakeup(look, state) {
  const makeup = state.makeup ?? {};
  if (typeof makeup !== 'object' || Array.isArray(makeup)) throw new Error('avatarState.makeup must be an object of layer → {color, opacity}');
  let out = look;
  for (const [layer, value] of Object.entries(makeup)) {
    if (!value || typeof value !== 'object') throw new Error(`avatarState.makeup.${layer} must be {color, opacity}`);
    out = withMakeup(out, layer, value);
  }
  return out;
}

export function makeupState(look) {
  return Object.fromEntries(MAKEUP_LAYERS.filter((l) => look.makeup?.[l]).map((l) => [l, { ...look.makeup[l] }]));
}
