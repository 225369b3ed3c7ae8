import type { Mask } from '../../analysis/types.js';

/**
 * The `metallic_map` additional texture: 0 everywhere. Everything on a head (skin, lips, the eyes'
 * cornea and sclera, teeth, hair) is a dielectric: it reflects a few per cent of light, untinted,
 * and its colour comes from light scattered beneath the surface, which is what metallic = 0 means
 * in a metallic-roughness (glTF PBR) material. A non-zero value would tint reflections with the
 * texture colour and darken the diffuse colour, as a metal does. The map exists so that engines
 * expecting one per material get one.
 *
 * ```ts
 * const jpeg = await encodeJpeg({ ...metallicMap(4096, 2048), channels: 1 });
 * ```
 */
export function metallicMap(width: number, height: number): Mask {
  if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0)) {
    throw new RangeError(`map size must be positive integers, got ${width}×${height}`);
  }
  return { width, height, channels: 1, data: new Uint8Array(width * height) };
}
