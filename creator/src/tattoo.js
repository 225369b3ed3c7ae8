/**
 * The look's tattoos: placement → design, in `avatar.tattoos`' words (ours, docs/exports.md). The
 * service inks them into the body's texture for the viewer's model and for export_avatar's file
 * alike, so the tattoos on screen are the tattoos exported. Pure.
 */

/** The designs the service draws (its tattooDesigns.ts). */
export const TATTOO_DESIGNS = ['rose', 'tribal_band', 'swallow', 'anchor', 'script_heart', 'compass'];

/** The placements, in the order the service inks them. */
export const TATTOO_PLACEMENTS = ['left_forearm', 'right_forearm', 'left_upper_arm', 'right_upper_arm', 'chest_left', 'upper_back', 'left_calf', 'right_calf'];

/** The service's limit on tattoos at once. */
export const TATTOOS_MAX = 6;

/** The look with `design` at `placement`, or none there (null). */
export function withTattoo(look, placement, design) {
  if (!TATTOO_PLACEMENTS.includes(placement)) throw new Error(`unknown tattoo placement ${JSON.stringify(placement)}; placements are ${TATTOO_PLACEMENTS.join(', ')}`);
  const tattoos = { ...(look.tattoos ?? {}) };
  if (design === null) delete tattoos[placement];
  else {
    if (!TATTOO_DESIGNS.includes(design)) throw new Error(`unknown tattoo design ${JSON.stringify(design)}; designs are ${TATTOO_DESIGNS.join(', ')}`);
    if (!tattoos[placement] && Object.keys(tattoos).length >= TATTOOS_MAX) throw new Error(`at most ${TATTOOS_MAX} tattoos`);
    tattoos[placement] = design;
  }
  return { ...look, tattoos };
}

const placed = (look) => TATTOO_PLACEMENTS.filter((p) => look.tattoos?.[p]);

/** `avatar.tattoos` of the export parameters, or null when there are none. */
export function tattoosParameter(look) {
  const on = placed(look);
  return on.length ? on.map((placement) => ({ name: look.tattoos[placement], placement })) : null;
}

/** The tattoos' part of the look's key: equal tattoos, equal text. */
export function tattooKey(look) {
  return placed(look).map((p) => `tattoo.${p}=${look.tattoos[p]}`);
}

/** avatarState.tattoos: placement → design; optional, so states saved before tattoos read as having none. */
export function readTattoos(look, state) {
  const tattoos = state.tattoos ?? {};
  if (typeof tattoos !== 'object' || Array.isArray(tattoos)) throw new Error('avatarState.tattoos must be an object of placement → design');
  let out = look;
  for (const [placement, design] of Object.entries(tattoos)) out = withTattoo(out, placement, design);
  return out;
}

export function tattooState(look) {
  return Object.fromEntries(placed(look).map((p) => [p, look.tattoos[p]]));
}
