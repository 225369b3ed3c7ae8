/**
 * The artificial outfits, as the API names them: body_0.3's `base` and `meta` sets and their
 * `base_lowpoly` and `meta_lowpoly` twins (the same garments, cut coarser). Each identity's vertex
 * and face counts are the spec's table's row for its place in the set. Data only: the catalogue
 * validates names against it, and assets/outfits builds the garments.
 */
export type OutfitSetName = 'base' | 'base_lowpoly' | 'meta' | 'meta_lowpoly';

export interface Outfit {
  identity: string;
  set: OutfitSetName;
  /** Its row in the spec's table of outfit mesh sizes. */
  index: number;
  /** The outfit of the full set it is a coarser cut of (a `_lowpoly` set), or itself. */
  garments: string;
  /** How finely its garments are cut: `lowpoly` in the `_lowpoly` sets. */
  detail: 'full' | 'lowpoly';
  /** Spec: vertices and faces. */
  vertices: number;
  faces: number;
  description: string;
}

/** The base set's outfits in the spec table's order, with what they are. */
const BASE: readonly [string, string][] = [
  ['tshirt_jeans_sneakers', 'a cotton crew-neck t-shirt, slim blue jeans and canvas sneakers'],
  ['tshirt_shorts_sneakers', 'a cotton t-shirt, chino shorts and canvas sneakers'],
  ['sweater_chinos_boots', 'a ribbed knit sweater, cotton chinos and leather boots'],
  ['longsleeve_joggers_sneakers', 'a long-sleeved cotton top, knit joggers with cuffs and canvas sneakers'],
  ['tank_shorts_sneakers', 'a knit tank top, denim shorts and canvas sneakers'],
  ['sweatshirt_jeans_boots', 'a knit sweatshirt, dark jeans and leather boots'],
];

/** The meta set's outfits in the spec table's order: garments the base set has not. */
const META: readonly [string, string][] = [
  ['hoodie_joggers_sneakers', 'a knit hoodie with its hood, drawstrings and kangaroo pocket, knit joggers and running sneakers'],
  ['dress_sandals', 'a sleeveless cotton summer dress to the knee and leather sandals'],
  ['coat_trousers_boots', 'a long wool coat with a stand collar and buttons, wool trousers and leather chelsea boots'],
  ['shirt_trousers_derbies', 'a cotton oxford shirt with a collar and button placket, wool trousers and leather derby shoes'],
  ['polo_chinos_loafers', 'a knit polo shirt with a ribbed collar and two buttons, cotton chinos and leather loafers'],
  ['jacket_jeans_boots', 'a nylon zip jacket with a stand collar, straight jeans and lace-up leather boots'],
];

/** Spec, "Outfit mesh sizes": vertices/faces per row. */
const SIZES: Record<OutfitSetName, readonly [number, number][]> = {
  base: [[29815, 51616], [21426, 39312], [32570, 60102], [24655, 42832], [17830, 30383], [27715, 48362]],
  base_lowpoly: [[6186, 8880], [2872, 4270], [4252, 6844], [4983, 6626], [4518, 6270], [5875, 9017]],
  meta: [[26840, 46147], [21576, 39312], [29341, 54090], [23427, 40894], [15345, 25105], [23123, 40524]],
  meta_lowpoly: [[6222, 9006], [2961, 4432], [4295, 6885], [5197, 6995], [4700, 6548], [5884, 9019]],
};

/** The sets in the spec's order, each full set followed by its low-poly twin. */
export const OUTFIT_SETS: readonly OutfitSetName[] = ['base', 'base_lowpoly', 'meta', 'meta_lowpoly'];

const OUTFITS_OF: Record<OutfitSetName, readonly [string, string][]> = { base: BASE, base_lowpoly: BASE, meta: META, meta_lowpoly: META };

export const OUTFITS: readonly Outfit[] = OUTFIT_SETS.flatMap((set) => OUTFITS_OF[set].map(([name, description], index) => {
  const lowpoly = set.endsWith('_lowpoly');
  return {
    identity: lowpoly ? `${name}_lowpoly` : name,
    set,
    index,
    garments: name,
    detail: lowpoly ? 'lowpoly' as const : 'full' as const,
    vertices: SIZES[set][index][0],
    faces: SIZES[set][index][1],
    description: lowpoly ? `${description}, cut for low-poly targets` : description,
  };
}));

export function outfitSet(set: OutfitSetName): Outfit[] {
  return OUTFITS.filter((o) => o.set === set);
}

const byIdentity = new Map(OUTFITS.map((o) => [o.identity, o]));

export function outfitByIdentity(identity: string): Outfit | undefined {
  return byIdentity.get(identity);
}
