import type { Mesh } from '../../core/mesh.js';
import { headLod } from '../../geometry/headLod.js';
import type { HeadTemplate } from '../../geometry/template.js';
import { bodyLod, type BodyLodRow } from './bodyLod.js';
import type { BodyMesh } from './bodyMesh.js';
import type { FusedAvatar } from './headFusion.js';
import type { SkinWeights } from './skinWeights.js';

/** A level of detail of a full body: a mesh whose vertices are a subset of the fused LOD0's. */
export interface FusedLod {
  mesh: Mesh;
  /** For each vertex, its index in the fused LOD0 mesh (to carry morph targets). */
  sourceVertices: Uint32Array;
  skin: SkinWeights;
}

/**
 * Level of detail `lod` of a fused avatar (headFusion.ts): the head's triangles at the head model's
 * level (headLod, its open neck loop kept vertex for vertex), the body's at the body's (bodyLod, which
 * keeps its neck ring), and the bridge between the two as it is, since both of its edges survive
 * every level. The budgets add up to the spec's female/male template row (`row` `default`: the
 * `default` template's, whose LOD0 is a simplified body too), plus the bridge.
 * Positions, normals, UVs and skin are LOD0's, picked: shading and weights are the same at every level.
 *
 * ```ts
 * const lod3 = await fusedLod(fused, body, headTemplate('head_2.0 head/mobile'), 3);
 * ```
 */
export async function fusedLod(fused: FusedAvatar, body: BodyMesh, head: HeadTemplate, lod: number, row: BodyLodRow = 'subtype'): Promise<FusedLod> {
  const mesh = fused.mesh;
  const count = mesh.positions.length / 3;
  const headTriangles = head.mesh.indices.length, bodyTriangles = body.mesh.indices.length;
  if (fused.headVertices !== head.mesh.positions.length / 3 || mesh.indices.length < headTriangles + bodyTriangles) {
    throw new RangeError(`the fused avatar's head is not ${head.subtype}'s`);
  }
  const headLevel = await headLod(row === 'persona' ? personaHead(head) : head, lod, { keepBorder: true });
  const bodyLevel = await bodyLod(body, lod, { row });
  const bridge = mesh.indices.subarray(headTriangles + bodyTriangles);
  const triangles = new Uint32Array(headLevel.indices.length + bodyLevel.mesh.indices.length + bridge.length);
  let k = 0;
  for (const v of headLevel.indices) triangles[k++] = headLevel.sourceVertices[v];
  for (const v of bodyLevel.mesh.indices) triangles[k++] = fused.headVertices + bodyLevel.sourceVertices[v];
  triangles.set(bridge, k);

  // Compact, keeping LOD0's order (head, body, bridge).
  const remap = new Int32Array(count).fill(-1);
  for (const v of triangles) remap[v] = 0;
  const used: number[] = [];
  for (let v = 0; v < count; v++) if (remap[v] === 0) { remap[v] = used.length; used.push(v); }
  const pick = <T extends Float32Array | Uint16Array>(source: T, size: number, make: (n: number) => T): T => {
    const out = make(used.length * size);
    used.forEach((v, i) => out.set(source.subarray(v * size, v * size + size), i * size));
    return out;
  };
  const floats = (n: number) => new Float32Array(n);
  return {
    mesh: {
      positions: pick(mesh.positions, 3, floats),
      normals: mesh.normals ? pick(mesh.normals, 3, floats) : undefined,
      uvs: mesh.uvs ? pick(mesh.uvs, 2, floats) : undefined,
      indices: Uint32Array.from(triangles, (v) => remap[v]),
    },
    sourceVertices: Uint32Array.from(used),
    skin: { joints: pick(fused.skin.joints, 4, (n) => new Uint16Array(n)), weights: pick(fused.skin.weights, 4, floats) },
  };
}

/**
 * persona_2.0's AvatarHead budgets (LOD1 14404, LOD2 3314 faces, spec) on the body's head model: the
 * head's levels are simplified to them as to its own. The eyes, teeth and eyelashes are parts of their own.
 */
function personaHead(head: HeadTemplate): HeadTemplate {
  let variant = personaHeads.get(head);
  if (!variant) personaHeads.set(head, (variant = { ...head, lodFaces: [head.lodFaces[0], ...PERSONA_HEAD_FACES] }));
  return variant;
}

/** The spec's AvatarHead faces at LOD1 and LOD2, less the 152 of the bridge at the neck, which the head part takes. */
export const PERSONA_HEAD_FACES = [14404 - 152, 3314 - 152] as const;
const personaHeads = new WeakMap<HeadTemplate, HeadTemplate>();
