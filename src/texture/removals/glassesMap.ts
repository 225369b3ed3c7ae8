import type { MainFace } from '../../analysis/types.js';
import type { Image } from '../../core/image.js';

/**
 * The eye region of a face resampled upright: u along the line through the iris centres, v down the
 * face, both in units of the eye distance / {@link GRID} (so every face is measured alike, whatever
 * its size and roll), origin midway between the irises. Holds the luminance, and the thin-line
 * responses glasses frames give: a frame is a line a few hundredths of the eye distance wide,
 * darker (or, metal in the light, brighter) than the skin on both sides of it.
 */
export interface EyeStrip {
  /** Samples per eye distance. */
  grid: number;
  width: number;
  height: number;
  /** u and v of sample (0, 0), in eye distances. */
  u0: number;
  v0: number;
  /** Luminance 0..255 per sample. */
  lum: Float32Array;
  /** Line response across v (horizontal lines: bridge, upper and lower rims), relative to the skin's luminance; negative for dark lines. */
  across: Float32Array;
  /** Line response across u (vertical lines: the rims' sides). */
  along: Float32Array;
  /** Photo position of strip coordinates (u, v) in eye distances. */
  toPhoto: (u: number, v: number) => [number, number];
  /** Strip coordinates (u, v), in eye distances, of a photo position. */
  toStrip: (x: number, y: number) => [number, number];
}

export const GRID = 60;
/** Half width of a frame line the responses look for, in samples (0.04 eye distances). */
const HALF = 2.5;

export function eyeStrip(photo: Image, face: Pick<MainFace, 'landmarks'>, skinLum: number): EyeStrip {
  const L = face.landmarks;
  const ax = L[468 * 3], ay = L[468 * 3 + 1], bx = L[473 * 3], by = L[473 * 3 + 1];
  const eyes = Math.hypot(bx - ax, by - ay) || 1;
  const ux = (bx - ax) / eyes, uy = (by - ay) / eyes, cx = (ax + bx) / 2, cy = (ay + by) / 2;
  const toPhoto = (u: number, v: number): [number, number] => [cx + (u * ux - v * uy) * eyes, cy + (u * uy + v * ux) * eyes];
  const toStrip = (x: number, y: number): [number, number] => [((x - cx) * ux + (y - cy) * uy) / eyes, (-(x - cx) * uy + (y - cy) * ux) / eyes];
  const u0 = -1.3, v0 = -0.7, width = Math.round(2.6 * GRID), height = Math.round(1.5 * GRID);
  const lum = new Float32Array(width * height);
  // Average the photo over each sample's footprint when the face is large, so fine skin texture does not alias.
  const step = eyes / GRID, taps = Math.max(1, Math.min(4, Math.round(step)));
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      let sum = 0;
      for (let a = 0; a < taps; a++) {
        for (let b = 0; b < taps; b++) {
          const [x, y] = toPhoto(u0 + (i + (a + 0.5) / taps - 0.5) / GRID, v0 + (j + (b + 0.5) / taps - 0.5) / GRID);
          sum += sample(photo, x, y);
        }
      }
      lum[j * width + i] = sum / (taps * taps);
    }
  }
  const across = new Float32Array(width * height), along = new Float32Array(width * height);
  const d = Math.round(2 * HALF), norm = Math.max(20, skinLum);
  for (let j = d; j < height - d; j++) {
    for (let i = d; i < width - d; i++) {
      const k = j * width + i;
      across[k] = (lum[k] - 0.5 * (lum[k - d * width] + lum[k + d * width])) / norm;
      along[k] = (lum[k] - 0.5 * (lum[k - d] + lum[k + d])) / norm;
    }
  }
  return { grid: GRID, width, height, u0, v0, lum, across, along, toPhoto, toStrip };
}

/** Bilinear luminance of the photo at a point (pixel i covers [i, i + 1)). */
function sample(photo: Image, x: number, y: number): number {
  const { width, height, channels, data } = photo;
  const sx = Math.min(width - 1, Math.max(0, x - 0.5)), sy = Math.min(height - 1, Math.max(0, y - 0.5));
  const ix = Math.min(width - 2, Math.floor(sx)), iy = Math.min(height - 2, Math.floor(sy));
  const fx = width > 1 ? sx - ix : 0, fy = height > 1 ? sy - iy : 0;
  const at = (px: number, py: number): number => {
    const o = (py * width + px) * channels;
    return channels >= 3 ? 0.3 * data[o] + 0.59 * data[o + 1] + 0.11 * data[o + 2] : data[o];
  };
  const x1 = Math.min(width - 1, ix + 1), y1 = Math.min(height - 1, iy + 1);
  return (at(ix, iy) * (1 - fx) + at(x1, iy) * fx) * (1 - fy) + (at(ix, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
}
