/** A rectangle of the eyelash texture that lashes grow up: u across, roots at `rootV`, tips towards `tipV`. */
export interface EyelashRegion {
  u: readonly [number, number];
  rootV: number;
  tipV: number;
}

/**
 * How the eyelash texture is laid out, shared by the texture that paints it and the cards that map
 * into it. Every lash grows up the image, its root below its tip (v = 0 is the top row, as in glTF),
 * so a card runs along v from its root to its tip.
 *
 * The upper three quarters hold single strands, one per slot, each the full height of the region:
 * the fine cards of LOD1 each show one, and their own length and curl make the lash. The bottom
 * strip is a fringe of many strands of uneven length across the whole width, for the broad cards of
 * LOD2 that stand for a whole row. The fringe is short on purpose: a broad card curls towards the
 * viewer, so it is seen foreshortened along v, and a tall region would be minified so far along v
 * that mipmapping blurs its strands together across u into one dark blob.
 *
 * ```ts
 * const [u0, u1] = strandSlot(3);
 * const { rootV, tipV } = EYELASH_ATLAS.strands;
 * ```
 */
export const EYELASH_ATLAS = {
  /** Slots of single strands, side by side across the strands' region. */
  strandSlots: 16,
  strands: { u: [0, 1], rootV: 0.73, tipV: 0.01 } as EyelashRegion,
  /** Clear of the strands' roots by enough texels that the coarser mipmap levels do not mix the two. */
  fringe: { u: [0, 1], rootV: 0.99, tipV: 0.77 } as EyelashRegion,
};

/** The u range of single-strand slot `k` (taken modulo the slot count). */
export function strandSlot(k: number): [number, number] {
  const { strandSlots, strands } = EYELASH_ATLAS;
  const w = (strands.u[1] - strands.u[0]) / strandSlots;
  const i = ((k % strandSlots) + strandSlots) % strandSlots;
  return [strands.u[0] + i * w, strands.u[0] + (i + 1) * w];
}
