import { MeshoptSimplifier } from 'meshoptimizer';
import type { Mesh } from '../../core/mesh.js';
import { bodySkeleton } from '../body/skeleton.js';
import { bodySkinWeights } from '../body/skinWeights.js';
import { solveBodyShape } from '../body/bodyShapeSolver.js';
import type { SkinWeights } from '../body/skinWeights.js';
import { hardEdgePlanner, plannedNormals, type HardEdgePlan } from './hardEdges.js';
import { buildGarment, type Garment, type GarmentBody } from './garment.js';
import { OUTFIT_RECIPES } from './outfitRecipes.js';
import { PERSONA_RECIPES } from './personaRecipes.js';
import type { GarmentRecipe } from './garmentRecipe.js';

/** A whole outfit fitted to one body: its garments merged into one mesh, and what each vertex is. */
export interface FittedOutfit {
  garments: Garment[];
  recipes: readonly GarmentRecipe[];
  mesh: Mesh;
  skin: SkinWeights;
  /** Per vertex: which garment (index into `garments`). */
  garmentOf: Uint8Array;
  /** Per vertex: its index among the garments' own vertices, one after the other (a simplified outfit keeps some). */
  sourceVertices: Uint32Array;
  /** Where each garment lies in the outfit's texture (outfitLayout). */
  cells: GarmentCell[];
}

/**
 * A garment's place in its outfit's texture: texture UV = `origin` + (atlas UV − `from`) × `scale`,
 * inside the rectangle `origin` + `size`. The base outfits give each garment a quarter holding the
 * body's atlas at half size; persona items (`packed`) fit each garment's own bounding box into
 * the whole texture (one garment) or a quarter, so their texels are not spent on bare skin.
 */
export interface GarmentCell { origin: [number, number]; from: [number, number]; scale: number; size: [number, number] }

export type OutfitLayout = 'quarters' | 'packed';

function garmentCells(garments: Garment[], layout: OutfitLayout): GarmentCell[] {
  const whole = garments.length === 1;
  const margin = 4 / 1024;
  return garments.map((g, k) => {
    const uv = g.mesh.uvs!;
    let u0 = Infinity, v0 = Infinity, u1 = -Infinity, v1 = -Infinity;
    for (let i = 0; i < uv.length; i += 2) { u0 = Math.min(u0, uv[i]); u1 = Math.max(u1, uv[i]); v0 = Math.min(v0, uv[i + 1]); v1 = Math.max(v1, uv[i + 1]); }
    if (layout === 'quarters') {
      // The body's atlas at half size; a long coat's or a dress's skirt, laid out below the
      // torso's island, may reach past the atlas: then its own bounds fill the quarter.
      if (u0 >= 0 && v0 >= 0 && u1 <= 1 && v1 <= 1) return { origin: garmentQuarter(k), from: [0, 0], scale: 0.5, size: [0.5, 0.5] };
      const q = garmentQuarter(k);
      return { origin: [q[0] + margin, q[1] + margin], from: [u0, v0], scale: (0.5 - 2 * margin) / Math.max(u1 - u0, v1 - v0), size: [0.5 - 2 * margin, 0.5 - 2 * margin] };
    }
    const side = whole ? 1 : 0.5;
    const corner: [number, number] = whole ? [0, 0] : garmentQuarter(k);
    const scale = (side - 2 * margin) / Math.max(u1 - u0, v1 - v0);
    return { origin: [corner[0] + margin, corner[1] + margin], from: [u0, v0], scale, size: [side - 2 * margin, side - 2 * margin] };
  });
}

export function outfitRecipes(garments: string): readonly GarmentRecipe[] {
  const recipes = OUTFIT_RECIPES[garments] ?? PERSONA_RECIPES[garments];
  if (!recipes) throw new Error(`no outfit recipe "${garments}"`);
  return recipes;
}

/**
 * The outfit `garments` (a base-set name) on `body`, at full or low-poly detail.
 *
 * ```ts
 * const outfit = fitOutfit('tshirt_jeans_sneakers', { positions, weights }, 'full');
 * ```
 */
export async function fitOutfit(garments: string, body: GarmentBody, detail: 'full' | 'lowpoly', budget?: { vertices: number; faces: number }, layout: OutfitLayout = 'quarters'): Promise<FittedOutfit> {
  const whole = mergedOutfit(garments, body, detail, layout);
  if (!budget) return whole;
  return leveled(whole, await outfitLevel(garments, detail, budget, layout));
}

interface OutfitLevel { indices: Uint32Array; plan: HardEdgePlan }
/** How much the simplification weighs the UVs and the normals against the positions' error. */
const ATTRIBUTE_WEIGHTS = [0.5, 0.5, 0.5, 0.5, 0.5];
const levels = new Map<string, OutfitLevel>();

/**
 * An outfit at the spec's size: meshoptimizer's simplification to the face count, and hard edges
 * by angle (hardEdges.ts) at the angle that brings the vertices to the table's, both made on a
 * reference body (the mean body) so that they are the same for every avatar: the garment's
 * vertices are the same points of every body. When the simplified outfit has more vertices than
 * the table even with no hard edge, it is simplified 2 % further, or 2.8 %.
 */
async function outfitLevel(garments: string, detail: 'full' | 'lowpoly', budget: { vertices: number; faces: number }, layout: OutfitLayout): Promise<OutfitLevel> {
  const key = `${garments}|${detail}|${budget.faces}|${budget.vertices}|${layout}`;
  const hit = levels.get(key);
  if (hit) return hit;
  await MeshoptSimplifier.ready;
  const solved = solveBodyShape({});
  const weights = bodySkinWeights(solved.body, bodySkeleton(solved.body.proportions));
  const { mesh } = mergedOutfit(garments, { positions: solved.body.positions, weights }, detail, layout);
  const p = mesh.positions;
  const weld = new Uint32Array(p.length / 3);
  const first = new Map<string, number>();
  for (let v = 0; v < weld.length; v++) {
    const k = `${p[v * 3].toFixed(5)},${p[v * 3 + 1].toFixed(5)},${p[v * 3 + 2].toFixed(5)}`;
    const w = first.get(k);
    if (w === undefined) first.set(k, v);
    weld[v] = w ?? v;
  }
  // UVs, and the normals: a simplification that weighs them keeps vertices where the cloth curves
  // round the body (the side under the arm), where a long flat triangle would cut into a posed body.
  const attributes = new Float32Array(weld.length * 5);
  for (let v = 0; v < weld.length; v++) {
    attributes.set(mesh.uvs!.subarray(v * 2, v * 2 + 2), v * 5);
    attributes.set(mesh.normals!.subarray(v * 3, v * 3 + 3), v * 5 + 2);
  }
  let best: OutfitLevel | undefined;
  for (const share of [1, 0.98, 0.972]) {
    const [indices] = MeshoptSimplifier.simplifyWithAttributes(mesh.indices, p, 3, attributes, 5, ATTRIBUTE_WEIGHTS, null, Math.round(budget.faces * share) * 3, 1, []);
    const planner = hardEdgePlanner(p, indices, weld);
    const smooth = planner.count(180);
    best = { indices, plan: planner.plan(180) };
    if (smooth > budget.vertices * 1.02) continue;
    if (smooth > budget.vertices) break;
    // More vertices as the angle narrows: bisect for the table's count.
    let lo = 20, hi = 180;
    for (let it = 0; it < 9; it++) {
      const mid = (lo + hi) / 2;
      if (planner.count(mid) > budget.vertices) lo = mid; else hi = mid;
    }
    if (hi < 180) best = { indices, plan: planner.plan(hi) };
    break;
  }
  levels.set(key, best!);
  return best!;
}

/** The outfit at a level: the plan's vertices, its triangles, normals with its hard edges. */
function leveled(o: FittedOutfit, level: OutfitLevel): FittedOutfit {
  const { plan } = level;
  const pick = <T extends Float32Array | Uint16Array | Uint8Array>(source: T, size: number): T => {
    const out = new (source.constructor as new (n: number) => T)(plan.source.length * size);
    plan.source.forEach((v, i) => out.set(source.subarray(v * size, v * size + size), i * size));
    return out;
  };
  return {
    ...o,
    mesh: { positions: pick(o.mesh.positions, 3), normals: plannedNormals(plan, o.mesh.positions, level.indices), uvs: pick(o.mesh.uvs!, 2), indices: plan.indices },
    skin: { joints: pick(o.skin.joints, 4), weights: pick(o.skin.weights, 4) },
    garmentOf: pick(o.garmentOf, 1),
    sourceVertices: Uint32Array.from(plan.source, (v) => o.sourceVertices[v]),
  };
}

function mergedOutfit(garments: string, body: GarmentBody, detail: 'full' | 'lowpoly', layout: OutfitLayout): FittedOutfit {
  const recipes = outfitRecipes(garments);
  const built = recipes.map((r) => buildGarment(r, body, detail));
  const cells = garmentCells(built, layout);
  const total = built.reduce((n, g) => n + g.mesh.positions.length / 3, 0);
  const positions = new Float32Array(total * 3), normals = new Float32Array(total * 3), uvs = new Float32Array(total * 2);
  const joints = new Uint16Array(total * 4), weights = new Float32Array(total * 4);
  const garmentOf = new Uint8Array(total);
  const indices: number[] = [];
  let offset = 0;
  built.forEach((g, k) => {
    const n = g.mesh.positions.length / 3;
    positions.set(g.mesh.positions, offset * 3);
    normals.set(g.mesh.normals!, offset * 3);
    // Each garment has its own cell of the outfit's texture.
    const c = cells[k];
    for (let v = 0; v < n; v++) {
      uvs[(offset + v) * 2] = c.origin[0] + (g.mesh.uvs![v * 2] - c.from[0]) * c.scale;
      uvs[(offset + v) * 2 + 1] = c.origin[1] + (g.mesh.uvs![v * 2 + 1] - c.from[1]) * c.scale;
    }
    joints.set(g.skin.joints, offset * 4);
    weights.set(g.skin.weights, offset * 4);
    garmentOf.fill(k, offset, offset + n);
    for (const i of g.mesh.indices) indices.push(i + offset);
    offset += n;
  });
  return { garments: built, recipes, mesh: { positions, normals, uvs, indices: Uint32Array.from(indices) }, skin: { joints, weights }, garmentOf, sourceVertices: Uint32Array.from({ length: total }, (_, i) => i), cells };
}

/** Where garment `k` of an outfit lies in its texture: the quarter's top-left corner (u, v), each half the texture's side. */
export function garmentQuarter(k: number): [number, number] {
  return [(k % 2) * 0.5, Math.floor(k / 2) * 0.5];
}
