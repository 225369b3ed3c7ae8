import type { RgbImage } from './decode.js';
import { distance, pick, type Point2, type Point3 } from './mesh.js';
import { fillPolygon } from './raster.js';
import { robustMedian } from './colors.js';
import { CHIN_BOTTOM, FACE_OVAL, FOREHEAD_TOP } from './regions.js';
import type { Mask, Rgb } from './types.js';

/**
 * Hair mask, derived from the person mask and the face mesh (no hair model is involved).
 *
 * 1. Head region: an ellipse in the face's own frame (up = chin → forehead top, so tilted heads work),
 *    centred a little above the face centre, reaching 0.5 face heights above the forehead, 0.4 below
 *    the chin (hair beside the neck) and 0.95 face widths to either side; below the chin only beside
 *    the neck (more than 0.4 face widths from the middle), so neck and collar are left out.
 * 2. Candidates: person pixels (mask >= 128) in that region and outside the face oval, i.e. not face
 *    skin. A fringe over the forehead, inside the oval, is therefore not counted.
 * 3. Hair colour: the robust median of the candidates above the eyebrows (the crown), where
 *    hair is most likely; no such pixels (or fewer than 20) means no hair.
 * 4. Each candidate is hair when its colour is nearer the hair colour than the skin colour; this
 *    drops ears, neck, a bald crown and clothes that differ from the hair.
 * The mask keeps the person mask's soft value on hair pixels and is 0 elsewhere.
 */
export function hairMask(image: RgbImage, points: ReadonlyArray<Point3>, person: Mask, skin: Rgb): Mask {
  const { width, height, data: rgb } = image;
  const mask: Mask = { width, height, data: new Uint8Array(width * height) };

  const top: Point2 = [points[FOREHEAD_TOP][0], points[FOREHEAD_TOP][1]];
  const chin: Point2 = [points[CHIN_BOTTOM][0], points[CHIN_BOTTOM][1]];
  const faceHeight = distance(top, chin);
  if (faceHeight < 2) return mask;
  const up: Point2 = [(top[0] - chin[0]) / faceHeight, (top[1] - chin[1]) / faceHeight];
  const right: Point2 = [-up[1], up[0]];
  const faceWidth = Math.max(distance([points[234][0], points[234][1]], [points[454][0], points[454][1]]), 0.75 * faceHeight);
  const centre: Point2 = [(top[0] + chin[0]) / 2, (top[1] + chin[1]) / 2];
  const semiA = 0.95 * faceWidth;
  const semiB = 0.95 * faceHeight;
  const offsetB = 0.05 * faceHeight;

  const face = new Uint8Array(width * height);
  fillPolygon(face, width, height, pick(points, FACE_OVAL));

  const extent = Math.max(semiA, semiB + offsetB);
  const x0 = Math.max(0, Math.floor(centre[0] - extent));
  const x1 = Math.min(width - 1, Math.ceil(centre[0] + extent));
  const y0 = Math.max(0, Math.floor(centre[1] - extent));
  const y1 = Math.min(height - 1, Math.ceil(centre[1] + extent));
  const candidates: number[] = [];
  const crown: number[] = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * width + x;
      if (person.data[i] < 128 || face[i]) continue;
      const dx = x + 0.5 - centre[0];
      const dy = y + 0.5 - centre[1];
      const a = dx * right[0] + dy * right[1];
      const b = dx * up[0] + dy * up[1];
      const bb = (b - offsetB) / semiB;
      const aa = a / semiA;
      if (aa * aa + bb * bb > 1) continue;
      if (b < -0.5 * faceHeight && Math.abs(a) < 0.4 * faceWidth) continue; // neck and collar below the chin
      candidates.push(i);
      if (b >= 0.25 * faceHeight) crown.push(i);
    }
  }
  if (crown.length < 20) return mask;
  const hair = robustMedian(rgb, crown, 0.1, 0.9);
  if (!hair) return mask;
  const dist2 = (i: number, c: Rgb): number => {
    const r = rgb[i * 3] - c.red;
    const g = rgb[i * 3 + 1] - c.green;
    const b = rgb[i * 3 + 2] - c.blue;
    return r * r + g * g + b * b;
  };
  for (const i of candidates) if (dist2(i, hair) < dist2(i, skin)) mask.data[i] = person.data[i];
  return mask;
}
