import type { Mask } from './types.js';

/**
 * Fills the holes of a mask: regions below `threshold` that are enclosed by the mask (they do not
 * reach the mask's border) and smaller than `maxArea` pixels become 255. The hair mask is made by
 * colour, so a highlight in blond hair, nearer the skin colour than the hair colour, leaves a hole;
 * the face, which hair may surround, is far larger than any highlight. Returns a new mask.
 *
 * ```ts
 * const hair = fillMaskHoles(analysis.segmentation.hair, 40 * 40);
 * ```
 */
export function fillMaskHoles(mask: Mask, maxArea: number, threshold = 128): Mask {
  const { width: w, height: h, data: source } = mask;
  // Background regions labelled by flood fill (explicit stack), with their area and whether they
  // reach the border; then one pass fills the small enclosed ones.
  const label = new Int32Array(w * h).fill(-1);
  const stack = new Int32Array(w * h);
  const areas: number[] = [], open: boolean[] = [];
  for (let start = 0; start < w * h; start++) {
    if (label[start] >= 0 || source[start] >= threshold) continue;
    const id = areas.length;
    let top = 0, area = 0, border = false;
    stack[top++] = start;
    label[start] = id;
    while (top > 0) {
      const i = stack[--top];
      area++;
      const x = i % w, y = (i - x) / w;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      if (x > 0 && label[i - 1] < 0 && source[i - 1] < threshold) { label[i - 1] = id; stack[top++] = i - 1; }
      if (x < w - 1 && label[i + 1] < 0 && source[i + 1] < threshold) { label[i + 1] = id; stack[top++] = i + 1; }
      if (y > 0 && label[i - w] < 0 && source[i - w] < threshold) { label[i - w] = id; stack[top++] = i - w; }
      if (y < h - 1 && label[i + w] < 0 && source[i + w] < threshold) { label[i + w] = id; stack[top++] = i + w; }
    }
    areas.push(area);
    open.push(border);
  }
  const data = source.slice();
  const fill = Uint8Array.from(areas, (area, id) => (!open[id] && area <= maxArea ? 1 : 0));
  for (let i = 0; i < data.length; i++) if (label[i] >= 0 && fill[label[i]]) data[i] = 255;
  return { width: w, height: h, channels: 1, data };
}
