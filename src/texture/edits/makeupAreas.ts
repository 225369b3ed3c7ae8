import type { Mask } from '../../core/image.js';
import type { FaceLayout } from '../layout/faceLayout.js';
import { textureMask, type AreaMask } from '../layout/polygonMask.js';

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
function softEllipse(cx: number, cy: number, rx: number, ry: number, core: number, width: number, height: number, keep: (x: number, y: number) => number = () => 1): AreaMask {
  const box = {
    x0: Math.max(0, Math.floor(cx - rx)), x1: Math.min(width - 1, Math.ceil(cx + rx)),
    y0: Math.max(0, Math.floor(cy - ry)), y1: Math.min(height - 1, Math.ceil(cy + ry)),
  };
  const w = Math.max(0, box.x1 - box.x0 + 1);
  const data = new Uint8Array(w * Math.max(0, box.y1 - box.y0 + 1));
  for (let y = box.y0; y <= box.y1; y++) {
    for (let x = box.x0; x <= box.x1; x++) {
      const r = Math.hypot((x - cx) / rx, (y - cy) / ry);
      const v = smooth((1 - r) / (1 - core)) * keep(x, y);
      data[(y - box.y0) * w + (x - box.x0)] = Math.round(255 * v);
    }
  }
  return { box, data };
}

/**
 * Where a makeup layer goes on the head's Color map, as a soft mask (0..255 per texel), from the
 * face's own layout (faceLayout.ts), the one `avatar.colors` recolours the lips and brows by:
 * lipstick is the lips' ring; eyeliner the lash band around each opening; eyeshadow the lid between
 * each opening and its brow, fading towards the brow; blush a soft oval on each cheek's apple.
 * The texture's "up" is found from the brows, so the layout's orientation is not assumed.
 */
export function makeupArea(layout: FaceLayout, layer: MakeupLayerName): Mask {
  const { width, height } = layout;
  if (layer === 'lipstick') return textureMask([layout.lips], width, height);
  if (layer === 'eyeliner') return textureMask([layout.eyelashes], width, height);
  const eyes = layout.eyes.map((e) => eyeBox(e.opening));
  if (layer === 'eyeshadow') {
    const areas = eyes.map((eye, i) => {
      const brow = layout.brows[i].box;
      const gap = (brow.y0 + brow.y1) / 2 - eye.y;
      const up = Math.sign(gap) || -1;
      const reach = Math.abs(gap);
      // Only the upper lid: the shadow starts at the eye's middle line and fades out below the brow.
      return softEllipse(eye.x, eye.y + up * reach * 0.35, eye.width * 0.68, reach * 0.55, 0.35, width, height, (_x, y) => smooth(((y - eye.y) * up) / (reach * 0.2)));
    });
    return textureMask(areas, width, height);
  }
  const between = Math.hypot(eyes[1].x - eyes[0].x, eyes[1].y - eyes[0].y);
  const areas = CHEEKS.map((lm) => softEllipse(layout.landmarks[lm * 2], layout.landmarks[lm * 2 + 1], between * 0.3, between * 0.22, 0.1, width, height));
  return textureMask(areas, width, height);
}
