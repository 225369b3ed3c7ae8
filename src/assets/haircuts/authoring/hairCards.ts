import type { Mesh } from '../../../core/mesh.js';
import type { GroomedStrand } from './groomStrands.js';
import { cardTile } from './hairAtlas.js';

/** Options of {@link hairCards}. */
export interface HairCardsOptions {
  /**
   * Card length that spans a whole atlas tile, metres. Shorter cards show the tile's lower part, so
   * that every card ends in the tile's tips and strands keep their scale whatever the card's length.
   */
  tileLength?: number;
  /** Width of a card at its tip, as a fraction of its root width. */
  tipWidth?: number;
  /** How far the middle of a card stands above its edges, as a fraction of its width: a shallow arch. */
  arch?: number;
}

export const HAIR_CARDS_DEFAULTS: Required<HairCardsOptions> = {
  tileLength: 0.3,
  tipWidth: 0.55,
  arch: 0.12,
};

/**
 * Hair cards along strands: each a ribbon three vertices wide (edge, raised middle, edge) lying across
 * the head's surface, so that from outside it is seen flat, like the shingles of combed hair. The
 * triangles face outwards (counter-clockwise seen from outside); hair is drawn double-sided all the
 * same. Normals are the head surface's under each point, not the card's, so the hair is lit as one
 * mass rather than card by card. UVs run across the card's atlas tile and down it to the tips at its bottom.
 *
 * ```ts
 * const cards = hairCards(groomStrands(style, template, seed, null));
 * ```
 */
export function hairCards(strands: readonly GroomedStrand[], options: HairCardsOptions = {}): Mesh {
  const o = { ...HAIR_CARDS_DEFAULTS, ...options };
  let vertexTotal = 0, faceTotal = 0;
  for (const s of strands) {
    const points = s.points.length / 3;
    vertexTotal += points * 3;
    faceTotal += (points - 1) * 4;
  }
  const positions = new Float32Array(vertexTotal * 3);
  const normals = new Float32Array(vertexTotal * 3);
  const uvs = new Float32Array(vertexTotal * 2);
  const indices = new Uint32Array(faceTotal * 3);
  let v = 0, f = 0;
  for (const strand of strands) {
    const p = strand.points, n = strand.normals;
    const count = p.length / 3;
    const arc = new Float64Array(count);
    for (let i = 1; i < count; i++) {
      arc[i] = arc[i - 1] + Math.hypot(p[i * 3] - p[i * 3 - 3], p[i * 3 + 1] - p[i * 3 - 2], p[i * 3 + 2] - p[i * 3 - 1]);
    }
    const total = arc[count - 1] || 1;
    const tile = cardTile(strand.tile);
    const vRoot = tile.v1 - (tile.v1 - tile.v0) * Math.min(1, total / o.tileLength);
    const first = v;
    for (let i = 0; i < count; i++) {
      const a = Math.max(0, i - 1), b = Math.min(count - 1, i + 1);
      const t = [p[b * 3] - p[a * 3], p[b * 3 + 1] - p[a * 3 + 1], p[b * 3 + 2] - p[a * 3 + 2]];
      const m = [n[i * 3], n[i * 3 + 1], n[i * 3 + 2]];
      const side = across(t, m);
      const s = arc[i] / total;
      const half = 0.5 * strand.width * (1 - (1 - (strand.tip ?? o.tipWidth)) * s * s);
      const rise = o.arch * 2 * half;
      for (let k = -1; k <= 1; k++) {
        const lift = k === 0 ? rise : 0;
        for (let c = 0; c < 3; c++) {
          positions[v * 3 + c] = p[i * 3 + c] + side[c] * half * k + m[c] * lift;
          normals[v * 3 + c] = m[c];
        }
        uvs[v * 2] = tile.u0 + ((k + 1) / 2) * (tile.u1 - tile.u0);
        uvs[v * 2 + 1] = vRoot + s * (tile.v1 - vRoot);
        v++;
      }
    }
    for (let i = 0; i + 1 < count; i++) {
      const l0 = first + i * 3, l1 = l0 + 3;
      // Left half, then right half: (edge, middle) × (this ring, next ring), outward-facing.
      indices.set([l0, l0 + 1, l1, l0 + 1, l1 + 1, l1, l0 + 1, l0 + 2, l1 + 1, l0 + 2, l1 + 2, l1 + 1], f);
      f += 12;
    }
  }
  return { positions, normals, uvs, indices };
}

/** The unit direction across a card: perpendicular to the strand, in the surface's tangent plane. */
function across(t: number[], m: number[]): number[] {
  let c = [t[1] * m[2] - t[2] * m[1], t[2] * m[0] - t[0] * m[2], t[0] * m[1] - t[1] * m[0]];
  let length = Math.hypot(c[0], c[1], c[2]);
  if (length < 1e-9) {
    // A strand standing straight out of the head: any direction across it will do.
    c = [t[1], -t[0], 0];
    length = Math.hypot(c[0], c[1], c[2]) || 1;
  }
  return [c[0] / length, c[1] / length, c[2] / length];
}
