import { headTemplate } from '../../headTemplate.js';
import type { Image } from '../../../core/image.js';
import type { Haircut } from '../../../library/haircuts/haircut.js';
import { hairCap } from './hairCap.js';
import { HAIR_BASE_COLOR } from '../library/hairColor.js';
import { hairZone } from './hairZone.js';
import { paintCap } from './paintCap.js';
import { paintCardTiles, type StrandLayer } from './paintCardTiles.js';
import { hashString } from '../../../core/seededRandom.js';

/** Options of {@link artificialHaircutTexture}. */
export interface ArtificialHaircutTextureOptions {
  /** Width and height of the square texture, texels (the spec's haircut textures are 2048²). */
  size?: number;
}

export const ARTIFICIAL_HAIRCUT_TEXTURE_DEFAULTS: Required<ArtificialHaircutTextureOptions> = {
  size: 2048,
};

/**
 * The RGBA texture of an artificial haircut, laid out as hairAtlas.ts describes: strand tiles for
 * the cards (paintCardTiles.ts) and the cap disc with the style's hairline (paintCap.ts), in the
 * neutral base colour (hairColor.ts) for `hair_color` to recolour. Alpha is straight (not
 * premultiplied); transparent texels keep the base colour so that filtering does not darken the
 * strands' edges. The same on every head: the cap's hairline is taken from the head_2.0 head
 * template, whose scalp is every template's. Not cached (a 2048² texture is 16 MB): it is a static
 * file, made once per haircut and stored.
 *
 * ```ts
 * const texture = artificialHaircutTexture(haircut, { size: 1024 });   // channels: 4
 * ```
 */
export function artificialHaircutTexture(haircut: Haircut, options: ArtificialHaircutTextureOptions = {}): Image {
  const size = { ...ARTIFICIAL_HAIRCUT_TEXTURE_DEFAULTS, ...options }.size;
  return straightRgba(paintHaircutAtlas(haircut, size), size);
}

/**
 * The haircut's atlas as premultiplied RGBA floats (size × size × 4): its card tiles and its cap
 * disc. With `layer`, which strand is on top of each card texel (for the haircut maps).
 */
export function paintHaircutAtlas(haircut: Haircut, size: number, layer?: StrandLayer): Float32Array {
  const rgba = new Float32Array(size * size * 4);
  const seed = hashString(haircut.identity);
  paintCardTiles(rgba, size, haircut.style.strands, seed, layer);
  const template = headTemplate('head_2.0 head/mobile');
  paintCap(rgba, size, hairCap(template, hairZone(template, { recession: haircut.style.recession }), haircut.style), { seed });
  return rgba;
}

/** Premultiplied floats to straight 8-bit RGBA; transparent texels take the base colour, so that filtering does not darken edges. */
export function straightRgba(rgba: Float32Array, size: number): Image {
  const data = new Uint8Array(size * size * 4);
  const base = [HAIR_BASE_COLOR.red, HAIR_BASE_COLOR.green, HAIR_BASE_COLOR.blue];
  for (let i = 0; i < size * size; i++) {
    const a = rgba[i * 4 + 3];
    for (let c = 0; c < 3; c++) data[i * 4 + c] = a > 1e-3 ? Math.min(255, Math.round((rgba[i * 4 + c] / a) * 255)) : base[c];
    data[i * 4 + 3] = Math.round(Math.min(1, a) * 255);
  }
  return { width: size, height: size, channels: 4, data };
}
