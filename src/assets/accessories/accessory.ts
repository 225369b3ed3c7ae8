import type { Accessory, Finish, Rgb } from '../../library/accessories/accessoryLibrary.js';
import { accessoryTexture, lensTexture, type AccessoryMaps, type TextureRegion } from './accessoryTexture.js';
import { GLASSES_TILES } from './glasses.js';
import { hatRegions } from './hats.js';
import { jewelRegions } from './jewelTiles.js';
import { watchRegions } from './handAccessories.js';
import type { Image } from '../../core/image.js';

const withColor = (f: Finish, color: Rgb | null): Finish => (color ? { ...f, color } as Finish : f);

/**
 * The item with its main colour replaced (the export's `color`): a frame's, a hat's fabric, an
 * earring's stone (its metal when it has none), a necklace's pearls, stone or band, a watch's
 * dial, a bracelet's beads (its metal without), a ring's stone (its metal without).
 */
export function recoloured(item: Accessory, color: Rgb | null): Accessory {
  if (!color) return item;
  const r = item.recipe;
  switch (r.slot) {
    case 'glasses': return { ...item, recipe: { ...r, glasses: { ...r.glasses, frame: withColor(r.glasses.frame, color) } } };
    case 'hats': return { ...item, recipe: { ...r, hat: { ...r.hat, crown: withColor(r.hat.crown, color), trim: r.hat.style === 'fedora' ? r.hat.trim : withColor(r.hat.trim, color) } } };
    case 'earrings': return { ...item, recipe: { ...r, earring: r.earring.stone ? { ...r.earring, stone: withColor(r.earring.stone, color) } : { ...r.earring, metal: withColor(r.earring.metal, color) } } };
    case 'necklaces': return { ...item, recipe: { ...r, necklace: r.necklace.accent ? { ...r.necklace, accent: withColor(r.necklace.accent, color) } : { ...r.necklace, metal: withColor(r.necklace.metal, color) } } };
    case 'watches': return { ...item, recipe: { ...r, watch: { ...r.watch, dial: { ...r.watch.dial, color } } } };
    case 'bracelets': return { ...item, recipe: { ...r, bracelet: r.bracelet.accent ? { ...r.bracelet, accent: withColor(r.bracelet.accent, color) } : { ...r.bracelet, metal: withColor(r.bracelet.metal, color) } } };
    case 'rings': return { ...item, recipe: { ...r, ring: r.ring.stone ? { ...r.ring, stone: withColor(r.ring.stone, color) } : { ...r.ring, metal: withColor(r.ring.metal, color) } } };
  }
}

/** The regions of an item's texture and the finish that covers most of it (its material's factors when no metallic-roughness map is exported). */
export function accessoryRegions(item: Accessory): { regions: TextureRegion[]; main: Finish } {
  const r = item.recipe;
  switch (r.slot) {
    case 'glasses': {
      const g = r.glasses;
      const tip: Finish = g.frame.kind === 'metal' ? { kind: 'acetate', color: [34, 28, 24] } : g.frame;
      return {
        main: g.frame,
        regions: [
          { rect: GLASSES_TILES.frame, finish: g.frame, size: [0.16, 0.016] },
          { rect: GLASSES_TILES.metal, finish: g.metal, size: [0.1, 0.006] },
          { rect: GLASSES_TILES.pad, finish: { kind: 'pad', color: [150, 146, 136] }, size: [0.02, 0.02] },
          { rect: GLASSES_TILES.tip, finish: tip, size: [0.06, 0.01] },
        ],
      };
    }
    case 'hats': return { main: r.hat.crown, regions: hatRegions(r.hat) };
    case 'earrings': return { main: r.earring.metal, regions: jewelRegions(r.earring.metal, r.earring.stone) };
    case 'necklaces': return { main: r.necklace.accent && r.necklace.style !== 'pendant' ? r.necklace.accent : r.necklace.metal, regions: jewelRegions(r.necklace.metal, r.necklace.accent) };
    case 'watches': return { main: r.watch.metal, regions: watchRegions(r.watch) };
    case 'bracelets': return { main: r.bracelet.accent ?? r.bracelet.metal, regions: jewelRegions(r.bracelet.metal, r.bracelet.accent) };
    case 'rings': return { main: r.ring.metal, regions: jewelRegions(r.ring.metal, r.ring.stone) };
  }
}

/** The largest side an accessory's maps are painted at: small things, more than their pixels on screen (a hat 1024², the rest 512²). */
export const ACCESSORY_TEXTURE_SIDE = 1024;
const SMALL_TEXTURE_SIDE = 512;

const painted = new Map<string, AccessoryMaps>();

/**
 * An item's maps at `side` (at most {@link ACCESSORY_TEXTURE_SIDE}), painted once per process per
 * identity, colour and side: the same for every avatar.
 */
export function accessoryMaps(item: Accessory, side: number): AccessoryMaps {
  const s = Math.min(item.slot === 'hats' ? ACCESSORY_TEXTURE_SIDE : SMALL_TEXTURE_SIDE, side);
  const key = `${item.identity}:${JSON.stringify(item.recipe)}:${s}`;
  let maps = painted.get(key);
  if (!maps) {
    if (painted.size >= 16) painted.delete(painted.keys().next().value!);
    painted.set(key, (maps = accessoryTexture(accessoryRegions(item).regions, s)));
  }
  return maps;
}

/** A pair of glasses' lens Color (tint with alpha), or null for items without lenses. */
export function accessoryLensColor(item: Accessory): Image | null {
  return item.recipe.slot === 'glasses' ? lensTexture(item.recipe.glasses.tint) : null;
}
