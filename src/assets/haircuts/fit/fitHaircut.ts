import type { FittedHead } from '../../../geometry/fitHead.js';
import type { Mesh } from '../../../core/mesh.js';
import type { HeadTemplate } from '../../headTemplate.js';
import { authorHaircut, MIN_HEIGHT, type AuthoredHaircut } from '../authoring/authorHaircut.js';
import { bindHaircut, earVertices, type HaircutBinding } from './bindHaircut.js';
import type { Haircut } from '../../../library/haircuts/haircut.js';
import { headSurface } from '../../../geometry/headSurface.js';

/** Least height over the fitted head of the vertices checked after fitting, metres. */
const CLEARANCE = 0.001;

/** A haircut made on a template and bound to it: what fitting it to a head of that template needs. */
export interface BoundHaircut {
  authored: AuthoredHaircut;
  binding: HaircutBinding;
}

const bound = new WeakMap<HeadTemplate, Map<string, BoundHaircut>>();

/**
 * The haircut made around a template (authorHaircut.ts) with its vertices bound to the template's
 * surface (bindHaircut.ts): made once per template and haircut, then cached.
 */
export function boundHaircut(haircut: Haircut, template: HeadTemplate): BoundHaircut {
  let perTemplate = bound.get(template);
  if (!perTemplate) bound.set(template, (perTemplate = new Map()));
  let entry = perTemplate.get(haircut.identity);
  if (!entry) {
    const authored = authorHaircut(haircut, template);
    entry = { authored, binding: bindHaircut(authored.mesh, template.mesh, earVertices(template)) };
    perTemplate.set(haircut.identity, entry);
  }
  return entry;
}

/**
 * An artificial haircut on a fitted head. The haircut is made around the head's template and
 * each of its vertices bound to the closest point of the template's surface ({@link boundHaircut});
 * fitting re-evaluates each bound point on the fitted mesh (same triangles) and puts the vertex at
 * the same height along the fitted normal there ({@link placeHaircut}). The hair thus keeps its
 * thickness over every part of the scalp however the head's size and shape differ from the
 * template's, and no part of the head comes through it. Ears differ from head to head more than
 * the normals under the hair follow, and hair hanging far from what it is bound to (in front of
 * the neck) may meet another part (the chest): those vertices are pushed back out of the fitted
 * head where they went in. Normals turn with the head's normal under them; UVs and triangles are the
 * authored haircut's.
 *
 * ```ts
 * const mesh = fitHaircut(haircutByIdentity('chin_bob')!, fitHead(headTemplate('head_2.0 bust/mobile'), analysis));
 * ```
 */
export function fitHaircut(haircut: Haircut, fitted: FittedHead): Mesh {
  const { authored, binding } = boundHaircut(haircut, fitted.template);
  const count = authored.mesh.positions.length / 3;
  const positions = new Float32Array(count * 3);
  const normals = new Float32Array(count * 3);
  placeHaircut(binding, fitted.template.mesh, fitted.mesh, positions, authored.mesh.normals!, normals);
  const surface = headSurface(fitted.mesh);
  const authoredPositions = authored.mesh.positions;
  const check = (v: number): void => {
    // Around the ear's rim a push out of one side can land under another: a few rounds settle it.
    for (let pass = 0; pass < 8; pass++) {
      const hit = surface.closest(positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]);
      if (hit.distance >= CLEARANCE) break;
      for (let k = 0; k < 3; k++) positions[v * 3 + k] += hit.normal[k] * (2 * CLEARANCE - hit.distance);
    }
  };
  for (const v of binding.overEars) check(v);
  for (const v of binding.far) {
    // Made at least MIN_HEIGHT above everything: only a vertex that moved by more can be inside.
    const moved = Math.hypot(positions[v * 3] - authoredPositions[v * 3], positions[v * 3 + 1] - authoredPositions[v * 3 + 1], positions[v * 3 + 2] - authoredPositions[v * 3 + 2]);
    if (moved > MIN_HEIGHT) check(v);
  }
  return { positions, normals, uvs: authored.mesh.uvs!.slice(), indices: authored.mesh.indices };
}

/**
 * Evaluates a binding on a head with the template's triangles: each vertex at its bound point of
 * `head`, raised by its height along the head's interpolated normal, plus its residual. With
 * `hairNormals` and `normalsOut`, also turns the hair's normals as the head's normal under them
 * turned from the template's. Writes `positionsOut` (xyz per bound vertex).
 */
export function placeHaircut(
  binding: HaircutBinding, template: Mesh, head: Mesh, positionsOut: Float32Array,
  hairNormals?: Float32Array, normalsOut?: Float32Array,
): void {
  const { positions: P, indices } = head;
  const N = head.normals!, T = template.normals!;
  const { triangles, weights, heights, residuals } = binding;
  for (let v = 0; v < triangles.length; v++) {
    const t = triangles[v];
    const a = indices[t * 3] * 3, b = indices[t * 3 + 1] * 3, c = indices[t * 3 + 2] * 3;
    const wa = weights[v * 3], wb = weights[v * 3 + 1], wc = weights[v * 3 + 2];
    let nx = wa * N[a] + wb * N[b] + wc * N[c];
    let ny = wa * N[a + 1] + wb * N[b + 1] + wc * N[c + 1];
    let nz = wa * N[a + 2] + wb * N[b + 2] + wc * N[c + 2];
    const length = Math.hypot(nx, ny, nz) || 1;
    nx /= length; ny /= length; nz /= length;
    const h = heights[v];
    positionsOut[v * 3] = wa * P[a] + wb * P[b] + wc * P[c] + h * nx + residuals[v * 3];
    positionsOut[v * 3 + 1] = wa * P[a + 1] + wb * P[b + 1] + wc * P[c + 1] + h * ny + residuals[v * 3 + 1];
    positionsOut[v * 3 + 2] = wa * P[a + 2] + wb * P[b + 2] + wc * P[c + 2] + h * nz + residuals[v * 3 + 2];
    if (!hairNormals || !normalsOut) continue;
    let tx = wa * T[a] + wb * T[b] + wc * T[c];
    let ty = wa * T[a + 1] + wb * T[b + 1] + wc * T[c + 1];
    let tz = wa * T[a + 2] + wb * T[b + 2] + wc * T[c + 2];
    const tl = Math.hypot(tx, ty, tz) || 1;
    tx /= tl; ty /= tl; tz /= tl;
    const mx = hairNormals[v * 3] + nx - tx, my = hairNormals[v * 3 + 1] + ny - ty, mz = hairNormals[v * 3 + 2] + nz - tz;
    const ml = Math.hypot(mx, my, mz) || 1;
    normalsOut[v * 3] = mx / ml; normalsOut[v * 3 + 1] = my / ml; normalsOut[v * 3 + 2] = mz / ml;
  }
}
