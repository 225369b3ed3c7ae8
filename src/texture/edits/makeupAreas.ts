import type { Mask } from '../../core/image.js';
import type { FaceLayout } from '../layout/faceLayout.js';
import { polygonBox, polygonDistance, textureMask, type AreaMask } from '../layout/polygonMask.js';

/** The makeup layers {@link makeupArea} places. */
export type MakeupLayerName = 'lipstick' | 'eyeshadow' | 'eyeliner' | 'blush';

/** The cheeks' landmarks (the mesh's 478): the apple of the person's right and left cheek. */
const CHEEKS = [50, 280] as const;

const smooth = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** Centre, width and height of an eye opening (x, y pairs in texels). */
function eyeBox(opening: Float32Array): { x: number; y: number; width: number } {
  let x0 = Infinity, x1 = -Infinity, sy = 0;
  for (let i = 0; i < opening.length; i += 2) {
    x0 = Math.min(x0, opening[i]);
    x1 = Math.max(x1, opening[i]);
    sy += opening[i + 1];
  }
  return { x: (x0 + x1) / 2, y: sy / (opening.length / 2), width: x1 - x0 };
}

/**
 * A soft ellipse over its box: full inside `core` of the radii, fading to nothing at the rim, times
 * `keep`, which cuts what must stay bare (the lids' far side).
 */
function softEllipse(cx: number, cy: number, rx: number, ry: number, core: number, width: number, height: number, keep: (x: number, y: number) => number = () => 1, falloff = 1): AreaMask {
  const box = {
    x0: Math.max(0, Math.floor(cx - rx)), x1: Math.min(width - 1, Math.ceil(cx + rx)),
    y0: Math.max(0, Math.floor(cy - ry)), y1: Math.min(height - 1, Math.ceil(cy + ry)),
  };
  const w = Math.max(0, box.x1 - box.x0 + 1);
  const data = new Uint8Array(w * Math.max(0, box.y1 - box.y0 + 1));
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const r = Math.hypot((x - cx) / rx, (y - cy) / ry);
      const v = smooth((1 - r) / (1 - core)) ** falloff * keep(x, y);
      data[(y - box.y0) * w + (x - box.x0)] = Math.round(255 * v);
    }
  }
  return { box, data };
}

/**
 * A liner along one eye opening: a line hugging the lid margin outside the opening, widest over the
 * upper lid's middle, thin along the lower lid, tapering to nothing at the inner corner and flicking
 * a little past the outer one, as a liner is drawn. `up` is the texture's direction towards the brow.
 */
function linerArea(opening: Float32Array, up: number, width: number, height: number): AreaMask {
  const eye = eyeBox(opening);
  const thick = eye.width * 0.075, thin = eye.width * 0.02;
  const box = polygonBox(opening, thick * 2, width, height);
  const distance = polygonDistance(opening, box, thick * 2);
  const w = box.x1 - box.x0 + 1;
  // The outer corner is point 0 (faceLayout.ts): the liner is thickest towards it.
  const outer = Math.sign(opening[0] - eye.x) || 1;
  const data = new Uint8Array(distance.length);
  for (let i = 0; i < data.length; i++) {
    const d = distance[i];
    if (d > 1) continue;
    const x = box.x0 + (i % w), y = box.y0 + Math.floor(i / w);
    const across = ((x - eye.x) * outer) / (eye.width / 2);
    const above = (y - eye.y) * up > 0;
    // Thickness along the lid: none at the inner corner, full at the outer.
    const along = smooth((across + 1) / 1.2);
    const reach = above ? thin + (thick - thin) * along : thin * along;
    data[i] = Math.round(255 * smooth(1 - Math.max(0, -d) / Math.max(0.5, reach)) * smooth(Math.min(1, d + 1)));
  }
  return { box, data };
}

/**
 * Where a makeup layer goes on the head's Color map, as a soft mask (0..255 per texel), from the
 * face's own layout (faceLayout.ts), the one `avatar.colors` recolours the lips and brows by:
 * lipstick is the lips' ring; eyeliner a line hugging each opening's lid margin; eyeshadow the lid between
 * each opening and its brow, fading towards the brow; blush a soft oval on each cheek's apple.
 * The texture's "up" is found from the brows, so the layout's orientation is not assumed.
 */
export function makeupArea(layout: FaceLayout, layer: MakeupLayerName): Mask {
  const { width, height } = layout;
  if (layer === 'lipstick') return textureMask([layout.lips], width, height);
  const eyes = layout.eyes.map((e) => eyeBox(e.opening));
  const upOf = (i: number) => Math.sign((layout.brows[i].box.y0 + layout.brows[i].box.y1) / 2 - eyes[i].y) || -1;
  if (layer === 'eyeliner') return textureMask(layout.eyes.map((e, i) => linerArea(e.opening, upOf(i), width, height)), width, height);
  if (layer === 'eyeshadow') {
    const areas = eyes.map((eye, i) => {
      const brow = layout.brows[i].box;
      const gap = (brow.y0 + brow.y1) / 2 - eye.y;
      const up = Math.sign(gap) || -1;
      const reach = Math.abs(gap);
      // Only the upper lid: the shadow starts at the eye's middle line and fades out below the brow.
      return softEllipse(eye.x, eye.y + up * reach * 0.3, eye.width * 0.7, reach * 0.5, 0.3, width, height, (_x, y) => smooth(((y - eye.y) * up) / (reach * 0.08)));
    });
    return textureMask(areas, width, height);
  }
  const between = Math.hypot(eyes[1].x - eyes[0].x, eyes[1].y - eyes[0].y);
  // Blush is diffused, not a disc: wider, with a falloff that starts at its heart (squared), so no edge reads.
  const areas = CHEEKS.map((lm) => softEllipse(layout.landmarks[lm * 2], layout.landmarks[lm * 2 + 1], between * 0.46, between * 0.32, 0, width, height, undefined, 2));
  return textureMask(areas, width, height);
}
