import type { Point2 } from './mesh.js';
import type { Mask } from './types.js';

/** A horizontal width across the silhouette, in photo pixels. */
export interface SilhouetteSpan {
  /** Left and right ends, on the row measured. */
  from: Point2;
  to: Point2;
  /** `to.x - from.x`. */
  pixels: number;
  /** An end was stopped by a limit (an arm lying against the body, the crop), not by the mask's edge. */
  clipped: boolean;
}

/** Whether the mask is at least half on at photo position (x, y); the mask covers the whole photo. */
export function onMask(mask: Mask, photoWidth: number, photoHeight: number, x: number, y: number): boolean {
  const mx = Math.floor((x * mask.width) / photoWidth);
  const my = Math.floor((y * mask.height) / photoHeight);
  if (mx < 0 || my < 0 || mx >= mask.width || my >= mask.height) return false;
  return mask.data[my * mask.width + mx] >= 128;
}

/**
 * The run of silhouette through `centre` on its row: walks left and right (in steps of a mask
 * pixel) until the mask ends, or until `maxLeft` / `maxRight` photo pixels from the centre; then
 * steps back inwards over `hair` (long hair hanging past the shoulders is not the body's width).
 * Null when the centre is off the mask.
 */
export function spanThrough(
  mask: Mask, photoWidth: number, photoHeight: number, centre: Readonly<Point2>, maxLeft: number, maxRight: number,
  hair: Mask | null = null,
): SilhouetteSpan | null {
  const [cx, y] = centre;
  if (!onMask(mask, photoWidth, photoHeight, cx, y)) return null;
  const step = photoWidth / mask.width;
  const on = (x: number): boolean => onMask(mask, photoWidth, photoHeight, x, y);
  let left = cx;
  while (cx - left < maxLeft && on(left - step)) left -= step;
  let right = cx;
  while (right - cx < maxRight && on(right + step)) right += step;
  if (hair) {
    const isHair = (x: number): boolean => onMask(hair, photoWidth, photoHeight, x, y);
    while (left < cx && isHair(left)) left += step;
    while (right > cx && isHair(right)) right -= step;
  }
  // The walk stops on the last "on" mask pixel; the silhouette's edge is half a mask pixel further.
  const l = Math.max(cx - maxLeft, left - step / 2);
  const r = Math.min(cx + maxRight, right + step / 2);
  const clipped = l === cx - maxLeft || r === cx + maxRight;
  return { from: [l, y], to: [r, y], pixels: r - l, clipped };
}

/**
 * The top of the silhouette above `fromY` (a row inside the head) between x0 and x1: walks up while
 * the band has silhouette on every row, so that specks of mask elsewhere above the head do not count.
 * Null when the walk reaches the photo's top edge (the head is cut off, its top unknown) or `fromY`
 * is off the silhouette.
 */
export function topOfSilhouette(mask: Mask, photoWidth: number, photoHeight: number, x0: number, x1: number, fromY: number): number | null {
  const mx0 = Math.max(0, Math.floor((x0 * mask.width) / photoWidth));
  const mx1 = Math.min(mask.width - 1, Math.ceil((x1 * mask.width) / photoWidth));
  const rowOn = (my: number): boolean => {
    for (let mx = mx0; mx <= mx1; mx++) if (mask.data[my * mask.width + mx] >= 128) return true;
    return false;
  };
  let my = Math.min(mask.height - 1, Math.floor((fromY * mask.height) / photoHeight));
  if (my < 0 || !rowOn(my)) return null;
  while (my > 0 && rowOn(my - 1)) my--;
  return my === 0 ? null : (my * photoHeight) / mask.height;
}
