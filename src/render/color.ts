/**
 * sRGB ↔ linear light. Textures, vertex colours and frames are sRGB; lighting, filtering and blending are
 * done in linear light, where adding and averaging light is physically right (darker-than-real edges and
 * muddy terminators are what sRGB arithmetic gives).
 */

/** An RGB colour, sRGB components in [0, 1] (as a colour picker shows them). */
export type Rgb = readonly [number, number, number];
/** An RGBA colour: sRGB components and a straight (not premultiplied) alpha, all in [0, 1]. */
export type Rgba = readonly [number, number, number, number];

export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
}

/** Linear value of each 8-bit sRGB code. */
export const SRGB8_TO_LINEAR = new Float32Array(256);
for (let i = 0; i < 256; i++) SRGB8_TO_LINEAR[i] = srgbToLinear(i / 255);

/** Steps of the linear → 8-bit sRGB table: fine enough that neighbouring entries differ by at most one code. */
export const LINEAR_STEPS = 8192;

/** 8-bit sRGB code of linear value i / LINEAR_STEPS; index it with {@link linearToSrgb8}. */
export const LINEAR_TO_SRGB8 = new Uint8Array(LINEAR_STEPS + 1);
for (let i = 0; i <= LINEAR_STEPS; i++) LINEAR_TO_SRGB8[i] = Math.round(linearToSrgb(i / LINEAR_STEPS) * 255);

/** 8-bit sRGB code of a linear value, clamped to [0, 1]. */
export function linearToSrgb8(c: number): number {
  return c <= 0 ? 0 : c >= 1 ? 255 : LINEAR_TO_SRGB8[(c * LINEAR_STEPS + 0.5) | 0];
}

/** Steps of the sRGB → linear table for filtered (fractional) sRGB values. */
export const SRGB_STEPS = 1020;

/** Linear value of sRGB value i / SRGB_STEPS. */
export const SRGB_TO_LINEAR = new Float32Array(SRGB_STEPS + 1);
for (let i = 0; i <= SRGB_STEPS; i++) SRGB_TO_LINEAR[i] = srgbToLinear(i / SRGB_STEPS);
