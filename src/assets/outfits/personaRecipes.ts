import { bottomRecipe, shoeRecipe, topRecipe } from './garments.js';
import type { GarmentHang, GarmentRecipe } from './garmentRecipe.js';

/**
 * persona_2.0's garments (library/outfits/personaOutfits.ts names them): each top, bottom and pair
 * of shoes one recipe, and the `persona` set's full outfits made of them, bottom first (layers
 * are built in this order, each outside the one before where they overlap). LOD1 cuts each
 * covered body quad into 2 × 2, LOD2 leaves it whole.
 */
type Rgb = [number, number, number];
const LODS: GarmentRecipe['detail'] = { full: [2, 2], lowpoly: [1, 1] };
const STEP = { full: 0.02, lowpoly: 0.05 };
const hang = (fromRow: number, toLegT: number, ease: number, flare: number, pleats = 0): GarmentHang => ({ fromRow, toLegT, ease, flare, pleats, step: STEP });

const tshirt = (color: Rgb) => topRecipe({ name: 'crew_tshirt', sleeve: 9, hemRow: 6, flare: 0.007, chest: 0.011, ribbed: false, neckDepth: 2.2, fabric: 'cotton', color, accent: color, detail: LODS });
const shirt = (name: string, fabric: 'cotton' | 'denim', color: Rgb, accent: Rgb) => topRecipe({
  name, sleeve: 35, hemRow: 6, flare: 0.006, chest: 0.012, ribbed: false, neckDepth: 1.2, fabric, color, accent, detail: LODS,
  collar: 'shirt', placket: { rows: 0, buttons: 7 },
});
const jeans = (name: string, color: Rgb) => bottomRecipe({ name, waistRow: 13, length: 38, thigh: 0.012, knee: 0.017, hemEase: 0.008, cuffs: false, fabric: 'denim', color, accent: [196, 140, 62], detail: LODS });
// Trousers fall straight from the knee past the calf, then come in to the ankle inside the shoes' collar.
const STRAIGHT = { from: 14, until: 23, to: 30, taper: 0.04 };
const trousers = (name: string, fabric: 'cotton' | 'wool', color: Rgb) => bottomRecipe({ name, waistRow: 13, length: 38, thigh: 0.017, knee: 0.027, hemEase: 0.009, cuffs: false, fabric, color, accent: color, detail: LODS, fall: STRAIGHT });

export const PERSONA_GARMENTS = {
  // Tops.
  top_white_crew_tshirt: tshirt([232, 232, 228]),
  top_oxford_shirt: shirt('oxford_shirt', 'cotton', [178, 200, 226], [236, 236, 232]),
  top_denim_shirt: shirt('denim_shirt', 'denim', [86, 116, 160], [220, 214, 200]),
  top_navy_polo: topRecipe({
    name: 'pique_polo', sleeve: 9, hemRow: 6, flare: 0.006, chest: 0.011, ribbed: false, neckDepth: 1.2, fabric: 'knit', color: [34, 46, 84], accent: [236, 236, 232], detail: LODS,
    collar: 'polo', placket: { rows: 6, buttons: 2 },
  }),
  top_grey_hoodie: topRecipe({
    name: 'hoodie', sleeve: 35, hemRow: 5, flare: 0.003, chest: 0.017, ribbed: true, neckDepth: 2.4, fabric: 'knit', color: [128, 132, 138], accent: [236, 234, 228], thickness: 0.004, detail: LODS,
    collar: 'hood', pocket: true,
  }),
  top_cream_knit_sweater: topRecipe({ name: 'knit_sweater', sleeve: 35, hemRow: 6, flare: 0.004, chest: 0.016, ribbed: true, neckDepth: 1.6, fabric: 'knit', color: [226, 214, 188], accent: [214, 202, 176], thickness: 0.004, detail: LODS }),
  top_black_zip_jacket: topRecipe({
    name: 'zip_jacket', sleeve: 35, hemRow: 5, flare: 0.002, chest: 0.02, ribbed: true, neckDepth: 0, fabric: 'nylon', color: [30, 32, 36], accent: [30, 32, 36], thickness: 0.005, detail: LODS,
    collar: 'band', placket: 'zip',
  }),
  top_camel_long_coat: topRecipe({
    name: 'long_coat', sleeve: 35.5, hemRow: 6, flare: 0, chest: 0.024, ribbed: false, neckDepth: 0, fabric: 'wool', color: [176, 134, 88], accent: [60, 40, 28], thickness: 0.005, detail: LODS,
    collar: 'band', placket: { rows: 0, buttons: 5 }, hang: hang(6, 22, 0.035, 0.2),
  }),
  top_charcoal_suit_jacket: topRecipe({
    name: 'suit_jacket', sleeve: 35, hemRow: 3, flare: 0.004, chest: 0.02, ribbed: false, neckDepth: 1, fabric: 'wool', color: [58, 60, 66], accent: [120, 28, 40], thickness: 0.004, detail: LODS,
    lapels: { to: 20 }, placket: { rows: 0, buttons: 2 },
  }),
  // Bottoms.
  bottom_slim_blue_jeans: jeans('slim_jeans', [52, 78, 122]),
  bottom_dark_straight_jeans: bottomRecipe({ name: 'straight_jeans', waistRow: 13, length: 38, thigh: 0.015, knee: 0.025, hemEase: 0.009, cuffs: false, fabric: 'denim', color: [30, 38, 62], accent: [196, 140, 62], detail: LODS, fall: STRAIGHT }),
  bottom_khaki_chinos: trousers('chinos', 'cotton', [186, 164, 122]),
  bottom_charcoal_trousers: trousers('tailored_trousers', 'wool', [54, 56, 62]),
  bottom_grey_joggers: bottomRecipe({ name: 'knit_joggers', waistRow: 14, length: 37.5, thigh: 0.016, knee: 0.022, hemEase: 0.009, cuffs: true, fabric: 'knit', color: [92, 94, 100], accent: [80, 82, 88], detail: LODS }),
  bottom_chino_shorts: bottomRecipe({ name: 'chino_shorts', waistRow: 13, length: 12, thigh: 0.01, knee: 0.014, hemEase: 0.018, cuffs: false, fabric: 'cotton', color: [64, 84, 70], accent: [50, 66, 54], detail: LODS }),
  bottom_denim_shorts: bottomRecipe({ name: 'denim_shorts', waistRow: 13, length: 10, thigh: 0.009, knee: 0.012, hemEase: 0.014, cuffs: false, fabric: 'denim', color: [88, 120, 166], accent: [196, 140, 62], detail: LODS }),
  bottom_pleated_skirt: bottomRecipe({
    name: 'pleated_skirt', waistRow: 13, length: 0, thigh: 0, knee: 0, hemEase: 0, cuffs: false, fabric: 'wool', color: [40, 50, 86], accent: [40, 50, 86], detail: LODS,
    hang: hang(5, 12, 0.02, 0.12, 16),
  }),
  bottom_black_midi_skirt: bottomRecipe({
    name: 'midi_skirt', waistRow: 13, length: 0, thigh: 0, knee: 0, hemEase: 0, cuffs: false, fabric: 'cotton', color: [28, 28, 32], accent: [28, 28, 32], detail: LODS,
    hang: hang(5, 24, 0.018, 0.16),
  }),
  // Shoes.
  shoes_white_canvas_sneakers: shoeRecipe({ name: 'canvas_sneakers', collar: 36.5, sole: 0.02, shaft: 0.011, fabric: 'canvas', color: [238, 236, 230], accent: [40, 52, 92], detail: LODS, laces: true }),
  shoes_black_running_sneakers: shoeRecipe({ name: 'running_sneakers', collar: 36.8, sole: 0.026, shaft: 0.011, fabric: 'nylon', color: [36, 36, 40], accent: [200, 44, 40], detail: LODS, laces: true, rubber: [232, 230, 224] }),
  shoes_red_canvas_high_tops: shoeRecipe({ name: 'canvas_high_tops', collar: 33, sole: 0.022, shaft: 0.013, fabric: 'canvas', color: [170, 36, 40], accent: [236, 234, 228], detail: LODS, laces: true }),
  shoes_brown_leather_boots: shoeRecipe({ name: 'leather_boots', collar: 29.5, sole: 0.026, shaft: 0.019, fabric: 'leather', color: [92, 58, 36], accent: [70, 44, 28], detail: LODS, laces: true }),
  shoes_black_chelsea_boots: shoeRecipe({ name: 'chelsea_boots', collar: 31, sole: 0.02, shaft: 0.017, fabric: 'leather', color: [26, 24, 24], accent: [50, 48, 46], detail: LODS }),
  shoes_leather_derby: shoeRecipe({ name: 'leather_derby', collar: 37.6, sole: 0.012, shaft: 0.011, fabric: 'leather', color: [60, 34, 22], accent: [40, 24, 16], detail: LODS, laces: true, rubber: [34, 24, 18] }),
  shoes_tan_loafers: shoeRecipe({ name: 'leather_loafers', collar: 38.2, sole: 0.012, shaft: 0.01, fabric: 'leather', color: [150, 96, 56], accent: [110, 70, 40], detail: LODS, rubber: [70, 46, 30] }),
  shoes_leather_sandals: shoeRecipe({ name: 'leather_sandals', collar: 40, sole: 0.018, shaft: 0.004, fabric: 'leather', color: [120, 80, 50], accent: [90, 60, 38], detail: LODS, sandal: true, rubber: [168, 130, 92] }),
  shoes_hiking_boots: shoeRecipe({ name: 'hiking_boots', collar: 30.5, sole: 0.03, shaft: 0.02, fabric: 'leather', color: [120, 96, 66], accent: [60, 70, 52], detail: LODS, laces: true, rubber: [40, 36, 32] }),
} as const satisfies Record<string, GarmentRecipe>;

export type PersonaGarmentName = keyof typeof PERSONA_GARMENTS;

const g = PERSONA_GARMENTS;

/** The summer dress: a sleeveless cotton bodice down to the hip, its skirt to the knee (body_0.3's meta set wears it too). */
export const SUMMER_DRESS = topRecipe({
  name: 'summer_dress', sleeve: 0, hemRow: 5, flare: 0, chest: 0.008, ribbed: false, neckDepth: 3, fabric: 'cotton', color: [46, 96, 150], accent: [240, 238, 230], detail: LODS,
  hang: hang(5, 17, 0.02, 0.22),
});

/** Each persona recipe key → its garments, bottom first: the single items and the full outfits. */
export const PERSONA_RECIPES: Readonly<Record<string, readonly GarmentRecipe[]>> = {
  ...Object.fromEntries(Object.entries(PERSONA_GARMENTS).map(([name, recipe]) => [name, [recipe]])),
  persona_casual_tee_jeans: [g.bottom_slim_blue_jeans, g.shoes_white_canvas_sneakers, g.top_white_crew_tshirt],
  persona_office_shirt_chinos: [g.bottom_khaki_chinos, g.shoes_leather_derby, g.top_oxford_shirt],
  persona_business_suit: [g.bottom_charcoal_trousers, g.shoes_leather_derby, g.top_charcoal_suit_jacket],
  persona_winter_coat: [g.bottom_dark_straight_jeans, g.shoes_black_chelsea_boots, g.top_camel_long_coat],
  persona_summer_dress: [g.shoes_leather_sandals, SUMMER_DRESS],
  persona_sporty_hoodie: [g.bottom_grey_joggers, g.shoes_black_running_sneakers, g.top_grey_hoodie],
  persona_knit_and_pleats: [g.bottom_pleated_skirt, g.shoes_brown_leather_boots, g.top_cream_knit_sweater],
};
