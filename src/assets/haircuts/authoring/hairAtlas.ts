/**
 * The layout of an artificial haircut's texture (square, RGBA; 2048² by default as the spec's haircut
 * textures): twelve card tiles, tall strips whose strands run down the strip from the root (top) to
 * the tips (bottom), and a disc for the scalp cap, seen from above the crown.
 *
 *     +--+--+--+--+--+--+--+--+
 *     |0 |1 |2 |3 |4 |5 |6 |7 |   card tiles 0–7: v 0..½
 *     +--+--+--+--+--+--+--+--+
 *     |   cap disc  |8 |9 |10|11|  cap disc: u 0..½, v ½..1; tiles 8–11
 *     +-------------+--+--+--+--+
 */

/** A rectangle of the texture in UV (v = 0 the top row). */
export interface UvRect {
  u0: number;
  v0: number;
  u1: number;
  v1: number;
}

/** Card tiles in the atlas. */
export const CARD_TILES = 12;

/** Margin kept inside each tile, as a fraction of the texture: mipmaps do not bleed between tiles. */
const PAD = 6 / 2048;

/** The UV rectangle of card tile `k` (any integer; taken modulo {@link CARD_TILES}), inside its margin. */
export function cardTile(k: number): UvRect {
  const i = ((k % CARD_TILES) + CARD_TILES) % CARD_TILES;
  const u = i < 8 ? i / 8 : 0.5 + (i - 8) / 8;
  const v = i < 8 ? 0 : 0.5;
  return { u0: u + PAD, v0: v + PAD, u1: u + 1 / 8 - PAD, v1: v + 0.5 - PAD };
}

/** The cap disc's centre (u, v) and radius in UV. */
export const CAP_DISC = { u: 0.25, v: 0.75, radius: 0.25 - 2 * PAD };

/** The head's centre and the axis through the crown the cap disc looks down (template frame). */
const CENTRE = [0, 0.02, -0.005];
const AXIS = unit([0, 0.93, -0.36]);
const SIDE = [1, 0, 0];
const BACK = [AXIS[1] * SIDE[2] - AXIS[2] * SIDE[1], AXIS[2] * SIDE[0] - AXIS[0] * SIDE[2], AXIS[0] * SIDE[1] - AXIS[1] * SIDE[0]];
/** Angle from the crown axis at the disc's rim, radians: past the nape. */
const RIM = 2.45;

/**
 * UV of a point of the scalp on the cap disc: an azimuthal map about the crown axis, angle from
 * the axis as distance from the disc's centre. It has no seam, so the cap's triangles need no
 * split vertices, and it keeps the crown's whorl at the centre, where its texture's strands
 * radiate from.
 */
export function capUv(x: number, y: number, z: number, out: Float32Array, at: number): void {
  const d = unit([x - CENTRE[0], y - CENTRE[1], z - CENTRE[2]]);
  const rho = Math.acos(Math.max(-1, Math.min(1, d[0] * AXIS[0] + d[1] * AXIS[1] + d[2] * AXIS[2])));
  const alpha = Math.atan2(d[0] * BACK[0] + d[1] * BACK[1] + d[2] * BACK[2], d[0] * SIDE[0] + d[1] * SIDE[1] + d[2] * SIDE[2]);
  const r = (Math.min(rho, RIM) / RIM) * CAP_DISC.radius;
  out[at] = CAP_DISC.u + r * Math.cos(alpha);
  out[at + 1] = CAP_DISC.v + r * Math.sin(alpha);
}

function unit(v: number[]): number[] {
  const length = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / length, v[1] / length, v[2] / length];
}
