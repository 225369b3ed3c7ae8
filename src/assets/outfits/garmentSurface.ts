import { bodyLayout } from '../body/bodyMesh.js';
import { bodyTopology } from '../body/bodyTopology.js';

/** The body's parts as garments see them: which island family a face lies in. */
export const BODY_PARTS = ['torso', 'arm', 'leg', 'foot', 'hand'] as const;
export type BodyPart = (typeof BODY_PARTS)[number];

/** Where on the body a garment sample lies: its part, its island and its place in the island's grid (s around, t along). */
export interface SurfacePlace {
  part: BodyPart;
  island: number;
  /** On the torso's front island (the back's is false, as are limbs'). */
  front: boolean;
  s: number;
  t: number;
}

/**
 * A point of the body's surface inside one face, as a blend of up to four body vertices (bilinear
 * over the face's quad). Garments are built from these, so that a garment made for one body is
 * rebuilt on any other shape by blending that body's vertices the same way.
 */
export interface SurfaceSample {
  /** Canonical: the same point reached from two faces (a shared edge or corner) has one key. */
  key: string;
  vertices: number[];
  weights: number[];
  place: SurfacePlace;
  /** The point's place in the body's UV atlas (the body's own layout, [0, 1]²). */
  uv: [number, number];
}

/** A covered region of the body subdivided: samples, and triangles in sample indices (render corners carry their own UV). */
export interface SurfacePatch {
  samples: SurfaceSample[];
  /** Three per triangle: indices into `corners`. */
  triangles: number[];
  /** Render corners: a sample and the UV it has in this triangle's island (seams split them). */
  corners: { sample: number; uv: [number, number]; place: SurfacePlace }[];
  /** Body faces covered (indices into the topology's faces). */
  faces: number[];
}

const PART_OF_ISLAND: [RegExp, BodyPart][] = [[/torso/, 'torso'], [/ arm$/, 'arm'], [/ leg$/, 'leg'], [/ foot$/, 'foot']];

export function partOfIsland(name: string): BodyPart {
  for (const [re, part] of PART_OF_ISLAND) if (re.test(name)) return part;
  return 'hand';
}

let cornerUvs: [number, number][][] | undefined;

/** Each topology face corner's UV in the body atlas, as bodyLayout assigns them (the same keys, in the same order). */
export function faceCornerUvs(): [number, number][][] {
  if (cornerUvs) return cornerUvs;
  const topology = bodyTopology();
  const layout = bodyLayout();
  const key = new Map<string, number>();
  cornerUvs = topology.faces.map((face) => face.corners.map((c) => {
    const k = `${c.vertex}:${face.island}:${c.s}:${c.t}`;
    let id = key.get(k);
    if (id === undefined) { id = key.size; key.set(k, id); }
    return [layout.uvs[id * 2], layout.uvs[id * 2 + 1]] as [number, number];
  }));
  return cornerUvs;
}

/**
 * The body faces for which `covers` holds, each cut into `around` × `along` quads (a fan's
 * triangle as a quad with two corners at its tip). Points on shared edges and corners are one
 * sample, so the patch is as connected as the body: a sleeve joins its torso round the arm hole.
 */
export function surfacePatch(covers: (place: SurfacePlace) => boolean, around: number, along: number): SurfacePatch {
  const topology = bodyTopology();
  const uvs = faceCornerUvs();
  const samples: SurfaceSample[] = [];
  const byKey = new Map<string, number>();
  const corners: SurfacePatch['corners'] = [];
  const cornerByKey = new Map<string, number>();
  const triangles: number[] = [];
  const faces: number[] = [];
  const round = (x: number) => Math.round(x * 1e6);

  topology.faces.forEach((face, f) => {
    const island = topology.islands[face.island];
    const part = partOfIsland(island.name);
    const c = face.corners.length === 4 ? face.corners : [face.corners[0], face.corners[1], face.corners[2], face.corners[2]];
    const cu = uvs[f].length === 4 ? uvs[f] : [uvs[f][0], uvs[f][1], uvs[f][2], uvs[f][2]];
    const front = island.name.includes('front');
    const centre: SurfacePlace = { part, island: face.island, front, s: (c[0].s + c[1].s + c[2].s + c[3].s) / 4, t: (c[0].t + c[1].t + c[2].t + c[3].t) / 4 };
    if (!covers(centre)) return;
    faces.push(f);
    const grid: number[] = [];
    for (let b = 0; b <= along; b++) {
      for (let a = 0; a <= around; a++) {
        const x = a / around, y = b / along;
        const w = [(1 - x) * (1 - y), x * (1 - y), x * y, (1 - x) * y];
        const merged = new Map<number, number>();
        w.forEach((wi, i) => { if (wi > 1e-9) merged.set(c[i].vertex, (merged.get(c[i].vertex) ?? 0) + wi); });
        const vs = [...merged.keys()].sort((p, q) => p - q);
        const key = vs.length === 1 ? `v${vs[0]}` : vs.length === 2 ? `e${vs[0]}:${vs[1]}:${round(merged.get(vs[0])!)}` : `f${f}:${a}:${b}`;
        let id = byKey.get(key);
        const place: SurfacePlace = {
          part, island: face.island, front,
          s: w[0] * c[0].s + w[1] * c[1].s + w[2] * c[2].s + w[3] * c[3].s,
          t: w[0] * c[0].t + w[1] * c[1].t + w[2] * c[2].t + w[3] * c[3].t,
        };
        const uv: [number, number] = [0, 1].map((k) => w[0] * cu[0][k] + w[1] * cu[1][k] + w[2] * cu[2][k] + w[3] * cu[3][k]) as [number, number];
        if (id === undefined) {
          id = samples.length;
          byKey.set(key, id);
          samples.push({ key, vertices: vs, weights: vs.map((v) => merged.get(v)!), place, uv });
        }
        const ck = `${id}|${face.island}|${round(uv[0])}|${round(uv[1])}`;
        let corner = cornerByKey.get(ck);
        if (corner === undefined) {
          corner = corners.length;
          cornerByKey.set(ck, corner);
          corners.push({ sample: id, uv, place });
        }
        grid.push(corner);
      }
    }
    const at = (a: number, b: number) => grid[b * (around + 1) + a];
    for (let b = 0; b < along; b++) {
      for (let a = 0; a < around; a++) {
        const q = [at(a, b), at(a + 1, b), at(a + 1, b + 1), at(a, b + 1)];
        for (const [i, j, k] of [[0, 1, 2], [0, 2, 3]]) {
          const si = corners[q[i]].sample, sj = corners[q[j]].sample, sk = corners[q[k]].sample;
          if (si === sj || sj === sk || si === sk) continue;
          triangles.push(q[i], q[j], q[k]);
        }
      }
    }
  });
  return { samples, triangles, corners, faces };
}
