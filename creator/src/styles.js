/**
 * Desktop's style panel: whole looks in one press. A style dresses every outfit and accessory slot
 * at once from the persona sets, so a user gets a coherent outfit before tuning it piece by piece in
 * the other panels. The haircut, colours of the body and makeup stay the user's: a style is what is
 * worn. Each slot lists candidates in order of preference, and the first the avatar's sets offer
 * (its gender's sets, less the host's outfitsBlackList) is worn, so a style still dresses the
 * avatar where an item is hidden or not made for that gender. Pure: no DOM.
 */
import { ITEM_SLOTS, offered, wear } from './look.js';

export const STYLES = {
  casual: {
    outfits_top: ['top_white_crew_tshirt', 'top_navy_polo'], outfits_bottom: ['bottom_slim_blue_jeans', 'bottom_dark_straight_jeans'],
    outfits_shoes: ['shoes_white_canvas_sneakers', 'shoes_red_canvas_high_tops'], watches: ['classic_leather_watch'],
  },
  smart_casual: {
    outfits_top: ['top_oxford_shirt', 'top_navy_polo'], outfits_bottom: ['bottom_khaki_chinos', 'bottom_charcoal_trousers'],
    outfits_shoes: ['shoes_tan_loafers', 'shoes_leather_derby'], watches: ['classic_leather_watch'], glasses: ['browline_classic'],
  },
  business: {
    outfits_top: ['top_charcoal_suit_jacket', 'top_oxford_shirt'], outfits_bottom: ['bottom_charcoal_trousers', 'bottom_khaki_chinos'], outfits_shoes: ['shoes_leather_derby', 'shoes_tan_loafers'],
    watches: ['steel_diver_watch'], rings: ['silver_signet'],
  },
  sporty: {
    outfits_top: ['top_grey_hoodie', 'top_black_zip_jacket'], outfits_bottom: ['bottom_grey_joggers', 'bottom_denim_shorts'], outfits_shoes: ['shoes_black_running_sneakers', 'shoes_white_canvas_sneakers'],
    hats: ['baseball_cap'], watches: ['sport_rubber_watch'], glasses: ['sport_wrap'],
  },
  winter: {
    outfits_top: ['top_camel_long_coat', 'top_cream_knit_sweater', 'top_black_zip_jacket'], outfits_bottom: ['bottom_dark_straight_jeans', 'bottom_charcoal_trousers'],
    outfits_shoes: ['shoes_brown_leather_boots', 'shoes_black_chelsea_boots'], hats: ['knit_beanie'],
  },
  summer: {
    outfits: ['persona_summer_dress'], outfits_top: ['top_navy_polo', 'top_white_crew_tshirt'], outfits_bottom: ['bottom_chino_shorts', 'bottom_denim_shorts'],
    outfits_shoes: ['shoes_leather_sandals'], glasses: ['wayfarer_sun', 'aviator_gradient'], bracelets: ['gold_bangle'],
  },
  evening: {
    outfits_top: ['top_charcoal_suit_jacket', 'top_cream_knit_sweater'], outfits_bottom: ['bottom_black_midi_skirt', 'bottom_charcoal_trousers'],
    outfits_shoes: ['shoes_black_chelsea_boots', 'shoes_leather_derby'], earrings: ['pearl_drops', 'diamond_studs'],
    necklaces: ['pearl_strand', 'silver_pendant'], rings: ['diamond_solitaire', 'gold_band'],
  },
};
export const STYLE_NAMES = Object.keys(STYLES);

/** The items `style` dresses on an avatar with these sets: slot → name, only the slots it fills. */
export function styleItems(style, sets, blackList) {
  const wanted = STYLES[style];
  if (!wanted) throw new Error(`unknown style ${JSON.stringify(style)}; styles are ${STYLE_NAMES.join(', ')}`);
  const items = {};
  for (const [slot, candidates] of Object.entries(wanted)) {
    const available = new Set(offered(sets[slot] ?? [], slot, blackList));
    const name = candidates.find((n) => available.has(n));
    if (name) items[slot] = name;
  }
  // A full outfit stands for the top, bottom and shoes: when the sets offer it, the separates give way.
  if (items.outfits) for (const slot of ['outfits_top', 'outfits_bottom']) delete items[slot];
  return items;
}

/** The look dressed in `style`: every item slot emptied, then the style's items worn. */
export function styled(look, style, sets, blackList) {
  const items = styleItems(style, sets, blackList);
  let next = look;
  for (const slot of ITEM_SLOTS) next = wear(next, slot, null);
  for (const slot of ITEM_SLOTS) if (items[slot]) next = wear(next, slot, items[slot]);
  return next;
}

/** The style the look is dressed in exactly, or null. */
export function currentStyle(look, sets, blackList) {
  return STYLE_NAMES.find((style) => {
    const items = styleItems(style, sets, blackList);
    return ITEM_SLOTS.every((slot) => (look.items[slot] ?? null) === (items[slot] ?? null));
  }) ?? null;
}
