import type { Mask, Rgb } from '../../../analysis/types.js';
import type { PhotoCamera } from '../../../core/camera.js';
import type { Image, RgbImage } from '../../../core/image.js';
import type { Mesh } from '../../../core/mesh.js';
import { texelTriangle, triangleRows } from '../../../texture/bake/texelTriangle.js';
import { gutter } from '../../../texture/filters/gutter.js';
import type { UvBox } from '../../headMouthShape.js';
import { hairLength, type HairSide } from '../generated/hairLength.js';
import { strandAt, strandNoise } from './hairStrands.js';

/** What the curtain's own texels are painted from. */
export interface CurtainTextureInput {
  /** The texture the curtain's strip is painted into, in place (the head's, its hair already painted). */
  texture: RgbImage;
  /** Per texel of `texture`, how much it is hair (0..255): the strip's texels become hair, in place. */
  mask: Mask;
  /** The curtain, its UVs in `strip` (hairCurtain with a strip), in the head frame. */
  curtain: Mesh;
  strip: UvBox;
  /**
   * The fit's camera (head frame → photo), the photo, its hair region and the analysis' hair colour:
   * what hairCurtain measured the hair's length on, so that the same pixels count as hair.
   */
  camera: PhotoCamera;
  photo: Image;
  hair: Mask;
  color: Rgb;
  /** The cap's own hair colour (hairTexture's measured look): where the curtain comes out from under the cap, and the fallback. */
  cap: Rgb;
  /** Photo width and height the camera projects into (the analysis'). */
  width: number;
  height: number;
  /** Strand contrast, relative luma (as the cap's, hairTexture.ts). */
  strands: number;
}

/** Texels of gutter around the strip, so that mipmaps and bilinear sampling at its edges stay hair. */
const STRIP_GUTTER = 4;
/** Levels either side a colour is averaged over (hairLength's levels are 5 mm apart): strands, not blotches. */
const PROFILE_SMOOTHING = 3;
/** Lowest level (metres, head frame) of the hair beside the temples, which the cap above shows too. */
const TEMPLE_LEVEL = -0.02;
/** How far below it (metres) the curtain's colour turns from the cap's to the photo's. */
const BLEND_DOWN = 0.06;

/**
 * Paints the curtain of long hair (hairCurtain.ts) into its strip of the layout: at each height,
 * the colour the photo shows the hair at that height beside the face (hairLength's levels; the
 * person's right for the columns at the right, the left for the left, the two together at the
 * back), turning into it from the cap's own colour (`cap`) over the top 6 cm, streaked with the
 * cap's strand noise running down the curtain. Hair whose lengths are lighter than its roots
 * (blond ends under dark roots) hangs that way, where the cap's texels stretched down hung the
 * roots' colour to the shoulders. Levels the photo does not show take the nearest shown above,
 * then below; a photo that shows no hair beside the head, `cap`.
 *
 * ```ts
 * paintCurtain({ texture, mask, curtain, strip: CURTAIN_STRIP_UVS, camera, photo, hair: region,
 *   color: analysis.colors.hair, cap: look.color, width: analysis.width, height: analysis.height, strands: 0.08 });
 * ```
 */
export function paintCurtain(input: CurtainTextureInput): void {
  const { texture, mask, curtain, camera, photo, hair, color, cap } = input;
  const W = texture.width, H = texture.height, data = texture.data;
  const sides = hairLength(camera, { hair, photo, color }, input.width, input.height);
  const fallback = [cap.red, cap.green, cap.blue];
  // Each side's colour: the cap's own colour at the temples, the photo's below, blended over
  // BLEND_DOWN: the curtain meets the cap where it comes from under it, whatever the light there.
  const profiles = sides.map((side) => {
    const f = filled(side);
    if (!f) return null;
    const smooth = smoothed(f, PROFILE_SMOOTHING);
    side.levels.forEach((y, k) => {
      const w = Math.min(1, Math.max(0, 1 - (TEMPLE_LEVEL - y) / BLEND_DOWN));
      for (let c = 0; c < 3; c++) smooth[k * 3 + c] += w * (fallback[c] - smooth[k * 3 + c]);
    });
    return smooth;
  });
  const p = curtain.positions, count = p.length / 3;
  let reach = 1e-6, zMin = Infinity, zMax = -Infinity;
  for (let v = 0; v < count; v++) {
    reach = Math.max(reach, Math.abs(p[v * 3]));
    zMin = Math.min(zMin, p[v * 3 + 2]);
    zMax = Math.max(zMax, p[v * 3 + 2]);
  }
  const axisZ = (zMin + zMax) / 2;
  // Per vertex: colour, turns round the head and radians down (the strand noise's coordinates).
  const rgb = new Float32Array(count * 3), around = new Float32Array(count), down = new Float32Array(count);
  const [right, left] = profiles.map((f) => f ?? profiles.find((g) => g) ?? null);
  for (let v = 0; v < count; v++) {
    const x = p[v * 3], y = p[v * 3 + 1];
    const atRight = right ? colourAt(right, sides[0], y) : fallback, atLeft = left ? colourAt(left, sides[1], y) : fallback;
    // At the sides a side's own colour, at the back the two together.
    const w = Math.min(1, (x / reach) ** 2);
    const own = x < 0 ? atRight : atLeft;
    for (let c = 0; c < 3; c++) rgb[v * 3 + c] = w * own[c] + (1 - w) * 0.5 * (atRight[c] + atLeft[c]);
    around[v] = Math.atan2(x, p[v * 3 + 2] - axisZ) / (2 * Math.PI);
    // Radians from the crown as the cap counts them: about 1.2 where the curtain starts above the
    // ears, then on down (a radian per 17 cm), so that the strands sway as they fall.
    down[v] = Math.min(Math.PI, Math.max(0, 1.2 + 6 * (0.05 - y)));
  }
  const noise = strandNoise();
  const { indices } = curtain, uvs = curtain.uvs!;
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    const tt = texelTriangle(uvs, a, b, c, W, H, 0, 0);
    if (!tt) continue;
    const { dbi, dci } = tt;
    triangleRows(tt, (j, lo, hi, wb0, wc0) => {
      for (let i = lo; i <= hi; i++) {
        const wb = wb0 + i * dbi, wc = wc0 + i * dci, wa = 1 - wb - wc;
        // Round the back the azimuth wraps: the column's own corners, not an average across ±½ turn.
        const r = unwrapped(around[a], around[b], around[c], wa, wb, wc);
        const gain = 1 + input.strands * strandAt(noise, r, wa * down[a] + wb * down[b] + wc * down[c]);
        const k = j * W + i, o = k * 3;
        for (let ch = 0; ch < 3; ch++) {
          const value = gain * (wa * rgb[a * 3 + ch] + wb * rgb[b * 3 + ch] + wc * rgb[c * 3 + ch]);
          data[o + ch] = value >= 255 ? 255 : value <= 0 ? 0 : value + 0.5;
        }
        mask.data[k] = 255;
      }
    });
  }
  stripGutter(data, mask.data, input.strip, W, H);
}

/** A side's colours with every level filled: unseen levels take the nearest seen above, then below; null when none is seen. */
function filled(side: HairSide): Float32Array | null {
  const n = side.levels.length, out = side.color.slice();
  let last = -1;
  for (let k = 0; k < n; k++) {
    if (!Number.isNaN(out[k * 3])) last = k;
    else if (last >= 0) out.set(out.subarray(last * 3, last * 3 + 3), k * 3);
  }
  if (last < 0) return null;
  let first = 0;
  while (Number.isNaN(out[first * 3])) first++;
  for (let k = 0; k < first; k++) out.set(out.subarray(first * 3, first * 3 + 3), k * 3);
  return out;
}

/** A running mean of a filled side's colours over `reach` levels either side. */
function smoothed(colors: Float32Array, reach: number): Float32Array {
  const n = colors.length / 3, out = new Float32Array(colors.length);
  for (let k = 0; k < n; k++) {
    const lo = Math.max(0, k - reach), hi = Math.min(n - 1, k + reach);
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let q = lo; q <= hi; q++) sum += colors[q * 3 + c];
      out[k * 3 + c] = sum / (hi - lo + 1);
    }
  }
  return out;
}

/** A filled side's colour at height `y`, between its levels. */
function colourAt(colors: Float32Array, side: HairSide, y: number): number[] {
  const { levels } = side, n = levels.length;
  const step = n > 1 ? levels[0] - levels[1] : 1;
  const f = Math.min(n - 1, Math.max(0, (levels[0] - y) / step)), k = Math.min(n - 2, Math.floor(f)), e = n > 1 ? f - k : 0;
  return [0, 1, 2].map((c) => colors[k * 3 + c] + e * (colors[(k + 1) * 3 + c] - colors[k * 3 + c]));
}

/** Barycentric mean of three azimuths (turns), each taken within half a turn of the first. */
function unwrapped(ra: number, rb: number, rc: number, wa: number, wb: number, wc: number): number {
  const near = (r: number) => r - Math.round(r - ra);
  return wa * ra + wb * near(rb) + wc * near(rc);
}

/** The strip's painted texels carried a few texels out over its unpainted ones and around it. */
function stripGutter(data: Uint8Array, mask: Uint8Array, strip: UvBox, W: number, H: number): void {
  const x0 = Math.max(0, Math.floor(strip.u0 * W) - STRIP_GUTTER), x1 = Math.min(W, Math.ceil(strip.u1 * W) + STRIP_GUTTER);
  const y0 = Math.max(0, Math.floor(strip.v0 * H) - STRIP_GUTTER), y1 = Math.min(H, Math.ceil(strip.v1 * H) + STRIP_GUTTER);
  const w = x1 - x0, h = y1 - y0;
  if (w <= 0 || h <= 0) return;
  // The box's own copy: within it, the painted texels (mask 255) seed and the rest are filled.
  const box = new Uint8Array(w * h * 3), boxMask = new Uint8Array(w * h), used = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = (y0 + y) * W + x0 + x, q = y * w + x;
      boxMask[q] = mask[k];
      used[q] = mask[k] === 255 ? 1 : 0;
      box.set(data.subarray(k * 3, k * 3 + 3), q * 3);
    }
  }
  gutter([{ data: box, channels: 3 }, { data: boxMask, channels: 1 }], used, w, h, STRIP_GUTTER * 2);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const k = (y0 + y) * W + x0 + x, q = y * w + x;
      if (used[q] || boxMask[q] !== 255) continue;
      mask[k] = 255;
      data.set(box.subarray(q * 3, q * 3 + 3), k * 3);
    }
  }
}
