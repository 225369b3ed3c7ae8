import type { Mask } from '../../analysis/types.js';
import type { FaceLayout } from '../layout/faceLayout.js';
import { textureMask } from '../layout/polygonMask.js';

/**
 * The `lips_mask` additional texture: 255 on the lips (the ring between the outer and inner lip
 * contour), 0 elsewhere, with the layout's soft edge; the size of the texture the layout was made for.
 * Encode it as a single-channel PNG.
 *
 * ```ts
 * const png = await encodePng({ ...lipsMask(layout), channels: 1 });
 * ```
 */
export function lipsMask(layout: FaceLayout): Mask {
  return textureMask([layout.lips], layout.width, layout.height);
}
