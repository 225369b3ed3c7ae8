import type { Mesh } from '../../../core/mesh.js';
import { computeNormals } from '../../../geometry/computeNormals.js';
import { smoothVertexField, vertexGraph } from '../../../geometry/vertexGraph.js';
import { nearEar } from '../../headEars.js';
import type { HeadTemplate } from '../../headTemplate.js';

const skulls = new WeakMap<HeadTemplate, Mesh>();

/**
 * The surface hair is combed over: the template without its ears. The ears are a relief raised out
 * of the side of the head, and the vertices around them were slid aside to make room (headBase.ts,
 * headEars.ts); here every vertex of that neighbourhood is relaxed to the weighted mean of its
 * neighbours with the rest of the head held, which spans the ear's base with a smooth membrane: the
 * skull under the ear. Hair lies on the skull and falls past the ears (earClearance.ts); the ears'
 * own normals would turn cards every which way. Cached per template.
 *
 * ```ts
 * const skull = headSurface(skullMesh(template));
 * ```
 */
export function skullMesh(template: HeadTemplate): Mesh {
  let skull = skulls.get(template);
  if (skull) return skull;
  const { theta, capStart } = template.grid;
  const base = template.basePositions;
  const weld = template.sampling.weld;
  const positions = template.mesh.positions.slice();
  const free: number[] = [];
  for (let v = 0; v < capStart; v++) if (weld[v] === v && nearEar(theta[v], base[v * 3 + 1])) free.push(v);
  const graph = vertexGraph(template.quads, positions, weld);
  const list = Uint32Array.from(free);
  for (let axis = 0; axis < 3; axis++) {
    const values = Float32Array.from({ length: positions.length / 3 }, (_, v) => positions[v * 3 + axis]);
    smoothVertexField(graph, values, RELAX_PASSES, list);
    for (let v = 0; v < values.length; v++) positions[v * 3 + axis] = values[v];
  }
  skull = computeNormals({ positions, indices: template.mesh.indices }, { weld });
  skulls.set(template, skull);
  return skull;
}

/** Rounds of relaxation of the ears' neighbourhood: enough for the membrane to settle. */
const RELAX_PASSES = 300;
