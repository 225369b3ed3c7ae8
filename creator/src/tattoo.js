/**
 * The look's tattoos: placement → design, with its ink, opacity and size when the user set them, in
 * `avatar.tattoos`' words (ours, docs/exports.md). The service inks them into the body's texture for
 * the viewer's model and for export_avatar's file alike, so the tattoos on screen are the tattoos
 * exported. Pure.
 */

/** The designs the service draws (its tattooDesigns.ts). */
export const TATTOO_DESIGNS = ['rose', 'tribal_band', 'swallow', 'anchor', 'script_heart', 'compass'];

/** The placements, in the order the service inks them. */
export const TATTOO_PLACEMENTS = ['left_forearm', 'right_forearm', 'left_upper_arm', 'right_upper_arm', 'chest_left', 'upper_back', 'left_calf', 'right_calf'];

/** The service's limit on tattoos at once. */
export const TATTOOS_MAX = 6;

/** The inks offered; the first is the service's default (29, 35, 48), which a tattoo has until one is chosen. */
export const TATTOO_INKS = ['#1d2330', '#111111', '#7a1e24', '#1f4a2e', '#23336e'];

/** The service's defaults, which a tattoo shows until the user moves a slider. */
export const TATTOO_OPACITY = 0.85;
export const TATTOO_SCALE = 1;
/** The service's range for `scale`: smaller than a quarter of its placement a design is a smudge. */
export const TATTOO_SCALE_MIN = 0.25;

/**
 * The look with `value` at `placement`: a design's name (keeping the ink, opacity and size set
 * there), `{name?, color?, opacity?, scale?}` to change some of them, or null for none there.
 */
export function withTattoo(look, placement, value) {
  if (!TATTOO_PLACEMENTS.includes(placement)) throw new Error(`unknown tattoo placement ${JSON.stringify(placement)}; placements are ${TATTOO_PLACEMENTS.join(', ')}`);
  const tattoos = { ...(look.tattoos ?? {}) };
  if (value === null) delete tattoos[placement];
  else {
    const change = typeof value === 'string' ? { name: value } : value;
    if (!change || typeof change !== 'object' || Array.isArray(change)) throw new Error(`tattoo ${placement}: a design's name or {name, color, opacity, scale}, got ${JSON.stringify(value)}`);
    if (!tattoos[placement] && Object.keys(tattoos).length >= TATTOOS_MAX) throw new Error(`at most ${TATTOOS_MAX} tattoos`);
    tattoos[placement] = readTattoo(placement, { ...tattoos[placement], ...change });
  }
  return { ...look, tattoos };
}

/** A tattoo checked, with only what the user set: left-out fields are the service's defaults. */
function readTattoo(placement, { name, color, opacity, scale }) {
  if (!TATTOO_DESIGNS.includes(name)) throw new Error(`unknown tattoo design ${JSON.stringify(name)}; designs are ${TATTOO_DESIGNS.join(', ')}`);
  const out = { name };
  if (color !== undefined) {
    if (typeof color !== 'string' || !/^#[0-9a-f]{6}$/i.test(color)) throw new Error(`tattoo ${placement}: colour must be "#rrggbb", got ${JSON.stringify(color)}`);
    out.color = color.toLowerCase();
  }
  // Two decimals: the sliders' step, and one export per visible change.
  if (opacity !== undefined) {
    if (typeof opacity !== 'number' || !(opacity >= 0 && opacity <= 1)) throw new Error(`tattoo ${placement}: opacity must be a number in [0, 1], got ${JSON.stringify(opacity)}`);
    out.opacity = Math.round(opacity * 100) / 100;
  }
  if (scale !== undefined) {
    if (typeof scale !== 'number' || !(scale >= TATTOO_SCALE_MIN && scale <= 1)) throw new Error(`tattoo ${placement}: scale must be a number in [${TATTOO_SCALE_MIN}, 1], got ${JSON.stringify(scale)}`);
    out.scale = Math.round(scale * 100) / 100;
  }
  return out;
}

const placed = (look) => TATTOO_PLACEMENTS.filter((p) => look.tattoos?.[p]);

/** `avatar.tattoos` of the export parameters (colours as `{red, green, blue}`, by `rgb`), or null when there are none. */
export function tattoosParameter(look, rgb) {
  const on = placed(look);
  if (!on.length) return null;
  return on.map((placement) => {
    const { name, color, opacity, scale } = look.tattoos[placement];
    return { name, placement, ...(color ? { color: rgb(color) } : {}), ...(opacity !== undefined ? { opacity } : {}), ...(scale !== undefined ? { scale } : {}) };
  });
}

/** The tattoos' part of the look's key: equal tattoos, equal text (a design alone keys as it always did). */
export function tattooKey(look) {
  return placed(look).map((p) => {
    const { name, color, opacity, scale } = look.tattoos[p];
    const extra = [color && `ink=${color}`, opacity !== undefined && `opacity=${opacity}`, scale !== undefined && `scale=${scale}`].filter(Boolean);
    return `tattoo.${p}=${[name, ...extra].join(',')}`;
  });
}

/**
 * avatarState.tattoos: placement → a design's name, or `{name, color, opacity, scale}` once any of
 * those is set (each optional). Optional, so states saved before tattoos read as having none, and
 * those saved before their ink and size read as the service's defaults.
 */
export function readTattoos(look, state) {
  const tattoos = state.tattoos ?? {};
  if (typeof tattoos !== 'object' || Array.isArray(tattoos)) throw new Error('avatarState.tattoos must be an object of placement → design');
  let out = look;
  for (const [placement, value] of Object.entries(tattoos)) out = withTattoo(out, placement, value);
  return out;
}

export function tattooState(look) {
  return Object.fromEntries(placed(look).map((p) => {
    const tattoo = look.tattoos[p];
    return [p, Object.keys(tattoo).length === 1 ? tattoo.name : { ...tattoo }];
  }));
}
