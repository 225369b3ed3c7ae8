/**
 * persona_2.0's outfit sets, as the API names them (docs/outfits.md): `outfits_top`,
 * `outfits_bottom` and `outfits_shoes`, one garment each, and `persona`, full outfits. The export
 * sections of the same names choose from them (spec: one item per section; a full outfit takes the
 * place of a top and a bottom). Data only: assets/outfits builds the garments under the same names.
 */
export const PERSONA_OUTFIT_SETS = ['persona', 'outfits_top', 'outfits_bottom', 'outfits_shoes'] as const;
export type PersonaOutfitSet = (typeof PERSONA_OUTFIT_SETS)[number];

/** What an item takes the place of on the body. */
export type PersonaSlot = 'full' | 'top' | 'bottom' | 'shoes';

export interface PersonaOutfit {
  identity: string;
  set: PersonaOutfitSet;
  slot: PersonaSlot;
  description: string;
}

const ITEMS: Record<PersonaOutfitSet, readonly [string, string][]> = {
  outfits_top: [
    ['top_white_crew_tshirt', 'a white cotton crew-neck t-shirt'],
    ['top_oxford_shirt', 'a light blue oxford shirt: a collar, a button placket, long sleeves'],
    ['top_denim_shirt', 'a denim shirt with a collar, a button placket and long sleeves'],
    ['top_navy_polo', 'a navy knit polo: a ribbed collar and a two-button placket'],
    ['top_grey_hoodie', 'a grey knit hoodie: the hood folded on the back, drawstrings, a kangaroo pocket, ribbed cuffs and hem'],
    ['top_cream_knit_sweater', 'a cream knit sweater with ribbed collar, cuffs and hem'],
    ['top_black_zip_jacket', 'a black nylon zip jacket with a ribbed stand collar, cuffs and hem'],
    ['top_camel_long_coat', 'a long camel wool coat to below the knee, a stand collar and five buttons'],
    ['top_charcoal_suit_jacket', 'a charcoal wool suit jacket with lapels and two buttons, a white shirt and tie in its V'],
  ],
  outfits_bottom: [
    ['bottom_slim_blue_jeans', 'slim blue jeans'],
    ['bottom_dark_straight_jeans', 'dark straight-leg jeans'],
    ['bottom_khaki_chinos', 'khaki cotton chinos'],
    ['bottom_charcoal_trousers', 'charcoal wool suit trousers'],
    ['bottom_grey_joggers', 'grey knit joggers with ribbed cuffs'],
    ['bottom_chino_shorts', 'green chino shorts'],
    ['bottom_denim_shorts', 'denim shorts'],
    ['bottom_pleated_skirt', 'a navy wool pleated skirt above the knee'],
    ['bottom_black_midi_skirt', 'a black A-line midi skirt'],
  ],
  outfits_shoes: [
    ['shoes_white_canvas_sneakers', 'white canvas sneakers with laces'],
    ['shoes_black_running_sneakers', 'black running sneakers with red trim'],
    ['shoes_red_canvas_high_tops', 'red canvas high-top sneakers'],
    ['shoes_brown_leather_boots', 'brown leather lace-up boots'],
    ['shoes_black_chelsea_boots', 'black leather chelsea boots'],
    ['shoes_leather_derby', 'dark brown leather derby shoes'],
    ['shoes_tan_loafers', 'tan leather loafers'],
    ['shoes_leather_sandals', 'leather sandals: a sole and two straps'],
    ['shoes_hiking_boots', 'leather hiking boots with a chunky sole'],
  ],
  persona: [
    ['persona_casual_tee_jeans', 'a white t-shirt, slim blue jeans, white canvas sneakers'],
    ['persona_office_shirt_chinos', 'an oxford shirt, khaki chinos, derby shoes'],
    ['persona_business_suit', 'a charcoal suit (jacket and trousers), shirt and tie, derby shoes'],
    ['persona_winter_coat', 'a long camel coat, dark jeans, chelsea boots'],
    ['persona_summer_dress', 'a sleeveless blue summer dress to the knee, leather sandals'],
    ['persona_sporty_hoodie', 'a grey hoodie, grey joggers, running sneakers'],
    ['persona_knit_and_pleats', 'a cream knit sweater, a navy pleated skirt, leather boots'],
  ],
};

const SLOT: Record<PersonaOutfitSet, PersonaSlot> = { persona: 'full', outfits_top: 'top', outfits_bottom: 'bottom', outfits_shoes: 'shoes' };

export const PERSONA_OUTFITS: readonly PersonaOutfit[] = PERSONA_OUTFIT_SETS.flatMap((set) => ITEMS[set].map(([identity, description]) => ({ identity, set, slot: SLOT[set], description })));

export function personaOutfitSet(set: PersonaOutfitSet): PersonaOutfit[] {
  return PERSONA_OUTFITS.filter((o) => o.set === set);
}

const byIdentity = new Map(PERSONA_OUTFITS.map((o) => [o.identity, o]));

export function personaOutfitByIdentity(identity: string): PersonaOutfit | undefined {
  return byIdentity.get(identity);
}
