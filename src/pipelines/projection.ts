import type { FittedHead } from '../geometry/index.js';
import type { Projection } from '../core/projection.js';

/** The texture's view of the fit: where each vertex of the uncaricatured head lands in the photo, how
 * deep, and how it faces, so that a caricature still takes its colours from the right pixels. The fit's
 * photo projection is already in the one depth convention (see core/projection.ts), so this is a view
 * of it, not a conversion. */
export function textureProjection(head: FittedHead): Projection {
  const { x, y, depth, facing } = head.projection;
  return { x, y, depth, facing };
}
