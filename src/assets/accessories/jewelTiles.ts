import type { Finish } from '../../library/accessories/accessoryLibrary.js';
import type { TextureRegion } from './accessoryTexture.js';
import type { UvRect } from './partBuilder.js';

/** Where a jewel's metal and its stone (pearl, bead, band) go in its texture: earrings, necklaces, bracelets, rings. */
export const JEWEL_TILES: Record<'metal' | 'stone', UvRect> = { metal: [0.01, 0.01, 0.49, 0.99], stone: [0.51, 0.01, 0.99, 0.99] };

/** The two regions of a jewel's texture: its metal and its stone, pearl or band. */
export function jewelRegions(metal: Finish, stone: Finish | undefined): TextureRegion[] {
  return [
    { rect: JEWEL_TILES.metal, finish: metal, size: [0.02, 0.04] },
    { rect: JEWEL_TILES.stone, finish: stone ?? metal, size: [0.02, 0.04] },
  ];
}
