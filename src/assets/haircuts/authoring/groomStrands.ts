import type { HeadTemplate } from '../../headTemplate.js';
import { growStrand, type Strand } from './growStrand.js';
import { combDirection, FRONT_HAIRLINE, hemHeight, rootLength, rootZones } from './hairFlow.js';
import { smoothstep } from '../../../core/smoothstep.js';
import { earClearance } from '../fit/earClearance.js';
import { hairZone } from './hairZone.js';
import { CAP_ONLY_LENGTH, HAIRCUT_STYLE_DEFAULTS, type HaircutStyle } from '../../../library/haircuts/haircutStyle.js';
import { headSurface, type HeadSurface } from '../../../geometry/headSurface.js';
import { skullMesh } from './skullMesh.js';
import { scalpRoots } from './scalpRoots.js';
import { seededRandom } from '../../../core/seededRandom.js';

/** A strand with what its card needs: width and the atlas tile it shows. */
export interface GroomedStrand extends Strand {
  /** Card width at the root, metres. */
  width: number;
  /** Index of the atlas tile (see hairAtlas.ts). */
  tile: number;
  /** Width at the tip as a fraction of `width`; hairCards' default when absent. */
  tip?: number;
}

/** Height above the scalp (metres) at which a card is twice its width. */
const WIDENING = 0.04;
/** A spike's card narrows to this fraction of its width: a clump twisted to a point. */
const SPIKE_TIP = 0.15;

/** Sides shorter than this (metres) are cut round the ears, longer ones fall over them. */
const SHORT_SIDES = 0.06;
/** Least height of a strand above the skin, metres: keeps cards off the cap and the skin. */
export const CLEARANCE = 0.0025;
/** The forehead, where only a fringe may hang: |x| below this, in front of this z, below the hairline. */
const FACE_HALF_WIDTH = 0.062, FACE_FRONT = 0.02;

/**
 * The strands of a haircut on the template head: per layer, roots spread over the hair zone (see
 * scalpRoots.ts), each combed (hairFlow.ts) and grown (growStrand.ts) to its length and layer
 * height, cut at the hem and above the brows, then waved or curled. `ties` are where gathered
 * hair goes (see hairTails.ts), none for loose hair; each strand goes to the nearest.
 *
 * ```ts
 * const strands = groomStrands(haircut.style, template, 42, []);
 * ```
 */
export function groomStrands(style: Required<HaircutStyle>, template: HeadTemplate, seed: number, ties: readonly (readonly number[])[]): GroomedStrand[] {
  const surface = headSurface(skullMesh(template));
  const head = headSurface(template.mesh);
  const zone = hairZone(template, { recession: style.recession });
  const random = seededRandom(seed);
  const strands: GroomedStrand[] = [];
  const browLine = FRONT_HAIRLINE - style.fringe;
  const overEars = earClearance(template);
  // Short sides end at the ears rather than stand out over them; gathered hair is pulled back
  // above them, and what starts below their top stays short in front of them.
  const coversEars = Math.min(style.sides, style.back) >= SHORT_SIDES && style.flow !== 'gathered';
  for (let layer = 0; layer < style.layers; layer++) {
    const outer = layer === style.layers - 1;
    // A puff is seen through all its layers at its edges: every layer as dense as the outer one.
    const spacing = style.cardWidth * (style.flow === 'puff' ? 0.55 : outer ? 0.75 : 0.95);
    const roots = scalpRoots(template, zone, random, { spacing, minInset: 0.002 + 0.002 * layer });
    const share = (layer + 1) / style.layers;
    for (let r = 0; r < roots.inset.length; r++) {
      const root = [roots.positions[r * 3], roots.positions[r * 3 + 1], roots.positions[r * 3 + 2]];
      const normal = [roots.normals[r * 3], roots.normals[r * 3 + 1], roots.normals[r * 3 + 2]];
      const zones = rootZones(root[0], root[1], root[2]);
      // Strands near the hairline are shorter, as hair thins out towards its edge.
      const length = rootLength(style, root[1], zones) * (0.85 + 0.3 * random()) * (0.6 + 0.4 * smoothstep(0.002, 0.012, roots.inset[r]));
      if (length < CAP_ONLY_LENGTH) continue;
      const puff = style.flow === 'puff';
      // The hair's volume builds up from the hairline, a puff's most of all.
      const edge = smoothstep(0, 0.035, roots.inset[r]);
      const volume = (style.sideVolume + (style.volume - style.sideVolume) * zones.top) * (puff ? 0.15 + 0.85 * edge : 0.5 + 0.5 * edge);
      const quiff = style.quiff * zones.front * zones.top;
      const height = CLEARANCE + Math.max(0, volume + quiff - CLEARANCE) * share;
      const tipHeight = CLEARANCE + Math.max(0, volume - CLEARANCE) * share;
      const tie = nearest(ties, root);
      // A puff's cards lie every which way on their layer; the rest are combed.
      const comb = puff ? tangent(normal, random() * 2 * Math.PI) : combDirection(style, root, normal, zones, tie);
      // Only the top stands up; the sides of a spiky cut lie down.
      const standing = style.flow === 'up' && zones.top > 0.5;
      const lift = (style.flow === 'up' && !standing ? Math.min(style.lift, HAIRCUT_STYLE_DEFAULTS.lift) : style.lift)
        + (style.quiff > 0 ? 0.6 * zones.front * zones.top : 0);
      const direction = [0, 1, 2].map((i) => Math.cos(lift) * comb[i] + Math.sin(lift) * normal[i]);
      const strand = growStrand(surface, head, {
        root, direction, length, height, tipHeight, rootHeight: puff ? height : CLEARANCE + 0.001 * layer,
        rise: 0.01 + 0.02 * share,
        toward: style.flow === 'gathered' && tie ? tie : undefined,
        extra: overEars,
        hug: !standing,
        stiffness: style.stiffness,
        maxPoints: 32,
        keep: (x, y, z) => {
          if (y < hemHeight(style, x, z)) return false;
          if (z > FACE_FRONT && Math.abs(x) < FACE_HALF_WIDTH && y < browLine) return false;
          if (!coversEars && overEars(x, y, z) > 0.006) return false;
          if (tie && Math.hypot(x - tie[0], y - tie[1], z - tie[2]) < style.tailRadius * 0.8) return false;
          return true;
        },
      });
      if (strand.points.length < 6) continue;
      shapeStrand(strand, style, 0.6 * random(), head);
      // Cards high above the scalp cover a larger surface than those near it: they widen with height.
      const width = style.cardWidth * (0.8 + 0.4 * random()) * (1 + height / WIDENING);
      strands.push({ ...strand, width, tile: Math.floor(random() * 1e9), ...(standing ? { tip: SPIKE_TIP } : {}) });
    }
  }
  return strands;
}

/** Waves and curls the strand about its spine, fading in from the root, and keeps it off the head. */
function shapeStrand(strand: Strand, style: Required<HaircutStyle>, phase: number, surface: HeadSurface): void {
  if (style.wave <= 0 && style.curl <= 0) return;
  const p = strand.points, n = strand.normals;
  const count = p.length / 3;
  const spine = p.slice();
  let s = 0;
  for (let i = 1; i < count; i++) {
    s += Math.hypot(spine[i * 3] - spine[i * 3 - 3], spine[i * 3 + 1] - spine[i * 3 - 2], spine[i * 3 + 2] - spine[i * 3 - 1]);
    const j = Math.min(count - 1, i + 1);
    const t = [spine[j * 3] - spine[i * 3 - 3], spine[j * 3 + 1] - spine[i * 3 - 2], spine[j * 3 + 2] - spine[i * 3 - 1]];
    const m = [n[i * 3], n[i * 3 + 1], n[i * 3 + 2]];
    const b = cross(t, m);
    const fade = smoothstep(0, 0.03, s);
    // Neighbouring strands wave together: hanging hair has its crests at the same heights.
    const wave = style.wave * Math.sin((2 * Math.PI * (s - spine[1])) / style.waveLength + phase) * fade;
    const angle = (2 * Math.PI * s) / (4 * Math.max(style.curl, 0.002)) + phase * 10;
    const curl = style.curl * fade;
    for (let k = 0; k < 3; k++) {
      p[i * 3 + k] += b[k] * (wave + curl * Math.cos(angle)) + m[k] * curl * Math.sin(angle);
    }
    const hit = surface.closest(p[i * 3], p[i * 3 + 1], p[i * 3 + 2]);
    if (hit.distance < CLEARANCE) for (let k = 0; k < 3; k++) p[i * 3 + k] += hit.normal[k] * (CLEARANCE - hit.distance);
  }
}

/** A unit tangent at normal n, at `angle` about it. */
function tangent(n: number[], angle: number): number[] {
  const a = cross(n, Math.abs(n[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0]);
  const b = cross(n, a);
  return [0, 1, 2].map((i) => Math.cos(angle) * a[i] + Math.sin(angle) * b[i]);
}

function nearest(ties: readonly (readonly number[])[], p: number[]): readonly number[] | null {
  let best: readonly number[] | null = null, distance = Infinity;
  for (const tie of ties) {
    const d = Math.hypot(tie[0] - p[0], tie[1] - p[1], tie[2] - p[2]);
    if (d < distance) { distance = d; best = tie; }
  }
  return best;
}

function cross(a: number[], b: number[]): number[] {
  const c = [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
  const length = Math.hypot(c[0], c[1], c[2]) || 1;
  return [c[0] / length, c[1] / length, c[2] / length];
}
