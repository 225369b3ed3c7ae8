import type { Mesh } from '../../core/mesh.js';
import { seededRandom } from '../../core/seededRandom.js';
import type { HeadTemplate } from '../../geometry/template.js';
import { EYELASH_ATLAS, strandSlot } from './eyelashAtlas.js';
import { cross, dot, lidCurve, marginNormals, sub, unit, type LidCurve, type Vec3 } from './lidCurve.js';
import { lidMargins } from './lidMargins.js';

/** How one lid's lashes are cut into cards. */
export interface EyelashLidLayout {
  /** Cards per eye along this lid. */
  cards: number;
  /** Vertices across a card: 2 for a single strand, more for a broad card that bends along the lid. */
  columns: number;
  /** Vertices along a card, root to tip. */
  rows: number;
}

/** Card layouts of a level of detail. */
export interface EyelashLod {
  upper: EyelashLidLayout;
  lower: EyelashLidLayout;
}

/**
 * The persona_2.0 levels of AvatarEyelashes. LOD1 (6300 vertices, 4900 faces): single-strand cards,
 * 262 a side on each upper lid in 4 quads and 88 on each lower lid in 2 (short lashes need fewer
 * bends). LOD2 (130 vertices, 160 faces): one broad card per lid, 12 quads along the upper lid and
 * 8 along the lower, 2 quads deep, mapped onto the texture's fringe.
 */
export const EYELASH_LODS: Readonly<Record<1 | 2, EyelashLod>> = {
  1: { upper: { cards: 262, columns: 2, rows: 5 }, lower: { cards: 88, columns: 2, rows: 3 } },
  2: { upper: { cards: 1, columns: 13, rows: 3 }, lower: { cards: 1, columns: 9, rows: 3 } },
};

/** Options of {@link eyelashMesh}. */
export interface EyelashMeshOptions {
  /** Level of detail, see {@link EYELASH_LODS}. */
  lod?: 1 | 2;
  /** Seed of the per-lash variation (length, curl, lean, which strand of the texture). */
  seed?: number;
  /** Length of the longest upper lashes (a little beyond the middle of the lid), metres. */
  upperLength?: number;
  /** Length of the longest lower lashes, metres. */
  lowerLength?: number;
  /** Angle a lash leaves the lid at, from straight out along the head's normal, away from the eye, radians. */
  upperAngle?: number;
  lowerAngle?: number;
  /** How far a lash turns further away from the eye between root and tip, radians. */
  upperCurl?: number;
  lowerCurl?: number;
  /** How far the lashes at the corners lean along the lid, inward at the inner corner, outward at the outer, radians. */
  fan?: number;
  /** Width of a single-strand card at its root, metres (the strand takes most of it, see eyelashTexture). */
  cardWidth?: number;
  /** A single-strand card's width at its tip, relative to its root: the lash's taper. */
  tipWidth?: number;
  /** Roots sit this far off the margin onto the lid, plus up to as much again at random (lashes grow in rows), metres. */
  rootOffset?: number;
  /** Roots sit this far out along the head's normal, so that no card starts inside the skin, metres. */
  standOff?: number;
}

export const EYELASH_MESH_DEFAULTS: Required<EyelashMeshOptions> = {
  lod: 1,
  seed: 1,
  upperLength: 0.0065,
  lowerLength: 0.0028,
  upperAngle: 0.25,
  lowerAngle: 0.35,
  upperCurl: 1.0,
  lowerCurl: 0.45,
  fan: 0.45,
  cardWidth: 0.0002,
  tipWidth: 0.35,
  rootOffset: 0.00015,
  standOff: 0.0001,
};

/** Eyelashes for one head: cards, and the head vertex each card vertex moves with. */
export interface Eyelashes {
  /** Cards with normals (out of the head and up) and UVs into {@link eyelashTexture}. */
  mesh: Mesh;
  /** Per eyelash vertex, the lid-margin vertex of the head its lash is rooted at. */
  binding: Uint32Array;
}

/**
 * AvatarEyelashes: alpha-tested cards along the upper and lower lid margins of a head made from
 * `template` (any fit of it: the margins are read by vertex index, their positions from `head`).
 * Each lash leaves the lid pointing out of the head, a little away from the eye, and curls further
 * away as it grows (the upper ones up, the lower ones down), leaning along the lid towards the
 * corners. The upper lashes are longest and densest a little towards the outer corner, short and
 * sparse at the corners; the lower ones are short and sparse throughout. Both eyes get the same
 * draws, so they mirror each other on a symmetric head.
 *
 * Every card vertex is bound to the margin vertex nearest its root: an export moves eyelash vertex
 * k by the morph delta of head vertex `binding[k]`, so the lashes ride the lids through blinks and
 * expressions. Draw with alpha testing (cutoff about 0.4), double-sided.
 *
 * ```ts
 * const { mesh, binding } = eyelashMesh(fitted.mesh, fitted.template, { lod: 2 });
 * const blink = Float32Array.from({ length: binding.length * 3 }, (_, i) => headDelta[binding[(i / 3) | 0] * 3 + (i % 3)]);
 * ```
 */
export function eyelashMesh(head: Mesh, template: HeadTemplate, options: EyelashMeshOptions = {}): Eyelashes {
  const o = { ...EYELASH_MESH_DEFAULTS, ...options };
  const layout = EYELASH_LODS[o.lod];
  if (!layout) throw new RangeError(`no eyelash LOD ${o.lod}, expected 1 or 2`);
  const margins = lidMargins(template);
  const normals = marginNormals(head, [left, right].flatMap((side) => [...margins[side].upper, ...margins[side].lower]));
  const out: Built = { positions: [], normals: [], uvs: [], indices: [], binding: [] };
  for (const side of [left, right]) {
    const { upper, lower } = margins[side];
    const curves = { upper: lidCurve(head, upper, normals), lower: lidCurve(head, lower, normals) };
    // The eye's own up: from the lower lid to the upper, so a tilted or fitted head keeps its lashes.
    const up = unit(sub(centroid(head, upper), centroid(head, lower)));
    for (const lid of ['upper', 'lower'] as const) {
      const shape = lid === 'upper'
        ? { length: o.upperLength, angle: o.upperAngle, curl: o.upperCurl, away: up }
        : { length: o.lowerLength, angle: o.lowerAngle, curl: o.lowerCurl, away: [-up[0], -up[1], -up[2]] as Vec3 };
      lidCards(out, curves[lid], layout[lid], LID_PROFILES[lid], { ...shape, up }, o, seededRandom(o.seed * 2 + (lid === 'upper' ? 0 : 1)));
    }
  }
  return {
    mesh: {
      positions: Float32Array.from(out.positions),
      normals: Float32Array.from(out.normals),
      uvs: Float32Array.from(out.uvs),
      indices: Uint32Array.from(out.indices),
    },
    binding: Uint32Array.from(out.binding),
  };
}

const left = 'left' as const, right = 'right' as const;

/** Where along a lid (a from the inner corner, 0, to the outer, 1) lashes grow, and how long they are there. */
interface LidProfile {
  density(a: number): number;
  /** Width of the single-strand cards, relative to `cardWidth`. */
  width: number;
  /** Relative to the lid's longest lash. */
  length(a: number): number;
}

const LID_PROFILES: Record<'upper' | 'lower', LidProfile> = {
  // Upper lashes peak about two thirds of the way out and thin out at both corners, the inner one most.
  upper: {
    density: (a) => Math.sin(Math.PI * a) ** 0.7 * (0.5 + a),
    width: 1,
    length: (a) => 0.15 + 0.85 * Math.sin(Math.PI * a ** 1.6) ** 0.6,
  },
  lower: {
    density: (a) => Math.sin(Math.PI * a) ** 0.8 * (0.6 + 0.8 * a),
    // Lower lashes are finer as well as shorter.
    width: 0.7,
    length: (a) => 0.2 + 0.8 * Math.sin(Math.PI * a ** 1.3) ** 0.7,
  },
};

interface Built {
  positions: number[];
  normals: number[];
  uvs: number[];
  indices: number[];
  binding: number[];
}

interface LashShape {
  length: number;
  angle: number;
  curl: number;
  /** Away from the eye, across the lid: up for the upper lid, down for the lower. */
  away: Vec3;
  up: Vec3;
}

/** The part of the lid broad cards span: the very corners grow none. */
const BROAD_SPAN: [number, number] = [0.03, 0.97];

function lidCards(
  out: Built, curve: LidCurve, layout: EyelashLidLayout, profile: LidProfile, shape: LashShape,
  o: Required<EyelashMeshOptions>, random: () => number,
): void {
  const broad = layout.columns > 2;
  const roots = broad ? evenRoots(layout.cards) : densityRoots(layout.cards, profile.density, random);
  for (const centre of roots) {
    // Draw every variation for every card, so that the sequence does not depend on the layout.
    const variation = { length: 0.8 + 0.3 * random(), curl: 0.85 + 0.3 * random(), lean: 0.16 * (random() - 0.5), inset: random(), slot: Math.floor(random() * 64) };
    const region = broad ? EYELASH_ATLAS.fringe : EYELASH_ATLAS.strands;
    const [u0, u1] = broad ? region.u : strandSlot(variation.slot);
    const first = out.positions.length / 3;
    const outward: Vec3[] = [];
    const span = (BROAD_SPAN[1] - BROAD_SPAN[0]) / layout.cards;
    // A single strand moves as one with the vertex nearest its middle; a broad card bends with the lid.
    const strandVertex = curve.at(centre).vertex;
    for (let j = 0; j < layout.columns; j++) {
      const across = j / (layout.columns - 1);
      const a = broad ? centre + (across - 0.5) * span : centre;
      const at = curve.at(a, broad ? 0 : (across - 0.5) * o.cardWidth * profile.width);
      const n = at.normal;
      outward.push(n);
      const away = unit(sub(shape.away, scale(n, dot(shape.away, n))));
      const t = unit(sub(sub(at.tangent, scale(n, dot(at.tangent, n))), scale(away, dot(at.tangent, away))));
      const fan = o.fan * (2 * (broad ? a : centre) - 1) + (broad ? 0 : variation.lean);
      const leaning = add(scale(n, Math.cos(fan)), scale(t, Math.sin(fan)));
      const onLid = add(at.point, scale(away, o.rootOffset * (1 + (broad ? 0.5 : variation.inset))));
      // Out by `standOff` from the skin as both margin vertices either side see it (their tangent
      // planes): the rim is a crease, so a point on the segment between them can lie behind either plane.
      const clear = Math.max(o.standOff, ...at.planes.map((e) => (o.standOff - dot(sub(onLid, e.point), e.normal)) / Math.max(0.2, dot(n, e.normal))));
      const root = add(onLid, scale(n, clear));
      const length = shape.length * profile.length(broad ? a : centre) * (broad ? 1 : variation.length);
      const curl = shape.curl * (broad ? 1 : variation.curl);
      const normal = unit(add(n, scale(shape.up, 0.5)));
      for (let r = 0; r < layout.rows; r++) {
        const s = r / (layout.rows - 1);
        const [forward, sideways] = arc(shape.angle, curl, s);
        const p = add(root, add(scale(leaning, length * forward), scale(away, length * sideways)));
        out.positions.push(...p);
        out.normals.push(...normal);
        out.uvs.push(u0 + (u1 - u0) * across, region.rootV + (region.tipV - region.rootV) * s);
        out.binding.push(broad ? at.vertex : strandVertex);
      }
    }
    const vertex = (j: number, r: number): number => first + j * layout.rows + r;
    if (!broad) taper(out.positions, first, layout.rows, o.tipWidth);
    const pos = (v: number): Vec3 => [out.positions[v * 3], out.positions[v * 3 + 1], out.positions[v * 3 + 2]];
    for (let j = 0; j + 1 < layout.columns; j++) {
      for (let r = 0; r + 1 < layout.rows; r++) {
        for (const tri of [[vertex(j, r), vertex(j + 1, r), vertex(j + 1, r + 1)], [vertex(j, r), vertex(j + 1, r + 1), vertex(j, r + 1)]]) {
          // Counter-clockwise seen from the side that faces out of the head (the side a viewer sees).
          const [p0, p1, p2] = tri.map(pos);
          const facing = dot(cross(sub(p1, p0), sub(p2, p0)), outward[j]);
          out.indices.push(...(facing >= 0 ? tri : [tri[0], tri[2], tri[1]]));
        }
      }
    }
  }
}

/** Narrows a two-column card from its root to `tipWidth` of it at its tip, about its centre line. */
function taper(positions: number[], first: number, rows: number, tipWidth: number): void {
  for (let r = 1; r < rows; r++) {
    const keep = 1 - (1 - tipWidth) * (r / (rows - 1));
    const [a, b] = [(first + r) * 3, (first + rows + r) * 3];
    for (let k = 0; k < 3; k++) {
      const [pa, pb] = [positions[a + k], positions[b + k]];
      const mid = (pa + pb) / 2;
      positions[a + k] = mid + (pa - mid) * keep;
      positions[b + k] = mid + (pb - mid) * keep;
    }
  }
}

/**
 * Where a lash is after a fraction `s` of its length, in lash lengths out from the head and away
 * from the eye, when its direction turns evenly from `angle` to `angle + curl`: a circular arc.
 */
function arc(angle: number, curl: number, s: number): [number, number] {
  if (Math.abs(curl) < 1e-6) return [s * Math.cos(angle), s * Math.sin(angle)];
  return [(Math.sin(angle + curl * s) - Math.sin(angle)) / curl, (Math.cos(angle) - Math.cos(angle + curl * s)) / curl];
}

/** Card centres spread by a density along the lid: stratified draws through its cumulative sum. */
function densityRoots(count: number, density: (a: number) => number, random: () => number): number[] {
  const steps = 512;
  const cumulative = [0];
  for (let i = 1; i <= steps; i++) cumulative.push(cumulative[i - 1] + density((i - 0.5) / steps));
  const total = cumulative[steps];
  const roots: number[] = [];
  for (let k = 0; k < count; k++) {
    const q = ((k + 0.5 + 0.9 * (random() - 0.5)) / count) * total;
    let i = 0;
    while (i < steps - 1 && cumulative[i + 1] < q) i++;
    roots.push((i + (q - cumulative[i]) / (cumulative[i + 1] - cumulative[i] || 1)) / steps);
  }
  return roots;
}

/** Broad cards share the lid's span evenly, end to end. */
function evenRoots(count: number): number[] {
  return Array.from({ length: count }, (_, k) => BROAD_SPAN[0] + ((k + 0.5) / count) * (BROAD_SPAN[1] - BROAD_SPAN[0]));
}

function centroid(head: Mesh, vertices: Uint32Array): Vec3 {
  const c: Vec3 = [0, 0, 0];
  for (const v of vertices) for (let k = 0; k < 3; k++) c[k] += head.positions[v * 3 + k] / vertices.length;
  return c;
}

const add = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
