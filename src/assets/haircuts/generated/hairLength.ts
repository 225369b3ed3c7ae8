import type { Mask, Rgb } from '../../../analysis/types.js';
import type { Image } from '../../../core/image.js';
import { confidentMask, sampleMask } from '../../../analysis/masks.js';
import type { PhotoCamera } from '../../../core/camera.js';

/** Options of {@link hairLength}. */
export interface HairLengthOptions {
  /** Highest level looked at, metres in the head frame (y = 0 is the ear canals): hair above the ears. */
  top?: number;
  /** Lowest level looked at, metres. */
  bottom?: number;
  /** Step between levels and between samples along a level, metres. */
  step?: number;
  /** Nearest distance from the head's middle plane (|x|) at which hair beside the face or neck is looked for, metres. */
  inner?: number;
  /** Farthest such distance, metres. */
  outer?: number;
  /** Least width of hair (metres, summed over a level's samples) for the level to count as having hair. */
  minSpan?: number;
  /** Largest run of levels without hair (metres) that still counts as the same hanging hair. */
  maxGap?: number;
  /**
   * Lowest level (metres) at which hanging hair may start beside the face when the levels above show
   * none (an ear in front of the hair): a side the photo shows without hair down to here has none
   * hanging (hair tied back), and does not take the other side's length.
   */
  startBy?: number;
  /** Depth (z, metres) of the plane beside the head the levels lie in. */
  plane?: number;
  /**
   * Largest sideways component of the direction to the camera (sine of the head's turn) at which the
   * photo is measured: a head seen from the side shows its back and collar where the sides would be.
   */
  maxTurn?: number;
  /**
   * Fewest photo pixels per metre at which the photo is measured: below it (a small face in a wide
   * shot) a step is under two pixels and the mask's noise on clothes passes for hair.
   */
  minScale?: number;
  /** Largest RGB distance (0..255 per channel) from the hair colour of a pixel the mask calls hair that is taken as hair. */
  colorTolerance?: number;
}

export const HAIR_LENGTH_DEFAULTS: Required<HairLengthOptions> = {
  top: 0.02,
  bottom: -0.4,
  step: 0.005,
  inner: 0.03,
  outer: 0.18,
  minSpan: 0.012,
  maxGap: 0.02,
  startBy: -0.06,
  plane: 0,
  maxTurn: 0.6,
  colorTolerance: 80,
  minScale: 300,
};

/** What {@link hairLength} measures on. */
export interface HairLengthInput {
  /** The photo's hair region, over the whole photo at any resolution. */
  hair: Mask;
  /** The photo: with `color`, pixels of another colour are not hair whatever the mask says (dark clothes). */
  photo?: Image;
  /** The hair's colour in the photo. */
  color?: Rgb;
}

/** How far the hair hangs at one side of the head, as the photo shows it. */
export interface HairSide {
  /**
   * Lowest level (y, metres in the head frame) the hair beside the face and neck reaches; `top`
   * where the photo shows that side without hanging hair; NaN where the photo does not show it.
   */
  end: number;
  /** The levels looked at, from the top down (y, metres). */
  levels: Float32Array;
  /** Per level, the farthest |x| (metres) the hair reaches beside the head, NaN without hair. */
  extent: Float32Array;
  /**
   * Per level, the mean colour (r, g, b, 0..255) of the photo's hair pixels beside the head there,
   * NaN without hair or photo: hair whose lengths are lighter than its roots (or darker) shows it.
   */
  color: Float32Array;
}

/**
 * How far below the ears the hair hangs at each side (index 0 the person's right, x < 0; 1 the
 * left), measured on the photo's hair mask through the fit's camera: levels of the head frame
 * beside the face, neck and shoulders (a plane through the ear canals), each sampled outwards from
 * `inner` to `outer`, walked down from above the ears while each level (or one within `maxGap`)
 * shows hair; it may start lower than `top` (hair behind an ear), down to `startBy`. Where the
 * photo's frame cuts the hair off, it ends at the frame. Hair that ends above the ears, or a side
 * shown without hair beside it (hair tied back), gives an `end` at or near `top`.
 *
 * ```ts
 * const [right, left] = hairLength(fitted.camera, hairRegion(photo, analysis), photo.width, photo.height);
 * ```
 */
export function hairLength(camera: PhotoCamera, input: HairLengthInput, width: number, height: number, options: HairLengthOptions = {}): [HairSide, HairSide] {
  const o = { ...HAIR_LENGTH_DEFAULTS, ...options };
  const { hair, photo, color } = input;
  const m = camera.matrix;
  const sx = hair.width / width, sy = hair.height / height;
  const count = Math.floor((o.top - o.bottom) / o.step) + 1;
  const levels = Float32Array.from({ length: count }, (_, k) => o.top - k * o.step);
  if (Math.abs(camera.towardsCamera[0]) > o.maxTurn || camera.scale < o.minScale) {
    return [0, 1].map(() => ({ end: NaN, levels, extent: new Float32Array(count).fill(NaN), color: new Float32Array(count * 3).fill(NaN) })) as [HairSide, HairSide];
  }
  const pixel = (px: number, py: number): number => (Math.floor(py * (photo!.height / height)) * photo!.width + Math.floor(px * (photo!.width / width))) * photo!.channels;
  const g1 = photo && photo.channels >= 3 ? 1 : 0, g2 = 2 * g1;
  const hairLike = (px: number, py: number): number => {
    const h = confidentMask(sampleMask(hair, px * sx, py * sy));
    if (h === 0 || !photo || !color) return h;
    const i = pixel(px, py);
    const d = Math.hypot(photo.data[i] - color.red, photo.data[i + g1] - color.green, photo.data[i + g2] - color.blue);
    return d <= o.colorTolerance ? h : 0;
  };
  // Levels are scanned across the photo square to the head's axis, not along the head's x: a
  // head turned to profile shows its hair behind it, where x points at the camera.
  const ux = m[1], uy = m[5], ul = Math.hypot(ux, uy) || 1;
  let ax = uy / ul, ay = -ux / ul;
  // The person's left (+x) is +across.
  if (m[0] * ax + m[4] * ay < 0) [ax, ay] = [-ax, -ay];
  const samples = Math.floor((o.outer - o.inner) / o.step + 1e-9) + 1;
  return [-1, 1].map((side) => {
    const extent = new Float32Array(count).fill(NaN), colors = new Float32Array(count * 3).fill(NaN);
    let end = NaN, gap = 0, shown = false;
    for (let k = 0; k < count; k++) {
      const y = levels[k];
      const cx = m[1] * y + m[2] * o.plane + m[3], cy = m[5] * y + m[6] * o.plane + m[7];
      let span = 0, far = NaN, inFrame = 0, r = 0, gr = 0, b = 0, n = 0;
      for (let s = 0; s < samples; s++) {
        const d = o.inner + s * o.step;
        const px = cx + side * ax * d * camera.scale, py = cy + side * ay * d * camera.scale;
        if (px < 0 || px >= width || py < 0 || py >= height) continue;
        inFrame++;
        const h = hairLike(px, py);
        span += h * o.step;
        if (h > 0.5) {
          far = d;
          if (photo) {
            const i = pixel(px, py);
            r += photo.data[i]; gr += photo.data[i + g1]; b += photo.data[i + g2]; n++;
          }
        }
      }
      if (n > 0) colors.set([r / n, gr / n, b / n], k * 3);
      if (inFrame * 2 >= samples) shown = true;
      if (span >= o.minSpan) {
        extent[k] = far;
        end = y;
        gap = 0;
      } else if (inFrame * 2 < samples) {
        // Mostly outside the frame: the photo does not say; below it, nothing more is seen.
        if (Number.isNaN(end) && inFrame > 0) continue;
        break;
      } else if (Number.isNaN(end)) {
        if (y <= o.startBy) break;
      } else if ((gap += o.step) > o.maxGap) break;
    }
    // Seen, with no hair hanging beside it: a ponytail or hair tied back hangs nothing here.
    if (Number.isNaN(end) && shown) end = o.top;
    return { end, levels, extent, color: colors };
  }) as [HairSide, HairSide];
}
