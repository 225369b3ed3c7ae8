import type { Mesh } from '../../core/mesh.js';
import { computeNormals, faceNormalSums } from '../../geometry/computeNormals.js';
import type { SkinWeights } from '../body/skinWeights.js';
import { bodyLayout } from '../body/bodyMesh.js';
import { BODY_PARTS, surfacePatch, type SurfacePatch, type SurfacePlace } from './garmentSurface.js';
import { solveBodyShape } from '../body/bodyShapeSolver.js';
import type { GarmentPoint, GarmentRecipe } from './garmentRecipe.js';
import { buildHang, hangRing, type HangRing } from './garmentHang.js';
import { legFall } from './legFall.js';
import { metresPerAtlasUnit } from './atlasScale.js';

/** The body a garment is fitted to: positions and skin weights per body vertex (topology ids), as bodySkinWeights makes them. */
export interface GarmentBody {
  positions: Float32Array;
  weights: SkinWeights;
}

/** Which shell of the cloth a vertex belongs to. */
export const GARMENT_LAYERS = ['outer', 'inner', 'rim'] as const;

/**
 * A garment fitted to one body. Every vertex is bound to a point of the body's surface (a blend of
 * body vertices, `binding`), lifted along its normal: a garment made on any body shape is made
 * the same way, and its skin weights are those of that point of the body.
 */
export interface Garment {
  name: string;
  mesh: Mesh;
  skin: SkinWeights;
  /** Per vertex: 0 outer, 1 inner, 2 rim (GARMENT_LAYERS). */
  layer: Uint8Array;
  /** Per vertex: the body vertices and weights of the surface point it is bound to (4 slots; weight 0 unused). */
  bindVertices: Uint32Array;
  bindWeights: Float32Array;
  /** Per vertex: distance over the garment to its nearest hem, metres (texture painting). */
  hem: Float32Array;
  /** Per vertex: the garment's zone there (GarmentRecipe.zones), for the painter. */
  zone: Uint8Array;
  /** Body faces (topology) the garment covers: what the body visibility mask hides. */
  coveredFaces: number[];
  /** Per vertex: its body place's s, t, front (1 or 0) and part (BODY_PARTS index), where the painter draws buttons, pockets and laces. */
  place: Float32Array;
}

/** Per body vertex, the area-weighted normal of the welded body surface. */
export function bodyVertexNormals(positions: Float32Array): Float32Array {
  const sums = faceNormalSums(positions, bodyLayout().triangles);
  const n = new Float32Array(positions.length);
  for (let v = 0; v < n.length; v += 3) {
    const l = Math.hypot(sums[v], sums[v + 1], sums[v + 2]) || 1;
    n[v] = sums[v] / l; n[v + 1] = sums[v + 1] / l; n[v + 2] = sums[v + 2] / l;
  }
  return n;
}

type V3 = [number, number, number];

/** Depth of the facing inside each hem, metres. */
const FACING = 0.045;

/**
 * Builds a garment of `recipe` on `body` at `detail` (`full` or `lowpoly`): the outer shell over
 * the covered faces, lifted by the recipe's ease and smoothed over hollows the cloth would bridge
 * (never closer to the body than its least ease allows), an inner shell `thickness` under it, and a
 * rolled rim joining them at every hem, with hard edges of its own.
 */
export function buildGarment(recipe: GarmentRecipe, body: GarmentBody, detail: 'full' | 'lowpoly'): Garment {
  const { patch, edgeUse, neighbours, onHem, hemSeeds, referenceHem, inwardFaces, ring } = garmentLayout(recipe, detail);
  const P = body.positions;
  const S = patch.samples.length;
  const { base, normal } = samplePoints(patch.samples, P);
  const ekey = (a: number, b: number) => (a < b ? a * S + b : b * S + a);
  const tri = patch.triangles;
  const hem = hemDistances(S, neighbours, hemSeeds, base);
  const inward = (f: number) => inwardFaces[f / 3] === 1;

  // Outer shell: lifted by the ease, smoothed, then kept at least its least ease from the body.
  const outer = new Float64Array(S * 3);
  const ease = new Float64Array(S);
  const at = (i: number) => ({ place: patch.samples[i].place, hem: hem[i], position: [base[i * 3], base[i * 3 + 1], base[i * 3 + 2]] as V3, normal: [normal[i * 3], normal[i * 3 + 1], normal[i * 3 + 2]] as V3 });
  for (let i = 0; i < S; i++) {
    ease[i] = recipe.ease(at(i));
    for (let k = 0; k < 3; k++) outer[i * 3 + k] = base[i * 3 + k] + normal[i * 3 + k] * ease[i];
  }
  const tmp = new Float64Array(S * 3);
  for (let pass = 0; pass < recipe.drape; pass++) {
    for (let i = 0; i < S; i++) {
      const nb = neighbours[i];
      let x = 0, y = 0, z = 0;
      for (const j of nb) { x += outer[j * 3]; y += outer[j * 3 + 1]; z += outer[j * 3 + 2]; }
      const m = nb.size || 1;
      const lam = onHem[i] ? 0.25 : 0.5;
      tmp[i * 3] = outer[i * 3] + lam * (x / m - outer[i * 3]);
      tmp[i * 3 + 1] = outer[i * 3 + 1] + lam * (y / m - outer[i * 3 + 1]);
      tmp[i * 3 + 2] = outer[i * 3 + 2] + lam * (z / m - outer[i * 3 + 2]);
    }
    for (let i = 0; i < S; i++) {
      // Never closer than the least ease: the cloth bridges hollows, it does not sink into the body.
      const least = Math.max(0.003, ease[i] * 0.75);
      let d = 0;
      for (let k = 0; k < 3; k++) d += (tmp[i * 3 + k] - base[i * 3 + k]) * normal[i * 3 + k];
      const push = d < least ? least - d : 0;
      for (let k = 0; k < 3; k++) outer[i * 3 + k] = tmp[i * 3 + k] + normal[i * 3 + k] * push;
    }
  }
  if (recipe.fall) legFall(recipe.fall, patch.samples, base, outer);
  // Collars, lapels, plackets: lifted after smoothing, so their steps stay crisp.
  if (recipe.relief) for (let i = 0; i < S; i++) {
    const lift = recipe.relief(at(i));
    if (lift !== 0) for (let k = 0; k < 3; k++) outer[i * 3 + k] += normal[i * 3 + k] * lift;
  }
  let ground = Infinity;
  for (let v = 1; v < P.length; v += 3) ground = Math.min(ground, P[v]);
  if (recipe.shape) for (let i = 0; i < S; i++) {
    const p: V3 = [outer[i * 3], outer[i * 3 + 1], outer[i * 3 + 2]];
    const q = recipe.shape(at(i), p, ground);
    outer.set(q, i * 3);
  }

  // A hem that crosses the body's grid on a slant (a tank top's arm hole, a crew neck's scoop) ends
  // in steps of one face; a cut edge of cloth runs smoothly. The hems are smoothed along themselves
  // within the surface (so a round hem keeps its ease rather than shrinking onto the body); the
  // facing and the rim are made from the outer points, so they follow. The ring a skirt hangs from
  // stays where the hang meets it. The moves are a few millimetres, onto faces the visibility masks
  // leave drawn (hiddenFaces keeps the ring along each hem).
  smoothAlongEdges(outer, S, edgeUse, ring?.samples, normal);

  // Vertices: outer corners, inner corners, then the rim's own (hard-edged) copies.
  const positions: number[] = [], uvs: number[] = [], layer: number[] = [], sampleOf: number[] = [], weldKey: number[] = [], cornerOf: number[] = [];
  const push = (p: ArrayLike<number>, uv: [number, number], l: number, sample: number, weld: number, corner = -1) => {
    positions.push(p[0], p[1], p[2]); uvs.push(uv[0], uv[1]); layer.push(l); sampleOf.push(sample); weldKey.push(weld); cornerOf.push(corner);
    return layer.length - 1;
  };
  const C = patch.corners.length;
  const innerOf = (i: number): V3 => {
    const o: V3 = [outer[i * 3], outer[i * 3 + 1], outer[i * 3 + 2]];
    const n: V3 = [normal[i * 3], normal[i * 3 + 1], normal[i * 3 + 2]];
    let d = 0;
    for (let k = 0; k < 3; k++) d += (o[k] - base[i * 3 + k]) * n[k];
    const lift = Math.max(0.0015, Math.min(d - recipe.thickness, d * 0.5)) - d;
    return [o[0] + n[0] * lift, o[1] + n[1] * lift, o[2] + n[2] * lift];
  };
  const outerIds = patch.corners.map((c, k) => push(outer.subarray(c.sample * 3, c.sample * 3 + 3), c.uv, 0, c.sample, c.sample, k));
  const innerMade = new Int32Array(C).fill(-1);
  const innerId = (corner: number) => {
    if (innerMade[corner] < 0) { const c = patch.corners[corner]; innerMade[corner] = push(innerOf(c.sample), c.uv, 1, c.sample, S + c.sample, corner); }
    return innerMade[corner];
  };
  const indices: number[] = [];
  for (let f = 0; f < tri.length; f += 3) {
    const [a, b, c] = [tri[f], tri[f + 1], tri[f + 2]];
    // Wound so that the face turns the way the body's surface does beneath it.
    const flip = inward(f);
    if (flip) indices.push(outerIds[a], outerIds[c], outerIds[b]);
    else indices.push(outerIds[a], outerIds[b], outerIds[c]);
    // The inner shell is a facing, as in a sewn garment: a band inside each hem, all that shows
    // through an opening; deeper in, the body hides it.
    const sa = patch.corners[a].sample, sb = patch.corners[b].sample, sc = patch.corners[c].sample;
    if (Math.max(referenceHem[sa], referenceHem[sb], referenceHem[sc]) > FACING) continue;
    if (flip) indices.push(innerId(a), innerId(b), innerId(c));
    else indices.push(innerId(a), innerId(c), innerId(b));
  }

  // The rim: at each hem edge, outer → lip → inner, the lip pushed past the hem by half the thickness.
  const rimCopies = new Map<string, number>();
  const lipOf = (i: number): V3 => {
    const o = [outer[i * 3], outer[i * 3 + 1], outer[i * 3 + 2]], inn = innerOf(i);
    const u = pastEdge(i, neighbours, base, normal, (j) => !onHem[j]);
    const reach = 0.5 * Math.max(recipe.thickness, 0.002);
    return [0, 1, 2].map((k) => (o[k] + inn[k]) / 2 + u[k] * reach) as V3;
  };
  const rimVertex = (corner: number, row: 0 | 1 | 2): number => {
    const c = patch.corners[corner];
    const key = `${corner}:${row}`;
    let id = rimCopies.get(key);
    if (id === undefined) {
      const p = row === 0 ? outer.subarray(c.sample * 3, c.sample * 3 + 3) : row === 2 ? innerOf(c.sample) : lipOf(c.sample);
      id = push(p, c.uv, 2, c.sample, 2 * S + c.sample * 3 + row, corner);
      rimCopies.set(key, id);
    }
    return id;
  };
  for (let f = 0; f < tri.length; f += 3) {
    for (let k = 0; k < 3; k++) {
      const ca = tri[f + k], cb = tri[f + (k + 1) % 3];
      const a = patch.corners[ca].sample, b = patch.corners[cb].sample;
      if (edgeUse.get(ekey(a, b)) !== 1) continue;
      const flip = inward(f);
      const [x, y] = flip ? [cb, ca] : [ca, cb];
      // The outer triangle walks x → y; the rim walks y → x on the outer row, outwards over the lip.
      for (const [r0, r1] of [[0, 1], [1, 2]] as const) {
        const p0 = rimVertex(y, r0), p1 = rimVertex(x, r0), q0 = rimVertex(y, r1), q1 = rimVertex(x, r1);
        indices.push(p0, p1, q1, p0, q1, q0);
      }
    }
  }

  if (recipe.flap) buildFlap(recipe.flap, { patch, inward, outer, base, normal, at, push, indices, neighbours });

  const sampleSkin = patch.samples.map((s) => blendSkin(s.vertices, s.weights, body.weights));
  // A skirt's tube hangs from its ring (garmentHang.ts).
  const hang = recipe.hang && ring ? buildHang(recipe.hang, ring, outer, P, body.weights, sampleSkin, recipe.thickness, metresPerAtlasUnit(), 5 * S) : undefined;
  const surfaceCount = layer.length;
  if (hang) {
    const offset = surfaceCount;
    positions.push(...hang.positions); uvs.push(...hang.uvs); layer.push(...hang.layer); sampleOf.push(...hang.ringSample); weldKey.push(...hang.weld);
    for (const i of hang.indices) indices.push(i + offset);
  }
  const count = layer.length;
  const weld = new Uint32Array(count);
  const firstOf = new Map<number, number>();
  for (let v = 0; v < count; v++) {
    const w = firstOf.get(weldKey[v]);
    if (w === undefined) firstOf.set(weldKey[v], v);
    weld[v] = w ?? v;
  }
  const mesh = computeNormals({ positions: Float32Array.from(positions), uvs: Float32Array.from(uvs), indices: Uint32Array.from(indices) }, { weld });

  const bindVertices = new Uint32Array(count * 4), bindWeights = new Float32Array(count * 4);
  const joints = new Uint16Array(count * 4), weights = new Float32Array(count * 4);
  const hemOut = new Float32Array(count), zone = new Uint8Array(count), place = new Float32Array(count * 4);
  for (let v = 0; v < count; v++) {
    const i = sampleOf[v], s = patch.samples[i];
    // The corner's own place where the vertex is one: a pole (the toe's tip) is one sample shared by
    // every column that meets there, with the first column's s, but each face's corner has its own.
    const own = cornerOf[v] >= 0 ? patch.corners[cornerOf[v]].place : s.place;
    place.set([own.s, own.t, own.front ? 1 : 0, BODY_PARTS.indexOf(own.part)], v * 4);
    s.vertices.forEach((bv, k) => { bindVertices[v * 4 + k] = bv; bindWeights[v * 4 + k] = s.weights[k]; });
    if (v < surfaceCount) {
      joints.set(sampleSkin[i].joints, v * 4);
      weights.set(sampleSkin[i].weights, v * 4);
      hemOut[v] = hem[i];
      zone[v] = recipe.zone(at(i));
    } else {
      const h = v - surfaceCount;
      joints.set(hang!.joints.slice(h * 4, h * 4 + 4), v * 4);
      weights.set(hang!.weights.slice(h * 4, h * 4 + 4), v * 4);
      hemOut[v] = hang!.hem[h];
      zone[v] = recipe.zone({ ...at(i), hem: hang!.hem[h] });
    }
  }
  return { name: recipe.name, mesh, skin: { joints, weights }, layer: Uint8Array.from(layer), bindVertices, bindWeights, hem: hemOut, zone, coveredFaces: patch.faces, place };
}


/**
 * Moves each point of `points` on a free edge (an edge of one triangle in `edgeUse`) with two
 * neighbours along it towards them, four times (`i ← i/2 + (a + b)/4`), all at once per pass;
 * `fixed` points stay. With `normal`, only within the surface: the move's part along the normal is
 * dropped. The hems and a flap's free edge (buildFlap) share it.
 */
function smoothAlongEdges(points: Float64Array, S: number, edgeUse: Map<number, number>, fixed?: readonly number[], normal?: Float64Array): void {
  const along: number[][] = Array.from({ length: S }, () => []);
  for (const [e, n] of edgeUse) if (n === 1) { const a = Math.floor(e / S), b = e % S; along[a].push(b); along[b].push(a); }
  const pinned = new Uint8Array(S);
  for (const i of fixed ?? []) pinned[i] = 1;
  const moving = [...along.keys()].filter((i) => along[i].length === 2 && !pinned[i]);
  const next = new Float64Array(3);
  for (let pass = 0; pass < 4; pass++) {
    const moves = new Float64Array(moving.length * 3);
    moving.forEach((i, m) => {
      const [a, b] = along[i];
      for (let k = 0; k < 3; k++) next[k] = 0.25 * (points[a * 3 + k] + points[b * 3 + k]) - 0.5 * points[i * 3 + k];
      const up = normal ? next[0] * normal[i * 3] + next[1] * normal[i * 3 + 1] + next[2] * normal[i * 3 + 2] : 0;
      for (let k = 0; k < 3; k++) moves[m * 3 + k] = next[k] - (normal ? up * normal[i * 3 + k] : 0);
    });
    moving.forEach((i, m) => { for (let k = 0; k < 3; k++) points[i * 3 + k] += moves[m * 3 + k]; });
  }
}

/**
 * The unit direction along the surface at sample i away from its neighbours that `inside` takes:
 * past an edge of cloth, where a rim's lip is pushed (zero when none is inside).
 */
function pastEdge(i: number, neighbours: Set<number>[], base: Float64Array, normal: Float64Array, inside: (j: number) => boolean): V3 {
  let x = 0, y = 0, z = 0, m = 0;
  for (const j of neighbours[i]) if (inside(j)) { x += base[j * 3]; y += base[j * 3 + 1]; z += base[j * 3 + 2]; m++; }
  let u: V3 = m ? [base[i * 3] - x / m, base[i * 3 + 1] - y / m, base[i * 3 + 2] - z / m] : [0, 0, 0];
  const un = u[0] * normal[i * 3] + u[1] * normal[i * 3 + 1] + u[2] * normal[i * 3 + 2];
  u = [u[0] - un * normal[i * 3], u[1] - un * normal[i * 3 + 1], u[2] - un * normal[i * 3 + 2]];
  const l = Math.hypot(u[0], u[1], u[2]) || 1;
  return [u[0] / l, u[1] / l, u[2] / l];
}

interface FlapContext {
  patch: SurfacePatch;
  inward: (f: number) => boolean;
  outer: Float64Array;
  base: Float64Array;
  normal: Float64Array;
  at: (i: number) => GarmentPoint;
  push: (p: ArrayLike<number>, uv: [number, number], layer: number, sample: number, weld: number, corner?: number) => number;
  indices: number[];
  neighbours: Set<number>[];
}

/**
 * A flap (GarmentRecipe.flap): the garment's triangles over the places it covers, copied `lift`
 * off the outer surface, and a rim along its free edge from the flap's surface over a rounded lip
 * down onto the garment. Its vertices are the garment's samples, so it is bound, skinned and
 * morphed as the cloth beneath it is; its weld keys are negative, apart from the garment's own.
 */
function buildFlap(flap: NonNullable<GarmentRecipe['flap']>, c: FlapContext): void {
  const { patch, outer, base, normal } = c;
  const tri = patch.triangles;
  const S = patch.samples.length;
  const inFlap = new Uint8Array(S);
  const lift = new Float64Array(S);
  for (let i = 0; i < S; i++) if (flap.covers(patch.samples[i].place)) { inFlap[i] = 1; lift[i] = flap.lift(c.at(i)); }
  const sampleOf = (corner: number) => patch.corners[corner].sample;
  const faces: number[] = [];
  for (let f = 0; f < tri.length; f += 3) if (inFlap[sampleOf(tri[f])] && inFlap[sampleOf(tri[f + 1])] && inFlap[sampleOf(tri[f + 2])]) faces.push(f);
  const edgeUse = new Map<number, number>();
  const ekey = (a: number, b: number) => (a < b ? a * S + b : b * S + a);
  for (const f of faces) for (let k = 0; k < 3; k++) { const e = ekey(sampleOf(tri[f + k]), sampleOf(tri[f + (k + 1) % 3])); edgeUse.set(e, (edgeUse.get(e) ?? 0) + 1); }
  // The flap's surface, its free edge smoothed along itself: the faces it takes end in steps of the
  // body's grid, and a cut edge of cloth runs smoothly (its texture is the garment's, so moving the
  // edge's copies a few millimetres along the surface costs nothing).
  const top = new Float64Array(S * 3);
  for (let i = 0; i < S; i++) if (inFlap[i]) for (let k = 0; k < 3; k++) top[i * 3 + k] = outer[i * 3 + k] + normal[i * 3 + k] * lift[i];
  smoothAlongEdges(top, S, edgeUse);
  const down = (i: number, by: number): V3 => [0, 1, 2].map((k) => top[i * 3 + k] - normal[i * 3 + k] * by) as V3;
  const made = new Map<number, number>();
  const vertex = (corner: number): number => {
    let id = made.get(corner);
    if (id === undefined) { const i = sampleOf(corner); id = c.push(down(i, 0), patch.corners[corner].uv, 0, i, -1 - i, corner); made.set(corner, id); }
    return id;
  };
  for (const f of faces) {
    const [a, b, d] = [tri[f], tri[f + 1], tri[f + 2]];
    if (c.inward(f)) c.indices.push(vertex(a), vertex(d), vertex(b));
    else c.indices.push(vertex(a), vertex(b), vertex(d));
  }
  // The lip: halfway down, pushed out past the edge by half the lift, away from the flap's inside.
  const lipOf = (i: number): V3 => {
    const u = pastEdge(i, c.neighbours, base, normal, (j) => inFlap[j] === 1);
    const mid = down(i, lift[i] / 2);
    return [0, 1, 2].map((k) => mid[k] + u[k] * lift[i] * 0.5) as V3;
  };
  const rim = new Map<string, number>();
  const rimVertex = (corner: number, row: 0 | 1 | 2): number => {
    const key = `${corner}:${row}`;
    let id = rim.get(key);
    if (id === undefined) {
      const i = sampleOf(corner);
      const p = row === 0 ? down(i, 0) : row === 1 ? lipOf(i) : down(i, lift[i] - 0.001);
      id = c.push(p, patch.corners[corner].uv, 2, i, -1 - S - i * 3 - row, corner);
      rim.set(key, id);
    }
    return id;
  };
  for (const f of faces) {
    for (let k = 0; k < 3; k++) {
      const ca = tri[f + k], cb = tri[f + (k + 1) % 3];
      if (edgeUse.get(ekey(sampleOf(ca), sampleOf(cb))) !== 1) continue;
      const [x, y] = c.inward(f) ? [cb, ca] : [ca, cb];
      for (const [r0, r1] of [[0, 1], [1, 2]] as const) {
        const p0 = rimVertex(y, r0), p1 = rimVertex(x, r0), q0 = rimVertex(y, r1), q1 = rimVertex(x, r1);
        c.indices.push(p0, p1, q1, p0, q1, q0);
      }
    }
  }
}

/** What a garment is on every body: its samples and triangles, hems, and what the reference body decides. */
interface GarmentLayout {
  patch: SurfacePatch;
  edgeUse: Map<number, number>;
  neighbours: Set<number>[];
  onHem: Uint8Array;
  /** The hems the cloth ends at: onHem less the ring a tube hangs from, where the cloth goes on. */
  hemSeeds: Uint8Array;
  referenceHem: Float64Array;
  inwardFaces: Uint8Array;
  /** The ring a skirt's tube hangs from, when the recipe has one. */
  ring?: HangRing;
}

const layouts = new WeakMap<GarmentRecipe, Map<string, GarmentLayout>>();

/**
 * A garment's layout, made once per recipe and detail. What decides the garment's triangles
 * (which way each turns, how deep the facings go) is measured on the reference body, so every
 * body's garment has the same vertices and triangles.
 */
function garmentLayout(recipe: GarmentRecipe, detail: 'full' | 'lowpoly'): GarmentLayout {
  let byDetail = layouts.get(recipe);
  if (!byDetail) layouts.set(recipe, (byDetail = new Map()));
  const hit = byDetail.get(detail);
  if (hit) return hit;
  const [around, along] = recipe.detail[detail];
  const patch = surfacePatch(recipe.covers, around, along);
  const S = patch.samples.length;
  const reference = samplePoints(patch.samples, referencePositions());
  // Sample adjacency and the hem: edges used by one triangle.
  const edgeUse = new Map<number, number>();
  const ekey = (a: number, b: number) => (a < b ? a * S + b : b * S + a);
  const neighbours: Set<number>[] = Array.from({ length: S }, () => new Set());
  const tri = patch.triangles;
  for (let f = 0; f < tri.length; f += 3) {
    for (let k = 0; k < 3; k++) {
      const a = patch.corners[tri[f + k]].sample, b = patch.corners[tri[f + (k + 1) % 3]].sample;
      edgeUse.set(ekey(a, b), (edgeUse.get(ekey(a, b)) ?? 0) + 1);
      neighbours[a].add(b); neighbours[b].add(a);
    }
  }
  const onHem = new Uint8Array(S);
  for (const [e, count] of edgeUse) if (count === 1) { onHem[Math.floor(e / S)] = 1; onHem[e % S] = 1; }
  const ring = recipe.hang ? hangRing(patch, onHem, reference.base, referencePositions(), recipe.hang, detail) : undefined;
  const hemSeeds = onHem.slice();
  for (const i of ring?.samples ?? []) hemSeeds[i] = 0;
  const referenceHem = hemDistances(S, neighbours, hemSeeds, reference.base);
  const inwardFaces = new Uint8Array(tri.length / 3);
  for (let f = 0; f < tri.length; f += 3) {
    inwardFaces[f / 3] = facesInward(patch.corners[tri[f]].sample, patch.corners[tri[f + 1]].sample, patch.corners[tri[f + 2]].sample, reference.base, reference.normal) ? 1 : 0;
  }
  const layout = { patch, edgeUse, neighbours, onHem, hemSeeds, referenceHem, inwardFaces, ring };
  byDetail.set(detail, layout);
  return layout;
}

/** Whether samples a, b, c wind into the body (against the body's normal at a). */
function facesInward(a: number, b: number, c: number, p: Float64Array, normal: Float64Array): boolean {
  const ux = p[b * 3] - p[a * 3], uy = p[b * 3 + 1] - p[a * 3 + 1], uz = p[b * 3 + 2] - p[a * 3 + 2];
  const vx = p[c * 3] - p[a * 3], vy = p[c * 3 + 1] - p[a * 3 + 1], vz = p[c * 3 + 2] - p[a * 3 + 2];
  const nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  return nx * normal[a * 3] + ny * normal[a * 3 + 1] + nz * normal[a * 3 + 2] < 0;
}

let referenceBody: Float32Array | undefined;
/** The mean body's vertices: the reference every garment's triangles are decided on. */
function referencePositions(): Float32Array {
  return (referenceBody ??= solveBodyShape({}).body.positions);
}

/** Samples' points and normals on a body. */
function samplePoints(samples: SurfacePatch['samples'], P: Float32Array): { base: Float64Array; normal: Float64Array } {
  const normals = bodyVertexNormals(P);
  const S = samples.length;
  const base = new Float64Array(S * 3), normal = new Float64Array(S * 3);
  samples.forEach((s, i) => {
    let x = 0, y = 0, z = 0, nx = 0, ny = 0, nz = 0;
    s.vertices.forEach((v, k) => {
      const w = s.weights[k];
      x += w * P[v * 3]; y += w * P[v * 3 + 1]; z += w * P[v * 3 + 2];
      nx += w * normals[v * 3]; ny += w * normals[v * 3 + 1]; nz += w * normals[v * 3 + 2];
    });
    const l = Math.hypot(nx, ny, nz) || 1;
    base.set([x, y, z], i * 3);
    normal.set([nx / l, ny / l, nz / l], i * 3);
  });
  return { base, normal };
}

/** Distance over the samples' graph to the nearest hem sample (Dijkstra on a binary heap would be faster; the graph is small enough for a bucketless sweep). */
function hemDistances(S: number, neighbours: Set<number>[], onHem: Uint8Array, base: Float64Array): Float64Array {
  const d = new Float64Array(S).fill(Infinity);
  const heap: [number, number][] = [];
  const up = (i: number) => { while (i > 0) { const p = (i - 1) >> 1; if (heap[p][0] <= heap[i][0]) break; [heap[p], heap[i]] = [heap[i], heap[p]]; i = p; } };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < heap.length && heap[l][0] < heap[m][0]) m = l;
      if (r < heap.length && heap[r][0] < heap[m][0]) m = r;
      if (m === i) break;
      [heap[m], heap[i]] = [heap[i], heap[m]]; i = m;
    }
  };
  for (let i = 0; i < S; i++) if (onHem[i]) { d[i] = 0; heap.push([0, i]); up(heap.length - 1); }
  while (heap.length) {
    const [di, i] = heap[0];
    const last = heap.pop()!;
    if (heap.length) { heap[0] = last; down(0); }
    if (di > d[i]) continue;
    for (const j of neighbours[i]) {
      const nd = di + Math.hypot(base[i * 3] - base[j * 3], base[i * 3 + 1] - base[j * 3 + 1], base[i * 3 + 2] - base[j * 3 + 2]);
      if (nd < d[j]) { d[j] = nd; heap.push([nd, j]); up(heap.length - 1); }
    }
  }
  return d;
}

/** The skin of a point blended from body vertices: joint weights summed, the four largest kept and renormalised. */
function blendSkin(vertices: number[], w: number[], skin: SkinWeights): { joints: number[]; weights: number[] } {
  const acc = new Map<number, number>();
  vertices.forEach((v, k) => {
    for (let i = 0; i < 4; i++) {
      const wi = skin.weights[v * 4 + i];
      if (wi > 0) acc.set(skin.joints[v * 4 + i], (acc.get(skin.joints[v * 4 + i]) ?? 0) + wi * w[k]);
    }
  });
  const top = [...acc].sort((a, b) => b[1] - a[1]).slice(0, 4);
  const sum = top.reduce((s, [, x]) => s + x, 0) || 1;
  const joints = [0, 0, 0, 0], weights = [0, 0, 0, 0];
  top.forEach(([j, x], i) => { joints[i] = j; weights[i] = x / sum; });
  return { joints, weights };
}

export type { SurfacePlace };
