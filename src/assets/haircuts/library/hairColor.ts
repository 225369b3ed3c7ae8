import type { Rgb } from '../../../analysis/types.js';

/**
 * The colour every artificial haircut texture is painted in: a neutral mid brown, neither warm nor
 * ashen, in the middle of the range of hair tones, so that `hair_color` (recolorRegion.ts, which
 * shifts the mean and keeps the strands' contrast) moves it to black or blond equally well.
 */
export const HAIR_BASE_COLOR: Readonly<Rgb> = { red: 112, green: 84, blue: 60 };
