import type { Mesh } from '../../../core/mesh.js';
import type { HeadTemplate } from '../../headTemplate.js';
import { headSurface } from '../../../geometry/headSurface.js';
import { skullMesh } from '../authoring/skullMesh.js';

/** Where each vertex of a haircut sits relative to the head it was made on. */
export interface HaircutBinding {
  /** Triangle of the head under each vertex (index into indices / 3). */
  triangles: Uint32Array;
  /** Barycentric weights of the closest head point, three per vertex. */
  weights: Float32Array;
  /** Height of the vertex above that point along the head's normal, metres. */
  heights: Float32Array;
  /** What is left of the vertex's offset across the normal (xyz per vertex; about 0 off edges). */
  residuals: Float32Array;
  /**
   * Vertices over the ears, sorted: an ear's shape changes from head to head more than its normals
   * tell, so a fitted haircut checks these against the fitted head (see fitHaircut.ts).
   */
  overEars: Uint32Array;
  /**
   * Vertices low and far from their bound point (hair hanging in front of the neck), sorted: if
   * the point they follow moves, another part of the head (the chest) may come nearer to them, so
   * a fitted haircut checks those that moved.
   */
  far: Uint32Array;
}

/** Per vertex of a template, 1 on the ears and their root: where the head leaves the skull (skullMesh). */
export function earVertices(template: HeadTemplate): Uint8Array {
  const p = template.mesh.positions, skull = skullMesh(template).positions;
  const ears = new Uint8Array(p.length / 3);
  for (let v = 0; v < ears.length; v++) {
    if (Math.hypot(p[v * 3] - skull[v * 3], p[v * 3 + 1] - skull[v * 3 + 1], p[v * 3 + 2] - skull[v * 3 + 2]) > EAR_ROOT) ears[v] = 1;
  }
  return ears;
}

/** Vertices lower than this (y, metres), and farther than FAR above their bound point, are checked after fitting. */
const BELOW_CHIN = -0.06, FAR = 0.03;

/** A vertex this far off the skull (metres) is part of an ear. */
const EAR_ROOT = 0.0005;

/**
 * Binds every vertex of a haircut to the closest point of the head it was authored on: that
 * point's triangle and barycentric weights, the height along its normal and the small residual
 * across it. Evaluated on a fitted head with the same triangles (see fitHaircut.ts), the haircut
 * follows the head's shape, each vertex at its height over the same spot of the scalp. `ears`
 * flags the head's ear vertices (see {@link earVertices}).
 *
 * ```ts
 * const binding = bindHaircut(authored.mesh, template.mesh, earVertices(template));
 * ```
 */
export function bindHaircut(haircut: Mesh, head: Mesh, ears: Uint8Array): HaircutBinding {
  const surface = headSurface(head);
  const overEars: number[] = [], far: number[] = [];
  const p = haircut.positions;
  const count = p.length / 3;
  const triangles = new Uint32Array(count);
  const weights = new Float32Array(count * 3);
  const heights = new Float32Array(count);
  const residuals = new Float32Array(count * 3);
  for (let v = 0; v < count; v++) {
    const hit = surface.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]);
    triangles[v] = hit.triangle;
    weights.set(hit.weights, v * 3);
    heights[v] = hit.distance;
    for (let k = 0; k < 3; k++) residuals[v * 3 + k] = p[v * 3 + k] - hit.point[k] - hit.distance * hit.normal[k];
    const t = hit.triangle;
    if (ears[head.indices[t * 3]] || ears[head.indices[t * 3 + 1]] || ears[head.indices[t * 3 + 2]]) overEars.push(v);
    else if (hit.distance > FAR && p[v * 3 + 1] < BELOW_CHIN) far.push(v);
  }
  return { triangles, weights, heights, residuals, overEars: Uint32Array.from(overEars), far: Uint32Array.from(far) };
}
