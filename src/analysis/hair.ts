import type { RgbImage } from '../core/image.js';
import { robustMedian } from './colors.js';
import { colorModel, logLikelihood, mahalanobis2 } from './colorModel.js';
import { distance, type Point2, type Point3 } from './mesh.js';
import { convexHull, fillPolygon } from './raster.js';
import { CHIN_BOTTOM, FOREHEAD_TOP } from './regions.js';
import type { HeadPose, Mask, Rgb } from './types.js';

/** Hair closer to the skin colour than this (RGB distance) cannot be told from skin: no hair mask. */
export const MIN_HAIR_SKIN_DISTANCE = 30;

/** Squared Mahalanobis distance from the hair's colours beyond which a pixel is not hair (χ² with 3 degrees of freedom, 99.9 %). */
const HAIR_GATE = 16.3;

/** How much likelier (log) hair must be than skin below the chin. */
const BELOW_CHIN_MARGIN = 2;

/** The gate below the chin (χ², 3 degrees of freedom, 99 %): the hair's own colours, not a collar's reflections. */
const BELOW_CHIN_GATE = 11.3;

/**
 * Hair mask, derived from the person mask and the face mesh (no hair model is involved).
 *
 * Lengths are in face heights H (forehead top 10 to chin 152) and face widths W (cheek to cheek,
 * at least 0.8 H), measured in the face's own frame (up = chin → forehead), so tilted heads work.
 * 1. Head region: an ellipse around the head centre, i.e. the face centre moved 0.15 H up and, for a
 *    turned head, 0.5 H · sin(yaw) away from where the nose points (the back of the head). It reaches
 *    0.65 H above the forehead top and 0.95 W + 0.5 H · |sin(yaw)| to the sides. Below the chin only
 *    the sides count (more than 0.4 W from the face centre line): hair beside the neck, not the neck
 *    or the collar.
 * 2. Candidates: person pixels (mask >= 128) in the head region and outside the face, the convex hull
 *    of the 468 mesh points: not face skin. A fringe over the forehead is therefore not counted.
 * 3. Hair colour: robust median of the candidates above the forehead top, where hair is most likely.
 *    Fewer than 20 such pixels, or a colour within 30 of the skin colour (bald or shaved head, or hair
 *    that looks like skin), means no hair: the mask is empty.
 * 4. A candidate is hair when its colour is nearer the hair colour than the skin colour (below the
 *    chin: at most half as far), or likelier hair than skin: each a Gaussian in RGB (colorModel.ts),
 *    hair fitted to the crown's pixels and skin to the face's between the eyes and the mouth, so a
 *    shade's own spread counts (blond hair in shadow is nearer the skin's mean colour than the
 *    hair's, yet likelier hair), as long as the hair's Gaussian explains it at all (χ² gate); below
 *    the chin e² times likelier and a tighter gate. This drops ears, neck and most clothes and background.
 * The mask keeps the person mask's soft value on hair pixels and is 0 elsewhere.
 */
export function hairMask(image: RgbImage, points: ReadonlyArray<Point3>, person: Mask, skin: Rgb, pose: HeadPose): Mask {
  const { width, height, data: rgb } = image;
  const mask: Mask = { width, height, channels: 1, data: new Uint8Array(width * height) };

  const top: Point2 = [points[FOREHEAD_TOP][0], points[FOREHEAD_TOP][1]];
  const chin: Point2 = [points[CHIN_BOTTOM][0], points[CHIN_BOTTOM][1]];
  const faceHeight = distance(top, chin);
  if (faceHeight < 2) return mask;
  const up: Point2 = [(top[0] - chin[0]) / faceHeight, (top[1] - chin[1]) / faceHeight];
  const right: Point2 = [-up[1], up[0]];
  const faceWidth = Math.max(distance([points[234][0], points[234][1]], [points[454][0], points[454][1]]), 0.8 * faceHeight);
  const faceCentre: Point2 = [(top[0] + chin[0]) / 2, (top[1] + chin[1]) / 2];
  const turn = Math.sin(pose.yaw);
  // head centre in face-frame coordinates (a: towards the photo's right for an upright face, b: up)
  const headA = -0.5 * faceHeight * turn;
  const headB = 0.15 * faceHeight;
  const semiA = 0.95 * faceWidth + 0.5 * faceHeight * Math.abs(turn);
  const semiB = 1.0 * faceHeight;

  const face = new Uint8Array(width * height);
  fillPolygon(face, width, height, convexHull(points.slice(0, 468).map((p): Point2 => [p[0], p[1]])));

  const extent = Math.hypot(Math.abs(headA) + semiA, headB + semiB);
  const x0 = Math.max(0, Math.floor(faceCentre[0] - extent));
  const x1 = Math.min(width - 1, Math.ceil(faceCentre[0] + extent));
  const y0 = Math.max(0, Math.floor(faceCentre[1] - extent));
  const y1 = Math.min(height - 1, Math.ceil(faceCentre[1] + extent));
  const candidates: number[] = [];
  const belowChin: number[] = [];
  const crown: number[] = [];
  // Skin: the face between the eyes and the mouth, where no fringe and no beard grows.
  const cheeks: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * width + x;
      if (person.data[i] < 128) continue;
      const dx = x + 0.5 - faceCentre[0];
      const dy = y + 0.5 - faceCentre[1];
      const a = dx * right[0] + dy * right[1];
      const b = dx * up[0] + dy * up[1];
      if (face[i]) {
        if (b > -0.2 * faceHeight && b < 0.05 * faceHeight && Math.abs(a) < 0.35 * faceWidth) cheeks.push(i);
        continue;
      }
      const ea = (a - headA) / semiA;
      const eb = (b - headB) / semiB;
      if (ea * ea + eb * eb > 1) continue;
      if (b < -0.5 * faceHeight) {
        if (Math.abs(a) >= 0.4 * faceWidth) belowChin.push(i);
        continue;
      }
      candidates.push(i);
      if (b >= 0.5 * faceHeight) crown.push(i);
    }
  }
  if (crown.length < 20) return mask;
  const hair = robustMedian(rgb, crown, 0.1, 0.9);
  if (!hair || Math.sqrt(colorDistance2(hair, skin)) < MIN_HAIR_SKIN_DISTANCE) return mask;
  // Hair and skin each as a Gaussian in RGB, from the crown and the cheeks: blond hair spans shades
  // from its highlights to its shadows, and a shadowed strand is nearer the skin's mean colour than
  // the hair's, yet likelier hair than skin once each colour's own spread is known.
  const hairModel = colorModel(rgb, crown);
  const skinModel = colorModel(rgb, cheeks);
  const isHair = (i: number, factor: number, margin: number, gate: number): boolean => {
    const r = rgb[i * 3], g = rgb[i * 3 + 1], b = rgb[i * 3 + 2];
    // Nearer the hair's mean colour than the skin's: hair, as it always was.
    const dh = (r - hair.red) ** 2 + (g - hair.green) ** 2 + (b - hair.blue) ** 2;
    const ds = (r - skin.red) ** 2 + (g - skin.green) ** 2 + (b - skin.blue) ** 2;
    if (factor * dh < ds) return true;
    // Else still hair when likelier hair than skin by each one's spread; but a colour neither model
    // explains (a black collar, a blue sky) is not hair merely because hair's spread is the wider.
    return !!hairModel && !!skinModel && mahalanobis2(hairModel, r, g, b) <= gate
      && logLikelihood(hairModel, r, g, b) > logLikelihood(skinModel, r, g, b) + margin;
  };
  for (const i of candidates) if (isHair(i, 1, 0, HAIR_GATE)) mask.data[i] = person.data[i];
  // Below the chin hair must be clearly nearer or likelier: a collar or the neck's shadow is near either.
  for (const i of belowChin) if (isHair(i, 4, BELOW_CHIN_MARGIN, BELOW_CHIN_GATE)) mask.data[i] = person.data[i];
  return mask;
}

function colorDistance2(a: Rgb, b: Rgb): number {
  return (a.red - b.red) ** 2 + (a.green - b.green) ** 2 + (a.blue - b.blue) ** 2;
}
