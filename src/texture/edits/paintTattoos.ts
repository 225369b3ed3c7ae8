import sharp from 'sharp';
import type { Rgb } from '../../analysis/types.js';
import { checkRgbImage, type RgbImage } from '../../core/image.js';
import { tattooSvg, type TattooDesignName } from './tattooDesigns.js';

/**
 * One tattoo to ink: the design, where each texel it may touch lies in it, ink, strength, size.
 * The design is placed texel by texel rather than as a box on the texture because a body's UV
 * islands turn, shear and change density across a placement: the pipeline lays the design on the
 * body's surface in 3D and hands each texel its point of the design.
 */
export interface TattooInk {
  name: TattooDesignName;
  /** The texels the design may ink, as indices y × width + x: its placement's skin. */
  texels: Uint32Array;
  /** Per texel of `texels`, its point in the design at scale 1: x from the design's left, y from its top, 0…1 inside it. */
  at: Float32Array;
  color: Rgb;
  opacity: number;
  /** The design's side as a share of its size at scale 1, about its middle. */
  scale: number;
}

/**
 * `avatar.tattoos` (ours): each design rasterised from our SVG (tattooDesigns.ts) and sampled at
 * each texel's point of it, then multiplied into the skin: ink darkens the texel by the ink colour
 * rather than replacing it, so pores, shading and any skin recolour show through, as healed ink in
 * skin. Texels outside `texels` are never touched. Pure: a new texture.
 */
export async function paintTattoos(texture: RgbImage, tattoos: readonly TattooInk[]): Promise<RgbImage> {
  checkRgbImage(texture);
  const data = new Uint8Array(texture.data);
  for (const t of tattoos) {
    if (t.opacity <= 0 || t.scale <= 0) continue;
    const inside = (k: number) => {
      const x = 0.5 + (t.at[k * 2] - 0.5) / t.scale, y = 0.5 + (t.at[k * 2 + 1] - 0.5) / t.scale;
      return x > 0 && x < 1 && y > 0 && y < 1 ? [x, y] : null;
    };
    let covered = 0;
    for (let k = 0; k < t.texels.length; k++) if (inside(k)) covered++;
    if (!covered) continue;
    // About two raster pixels per texel across the design, so sampling never shows its pixels.
    const side = Math.min(2048, Math.max(16, Math.ceil(Math.sqrt(covered) * 2)));
    const ink = await sharp(Buffer.from(tattooSvg(t.name, side))).greyscale().raw().toBuffer();
    const { red, green, blue } = t.color;
    for (let k = 0; k < t.texels.length; k++) {
      const point = inside(k);
      if (!point) continue;
      const a = (sample(ink, side, point[0] * side, point[1] * side) / 255) * t.opacity;
      if (!a) continue;
      const o = t.texels[k] * 3;
      data[o] = Math.round(data[o] * (1 - a + (a * red) / 255));
      data[o + 1] = Math.round(data[o + 1] * (1 - a + (a * green) / 255));
      data[o + 2] = Math.round(data[o + 2] * (1 - a + (a * blue) / 255));
    }
  }
  return { ...texture, data };
}

/** Bilinear, at continuous pixel coordinates (pixel centres at +0.5), black outside. */
function sample(grey: Uint8Array, side: number, x: number, y: number): number {
  const fx = x - 0.5, fy = y - 0.5;
  const x0 = Math.floor(fx), y0 = Math.floor(fy), ax = fx - x0, ay = fy - y0;
  const at = (px: number, py: number) => (px < 0 || py < 0 || px >= side || py >= side ? 0 : grey[py * side + px]);
  return (at(x0, y0) * (1 - ax) + at(x0 + 1, y0) * ax) * (1 - ay) + (at(x0, y0 + 1) * (1 - ax) + at(x0 + 1, y0 + 1) * ax) * ay;
}
