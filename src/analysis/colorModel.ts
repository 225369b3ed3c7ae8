/**
 * A colour distribution as one Gaussian in RGB: what tells hair from skin when both vary in shade
 * (blond hair in sun and shadow spans more of RGB than its distance to the skin's mean). Written by
 * hand: a 3×3 covariance and its inverse are a few lines, not a dependency.
 */
export interface ColorModel {
  mean: [number, number, number];
  /** Inverse covariance, row-major 3×3. */
  inverse: Float64Array;
  /** log det of the covariance. */
  logDet: number;
}

/** Options of {@link colorModel}. */
export interface ColorModelOptions {
  /** Added to the covariance's diagonal (levels²): sensor noise, and a grey photo's flat chroma. */
  noise?: number;
  /** Squared Mahalanobis distance beyond which a sample is dropped before the second fit (eyes in a skin sample). */
  trim?: number;
}

export const COLOR_MODEL_DEFAULTS: Required<ColorModelOptions> = { noise: 36, trim: 11.3 };

/** The Gaussian of the colours of `pixels` (indices into interleaved RGB), fitted twice: outliers of the first fit are left out of the second. Null with fewer than 8 pixels. */
export function colorModel(rgb: Uint8Array, pixels: ArrayLike<number>, options: ColorModelOptions = {}): ColorModel | null {
  const o = { ...COLOR_MODEL_DEFAULTS, ...options };
  const first = fit(rgb, pixels, () => true, o.noise);
  if (!first) return null;
  return fit(rgb, pixels, (r, g, b) => mahalanobis2(first, r, g, b) <= o.trim, o.noise) ?? first;
}

/** −½ (Mahalanobis² + log det): comparable between models, higher is likelier. */
export function logLikelihood(model: ColorModel, r: number, g: number, b: number): number {
  return -0.5 * (mahalanobis2(model, r, g, b) + model.logDet);
}

export function mahalanobis2(model: ColorModel, r: number, g: number, b: number): number {
  const x = r - model.mean[0], y = g - model.mean[1], z = b - model.mean[2];
  const m = model.inverse;
  return x * (m[0] * x + m[1] * y + m[2] * z) + y * (m[3] * x + m[4] * y + m[5] * z) + z * (m[6] * x + m[7] * y + m[8] * z);
}

function fit(rgb: Uint8Array, pixels: ArrayLike<number>, keep: (r: number, g: number, b: number) => boolean, noise: number): ColorModel | null {
  let n = 0;
  const s = [0, 0, 0], ss = [0, 0, 0, 0, 0, 0]; // xx xy xz yy yz zz
  for (let k = 0; k < pixels.length; k++) {
    const p = pixels[k] * 3, r = rgb[p], g = rgb[p + 1], b = rgb[p + 2];
    if (!keep(r, g, b)) continue;
    n++;
    s[0] += r; s[1] += g; s[2] += b;
    ss[0] += r * r; ss[1] += r * g; ss[2] += r * b; ss[3] += g * g; ss[4] += g * b; ss[5] += b * b;
  }
  if (n < 8) return null;
  const mean: [number, number, number] = [s[0] / n, s[1] / n, s[2] / n];
  const c = [
    ss[0] / n - mean[0] * mean[0] + noise, ss[1] / n - mean[0] * mean[1], ss[2] / n - mean[0] * mean[2],
    ss[3] / n - mean[1] * mean[1] + noise, ss[4] / n - mean[1] * mean[2], ss[5] / n - mean[2] * mean[2] + noise,
  ];
  const [a, b, d, e, f, g] = c; // symmetric [[a b d] [b e f] [d f g]]
  const c00 = e * g - f * f, c01 = d * f - b * g, c02 = b * f - d * e;
  const det = a * c00 + b * c01 + d * c02;
  if (!(det > 0)) return null;
  const inverse = Float64Array.from([
    c00, c01, c02,
    c01, a * g - d * d, b * d - a * f,
    c02, b * d - a * f, a * e - b * b,
  ].map((v) => v / det));
  return { mean, inverse, logDet: Math.log(det) };
}
