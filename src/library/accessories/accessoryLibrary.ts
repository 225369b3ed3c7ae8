/**
 * persona_2.0's accessories, as the API names them: the `persona` glasses set (spec: "persona_2.0
 * avatars also have a set of glasses (persona set, Enterprise)"), the creator's other export
 * template slots, `hats`, `earrings` and `necklaces`, and ours for its hand accessories panel,
 * `watches`, `bracelets` and `rings`. Data only: the catalogue validates names against it, and
 * assets/accessories builds and fits each one from its recipe.
 */
export const ACCESSORY_SLOTS = ['glasses', 'hats', 'earrings', 'necklaces', 'watches', 'bracelets', 'rings'] as const;
/** The slots the creator's hand accessories panel (`hands_accessories`) shows. */
export const HAND_SLOTS = ['watches', 'bracelets', 'rings'] as const satisfies readonly AccessorySlot[];
export type AccessorySlot = (typeof ACCESSORY_SLOTS)[number];

export type Rgb = readonly [number, number, number];

/** What a surface is made of, for the painter (assets/accessories/accessoryTexture.ts). */
export type Finish =
  | { kind: 'acetate'; color: Rgb; pattern?: 'solid' | 'tortoise' }
  | { kind: 'metal'; color: Rgb; brushed?: boolean }
  | { kind: 'pad'; color: Rgb }
  | { kind: 'knit'; color: Rgb }
  | { kind: 'twill'; color: Rgb; panels?: number }
  | { kind: 'felt'; color: Rgb }
  | { kind: 'grosgrain'; color: Rgb }
  | { kind: 'pearl'; color: Rgb }
  | { kind: 'gem'; color: Rgb }
  | { kind: 'velvet'; color: Rgb }
  | { kind: 'leather'; color: Rgb }
  | { kind: 'rubber'; color: Rgb }
  /** A watch dial: its colour, and the colour of its hour batons, minute track and hands. */
  | { kind: 'dial'; color: Rgb; marks: Rgb };

/** The outline of a lens, seen from the front (lensOutline.ts draws it). */
export type LensShape = 'rectangle' | 'round' | 'aviator' | 'cat_eye' | 'wayfarer' | 'oversized' | 'wrap';

export interface GlassesRecipe {
  shape: LensShape;
  /** Lens height over lens width. */
  aspect: number;
  /** `acetate`: a thick plastic rim; `wire`: a round metal wire; `browline`: acetate on top, wire below; `none`: rimless, drilled lenses. */
  rim: 'acetate' | 'wire' | 'browline' | 'none';
  /** Rim cross-section: across the front and from front to back, metres (a wire's diameter is the first). */
  rimSize: readonly [number, number];
  frame: Finish;
  /** Hinges, wires, pad arms and screws. */
  metal: Finish;
  /** The lens tint (RGB) and its opacity at the lens' top and bottom: a gradient when they differ. */
  tint: { color: Rgb; top: number; bottom: number };
  /** Radius of the front's curve round the face, metres: small for sport wraps. */
  wrap: number;
  /** The frame's width over the head's at the temples. */
  widthScale: number;
  /** Double bridge (aviators). */
  doubleBridge?: boolean;
  /** Nose pads on arms (metal frames), else the bridge sits on the nose itself. */
  nosePads: boolean;
  /** Temples: `acetate` flat bars or `wire` with plastic tips. */
  temples: 'acetate' | 'wire';
}

export type HatStyle = 'baseball_cap' | 'beanie' | 'fedora' | 'bucket_hat';

export interface HatRecipe {
  style: HatStyle;
  crown: Finish;
  /** The brim, visor, band or cuff. */
  trim: Finish;
}

export type EarringStyle = 'stud' | 'hoop' | 'drop';

export interface EarringRecipe {
  style: EarringStyle;
  /** Hoop diameter, drop length or stone size, metres. */
  size: number;
  metal: Finish;
  /** The stone or pearl. */
  stone?: Finish;
}

export type NecklaceStyle = 'chain' | 'pendant' | 'pearls' | 'choker';

export interface NecklaceRecipe {
  style: NecklaceStyle;
  /** How far the front hangs below the back of the neck, metres. */
  drop: number;
  /** Link, wire, pearl or band size, metres. */
  size: number;
  metal: Finish;
  /** Pearls, the pendant's stone, the choker's band. */
  accent?: Finish;
}

export interface WatchRecipe {
  /** The case's shape seen from above. */
  shape: 'round' | 'cushion';
  /** The case's width across, metres (without the crown). */
  size: number;
  /** Case, bezel, lugs, crown and hands. */
  metal: Finish;
  dial: Finish & { kind: 'dial' };
  /** A leather or rubber strap, or metal links (a bracelet). */
  strap: Finish;
  /** The strap's width, metres. */
  strapWidth: number;
}

export type BraceletStyle = 'bangle' | 'chain' | 'beads';

export interface BraceletRecipe {
  style: BraceletStyle;
  /** The bangle's wire, a link's length or a bead's diameter, metres. */
  size: number;
  metal: Finish;
  /** The beads. */
  accent?: Finish;
}

export type RingStyle = 'band' | 'solitaire' | 'signet';

export interface RingRecipe {
  style: RingStyle;
  /** The band's width along the finger, metres. */
  width: number;
  metal: Finish;
  /** The solitaire's stone. */
  stone?: Finish;
}

export type AccessoryRecipe =
  | { slot: 'glasses'; glasses: GlassesRecipe }
  | { slot: 'hats'; hat: HatRecipe }
  | { slot: 'earrings'; earring: EarringRecipe }
  | { slot: 'necklaces'; necklace: NecklaceRecipe }
  | { slot: 'watches'; watch: WatchRecipe }
  | { slot: 'bracelets'; bracelet: BraceletRecipe }
  | { slot: 'rings'; ring: RingRecipe };

export interface Accessory {
  identity: string;
  slot: AccessorySlot;
  description: string;
  recipe: AccessoryRecipe;
}

const GOLD: Finish = { kind: 'metal', color: [212, 175, 95] };
const SILVER: Finish = { kind: 'metal', color: [200, 202, 206] };
const GUNMETAL: Finish = { kind: 'metal', color: [92, 94, 100], brushed: true };
const CLEAR = { color: [236, 240, 242] as Rgb, top: 0.1, bottom: 0.1 };

const glasses = (identity: string, description: string, g: GlassesRecipe): Accessory => ({ identity, slot: 'glasses', description, recipe: { slot: 'glasses', glasses: g } });
const hat = (identity: string, description: string, h: HatRecipe): Accessory => ({ identity, slot: 'hats', description, recipe: { slot: 'hats', hat: h } });
const earring = (identity: string, description: string, e: EarringRecipe): Accessory => ({ identity, slot: 'earrings', description, recipe: { slot: 'earrings', earring: e } });
const necklace = (identity: string, description: string, n: NecklaceRecipe): Accessory => ({ identity, slot: 'necklaces', description, recipe: { slot: 'necklaces', necklace: n } });
const watch = (identity: string, description: string, w: WatchRecipe): Accessory => ({ identity, slot: 'watches', description, recipe: { slot: 'watches', watch: w } });
const bracelet = (identity: string, description: string, b: BraceletRecipe): Accessory => ({ identity, slot: 'bracelets', description, recipe: { slot: 'bracelets', bracelet: b } });
const ring = (identity: string, description: string, r: RingRecipe): Accessory => ({ identity, slot: 'rings', description, recipe: { slot: 'rings', ring: r } });
const STEEL: Finish = { kind: 'metal', color: [186, 188, 192], brushed: true };

export const ACCESSORIES: readonly Accessory[] = [
  glasses('rectangular_acetate', 'rectangular black acetate frames with clear lenses', {
    shape: 'rectangle', aspect: 0.62, rim: 'acetate', rimSize: [0.0042, 0.0052], frame: { kind: 'acetate', color: [22, 20, 22] }, metal: SILVER,
    tint: CLEAR, wrap: 0.11, widthScale: 1.02, nosePads: false, temples: 'acetate',
  }),
  glasses('round_metal', 'round thin gold wire frames with nose pads and clear lenses', {
    shape: 'round', aspect: 0.96, rim: 'wire', rimSize: [0.0012, 0.0012], frame: GOLD, metal: GOLD,
    tint: CLEAR, wrap: 0.14, widthScale: 0.97, nosePads: true, temples: 'wire',
  }),
  glasses('aviator_gradient', 'silver metal aviators with a double bridge and brown gradient tinted lenses', {
    shape: 'aviator', aspect: 0.84, rim: 'wire', rimSize: [0.0014, 0.0016], frame: SILVER, metal: SILVER,
    tint: { color: [70, 48, 30], top: 0.88, bottom: 0.35 }, wrap: 0.12, widthScale: 1.04, doubleBridge: true, nosePads: true, temples: 'wire',
  }),
  glasses('cat_eye_tortoise', 'tortoiseshell acetate cat-eye frames with upswept corners and clear lenses', {
    shape: 'cat_eye', aspect: 0.64, rim: 'acetate', rimSize: [0.0048, 0.0055], frame: { kind: 'acetate', color: [110, 62, 28], pattern: 'tortoise' }, metal: GOLD,
    tint: CLEAR, wrap: 0.11, widthScale: 1.02, nosePads: false, temples: 'acetate',
  }),
  glasses('browline_classic', 'browline frames: black acetate brows over a gunmetal wire rim, clear lenses', {
    shape: 'rectangle', aspect: 0.7, rim: 'browline', rimSize: [0.0055, 0.0055], frame: { kind: 'acetate', color: [28, 24, 22] }, metal: GUNMETAL,
    tint: CLEAR, wrap: 0.12, widthScale: 1.0, nosePads: true, temples: 'acetate',
  }),
  glasses('rimless_titanium', 'rimless drilled lenses on a thin titanium bridge and temples', {
    shape: 'rectangle', aspect: 0.58, rim: 'none', rimSize: [0.0011, 0.0011], frame: GUNMETAL, metal: GUNMETAL,
    tint: CLEAR, wrap: 0.13, widthScale: 0.98, nosePads: true, temples: 'wire',
  }),
  glasses('sport_wrap', 'sport wrap sunglasses: a matte black frame curved round the face with smoke tinted lenses', {
    shape: 'wrap', aspect: 0.5, rim: 'acetate', rimSize: [0.0036, 0.0065], frame: { kind: 'acetate', color: [30, 32, 36] }, metal: GUNMETAL,
    tint: { color: [26, 30, 34], top: 0.86, bottom: 0.8 }, wrap: 0.072, widthScale: 1.06, nosePads: false, temples: 'acetate',
  }),
  glasses('oversized_tinted', 'oversized rounded square acetate sunglasses with dark tinted lenses', {
    shape: 'oversized', aspect: 0.86, rim: 'acetate', rimSize: [0.0056, 0.006], frame: { kind: 'acetate', color: [16, 14, 16] }, metal: GOLD,
    tint: { color: [30, 26, 24], top: 0.9, bottom: 0.72 }, wrap: 0.1, widthScale: 1.12, nosePads: false, temples: 'acetate',
  }),
  glasses('wayfarer_sun', 'trapezoid wayfarer sunglasses in tortoiseshell with green tinted lenses', {
    shape: 'wayfarer', aspect: 0.74, rim: 'acetate', rimSize: [0.0055, 0.006], frame: { kind: 'acetate', color: [96, 52, 24], pattern: 'tortoise' }, metal: SILVER,
    tint: { color: [36, 54, 36], top: 0.86, bottom: 0.84 }, wrap: 0.11, widthScale: 1.04, nosePads: false, temples: 'acetate',
  }),
  hat('baseball_cap', 'a six-panel cotton twill baseball cap with a curved visor and a top button', {
    style: 'baseball_cap', crown: { kind: 'twill', color: [30, 46, 82], panels: 6 }, trim: { kind: 'twill', color: [30, 46, 82] },
  }),
  hat('knit_beanie', 'a rib-knit beanie with a folded cuff', {
    style: 'beanie', crown: { kind: 'knit', color: [150, 38, 34] }, trim: { kind: 'knit', color: [150, 38, 34] },
  }),
  hat('felt_fedora', 'a wool felt fedora with a pinched crown, a grosgrain band and a snap brim', {
    style: 'fedora', crown: { kind: 'felt', color: [86, 72, 58] }, trim: { kind: 'grosgrain', color: [28, 24, 22] },
  }),
  hat('bucket_hat', 'a cotton twill bucket hat with a sloping stitched brim', {
    style: 'bucket_hat', crown: { kind: 'twill', color: [196, 180, 148], panels: 0 }, trim: { kind: 'twill', color: [196, 180, 148], panels: 0 },
  }),
  earring('diamond_studs', 'brilliant-cut crystal studs in four-prong white gold settings', {
    style: 'stud', size: 0.0055, metal: SILVER, stone: { kind: 'gem', color: [236, 244, 255] },
  }),
  earring('gold_hoops', 'polished gold hoops, 26 mm across', { style: 'hoop', size: 0.026, metal: GOLD }),
  earring('small_silver_hoops', 'small silver huggie hoops, 14 mm across', { style: 'hoop', size: 0.014, metal: SILVER }),
  earring('pearl_drops', 'pearl drops hanging from gold studs', {
    style: 'drop', size: 0.03, metal: GOLD, stone: { kind: 'pearl', color: [240, 232, 220] },
  }),
  earring('emerald_drops', 'emerald drops on silver links', {
    style: 'drop', size: 0.038, metal: SILVER, stone: { kind: 'gem', color: [40, 150, 90] },
  }),
  necklace('gold_chain', 'a gold curb chain at the base of the neck', { style: 'chain', drop: 0.06, size: 0.0032, metal: GOLD }),
  necklace('silver_pendant', 'a fine silver chain with a round medallion pendant', {
    style: 'pendant', drop: 0.13, size: 0.0022, metal: SILVER, accent: { kind: 'gem', color: [70, 110, 190] },
  }),
  necklace('pearl_strand', 'a strand of 7 mm pearls with a gold clasp', {
    style: 'pearls', drop: 0.085, size: 0.007, metal: GOLD, accent: { kind: 'pearl', color: [242, 236, 226] },
  }),
  necklace('velvet_choker', 'a black velvet choker with a small gold charm', {
    style: 'choker', drop: 0.014, size: 0.01, metal: GOLD, accent: { kind: 'velvet', color: [18, 16, 20] },
  }),
  // Hand accessories: a watch on the left wrist, a bracelet on the right, a ring on the left ring finger.
  watch('classic_leather_watch', 'a round gold dress watch with a cream dial on a brown leather strap', {
    shape: 'round', size: 0.038, metal: GOLD, dial: { kind: 'dial', color: [236, 230, 214], marks: [40, 34, 28] },
    strap: { kind: 'leather', color: [92, 52, 28] }, strapWidth: 0.019,
  }),
  watch('steel_diver_watch', 'a brushed steel diver watch with a black dial on steel links', {
    shape: 'round', size: 0.041, metal: STEEL, dial: { kind: 'dial', color: [20, 22, 26], marks: [232, 232, 226] },
    strap: STEEL, strapWidth: 0.02,
  }),
  watch('sport_rubber_watch', 'a gunmetal cushion-case sports watch with a blue dial on a black rubber strap', {
    shape: 'cushion', size: 0.042, metal: GUNMETAL, dial: { kind: 'dial', color: [28, 52, 96], marks: [236, 238, 240] },
    strap: { kind: 'rubber', color: [22, 22, 24] }, strapWidth: 0.022,
  }),
  bracelet('gold_bangle', 'a polished gold bangle', { style: 'bangle', size: 0.0045, metal: GOLD }),
  bracelet('silver_curb_bracelet', 'a silver curb chain bracelet', { style: 'chain', size: 0.0042, metal: SILVER }),
  bracelet('onyx_bead_bracelet', 'a bracelet of polished 8 mm black onyx beads', {
    style: 'beads', size: 0.008, metal: SILVER, accent: { kind: 'gem', color: [26, 26, 30] },
  }),
  ring('gold_band', 'a plain polished gold wedding band', { style: 'band', width: 0.004, metal: GOLD }),
  ring('diamond_solitaire', 'a white gold ring with a brilliant-cut solitaire in four prongs', {
    style: 'solitaire', width: 0.0025, metal: SILVER, stone: { kind: 'gem', color: [236, 242, 250] },
  }),
  ring('silver_signet', 'a brushed silver signet ring with an oval face', { style: 'signet', width: 0.005, metal: { kind: 'metal', color: [200, 202, 206], brushed: true } }),
];

export function accessorySet(slot: AccessorySlot): Accessory[] {
  return ACCESSORIES.filter((a) => a.slot === slot);
}

const byIdentity = new Map(ACCESSORIES.map((a) => [a.identity, a]));

export function accessoryByIdentity(identity: string): Accessory | undefined {
  return byIdentity.get(identity);
}
