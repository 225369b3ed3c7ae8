import { checkImage, type Image, type TexelBox } from '../../core/image.js';

/**
 * A backward map of a photo edit: for the output pixel whose centre is at (x, y) (photo pixels, as
 * the face landmarks: pixel i covers [i, i + 1)), writes into `source` where in the original photo
 * its colour comes from. Returns false where the edit leaves the pixel as it was.
 */
export type BackwardMap = (x: number, y: number, source: Float64Array) => boolean;

/**
 * Resamples the pixels of `box` through a backward map, bilinearly, edges clamped. A backward map
 * (output → source) leaves no holes, unlike pushing source pixels forward. Pixels outside the box,
 * and inside it where the map says unchanged, are copied byte for byte, so a local edit leaves the
 * rest of the photo exactly as it was. Returns the new photo and how many pixels changed value.
 *
 * ```ts
 * const { photo: edited, changed } = warpPhoto(photo, mouthBox, closeMouth);
 * ```
 */
export function warpPhoto(photo: Image, box: TexelBox, map: BackwardMap): { photo: Image; changed: number } {
  checkImage(photo, 'the photo');
  const { width, height, channels, data } = photo;
  const out = data.slice();
  const source = new Float64Array(2);
  let changed = 0;
  const x0 = Math.max(0, box.x0), x1 = Math.min(width - 1, box.x1), y0 = Math.max(0, box.y0), y1 = Math.min(height - 1, box.y1);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      if (!map(x + 0.5, y + 0.5, source)) continue;
      const sx = Math.min(width - 1, Math.max(0, source[0] - 0.5)), sy = Math.min(height - 1, Math.max(0, source[1] - 0.5));
      const ix = Math.min(width - 2, Math.floor(sx)), iy = Math.min(height - 2, Math.floor(sy));
      const ax = width > 1 ? sx - ix : 0, ay = height > 1 ? sy - iy : 0;
      const i00 = (iy * width + ix) * channels;
      const i10 = width > 1 ? i00 + channels : i00, i01 = height > 1 ? i00 + width * channels : i00, i11 = i01 + (i10 - i00);
      const o = (y * width + x) * channels;
      let differs = false;
      for (let c = 0; c < channels; c++) {
        const top = data[i00 + c] + (data[i10 + c] - data[i00 + c]) * ax;
        const bottom = data[i01 + c] + (data[i11 + c] - data[i01 + c]) * ax;
        const v = Math.round(top + (bottom - top) * ay);
        if (v !== out[o + c]) differs = true;
        out[o + c] = v;
      }
      if (differs) changed++;
    }
  }
  return { photo: { width, height, channels, data: out }, changed };
}

/**
 * Where a point of the original photo ends up after the edit: the p with map(p) = q, found by the
 * fixed-point iteration p ← p + q − map(p), which converges for any smooth warp whose displacement
 * changes more slowly than position (no fold-over), as every warp here does.
 */
export function forwardPoint(map: BackwardMap, x: number, y: number): [number, number] {
  const source = new Float64Array(2);
  let px = x, py = y;
  for (let i = 0; i < 40; i++) {
    // Where the map leaves a pixel alone it is the identity.
    if (!map(px, py, source)) { source[0] = px; source[1] = py; }
    const ex = x - source[0], ey = y - source[1];
    px += ex;
    py += ey;
    if (ex * ex + ey * ey < 1e-6) break;
  }
  return [px, py];
}
