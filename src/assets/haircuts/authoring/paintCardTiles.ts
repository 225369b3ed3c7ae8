import { CARD_TILES, cardTile } from './hairAtlas.js';
import { HAIR_BASE_COLOR } from '../library/hairColor.js';
import type { HaircutStyle } from '../../../library/haircuts/haircutStyle.js';
import { seededRandom } from '../../../core/seededRandom.js';

/** Strand looks per texture character: width (texels at 2048), lateral swing (fraction of the tile) and cycles down the tile. */
const CHARACTER: Record<HaircutStyle['strands'], { width: number; swing: number; cycles: number; spacing: number }> = {
  fine: { width: 1.4, swing: 0.01, cycles: 2, spacing: 1.6 },
  straight: { width: 2, swing: 0.012, cycles: 2, spacing: 2 },
  wavy: { width: 2.2, swing: 0.05, cycles: 5, spacing: 2 },
  curly: { width: 3, swing: 0.06, cycles: 12, spacing: 1.1 },
  coarse: { width: 3.2, swing: 0.02, cycles: 3, spacing: 2.6 },
};

/**
 * Paints the card tiles of a haircut atlas (hairAtlas.ts) into premultiplied RGBA floats: per tile,
 * strands running down from the root (top) and ending at scattered tips near the bottom, denser in
 * the middle of the tile than at its edges so that a card's sides and end fade out in alpha; each
 * strand a little lighter or darker than the base colour, darker towards the root as hair is in
 * its own shade there. `rgba` is size × size × 4.
 *
 * ```ts
 * paintCardTiles(rgba, 2048, 'wavy', seed);
 * ```
 */
/**
 * Per texel (size × size), which strand is on top there, as the haircut maps need it
 * (haircutMaps.ts): its coverage, an identity 1..255 (0: none) and its depth among the tile's
 * strands, 0 in front (painted last) to 255 at the back.
 */
export interface StrandLayer {
  cover: Float32Array;
  id: Uint8Array;
  depth: Uint8Array;
}

export function paintCardTiles(rgba: Float32Array, size: number, character: HaircutStyle['strands'], seed: number, layer?: StrandLayer): void {
  const look = CHARACTER[character];
  const scale = size / 2048;
  const base = [HAIR_BASE_COLOR.red, HAIR_BASE_COLOR.green, HAIR_BASE_COLOR.blue].map((c) => c / 255);
  for (let k = 0; k < CARD_TILES; k++) {
    const random = seededRandom(seed + k * 7919);
    const tile = cardTile(k);
    const x0 = Math.round(tile.u0 * size), x1 = Math.round(tile.u1 * size);
    const y0 = Math.round(tile.v0 * size), y1 = Math.round(tile.v1 * size);
    const w = x1 - x0, h = y1 - y0;
    const strands = Math.round((w / (look.spacing * scale)) * 1.6);
    for (let s = 0; s < strands; s++) {
      // A bell-shaped spread across the tile: the card's edges are sparse.
      const across = (random() + random() + random()) / 3;
      const centre = x0 + w * (0.06 + 0.88 * across);
      const edge = Math.abs(across - 0.5) * 2;
      const start = y0 + h * 0.03 * random();
      // Most strands run to the tile's last stretch, so that a short card (which shows only the
      // tile's lower part, see hairCards.ts) is as full as a long one; a few end early.
      const end = y0 + h * (0.98 - (0.04 + 0.1 * edge) * random() - (random() < 0.12 ? 0.4 * random() : 0));
      const half = 0.5 * look.width * scale * (0.7 + 0.6 * random());
      const swing = look.swing * w * (0.6 + 0.8 * random());
      const phase = random() * 2 * Math.PI;
      const cycles = look.cycles * (0.8 + 0.4 * random());
      const shade = 0.72 + 0.5 * random() ** 1.5 + (random() < 0.06 ? 0.25 : 0);
      // Drawn after the strand's own numbers, so that the texture is the same with or without a layer.
      const id = 1 + ((s * 97 + k * 31) % 255), depth = Math.round(255 * (1 - (s + 1) / strands));
      for (let y = Math.floor(start); y < end; y++) {
        const v = (y - y0) / h;
        const tip = Math.min(1, (end - y) / (0.05 * h));
        // Strands gather towards the card's middle near their tips, as hair clumps.
        const cx = centre + (x0 + w / 2 - centre) * 0.25 * v * v + swing * Math.sin(phase + 2 * Math.PI * cycles * v);
        const width = half * (0.5 + 0.5 * tip);
        const darken = 0.82 + 0.18 * Math.min(1, v / 0.5);
        for (let x = Math.max(x0, Math.floor(cx - width - 1)); x <= Math.min(x1 - 1, Math.ceil(cx + width + 1)); x++) {
          const a = Math.min(1, Math.max(0, width + 0.5 - Math.abs(x + 0.5 - cx))) * Math.min(1, 0.3 + tip);
          if (a <= 0) continue;
          const i = (y * size + x) * 4;
          if (layer && a >= layer.cover[i >> 2]) {
            layer.cover[i >> 2] = a;
            layer.id[i >> 2] = id;
            layer.depth[i >> 2] = depth;
          }
          const keep = 1 - a;
          for (let c = 0; c < 3; c++) rgba[i + c] = base[c] * shade * darken * a + rgba[i + c] * keep;
          rgba[i + 3] = a + rgba[i + 3] * keep;
        }
      }
    }
  }
}
