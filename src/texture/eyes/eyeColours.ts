import type { FaceColors, Rgb } from '../../analysis/types.js';

/** Options of {@link eyeColours}. */
export interface EyeColoursOptions {
  /** Least luma (0..255) of the sclera: a white of the eye measured in shadow is lifted to this. */
  minScleraLuma?: number;
  /** Most saturation ((max − min) / max) of the sclera: a measured one tinted by skin or lids is pulled to grey to this. */
  maxScleraSaturation?: number;
  /** Most luma of the iris, as a fraction of the sclera's: an iris is always darker than the white around it. */
  maxIrisLuma?: number;
}

export const EYE_COLOURS_DEFAULTS: Required<EyeColoursOptions> = {
  minScleraLuma: 175,
  maxScleraSaturation: 0.1,
  maxIrisLuma: 0.6,
};

/**
 * The sclera and iris colours parametric eyes get when none are asked for: the analysis' measured
 * `colors.sclera` and `colors.iris`, made plausible. On a small or shadowed face the measurement is
 * a few pixels mixed with lids and lashes (a brown "white", an iris lighter than it); such colours are
 * lifted, desaturated or darkened just enough to pass, and measured colours that already look like
 * an eye are returned as they are. Colours a client gives (`eye_sclera_color`, `eye_iris_color`)
 * are used as given, not passed through this.
 *
 * ```ts
 * const { iris, sclera } = eyeColours(analysis.colors);
 * const eyes = parametricEyes(texture, layout, { iris: requested.iris ?? iris, sclera: requested.sclera ?? sclera });
 * ```
 */
export function eyeColours(colors: Pick<FaceColors, 'iris' | 'sclera'>, options: EyeColoursOptions = {}): { iris: Rgb; sclera: Rgb } {
  const o = { ...EYE_COLOURS_DEFAULTS, ...options };
  let sclera = [colors.sclera.red, colors.sclera.green, colors.sclera.blue];
  const scleraLuma = luma(sclera);
  if (scleraLuma < o.minScleraLuma) sclera = sclera.map((v) => v * (o.minScleraLuma / Math.max(1, scleraLuma)));
  const max = Math.max(...sclera), min = Math.min(...sclera);
  if (max > 0 && (max - min) / max > o.maxScleraSaturation) {
    // Towards its own grey g (the luma stays) by the k that solves k·(max − min) / (g + k·(max − g)) = S.
    const grey = luma(sclera), S = o.maxScleraSaturation;
    const k = (S * grey) / (max - min - S * (max - grey));
    sclera = sclera.map((v) => grey + (v - grey) * k);
  }
  let iris = [colors.iris.red, colors.iris.green, colors.iris.blue];
  const irisMax = o.maxIrisLuma * luma(sclera);
  if (luma(iris) > irisMax) iris = iris.map((v) => v * (irisMax / luma(iris)));
  return { iris: rgb(iris), sclera: rgb(sclera) };
}

const luma = (c: number[]): number => 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2];
const rgb = (c: number[]): Rgb => {
  const [red, green, blue] = c.map((v) => Math.min(255, Math.max(0, Math.round(v))));
  return { red, green, blue };
};
