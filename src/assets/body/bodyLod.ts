import { MeshoptSimplifier } from 'meshoptimizer';
import type { Mesh } from '../../core/mesh.js';
import { computeNormals } from '../../geometry/computeNormals.js';
import { bodyMesh, type BodyMesh } from './bodyMesh.js';
import { bodyProportions } from './bodyProportions.js';
import { BODY_SHAPE_INTERVALS, resolveBodyShape } from './bodyShape.js';
import { solveBodyShape } from './bodyShapeSolver.js';
import { bodyTopology } from './bodyTopology.js';
import type { SkinWeights } from './skinWeights.js';

/** The body_0.3 templates a body's levels are made for (non_binary bodies take the nearer one). */
export type BodyTemplate = 'female' | 'male';

/** The spec's body_0.3 head template row (vertices, faces per LOD): the head/mobile head welded on at the neck. */
const HEAD_ROW = [[12367, 23404], [10374, 19054], [9116, 16860], [6059, 11007], [5287, 9497], [4587, 7889], [4106, 6937], [2102, 3926]];

/** A row of whole-body counts (vertices, faces per LOD) less the head's: the body alone. */
const bodyAlone = (row: number[][]) => row.map(([v, f], lod) => ({ vertices: v - HEAD_ROW[lod][0], faces: f - HEAD_ROW[lod][1] }));

/** Faces and vertices of the body alone at each LOD of body_0.3's female/male template. */
export const BODY_LOD_BUDGETS: readonly { faces: number; vertices: number }[] = bodyAlone([
  [19538, 36196], [15633, 28102], [13854, 24880], [9291, 16173], [8102, 13905], [6993, 11565], [6277, 10151], [4273, 7140],
]);

/**
 * The same for body_0.3's `default` template: its row differs from female/male's only at LOD0
 * (18689/34578, a body a little lighter than the subtypes' 19538/36196) and by 6 vertices elsewhere.
 */
export const BODY_DEFAULT_LOD_BUDGETS: readonly { faces: number; vertices: number }[] = bodyAlone([
  [18689, 34578], [15633, 28102], [13850, 24880], [9285, 16173], [8096, 13905], [6987, 11565], [6271, 10151], [4267, 7140],
]);

/**
 * persona_2.0's `AvatarBody` part (the body alone, its head a part of its own), per gender, at its
 * levels `LOD1` (index 1: the full body, 7206/12800 against 7131/12672) and `LOD2` (index 2).
 */
export const PERSONA_BODY_BUDGETS: Readonly<Record<BodyTemplate, readonly { faces: number; vertices: number }[]>> = {
  female: [{ vertices: 7131, faces: 12672 }, { vertices: 7131, faces: 12672 }, { vertices: 3409, faces: 5604 }],
  male: [{ vertices: 7131, faces: 12672 }, { vertices: 7131, faces: 12672 }, { vertices: 3347, faces: 5494 }],
};

/**
 * Which row of the spec's tables a level follows: body_0.3's subtypes' (female/male), its `default`
 * template's, or persona_2.0's AvatarBody.
 */
export type BodyLodRow = 'subtype' | 'default' | 'persona';

const budgetsOf = (row: BodyLodRow, template: BodyTemplate) =>
  (row === 'persona' ? PERSONA_BODY_BUDGETS[template] : row === 'default' ? BODY_DEFAULT_LOD_BUDGETS : BODY_LOD_BUDGETS);

/** Options of {@link bodyLod}. */
export interface BodyLodOptions {
  /** Whose simplification to use; by default the body's nearer gender (maleness ≥ 0.5 is male). */
  template?: BodyTemplate;
  /** Skin weights per mesh vertex of LOD0 (meshSkinWeights); carried to the level's vertices. */
  skin?: SkinWeights;
  /** Weight of UV distortion against geometric error (meshoptimizer attribute weight). */
  uvWeight?: number;
  /** The table row whose budgets the level meets (default: the subtypes'). */
  row?: BodyLodRow;
}

export const BODY_LOD_DEFAULTS: Required<Omit<BodyLodOptions, 'template' | 'skin'>> = { uvWeight: 1, row: 'subtype' };

/** A level of detail of a body: its vertices are a subset of LOD0's mesh vertices. */
export interface BodyLod {
  mesh: Mesh;
  /** For each vertex, its index in the LOD0 mesh. */
  sourceVertices: Uint32Array;
  /** The neck ring's vertices in this level (all of LOD0's, in LOD0's order), where the head is welded. */
  neckRing: Uint32Array;
  /** Skin weights per vertex, when the options gave LOD0's. */
  skin?: SkinWeights;
}

/** Simplified index buffers (into LOD0's mesh vertices) per template and level. */
const cache = new Map<string, Uint32Array>();

/**
 * Level of detail `lod` (0 to 7) of a body, at the face budget of body_0.3's female/male template
 * minus the head (BODY_LOD_BUDGETS).
 *
 * As for heads (geometry/headLod.ts), a level is a meshoptimizer simplification of the template's
 * mean body, computed once per template and level, and applied to this body's positions: every body
 * shares the topology of each level (bodies share LOD0's topology), so UVs, regions and skin weights
 * carry over by index. The neck ring's vertices are locked, so the head welds at every level; UV
 * seams are kept (meshoptimizer never collapses across an attribute discontinuity). Kept vertices
 * keep their LOD0 normals, UVs and skin weights, which are already at most four and normalised.
 *
 * ```ts
 * const skin = meshSkinWeights(bodySkinWeights(body, skeleton), body.vertexOf);
 * const lod3 = await bodyLod(body, 3, { skin });
 * ```
 */
export async function bodyLod(body: BodyMesh, lod: number, options: BodyLodOptions = {}): Promise<BodyLod> {
  const o = { ...BODY_LOD_DEFAULTS, ...options };
  const levels = o.row === 'persona' ? PERSONA_BODY_BUDGETS.female.length : BODY_LOD_BUDGETS.length;
  if (!Number.isInteger(lod) || lod < 0 || lod >= levels) throw new RangeError(`bodies have levels of detail 0 to ${levels - 1}, not ${lod}`);
  const mesh = body.mesh;
  const count = mesh.positions.length / 3;
  const ring = neckRingVertices(body.vertexOf);
  if ((lod === 0 && o.row !== 'default') || (lod === 1 && o.row === 'persona')) {
    const all = Uint32Array.from({ length: count }, (_, i) => i);
    return { mesh, sourceVertices: all, neckRing: ring, skin: o.skin };
  }
  const template = o.template ?? (body.proportions.maleness >= 0.5 ? 'male' : 'female');
  const simplified = await lodIndices(template, lod, o.uvWeight, o.row);
  const remap = new Int32Array(count).fill(-1);
  const used: number[] = [];
  for (const v of simplified) if (remap[v] < 0) { remap[v] = 0; used.push(v); }
  used.sort((a, b) => a - b);
  used.forEach((v, i) => (remap[v] = i));
  const pick = (source: Float32Array, size: number): Float32Array => {
    const out = new Float32Array(used.length * size);
    used.forEach((v, i) => out.set(source.subarray(v * size, v * size + size), i * size));
    return out;
  };
  const indices = Uint32Array.from(simplified, (v) => remap[v]);
  const base = { positions: pick(mesh.positions, 3), uvs: mesh.uvs ? pick(mesh.uvs, 2) : undefined, indices };
  const out: Mesh = mesh.normals ? { ...base, normals: pick(mesh.normals, 3) } : computeNormals(base);
  let skin: SkinWeights | undefined;
  if (o.skin) {
    const joints = new Uint16Array(used.length * 4);
    const weights = new Float32Array(used.length * 4);
    used.forEach((v, i) => {
      joints.set(o.skin!.joints.subarray(v * 4, v * 4 + 4), i * 4);
      weights.set(o.skin!.weights.subarray(v * 4, v * 4 + 4), i * 4);
    });
    skin = { joints, weights };
  }
  return { mesh: out, sourceVertices: Uint32Array.from(used), neckRing: Uint32Array.from(ring, (v) => remap[v]), skin };
}

/** Mesh vertices (UV-seam copies included) on the neck ring, in LOD0's order. */
function neckRingVertices(vertexOf: Uint32Array): Uint32Array {
  const onRing = new Uint8Array(bodyTopology().vertexCount);
  for (const v of bodyTopology().neckRing) onRing[v] = 1;
  const out: number[] = [];
  vertexOf.forEach((v, i) => { if (onRing[v]) out.push(i); });
  return Uint32Array.from(out);
}

/**
 * The template's mean body simplified to the level's budget, the neck ring locked. Plain edge
 * collapses keep more vertices than 'Regularize' (nearer the vertex budget), and so do some locked
 * seam vertices. A collapse near the
 * finger and toe tips may still turn a tiny triangle over, on the mean body or on the corners of
 * the template's intervals (smallest and largest); the corners of such a triangle (and their
 * UV-seam copies) are then locked too and the level simplified again, until none folds.
 */
async function lodIndices(template: BodyTemplate, lod: number, uvWeight: number, row: BodyLodRow): Promise<Uint32Array> {
  const budgets = budgetsOf(row, template);
  const key = `${template}|${lod}|${uvWeight}|${row}`;
  const hit = cache.get(key);
  if (hit) return hit;
  await MeshoptSimplifier.ready;
  const { mesh, vertexOf, triangles: bodyTriangles, corners } = templateBodies(template);
  const target = budgets[lod].faces;
  const simplify = (locked: Uint8Array): Uint32Array => MeshoptSimplifier.simplifyWithAttributes(
    mesh.indices, mesh.positions, 3, mesh.uvs!, 2, [uvWeight, uvWeight], Uint8Array.from(vertexOf, (v) => locked[v]), target * 3, 1, [],
  )[0];
  // The simplifier is asked for faces; it keeps fewer UV-seam copies than the spec's levels have, so
  // vertices come out a few per cent short. Locking every n-th seam vertex keeps more copies: n is
  // chosen per level to come nearest the vertex budget.
  const copies = new Uint8Array(bodyTopology().vertexCount);
  for (const v of vertexOf) copies[v] = Math.min(2, copies[v] + 1);
  const lockedWith = (every: number): Uint8Array => {
    const locked = new Uint8Array(copies.length);
    for (const v of bodyTopology().neckRing) locked[v] = 1;
    if (every > 0) for (let v = 0; v < copies.length; v++) if (copies[v] > 1 && v % every === 0) locked[v] = 1;
    return locked;
  };
  const vertexBudget = budgets[lod].vertices;
  let lockedBody = lockedWith(0);
  let nearest = Infinity;
  for (const every of [0, 5, 4, 3, 2]) {
    const locked = lockedWith(every);
    const miss = Math.abs(new Set(simplify(locked)).size - vertexBudget);
    if (miss < nearest) { nearest = miss; lockedBody = locked; }
  }
  let best: Uint32Array | undefined;
  let bestFolds = Infinity;
  for (let round = 0; round < 8; round++) {
    const result = simplify(lockedBody);
    const folded = [...new Set([mesh, ...corners].flatMap((m) => foldedList(m, result)))];
    if (folded.length < bestFolds) { best = result; bestFolds = folded.length; }
    if (folded.length === 0) break;
    // Lock the corners and their LOD0 neighbours: the fold comes from a collapse into a corner.
    const near = new Set<number>();
    for (const t of folded) for (let k = 0; k < 3; k++) near.add(vertexOf[result[t + k]]);
    const tri = bodyTriangles;
    for (let t = 0; t < tri.length; t += 3) {
      if (near.has(tri[t]) || near.has(tri[t + 1]) || near.has(tri[t + 2])) {
        lockedBody[tri[t]] = lockedBody[tri[t + 1]] = lockedBody[tri[t + 2]] = 1;
      }
    }
  }
  cache.set(key, best!);
  return best!;
}

/** A template's mean body, and the corners of its intervals its levels are checked on. */
interface TemplateBodies {
  mesh: Mesh;
  vertexOf: Uint32Array;
  triangles: Uint32Array;
  corners: Mesh[];
}

const templates = new Map<BodyTemplate, TemplateBodies>();

function templateBodies(template: BodyTemplate): TemplateBodies {
  let t = templates.get(template);
  if (!t) {
    const { mesh, vertexOf, triangles } = bodyMesh(bodyProportions(resolveBodyShape({ gender: template })));
    // Every body of the template takes its levels' triangles: check them on the smallest and the
    // largest body of the template's intervals too.
    const b = BODY_SHAPE_INTERVALS[template];
    const corners = [0, 1].map((k) => solveBodyShape({
      gender: template, height: b.height[k], weight: b.weight[k], chest: b.chest[k], waist: b.waist[k], hips: b.hips[k],
    }).body.mesh);
    templates.set(template, (t = { mesh, vertexOf, triangles, corners }));
  }
  return t;
}

/**
 * Triangles of `indices` (over `mesh`'s vertices) that are degenerate or face against the mean of
 * their corners' normals: a collapse that turned the surface over.
 */
export function foldedTriangles(mesh: Mesh, indices: Uint32Array): number {
  return foldedList(mesh, indices).length;
}

/** Offsets in `indices` of the folded triangles (see foldedTriangles). */
function foldedList(mesh: Mesh, indices: Uint32Array): number[] {
  const p = mesh.positions, n = mesh.normals!;
  const folded: number[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t] * 3, b = indices[t + 1] * 3, c = indices[t + 2] * 3;
    const ux = p[b] - p[a], uy = p[b + 1] - p[a + 1], uz = p[b + 2] - p[a + 2];
    const vx = p[c] - p[a], vy = p[c + 1] - p[a + 1], vz = p[c + 2] - p[a + 2];
    const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
    const len = Math.hypot(nx, ny, nz);
    const mx = n[a] + n[b] + n[c], my = n[a + 1] + n[b + 1] + n[c + 1], mz = n[a + 2] + n[b + 2] + n[c + 2];
    if (!(len > 1e-12) || nx * mx + ny * my + nz * mz <= 0) folded.push(t);
  }
  return folded;
}
