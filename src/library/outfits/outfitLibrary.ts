/**
 * The artificial outfits, as the API names them: body_0.3's `base` set and its `base_lowpoly`
 * twin (the same garments, cut coarser). Each identity's vertex and face counts are the spec's
 * table's row for its place in the set. Data only: the catalogue validates names against it, and
 * assets/outfits builds the garments.
 */
export type OutfitSetName = 'base' | 'base_lowpoly';

export interface Outfit {
  identity: string;
  set: OutfitSetName;
  /** Its row in the spec's table of outfit mesh sizes. */
  index: number;
  /** The outfit of the full set it is a coarser cut of (base_lowpoly), or itself. */
  garments: string;
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

/** Spec, "Outfit mesh sizes": vertices/faces per row. */
const SIZES: Record<OutfitSetName, readonly [number, number][]> = {
  base: [[29815, 51616], [21426, 39312], [32570, 60102], [24655, 42832], [17830, 30383], [27715, 48362]],
  base_lowpoly: [[6186, 8880], [2872, 4270], [4252, 6844], [4983, 6626], [4518, 6270], [5875, 9017]],
};

export const OUTFITS: readonly Outfit[] = (['base', 'base_lowpoly'] as const).flatMap((set) => BASE.map(([name, description], index) => ({
  identity: set === 'base' ? name : `${name}_lowpoly`,
  set,
  index,
  garments: name,
  vertices: SIZES[set][index][0],
  faces: SIZES[set][index][1],
  description: set === 'base' ? description : `${description}, cut for low-poly targets`,
})));

export function outfitSet(set: OutfitSetName): Outfit[] {
  return OUTFITS.filter((o) => o.set === set);
}

const byIdentity = new Map(OUTFITS.map((o) => [o.identity, o]));

export function outfitByIdentity(identity: string): Outfit | undefined {
  return byIdentity.get(identity);
}
