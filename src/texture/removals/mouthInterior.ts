import { polygonPixels } from '../../analysis/raster.js';
import { LIPS_INNER } from '../../analysis/regions.js';
import type { Rgb } from '../../analysis/types.js';
import { column, contourAt, fromMouth, toMouth, type MouthClosing } from './mouthClosing.js';
import type { Image, TexelBox } from '../../core/image.js';
import type { BackwardMap } from './photoWarp.js';

/**
 * Tells the inside of an open mouth (teeth, the dark cavity) from the lips by colour: teeth are
 * brighter and greyer than the lips, the cavity much darker. In a grey photo nothing is saturated,
 * and teeth are told by brightness alone. Meant for pixels between the lips, where there is no skin.
 */
export function mouthInterior(lips: Rgb): (r: number, g: number, b: number) => boolean {
  const lipLum = luminance(lips.red, lips.green, lips.blue);
  const lipSat = saturation(lips.red, lips.green, lips.blue);
  return (r, g, b) => {
    const lum = luminance(r, g, b);
    if (lum < 0.55 * lipLum) return true;
    if (lum < lipLum + 15) return false;
    return lipSat < 0.1 ? lum > lipLum + 25 : saturation(r, g, b) < 0.75 * lipSat;
  };
}

/** Pixels inside the inner lip contour that are mouth interior. */
export function openingArea(photo: Image, landmarks: ArrayLike<number>, lips: Rgb): number {
  const polygon = LIPS_INNER.map((i): [number, number] => [landmarks[i * 3], landmarks[i * 3 + 1]]);
  const inside = mouthInterior(lips);
  let count = 0;
  for (const p of polygonPixels(polygon, photo.width, photo.height)) {
    if (inside(photo.data[p * 3], photo.data[p * 3 + 1], photo.data[p * 3 + 2])) count++;
  }
  return count;
}

/**
 * Tells lip from anything else in the mouth: as saturated as the lips (teeth, even in shadow, are
 * greyer) and not much darker. In a grey photo: no brighter than the lips (teeth are).
 */
export function lipLike(lips: Rgb): (r: number, g: number, b: number) => boolean {
  const lipLum = luminance(lips.red, lips.green, lips.blue);
  const lipSat = saturation(lips.red, lips.green, lips.blue);
  return (r, g, b) => {
    const lum = luminance(r, g, b);
    if (lum < 0.55 * lipLum) return false;
    return lipSat < 0.1 ? lum <= lipLum + 12 : saturation(r, g, b) >= 0.85 * lipSat;
  };
}

/**
 * Moves the inner lip edges of a closing to where the photo shows the lips end. Face-mesh inner lip
 * points are often a pixel or two off, inside the lips' red or on the teeth, and a closing along
 * them would leave a band of teeth between the lips or cut away lip. Column by column, an edge on
 * lip moves towards the other lip while the pixels stay lip; an edge off the lip moves into it until
 * they are lip (at most `reach` of the lip's thickness); then a little further into the lip for the
 * blur between teeth and lips. The edges are then smoothed along the mouth so the lips meet along a
 * clean line.
 */
export function fitLipEdges(c: MouthClosing, photo: Image, lips: Rgb, reach = 0.4): void {
  const isLip = lipLike(lips);
  const step = 0.5, margin = Math.max(0.75, 0.015 * c.frame.width);
  const lipAt = (u: number, v: number): boolean => {
    const [x, y] = fromMouth(c.frame, u, v);
    const px = Math.min(photo.width - 1, Math.max(0, Math.floor(x))), py = Math.min(photo.height - 1, Math.max(0, Math.floor(y)));
    const o = (py * photo.width + px) * photo.channels;
    return isLip(photo.data[o], photo.data[o + 1], photo.data[o + 2]);
  };
  /** The edge of the lip near `from`; `towards` is the other lip, `limit` how deep into this lip. */
  const edge = (u: number, from: number, towards: number, limit: number): number => {
    const dir = Math.sign(towards - from) || 1;
    let v = from;
    if (lipAt(u, v)) {
      while ((towards - (v + dir * step)) * dir > 0 && lipAt(u, v + dir * step)) v += dir * step;
    } else {
      while ((v - dir * step - limit) * dir > 0 && !lipAt(u, v - dir * step)) v -= dir * step;
    }
    // The photo blurs teeth into lips over a pixel or so: that blend goes too.
    return dir > 0 ? Math.max(limit, v - margin) : Math.min(limit, v + margin);
  };
  const n = c.upper.length / 2;
  for (let k = 1; k < n - 1; k++) {
    const u = c.upper[k * 2];
    const upper = c.upper[k * 2 + 1], lower = c.lower[k * 2 + 1];
    if (!(lower > upper)) continue;
    c.upper[k * 2 + 1] = edge(u, upper, lower, upper - reach * Math.max(0, upper - contourAt(c.upperOuter, u)));
    c.lower[k * 2 + 1] = edge(u, lower, upper, lower + reach * Math.max(0, contourAt(c.lowerOuter, u) - lower));
  }
  smoothContour(c.upper);
  smoothContour(c.lower);
}

/**
 * Draws the line where closed lips meet, in the photo after the closing (`toClosed` maps its pixels
 * back to where they were right after the closing, before any later warp): the lips' own colour
 * from just above and below it, darkened towards the line's middle, replacing what the closing put
 * there (any sliver of teeth left goes), fading out towards the corners. Closed lips show such a
 * line; without it they look fused.
 */
export function drawLipSeam(photo: Image, c: MouthClosing, box: TexelBox, toClosed: BackwardMap, darkness = 0.2): void {
  const { width, height, channels, data } = photo;
  const sigma = Math.max(0.8, 0.015 * c.frame.width), reachV = 2.5 * sigma;
  const full = 0.06 * c.frame.width;
  const sample = (u: number, v: number, ch: number): number => {
    const [x, y] = fromMouth(c.frame, u, v);
    const px = Math.min(width - 1, Math.max(0, Math.floor(x))), py = Math.min(height - 1, Math.max(0, Math.floor(y)));
    return data[(py * width + px) * channels + ch];
  };
  const seam: Array<[number, number[]]> = [];
  const closed = new Float64Array(2);
  for (let y = Math.max(0, box.y0); y <= Math.min(height - 1, box.y1); y++) {
    for (let x = Math.max(0, box.x0); x <= Math.min(width - 1, box.x1); x++) {
      if (!toClosed(x + 0.5, y + 0.5, closed)) { closed[0] = x + 0.5; closed[1] = y + 0.5; }
      const [u, v] = toMouth(c.frame, closed[0], closed[1]);
      const col = column(c, u);
      if (!col || Math.abs(v - col.meet) > reachV) continue;
      const d = (v - col.meet) / sigma;
      // Fully replaced along the line itself (any sliver of teeth goes), blended out beside it.
      const weight = Math.min(1, (col.lower - col.upper) / full) * Math.min(1, 1.6 * Math.exp(-d * d));
      const shade = 1 - darkness * Math.exp(-d * d);
      const colour = [0, 1, 2].map((ch) => shade * 0.5 * (sample(u, col.meet - 2.5 * sigma, ch) + sample(u, col.meet + 2.5 * sigma, ch)));
      seam.push([(y * width + x) * channels, colour.map((value, ch) => data[(y * width + x) * channels + ch] * (1 - weight) + value * weight)]);
    }
  }
  // Written after all are computed, so that no seam pixel is sampled as a lip colour.
  for (const [o, colour] of seam) for (let ch = 0; ch < 3; ch++) data[o + ch] = Math.round(colour[ch]);
}

/**
 * Smooths a contour's v: a running median over five samples (a column where a tooth gap or a lip
 * shadow sent the edge astray follows its neighbours), then [1 2 1]/4 twice. The end points (the
 * mouth corners) stay.
 */
function smoothContour(contour: Float64Array): void {
  const n = contour.length / 2;
  const v = new Float64Array(n);
  for (let k = 0; k < n; k++) v[k] = contour[k * 2 + 1];
  for (let k = 2; k < n - 2; k++) contour[k * 2 + 1] = [v[k - 2], v[k - 1], v[k], v[k + 1], v[k + 2]].sort((a, b) => a - b)[2];
  for (let p = 0; p < 2; p++) {
    for (let k = 0; k < n; k++) v[k] = contour[k * 2 + 1];
    for (let k = 1; k < n - 1; k++) contour[k * 2 + 1] = 0.25 * v[k - 1] + 0.5 * v[k] + 0.25 * v[k + 1];
  }
}

function luminance(r: number, g: number, b: number): number {
  return 0.3 * r + 0.59 * g + 0.11 * b;
}

function saturation(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  return max > 0 ? (max - Math.min(r, g, b)) / max : 0;
}
