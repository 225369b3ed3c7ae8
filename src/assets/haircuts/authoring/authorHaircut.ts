import type { Mesh } from '../../../core/mesh.js';
import type { HeadTemplate } from '../../headTemplate.js';
import type { Haircut } from '../../../library/haircuts/haircut.js';
import { hairCap } from './hairCap.js';
import { hairCards } from './hairCards.js';
import { hairTails } from './hairTails.js';
import { hairZone } from './hairZone.js';
import { groomStrands } from './groomStrands.js';
import { mergeMeshes } from '../../../geometry/mergeMeshes.js';
import { hashString } from '../../../core/seededRandom.js';
import { headSurface, type HeadSurface } from '../../../geometry/headSurface.js';

/** Least height of a card's vertex over the template head, metres: fitting keeps it above the fitted head. */
export const MIN_HEIGHT = 0.003;

/** A haircut made on a head template, before it is fitted to anyone. */
export interface AuthoredHaircut {
  /** Cap, cards and tails in one mesh, in the template's frame. */
  mesh: Mesh;
  /** Vertices of the cap come first: how many there are. */
  capVertices: number;
}

const cache = new WeakMap<HeadTemplate, Map<string, AuthoredHaircut>>();

/**
 * A haircut generated around a head template: the scalp cap (hairCap.ts), the strands combed and
 * grown over the scalp (groomStrands.ts) and whatever is gathered into a ponytail, bun or braids
 * (hairTails.ts), turned into cards (hairCards.ts) and merged. Everything is seeded by the
 * haircut's identity, so the same haircut always has the same geometry. Cached per template.
 *
 * ```ts
 * const { mesh } = authorHaircut(haircut('bob_chin'), headTemplate('head_2.0 bust/mobile'));
 * ```
 */
export function authorHaircut(haircut: Haircut, template: HeadTemplate): AuthoredHaircut {
  let perTemplate = cache.get(template);
  if (!perTemplate) cache.set(template, (perTemplate = new Map()));
  const cached = perTemplate.get(haircut.identity);
  if (cached) return cached;
  const { style } = haircut;
  const seed = hashString(haircut.identity);
  const cap = hairCap(template, hairZone(template, { recession: style.recession }), style);
  const tails = hairTails(style, template, seed);
  const strands = groomStrands(style, template, seed, tails.ties);
  const mesh = mergeMeshes([cap.mesh, hairCards([...strands, ...tails.strands]), ...tails.meshes]);
  const capVertices = cap.mesh.positions.length / 3;
  keepOut(mesh, capVertices, headSurface(template.mesh));
  const authored = { mesh, capVertices };
  perTemplate.set(haircut.identity, authored);
  return authored;
}

/**
 * Moves every vertex from `first` on that is below `MIN_HEIGHT` over the head out along the
 * head's normal there: card edges reach sideways past their strand, and where the head curves
 * up under them (an ear's rim, the jaw) they would go in. The cap is made above the skin already.
 */
function keepOut(mesh: Mesh, first: number, head: HeadSurface): void {
  const p = mesh.positions;
  for (let v = first; v < p.length / 3; v++) {
    for (let pass = 0; pass < 3; pass++) {
      const hit = head.closest(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]);
      if (hit.distance >= MIN_HEIGHT) break;
      for (let k = 0; k < 3; k++) p[v * 3 + k] += hit.normal[k] * (MIN_HEIGHT - hit.distance + 0.0002);
    }
  }
}
