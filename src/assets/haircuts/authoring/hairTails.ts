import type { Mesh } from '../../../core/mesh.js';
import type { HeadTemplate } from '../../headTemplate.js';
import { cardTile } from './hairAtlas.js';
import { hairTube } from './hairTube.js';
import type { HaircutStyle } from '../../../library/haircuts/haircutStyle.js';
import { CLEARANCE, type GroomedStrand } from './groomStrands.js';
import { growStrand } from './growStrand.js';
import { headSurface, type HeadSurface } from '../../../geometry/headSurface.js';
import { skullMesh } from './skullMesh.js';
import { seededRandom } from '../../../core/seededRandom.js';

/** Hair gathered off the head: where it is tied, and the tail's cards and tubes. */
export interface HairTails {
  /** The ties gathered hair is combed to (one, two for pigtails, none for loose hair). */
  ties: number[][];
  /** Cards of ponytails and buns. */
  strands: GroomedStrand[];
  /** Braids' tubes. */
  meshes: Mesh[];
}

/**
 * The parametric geometry of gathered hair, around ties on the back of the template head:
 * - ponytail: two rings of cards from around the tie, falling under gravity over the back;
 * - bun: cards wound round a ball on the tie;
 * - braid (one, at the back) and pigtails (two, behind the ears): three tubes interlaced as a
 *   three-strand braid (a figure-of-eight about a spine hanging from the tie), ending in a tassel.
 *
 * ```ts
 * const { ties, strands, meshes } = hairTails(haircut.style, template, seed);
 * ```
 */
export function hairTails(style: Required<HaircutStyle>, template: HeadTemplate, seed: number): HairTails {
  if (style.gather === 'none') return { ties: [], strands: [], meshes: [] };
  const surface = headSurface(skullMesh(template));
  const head = headSurface(template.mesh);
  const random = seededRandom(seed ^ 0x5bd1e995);
  const azimuths = style.gather === 'pigtails' ? [2.1, -2.1] : [Math.PI];
  const ties = azimuths.map((a) => tieOn(surface, a, style.gatherHeight, style.tailRadius));
  const strands: GroomedStrand[] = [];
  const meshes: Mesh[] = [];
  for (const tie of ties) {
    const m = outward(surface, tie);
    if (style.gather === 'ponytail') strands.push(...ponytail(surface, head, tie.point, m, style, random));
    else if (style.gather === 'bun') strands.push(...bun(head, tie.point, m, style, random));
    else {
      const braid = braidOf(surface, head, tie.point, m, style, random);
      meshes.push(...braid.meshes);
      strands.push(...braid.tassel);
    }
  }
  return { ties: ties.map((t) => t.point), strands, meshes };
}

interface Tie { point: number[] }

/** The tie at an azimuth (0 the face, ±π the back) and height, standing off the head. */
function tieOn(surface: HeadSurface, azimuth: number, height: number, radius: number): Tie {
  const hit = surface.closest(0.3 * Math.sin(azimuth), height, 0.3 * Math.cos(azimuth) - 0.005);
  return { point: [0, 1, 2].map((i) => hit.point[i] + hit.normal[i] * (CLEARANCE + 0.25 * radius)) };
}

function outward(surface: HeadSurface, tie: Tie): number[] {
  const hit = surface.closest(tie.point[0], tie.point[1], tie.point[2]);
  return [hit.normal[0], hit.normal[1], hit.normal[2]];
}

function ponytail(surface: HeadSurface, head: HeadSurface, tie: number[], m: number[], style: Required<HaircutStyle>, random: () => number): GroomedStrand[] {
  const [a, b] = frame(m);
  const out: GroomedStrand[] = [];
  const spine = growStrand(surface, head, {
    root: tie, direction: unit([0.6 * m[0], 0.6 * m[1] - 0.8, 0.6 * m[2]]), length: style.tailLength, height: CLEARANCE + style.tailRadius,
    rootHeight: 0, rise: 0.01, hug: false, stiffness: style.stiffness * 1.5, maxPoints: 32, keep: () => true,
  });
  for (const [ring, count] of [[0.3, 8], [0.7, 12], [1, 14]] as const) {
    for (let k = 0; k < count; k++) {
      const angle = (2 * Math.PI * (k + random() * 0.5)) / count;
      const root = [0, 1, 2].map((i) => tie[i] + style.tailRadius * ring * (Math.cos(angle) * a[i] + Math.sin(angle) * b[i]));
      const spread = [0, 1, 2].map((i) => root[i] - tie[i]);
      const direction = unit([0, 1, 2].map((i) => 0.6 * m[i] + 4 * spread[i] + (i === 1 ? -0.8 : 0)));
      const strand = growStrand(surface, head, {
        root, direction, length: style.tailLength * (0.85 + 0.3 * random()), height: CLEARANCE + 0.004, rootHeight: 0,
        rise: 0.01, hug: false, stiffness: style.stiffness * 1.5, maxPoints: 32, keep: () => true,
      });
      out.push({ ...strand, normals: radial(strand.points, spine.points, strand.normals), width: style.cardWidth * (1.4 + 0.4 * random()), tile: Math.floor(random() * 1e9) });
    }
  }
  return out;
}

/**
 * Normals pointing away from a tail's spine at the same fraction of its length: the tail's cards
 * wrap round it like the hair of a real ponytail, seen face-on from every side.
 */
function radial(points: number[], spine: number[], fallback: number[]): number[] {
  const count = points.length / 3, along = spine.length / 3;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const j = Math.min(along - 1, Math.round((i / Math.max(1, count - 1)) * (along - 1)));
    const d = [0, 1, 2].map((k) => points[i * 3 + k] - spine[j * 3 + k]);
    out.push(...(Math.hypot(d[0], d[1], d[2]) > 1e-4 ? unit(d) : fallback.slice(i * 3, i * 3 + 3)));
  }
  return out;
}

function bun(head: HeadSurface, tie: number[], m: number[], style: Required<HaircutStyle>, random: () => number): GroomedStrand[] {
  const r = style.tailRadius;
  const centre = [0, 1, 2].map((i) => tie[i] + m[i] * r * 0.9);
  const out: GroomedStrand[] = [];
  for (let k = 0; k < 28; k++) {
    const [e1, e2] = frame(unit([random() - 0.5, random() - 0.5, random() - 0.5]));
    const radius = r * (0.7 + 0.3 * (k / 27));
    const start = random() * 2 * Math.PI;
    const points: number[] = [], normals: number[] = [];
    for (let j = 0; j <= 20; j++) {
      const angle = start + (j / 20) * 1.6 * Math.PI;
      const d = [0, 1, 2].map((i) => Math.cos(angle) * e1[i] + Math.sin(angle) * e2[i]);
      const p = d.map((x, i) => centre[i] + radius * x);
      const hit = head.closest(p[0], p[1], p[2]);
      if (hit.distance < CLEARANCE) for (let i = 0; i < 3; i++) p[i] += hit.normal[i] * (CLEARANCE - hit.distance);
      points.push(...p);
      normals.push(...d);
    }
    out.push({ points, normals, width: style.cardWidth * 1.2, tile: Math.floor(random() * 1e9) });
  }
  return out;
}

function braidOf(surface: HeadSurface, head: HeadSurface, tie: number[], m: number[], style: Required<HaircutStyle>, random: () => number): { meshes: Mesh[]; tassel: GroomedStrand[] } {
  const spine = growStrand(surface, head, {
    root: tie, direction: unit([0.5 * m[0], -1, 0.5 * m[2]]), length: style.tailLength, height: CLEARANCE + style.tailRadius, rootHeight: 0,
    rise: 0.005, hug: false, stiffness: 0.12, maxPoints: 40, keep: () => true,
  });
  const count = spine.points.length / 3;
  const lobes: number[][] = [[], [], []], across: number[][] = [[], [], []], up: number[][] = [[], [], []];
  const radii: number[][] = [[], [], []];
  let s = 0;
  for (let i = 0; i < count; i++) {
    if (i > 0) s += dist(spine.points, i, i - 1);
    const j = Math.min(count - 1, i + 1), h = Math.max(0, i - 1);
    const forward = unit([0, 1, 2].map((k) => spine.points[j * 3 + k] - spine.points[h * 3 + k]));
    const n = [spine.normals[i * 3], spine.normals[i * 3 + 1], spine.normals[i * 3 + 2]];
    const side = unit(cross(forward, n));
    const face = cross(side, forward);
    const taper = 1 - 0.4 * (s / style.tailLength);
    const width = style.tailRadius * taper;
    for (let l = 0; l < 3; l++) {
      const phase = (2 * Math.PI * s) / (5 * style.tailRadius) + (2 * Math.PI * l) / 3;
      const offset = [0, 1, 2].map((k) => width * (0.7 * Math.sin(phase) * side[k] + 0.3 * Math.sin(2 * phase) * face[k]));
      lobes[l].push(...[0, 1, 2].map((k) => spine.points[i * 3 + k] + offset[k]));
      across[l].push(...side);
      up[l].push(...unit(cross(forward, side)));
      radii[l].push(0.55 * width);
    }
  }
  const meshes = lobes.map((lobe, l) => hairTube(lobe, across[l], up[l], radii[l], cardTile(Math.floor(random() * 1e9))));
  const end = spine.points.slice(-3);
  const fall = unit([0, 1, 2].map((k) => spine.points[(count - 1) * 3 + k] - spine.points[(count - 2) * 3 + k]));
  const tassel: GroomedStrand[] = [];
  for (let k = 0; k < 5; k++) {
    const strand = growStrand(surface, head, {
      root: end, direction: unit(fall.map((x) => x + 0.3 * (random() - 0.5))), length: 0.05, height: CLEARANCE + style.tailRadius * 0.5, rootHeight: 0,
      rise: 0.005, hug: false, stiffness: 0.2, maxPoints: 6, keep: () => true,
    });
    const axis = [...end, ...end.map((x, k) => x + 0.05 * fall[k])];
    tassel.push({ ...strand, normals: radial(strand.points, axis, strand.normals), width: style.tailRadius * 1.2, tile: Math.floor(random() * 1e9) });
  }
  return { meshes, tassel };
}

/** Two unit vectors perpendicular to `m` and to each other. */
function frame(m: number[]): [number[], number[]] {
  const a = unit(Math.abs(m[1]) < 0.9 ? cross(m, [0, 1, 0]) : cross(m, [1, 0, 0]));
  return [a, cross(m, a)];
}

function cross(a: number[], b: number[]): number[] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function unit(v: number[]): number[] {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}

function dist(p: number[], i: number, j: number): number {
  return Math.hypot(p[i * 3] - p[j * 3], p[i * 3 + 1] - p[j * 3 + 1], p[i * 3 + 2] - p[j * 3 + 2]);
}
