import { bottomRecipe, shoeRecipe, topRecipe } from './garments.js';
import type { GarmentRecipe } from './garmentRecipe.js';
import { PERSONA_GARMENTS, SUMMER_DRESS } from './personaRecipes.js';

/**
 * The garments of each outfit of the base and meta sets (library/outfits names them), bottom
 * first: layers are built in this order and each stands outside the one before where they overlap.
 * `detail` pairs are how finely each garment is cut at full and low-poly detail, chosen so that
 * each outfit meets its row of the spec's size table (tested).
 */
type Detail = GarmentRecipe['detail'];
const d = (full: [number, number], lowpoly: [number, number]): Detail => ({ full, lowpoly });

const sneakers = (detail: Detail, color: [number, number, number] = [236, 234, 228], accent: [number, number, number] = [38, 52, 92]) => shoeRecipe({
  name: 'canvas_sneakers', collar: 36.5, sole: 0.02, shaft: 0.011, fabric: 'canvas', color, accent, detail,
});
const boots = (detail: Detail) => shoeRecipe({
  name: 'leather_boots', collar: 29.5, sole: 0.026, shaft: 0.019, fabric: 'leather', color: [92, 58, 36], accent: [70, 44, 28], detail,
});

const BASE_RECIPES: Readonly<Record<string, readonly GarmentRecipe[]>> = {
  tshirt_jeans_sneakers: [
    bottomRecipe({ name: 'slim_jeans', waistRow: 13, length: 38, thigh: 0.012, knee: 0.017, hemEase: 0.007, cuffs: false, fabric: 'denim', color: [52, 78, 122], accent: [196, 140, 62], detail: d([3, 2], [1, 1]) }),
    sneakers(d([3, 2], [1, 1])),
    topRecipe({ name: 'crew_tshirt', sleeve: 9, hemRow: 6, flare: 0.007, chest: 0.011, ribbed: false, neckDepth: 2.2, fabric: 'cotton', color: [226, 226, 222], accent: [210, 210, 206], detail: d([3, 3], [1, 1]) }),
  ],
  tshirt_shorts_sneakers: [
    bottomRecipe({ name: 'chino_shorts', waistRow: 13, length: 12, thigh: 0.01, knee: 0.014, hemEase: 0.018, cuffs: false, fabric: 'cotton', color: [176, 156, 118], accent: [120, 100, 70], detail: d([3, 3], [1, 1]) }),
    sneakers(d([3, 2], [1, 1])),
    topRecipe({ name: 'crew_tshirt', sleeve: 9, hemRow: 6, flare: 0.007, chest: 0.011, ribbed: false, neckDepth: 2.2, fabric: 'cotton', color: [40, 70, 110], accent: [30, 56, 92], detail: d([3, 3], [1, 1]) }),
  ],
  sweater_chinos_boots: [
    bottomRecipe({ name: 'chinos', waistRow: 13, length: 38, thigh: 0.014, knee: 0.02, hemEase: 0.009, cuffs: false, fabric: 'cotton', color: [62, 66, 58], accent: [44, 46, 40], detail: d([3, 3], [1, 1]) }),
    boots(d([3, 3], [1, 1])),
    topRecipe({ name: 'knit_sweater', sleeve: 35, hemRow: 6, flare: 0.004, chest: 0.016, ribbed: true, neckDepth: 1.6, fabric: 'knit', color: [150, 36, 40], accent: [130, 30, 34], thickness: 0.004, detail: d([3, 3], [1, 1]) }),
  ],
  longsleeve_joggers_sneakers: [
    bottomRecipe({ name: 'knit_joggers', waistRow: 14, length: 37.5, thigh: 0.016, knee: 0.022, hemEase: 0.009, cuffs: true, fabric: 'knit', color: [70, 72, 78], accent: [60, 62, 68], detail: d([3, 2], [1, 1]) }),
    sneakers(d([2, 2], [1, 1]), [40, 40, 44], [180, 40, 36]),
    topRecipe({ name: 'longsleeve_top', sleeve: 35, hemRow: 6, flare: 0.005, chest: 0.012, ribbed: false, neckDepth: 2.2, fabric: 'cotton', color: [214, 200, 170], accent: [200, 186, 156], detail: d([2, 2], [1, 1]) }),
  ],
  tank_shorts_sneakers: [
    bottomRecipe({ name: 'denim_shorts', waistRow: 13, length: 10, thigh: 0.009, knee: 0.012, hemEase: 0.014, cuffs: false, fabric: 'denim', color: [88, 120, 166], accent: [196, 140, 62], detail: d([3, 3], [1, 1]) }),
    sneakers(d([3, 2], [1, 1])),
    topRecipe({ name: 'knit_tank', sleeve: 0, hemRow: 6, flare: 0.005, chest: 0.01, ribbed: true, neckDepth: 3.5, fabric: 'knit', color: [30, 30, 34], accent: [24, 24, 28], detail: d([3, 3], [1, 1]) }),
  ],
  sweatshirt_jeans_boots: [
    bottomRecipe({ name: 'dark_jeans', waistRow: 13, length: 38, thigh: 0.012, knee: 0.017, hemEase: 0.008, cuffs: false, fabric: 'denim', color: [34, 42, 68], accent: [196, 140, 62], detail: d([3, 2], [1, 1]) }),
    boots(d([3, 2], [1, 1])),
    topRecipe({ name: 'crew_sweatshirt', sleeve: 35, hemRow: 6, flare: 0.003, chest: 0.015, ribbed: true, neckDepth: 2.0, fabric: 'knit', color: [120, 128, 136], accent: [110, 118, 126], thickness: 0.0035, detail: d([2, 2], [1, 1]) }),
  ],
};

/**
 * A persona garment as a meta outfit wears it: the same cut, fabric and details, at this outfit's
 * detail (and a skirt's rings at its own step), in its own colours when given.
 */
function worn(recipe: GarmentRecipe, detail: Detail, changes: Partial<Pick<GarmentRecipe, 'color' | 'accent'>> & { step?: { full: number; lowpoly: number } } = {}): GarmentRecipe {
  const { step, ...colors } = changes;
  return { ...recipe, ...colors, detail, hang: recipe.hang && step ? { ...recipe.hang, step } : recipe.hang };
}

const p = PERSONA_GARMENTS;

/** The meta set: the garments the base set has not (a hoodie, a polo, a coat, a shirt, a dress, a jacket; trousers; loafers, derbies, sandals). */
const META_RECIPES: Readonly<Record<string, readonly GarmentRecipe[]>> = {
  hoodie_joggers_sneakers: [
    worn(p.bottom_grey_joggers, d([2, 2], [1, 1]), { color: [40, 42, 46], accent: [34, 36, 40] }),
    worn(p.shoes_black_running_sneakers, d([2, 2], [1, 1])),
    worn(p.top_grey_hoodie, d([2, 2], [1, 1])),
  ],
  polo_chinos_loafers: [
    worn(p.bottom_khaki_chinos, d([2, 2], [1, 1])),
    worn(p.shoes_tan_loafers, d([2, 1], [1, 1])),
    worn(p.top_navy_polo, d([2, 1], [1, 1])),
  ],
  coat_trousers_boots: [
    worn(p.bottom_charcoal_trousers, d([2, 2], [1, 1])),
    worn(p.shoes_black_chelsea_boots, d([2, 2], [1, 1])),
    worn(p.top_camel_long_coat, d([2, 2], [1, 1])),
  ],
  shirt_trousers_derbies: [
    worn(p.bottom_charcoal_trousers, d([2, 2], [1, 1]), { color: [38, 44, 62], accent: [38, 44, 62] }),
    worn(p.shoes_leather_derby, d([2, 2], [1, 1])),
    worn(p.top_oxford_shirt, d([2, 2], [1, 1]), { color: [236, 236, 232] }),
  ],
  dress_sandals: [
    worn(p.shoes_leather_sandals, d([2, 2], [1, 1])),
    worn(SUMMER_DRESS, d([4, 3], [1, 1])),
  ],
  jacket_jeans_boots: [
    worn(p.bottom_dark_straight_jeans, d([2, 2], [1, 1])),
    worn(p.shoes_brown_leather_boots, d([2, 2], [1, 1])),
    worn(p.top_black_zip_jacket, d([2, 2], [1, 1])),
  ],
};

/** Every body_0.3 outfit's garments, by the name of its full version. */
export const OUTFIT_RECIPES: Readonly<Record<string, readonly GarmentRecipe[]>> = { ...BASE_RECIPES, ...META_RECIPES };
