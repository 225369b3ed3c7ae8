import type { HeadTemplate } from './template.js';
import { computeNormals } from './computeNormals.js';
import type { FittedHead } from './fitHead.js';
import { smoothstep } from '../core/smoothstep.js';

/** Options of {@link curvedBottom}. */
export interface CurvedBottomOptions {
  /** How far the middle of the chest and of the back rise above the cut, metres. */
  rise?: number;
}

export const CURVED_BOTTOM_DEFAULTS: Required<CurvedBottomOptions> = {
  rise: 0.03,
};

/**
 * `curved_bottom`: the flat horizontal cut at the bottom of the bust becomes an arch. Seen from the
 * front (and from the back) the bottom edge rises by `rise` in the middle of the chest and falls
 * in a parabola to the cut's own height under the arms: y = cut + rise · (1 − (x / X)²), X the
 * cut's half-width. The move fades out smoothly up to the 'shoulder' keypoint row (some 7 cm
 * above the cut at the front), so shoulders, neck and head stay exactly where they were, and the
 * rows in between stay in order (the rise is well under the rows' spacing).
 *
 * Only heights change: the border keeps its vertices, their order and its x and z, and every
 * avatar of a subtype gets the same bottom. Heads without a bust are returned as they are.
 *
 * ```ts
 * const head = curvedBottom(fitHead(headTemplate('head_2.0 bust/mobile'), analysis));
 * ```
 */
export function curvedBottom(head: FittedHead, options: CurvedBottomOptions = {}): FittedHead {
  const o = { ...CURVED_BOTTOM_DEFAULTS, ...options };
  if (!(o.rise >= 0)) throw new RangeError(`curvedBottom: rise ${o.rise} is not a distance ≥ 0`);
  const lift = bottomLift(head.template);
  if (!lift || o.rise === 0) return head;
  const positions = head.mesh.positions.slice();
  for (let v = 0; v < lift.length; v++) if (lift[v] > 0) positions[v * 3 + 1] += o.rise * lift[v];
  const mesh = computeNormals({ ...head.mesh, positions }, { weld: head.template.sampling.weld });
  return { ...head, mesh };
}

const lifts = new WeakMap<HeadTemplate, Float32Array | null>();

/** Per vertex, the share of the rise it takes: the arch across times the fade up the bust. */
function bottomLift(template: HeadTemplate): Float32Array | null {
  if (lifts.has(template)) return lifts.get(template)!;
  const { s, keyRows } = template.grid;
  const bottom = keyRows['bust end'], top = keyRows['shoulder'];
  let lift: Float32Array | null = null;
  if (bottom !== undefined && top !== undefined) {
    // Positions of the template: the bust is the same on every fitted head (see fitHead).
    const p = template.mesh.positions;
    let halfWidth = 0;
    for (let v = 0; v < s.length; v++) if (s[v] >= bottom) halfWidth = Math.max(halfWidth, Math.abs(p[v * 3]));
    lift = new Float32Array(s.length);
    for (let v = 0; v < s.length; v++) {
      if (s[v] <= top) continue;
      const across = 1 - (p[v * 3] / halfWidth) ** 2;
      lift[v] = Math.max(0, across) * smoothstep(top, bottom, s[v]);
    }
  }
  lifts.set(template, lift);
  return lift;
}

