import type { Mesh } from '../../core/mesh.js';
import { computeNormals } from '../../geometry/computeNormals.js';
import { bodyAtlas } from './bodyAtlas.js';
import { placeArm } from './bodyArm.js';
import { placeHand } from './bodyHand.js';
import { placeLeg } from './bodyLegs.js';
import { bodyProportions, type BodyProportions } from './bodyProportions.js';
import { resolveBodyShape } from './bodyShape.js';
import { smoothBody, vertexNeighbours } from './bodySmoothing.js';
import { bodyTopology, type BodyTopology } from './bodyTopology.js';
import { placeTorso, UNIT_GIRTH_SCALES, type GirthScales } from './bodyTorso.js';
import { sidePositions } from './ringMath.js';

/**
 * A body mesh and what ties it to the topology: `vertexOf` maps each mesh vertex (UV seams are
 * duplicated vertices) to its body vertex, whose position is `positions`; `triangles` are the mesh's
 * triangles in body vertices. Skin weights and measurements work on body vertices.
 */
export interface BodyMesh {
  mesh: Mesh;
  positions: Float32Array;
  triangles: Uint32Array;
  vertexOf: Uint32Array;
  proportions: BodyProportions;
}

/** What every body shares: the triangulation and UVs, computed once. */
interface BodyLayout {
  topology: BodyTopology;
  neighbours: { start: Uint32Array; list: Uint32Array };
  fixed: Uint8Array;
  vertexOf: Uint32Array;
  uvs: Float32Array;
  /** Triangles in mesh vertices. */
  indices: Uint32Array;
  /** Triangles in body vertices. */
  triangles: Uint32Array;
  weld: Uint32Array;
}

let layout: BodyLayout | undefined;

/**
 * Body-vertex positions for proportions and girth multipliers: the rings of each part, then Taubin
 * smoothing over the whole surface (the neck ring stays where it is, for the head).
 */
export function bodyPositions(p: BodyProportions, girth: GirthScales = UNIT_GIRTH_SCALES): Float32Array {
  const topology = bodyTopology();
  const positions = placeParts(topology, p, girth);
  const { neighbours, fixed } = bodyLayout();
  smoothBody(positions, neighbours, fixed);
  return positions;
}

/** The body mesh for body-vertex positions (from bodyPositions, possibly posed). */
export function bodyMeshFromPositions(positions: Float32Array, proportions: BodyProportions): BodyMesh {
  const l = bodyLayout();
  const out = new Float32Array(l.vertexOf.length * 3);
  l.vertexOf.forEach((v, i) => out.set(positions.subarray(v * 3, v * 3 + 3), i * 3));
  const mesh = computeNormals({ positions: out, uvs: l.uvs, indices: l.indices }, { weld: l.weld });
  return { mesh, positions, triangles: l.triangles, vertexOf: l.vertexOf, proportions };
}

/**
 * A body of the given proportions (girths not solved: see solveBodyShape for measured bodies).
 *
 * ```ts
 * const { mesh } = bodyMesh(bodyProportions(resolveBodyShape({ gender: 'female' })));
 * ```
 */
export function bodyMesh(p: BodyProportions, girth: GirthScales = UNIT_GIRTH_SCALES): BodyMesh {
  return bodyMeshFromPositions(bodyPositions(p, girth), p);
}

/** Every part's rings placed for the proportions, before smoothing. */
function placeParts(topology: BodyTopology, p: BodyProportions, girth: GirthScales): Float32Array {
  const positions = new Float32Array(topology.vertexCount * 3);
  placeTorso(topology, p, girth, positions);
  for (const side of topology.sides) {
    const at = sidePositions(positions, side.sign);
    placeLeg(side, p, at);
    placeHand(side, p, at);
    placeArm(side, p, at);
  }
  return positions;
}

export function bodyLayout(): BodyLayout {
  if (layout) return layout;
  const topology = bodyTopology();
  const polygons = topology.faces.map((f) => f.corners.map((c) => c.vertex));
  const neighbours = vertexNeighbours(topology.vertexCount, polygons);
  const fixed = new Uint8Array(topology.vertexCount);
  for (const v of topology.neckRing) fixed[v] = 1;
  layout = { topology, neighbours, fixed } as BodyLayout;
  const flip = consistentOrientation(polygons, topology.vertexCount);
  // The reference body for the atlas and the outward sign: the unsolved mean non-binary body.
  const reference = placeParts(topology, bodyProportions(resolveBodyShape({})), UNIT_GIRTH_SCALES);
  smoothBody(reference, neighbours, fixed);
  const outward = signedVolume(polygons, flip, reference) > 0;
  const rects = bodyAtlas(topology, reference);

  const key = new Map<string, number>();
  const vertexOf: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  const triangles: number[] = [];
  topology.faces.forEach((face, f) => {
    const rect = rects[face.island];
    const isl = topology.islands[face.island];
    const ids = face.corners.map((c) => {
      const k = `${c.vertex}:${face.island}:${c.s}:${c.t}`;
      let id = key.get(k);
      if (id === undefined) {
        id = vertexOf.length;
        key.set(k, id);
        vertexOf.push(c.vertex);
        const u = c.s / isl.columns, v = c.t / isl.rows;
        uvs.push(rect.u + (isl.mirrorU ? 1 - u : u) * rect.width, rect.v + (isl.flipV ? 1 - v : v) * rect.height);
      }
      return id;
    });
    const reversed = flip[f] !== (outward ? 0 : 1);
    const order = reversed ? [...ids].reverse() : ids;
    const bodyOrder = order.map((id) => vertexOf[id]);
    const tris: number[][] = [];
    if (order.length === 3) tris.push([0, 1, 2]);
    else {
      // The shorter diagonal on the reference body (as triangulateQuads does), chosen once: the same
      // triangles for every shape.
      const d = (i: number, j: number): number => {
        const a = bodyOrder[i] * 3, b = bodyOrder[j] * 3;
        return (reference[a] - reference[b]) ** 2 + (reference[a + 1] - reference[b + 1]) ** 2 + (reference[a + 2] - reference[b + 2]) ** 2;
      };
      if (d(0, 2) <= d(1, 3)) tris.push([0, 1, 2], [0, 2, 3]);
      else tris.push([0, 1, 3], [1, 2, 3]);
    }
    for (const t of tris) {
      for (const c of t) {
        indices.push(order[c]);
        triangles.push(bodyOrder[c]);
      }
    }
  });
  const weld = new Uint32Array(vertexOf.length);
  const first = new Map<number, number>();
  vertexOf.forEach((v, i) => {
    const w = first.get(v);
    if (w === undefined) first.set(v, i);
    weld[i] = w ?? i;
  });
  Object.assign(layout, {
    vertexOf: Uint32Array.from(vertexOf),
    uvs: Float32Array.from(uvs),
    indices: Uint32Array.from(indices),
    triangles: Uint32Array.from(triangles),
    weld,
  });
  return layout;
}

/**
 * Which polygons to reverse so that every edge is walked once each way: the builders emit
 * polygons in whatever turn was convenient, and one breadth-first walk over edges orients them all
 * alike (the surface is orientable: one piece, one opening).
 */
function consistentOrientation(polygons: number[][], vertexCount: number): Uint8Array {
  const edgeFaces = new Map<number, number[]>();
  const edgeKey = (a: number, b: number): number => Math.min(a, b) * vertexCount + Math.max(a, b);
  polygons.forEach((poly, f) => {
    for (let i = 0; i < poly.length; i++) {
      const k = edgeKey(poly[i], poly[(i + 1) % poly.length]);
      const list = edgeFaces.get(k);
      if (list) list.push(f);
      else edgeFaces.set(k, [f]);
    }
  });
  const flip = new Uint8Array(polygons.length);
  const seen = new Uint8Array(polygons.length);
  const directed = (poly: number[], reversed: boolean, a: number, b: number): boolean => {
    const n = poly.length;
    for (let i = 0; i < n; i++) {
      const x = poly[i], y = poly[(i + 1) % n];
      if (x === a && y === b) return !reversed;
      if (x === b && y === a) return reversed;
    }
    return false;
  };
  for (let start = 0; start < polygons.length; start++) {
    if (seen[start]) continue;
    seen[start] = 1;
    const queue = [start];
    while (queue.length) {
      const f = queue.pop()!;
      const poly = polygons[f];
      for (let i = 0; i < poly.length; i++) {
        const a = poly[i], b = poly[(i + 1) % poly.length];
        const aToB = directed(poly, flip[f] === 1, a, b);
        for (const g of edgeFaces.get(edgeKey(a, b))!) {
          if (g === f || seen[g]) continue;
          seen[g] = 1;
          // The neighbour must walk the shared edge the other way.
          flip[g] = directed(polygons[g], false, a, b) === aToB ? 1 : 0;
          queue.push(g);
        }
      }
    }
  }
  return flip;
}

function signedVolume(polygons: number[][], flip: Uint8Array, p: Float32Array): number {
  let volume = 0;
  polygons.forEach((poly, f) => {
    const order = flip[f] ? [...poly].reverse() : poly;
    for (let i = 1; i + 1 < order.length; i++) {
      const a = order[0] * 3, b = order[i] * 3, c = order[i + 1] * 3;
      volume += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1])
        - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c])
        + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
    }
  });
  return volume;
}
