import sharp from 'sharp';
import type { Rgb } from '../../analysis/types.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { tattooSvg, type TattooDesignName } from './tattooDesigns.js';

/** One tattoo to ink: the design, its placement's texels (1 where the placement's skin is), ink, strength, size. */
export interface TattooInk {
  name: TattooDesignName;
  /** The placement as a texel mask of the texture's size (pipelines find it from the body's skinning). */
  area: Uint8Array;
  color: Rgb;
  opacity: number;
  /** The design's side as a share of the placement box's shorter side. */
  scale: number;
}

/**
 * `avatar.tattoos` (ours): each design rasterised from our SVG (tattooDesigns.ts) into the middle of
 * its placement's box and multiplied into the skin: ink darkens the texel by the ink colour rather
 * than replacing it, so pores, shading and any skin recolour show through, as healed ink in skin.
 * Texels outside the placement's area are never touched. Pure: a new texture.
 */
export async function paintTattoos(texture: RgbImage, tattoos: readonly TattooInk[]): Promise<RgbImage> {
  checkRgbImage(texture);
  const { width, height } = texture;
  const data = new Uint8Array(texture.data);
  for (const t of tattoos) {
    if (t.opacity <= 0) continue;
    let x0 = width, y0 = height, x1 = -1, y1 = -1;
    for (let i = 0; i < t.area.length; i++) {
      if (!t.area[i]) continue;
      const x = i % width, y = (i / width) | 0;
      if (x < x0) x0 = x; if (x > x1) x1 = x; if (y < y0) y0 = y; if (y > y1) y1 = y;
    }
    if (x1 < 0) continue;
    const size = Math.max(8, Math.round(Math.min(x1 - x0 + 1, y1 - y0 + 1) * t.scale * 0.9));
    const ink = await sharp(Buffer.from(tattooSvg(t.name, size))).greyscale().raw().toBuffer();
    const left = Math.round((x0 + x1 + 1 - size) / 2), top = Math.round((y0 + y1 + 1 - size) / 2);
    const { red, green, blue } = t.color;
    for (let y = 0; y < size; y++) {
      const ty = top + y;
      if (ty < 0 || ty >= height) continue;
      for (let x = 0; x < size; x++) {
        const tx = left + x, i = ty * width + tx;
        if (tx < 0 || tx >= width || !t.area[i]) continue;
        const a = (ink[y * size + x] / 255) * t.opacity;
        if (!a) continue;
        const o = i * 3;
        data[o] = Math.round(data[o] * (1 - a + (a * red) / 255));
        data[o + 1] = Math.round(data[o + 1] * (1 - a + (a * green) / 255));
        data[o + 2] = Math.round(data[o + 2] * (1 - a + (a * blue) / 255));
      }
    }
  }
  return { ...texture, data };
}
