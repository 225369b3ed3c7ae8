import { MeshoptSimplifier } from 'meshoptimizer';
import type { HeadTemplate } from './template.js';
import { computeNormals } from './computeNormals.js';
import type { FittedHead } from './fitHead.js';
import type { Mesh } from '../core/mesh.js';
import { meshDefects, weldedVertices } from './meshDefects.js';

/** A level of detail of a head: a mesh whose vertices are a subset of LOD0's. */
export interface LodMesh extends Mesh {
  /** For each vertex, its index in the LOD0 mesh (to carry regions, projections, colours). */
  sourceVertices: Uint32Array;
}

/** Options of {@link headLod}. */
export interface HeadLodOptions {
  /**
   * Weight of UV distortion against geometric error when simplifying (meshoptimizer attribute
   * weight); UV seams and the open border are kept either way.
   */
  uvWeight?: number;
  /**
   * Keep every vertex of the mesh's open border (the neck cut) where it is, so that another mesh
   * welded there (a body's neck) meets the head at every level. Otherwise the border keeps its
   * shape but not its vertices.
   */
  keepBorder?: boolean;
}

export const HEAD_LOD_DEFAULTS: Required<HeadLodOptions> = {
  uvWeight: 1,
  keepBorder: false,
};

/** Simplified index buffers per template mesh (subtypes with the same geometry share it) and target. */
const cache = new WeakMap<Mesh, Map<string, Uint32Array>>();

/**
 * Level of detail `lod` (0 = full, up to the subtype's last) of a fitted head or of a template,
 * with the subtype's face budget (see headSubtypes.ts).
 *
 * LOD0 is the mesh itself. The others are meshoptimizer simplifications of the *template* (cached per
 * template and level), applied to the fitted positions: every avatar of a subtype shares the
 * topology of each level, which is fast and keeps per-level data such as regions and UV seams
 * identical across avatars. Edge collapses keep vertices where they were, so a level's vertices are
 * a subset of LOD0's. UV seams and the open border are preserved. A mesh with more than the
 * template's vertices (a merged head with its curtain of long hair after them) keeps the rest in
 * proportion to the level's budget.
 *
 * ```ts
 * const lod3 = await headLod(fitted, 3);
 * ```
 */
export async function headLod(head: FittedHead | HeadTemplate, lod: number, options: HeadLodOptions = {}): Promise<LodMesh> {
  const o = { ...HEAD_LOD_DEFAULTS, ...options };
  const template = 'template' in head ? head.template : head;
  const mesh = head.mesh;
  const budgets = template.lodFaces;
  if (!Number.isInteger(lod) || lod < 0 || lod >= budgets.length) {
    throw new RangeError(`${template.subtype} has levels of detail 0 to ${budgets.length - 1}, not ${lod}`);
  }
  const count = mesh.positions.length / 3;
  if (lod === 0) return { ...mesh, sourceVertices: identity(count) };
  const own = await lodIndices(template, lod, o.uvWeight, o.keepBorder);
  const simplified = count > template.mesh.positions.length / 3 ? withAppended(own, mesh, template, lod, o.uvWeight) : own;
  // Compact: keep used vertices in their LOD0 order.
  const remap = new Int32Array(count).fill(-1);
  for (let i = 0; i < simplified.length; i++) remap[simplified[i]] = 0;
  let kept = 0;
  for (let v = 0; v < count; v++) if (remap[v] === 0) remap[v] = kept++;
  const used = new Uint32Array(kept);
  for (let v = 0; v < count; v++) if (remap[v] >= 0) used[remap[v]] = v;
  const positions = new Float32Array(used.length * 3);
  const uvs = new Float32Array(used.length * 2);
  const normals = mesh.normals ? new Float32Array(used.length * 3) : undefined;
  const sourceUvs = mesh.uvs, sourceNormals = mesh.normals;
  for (let i = 0; i < used.length; i++) {
    const v = used[i];
    for (let k = 0; k < 3; k++) positions[i * 3 + k] = mesh.positions[v * 3 + k];
    if (sourceUvs) for (let k = 0; k < 2; k++) uvs[i * 2 + k] = sourceUvs[v * 2 + k];
    if (normals && sourceNormals) for (let k = 0; k < 3; k++) normals[i * 3 + k] = sourceNormals[v * 3 + k];
  }
  const indices = new Uint32Array(simplified.length);
  for (let i = 0; i < simplified.length; i++) indices[i] = remap[simplified[i]];
  // The full mesh's normals are the better estimate of the surface each kept vertex lies on (and
  // keep shading identical across levels); only a mesh without normals gets them computed.
  const base = { positions, indices, uvs: mesh.uvs ? uvs : undefined };
  const result = normals ? { ...base, normals } : computeNormals(base);
  return { ...result, sourceVertices: used };
}

function identity(count: number): Uint32Array {
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = i;
  return out;
}

/**
 * The template's level `own` and, simplified in proportion to it, what the mesh has after the
 * template's vertices and triangles (a merged head's curtain of long hair): per avatar, since its
 * shape is the photo's. Its triangles are a small share of each level (hairCurtain's size), so the
 * level stays near the budget; its vertices are a subset of the mesh's, as the template's are.
 */
function withAppended(own: Uint32Array, mesh: Mesh, template: HeadTemplate, lod: number, uvWeight: number): Uint32Array {
  const first = template.mesh.positions.length / 3;
  const extra = mesh.indices.subarray(template.mesh.indices.length);
  if (extra.length === 0) return own;
  const local = Uint32Array.from(extra, (v) => v - first);
  const positions = mesh.positions.subarray(first * 3);
  const uvs = mesh.uvs ? mesh.uvs.subarray(first * 2) : new Float32Array((positions.length / 3) * 2);
  const target = Math.max(1, Math.round(((extra.length / 3) * template.lodFaces[lod]) / template.lodFaces[0]));
  // No error bound: the face count is what a level promises.
  const [kept] = MeshoptSimplifier.simplifyWithAttributes(local, positions, 3, uvs, 2, [uvWeight, uvWeight], null, target * 3, 1, []);
  const out = new Uint32Array(own.length + kept.length);
  out.set(own);
  for (let i = 0; i < kept.length; i++) out[own.length + i] = kept[i] + first;
  return out;
}

async function lodIndices(template: HeadTemplate, lod: number, uvWeight: number, keepBorder = false): Promise<Uint32Array> {
  let levels = cache.get(template.mesh);
  if (!levels) cache.set(template.mesh, (levels = new Map()));
  const target = template.lodFaces[lod];
  const key = `${target}|${uvWeight}|${keepBorder}`;
  let indices = levels.get(key);
  if (!indices) {
    await MeshoptSimplifier.ready;
    const { positions, indices: full } = template.mesh;
    const uvs = template.mesh.uvs ?? new Float32Array((positions.length / 3) * 2);
    const weld = weldedVertices(positions);
    // 'Regularize' keeps triangles even (they deform better when fitted) and, on these meshes,
    // avoids the rare fold where the cap's UV seam meets the band's; a fold that slips through
    // anyway is retried with a slightly different target.
    for (let attempt = 0; attempt < 5; attempt++) {
      const [result] = MeshoptSimplifier.simplifyWithAttributes(
        full, positions, 3, uvs, 2, [uvWeight, uvWeight], keepBorder ? borderVertices(template.mesh) : null, (target - attempt) * 3, 1, ['Regularize'],
      );
      indices = result;
      const defects = meshDefects({ positions, indices: result }, undefined, weld);
      if (defects.badEdges === 0 && defects.degenerateFaces === 0) break;
    }
    levels.set(key, indices!);
  }
  return indices!;
}

/** 1 on every vertex (UV-seam copies included) of the mesh's open border, found with vertices welded by position. */
function borderVertices(mesh: Mesh): Uint8Array {
  const { positions: p, indices } = mesh;
  const count = p.length / 3;
  const place = new Uint32Array(count), ids = new Map<string, number>();
  for (let v = 0; v < count; v++) {
    const key = `${p[v * 3].toFixed(6)},${p[v * 3 + 1].toFixed(6)},${p[v * 3 + 2].toFixed(6)}`;
    let id = ids.get(key);
    if (id === undefined) ids.set(key, (id = ids.size));
    place[v] = id;
  }
  const uses = new Map<number, number>();
  const edge = (a: number, b: number) => (a < b ? a * ids.size + b : b * ids.size + a);
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const e = edge(place[indices[t + k]], place[indices[t + (k + 1) % 3]]);
      uses.set(e, (uses.get(e) ?? 0) + 1);
    }
  }
  const onBorder = new Uint8Array(ids.size);
  for (const [e, n] of uses) if (n === 1) { onBorder[Math.floor(e / ids.size)] = 1; onBorder[e % ids.size] = 1; }
  return Uint8Array.from(place, (id) => onBorder[id]);
}
