import type { Mesh } from '../../../core/mesh.js';
import { headSurface } from '../../../geometry/headSurface.js';

/** How far a haircut goes into a head. */
export interface HaircutPenetration {
  /** Haircut vertices below the head's surface by more than the tolerance. */
  count: number;
  /** The lowest signed height of a haircut vertex over the head, metres (negative: inside). */
  deepest: number;
  /** The first few offending vertices. */
  vertices: number[];
}

/** Options of {@link haircutPenetration}. */
export interface HaircutPenetrationOptions {
  /** Depth below the surface still tolerated, metres (0: a vertex on the skin passes, one under it fails). */
  tolerance?: number;
}

export const HAIRCUT_PENETRATION_DEFAULTS: Required<HaircutPenetrationOptions> = {
  tolerance: 0,
};

/**
 * The penetration check: the signed distance of every haircut vertex along the normal of the
 * closest point of the head (headSurface.ts); a vertex with a negative distance is inside the head,
 * i.e. the head pokes through the hair there. Far from the head (hanging hair) the closest point is
 * on the neck or shoulders, and the check holds there too.
 *
 * ```ts
 * const { count, deepest } = haircutPenetration(fitHaircut(haircut, fitted), fitted.mesh);
 * ```
 */
export function haircutPenetration(haircut: Mesh, head: Mesh, options: HaircutPenetrationOptions = {}): HaircutPenetration {
  const o = { ...HAIRCUT_PENETRATION_DEFAULTS, ...options };
  const surface = headSurface(head);
  const p = haircut.positions;
  let count = 0, deepest = Infinity;
  const vertices: number[] = [];
  for (let v = 0; v < p.length / 3; v++) {
    const d = surface.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]).distance;
    deepest = Math.min(deepest, d);
    if (d < -o.tolerance) {
      count++;
      if (vertices.length < 20) vertices.push(v);
    }
  }
  return { count, deepest, vertices };
}
