import type { Mesh } from '../../core/mesh.js';
import type { HatRecipe } from '../../library/accessories/accessoryLibrary.js';
import type { TextureRegion } from './accessoryTexture.js';
import { cranium, type Cranium } from './cranium.js';
import { toHeadMesh } from './glasses.js';
import { headDistance, toFrame, toHead, type HeadLandmarks } from './headLandmarks.js';
import { add, length, normalize, scale, sub, PartBuilder, type UvRect, type Vec3 } from './partBuilder.js';
import { ellipsoid } from './shapes.js';

export const HAT_TILES: Record<'crown' | 'lining' | 'trim', UvRect> = {
  crown: [0.01, 0.01, 0.99, 0.59], lining: [0.01, 0.61, 0.49, 0.99], trim: [0.51, 0.61, 0.99, 0.99],
};

/** The texture regions of a hat: its crown (six panels' seams for a cap), the lining and the brim, visor, cuff or band. */
export function hatRegions(recipe: HatRecipe): TextureRegion[] {
  const panels = recipe.crown.kind === 'twill' ? recipe.crown.panels ?? 0 : 0;
  const seams = panels ? Array.from({ length: panels }, (_, k) => (k + 0.5) / panels) : undefined;
  const stitches = recipe.style === 'bucket_hat' ? [0.2, 0.35, 0.5, 0.65, 0.8] : recipe.style === 'baseball_cap' ? [0.15, 0.3, 0.45, 0.6, 0.75, 0.9] : undefined;
  return [
    { rect: HAT_TILES.crown, finish: recipe.crown, size: [0.62, 0.2], seams },
    { rect: HAT_TILES.lining, finish: recipe.crown.kind === 'knit' ? recipe.crown : { kind: 'twill', color: [60, 56, 52] }, size: [0.3, 0.2] },
    { rect: HAT_TILES.trim, finish: recipe.trim, size: [0.3, 0.09], stitches },
  ];
}

/** A hat fitted to one head, in head coordinates, and its least distance from the head. */
export interface FittedHat {
  mesh: Mesh;
  clearance: number;
  /**
   * Hair pressed under the hat (head space in, head space out): what stood beyond the lining above
   * the opening is brought inside it, and just below the opening hair is held to a cone that widens
   * downwards and lets go further down, so long hair comes out from under the hat instead of
   * through its crown, and still hangs where it did at the nape and the shoulders.
   */
  pressHair(positions: Float32Array): Float32Array;
}

/** How far inside the lining pressed hair ends, metres: the lining's own thickness is not room for hair. */
const PRESSED_INSIDE = 0.0015;
/** How fast the room for hair widens below the opening: metres outwards per radian down. */
const FLARE = 0.09;
/** How far below the opening (radians) the hat still holds hair: past it, hair hangs as it was (the nape, the shoulders). */
const HOLD = 0.6;

/** Where each style's opening sits (front, sides and back heights, relative to the brows and ears) and how far it stands off the skull. */
const STYLE = {
  baseball_cap: { front: 0.026, side: 0.01, back: -0.004, gap: 0.007, thickness: 0.0025 },
  beanie: { front: 0.016, side: -0.004, back: -0.022, gap: 0.007, thickness: 0.004 },
  fedora: { front: 0.03, side: 0.018, back: 0.008, gap: 0.008, thickness: 0.0022 },
  bucket_hat: { front: 0.022, side: 0.02, back: 0.0, gap: 0.008, thickness: 0.002 },
} as const;

interface Detail { cols: number; rows: number }
const DETAIL: Record<1 | 2, Detail> = { 1: { cols: 72, rows: 22 }, 2: { cols: 32, rows: 10 } };

/**
 * A hat made for this head: its opening runs round the head at the style's height (above the
 * brows in front, over the ears' tops at the sides, lower at the back), standing off the skull by a
 * gap left for short hair. Caps and beanies follow the cranium (cranium.ts) up to the top; a fedora
 * or bucket hat has a crown of its own shape risen above the head. Brims, visors, cuffs and bands
 * have thickness; every part of the crown is kept `gap` off the head.
 *
 * ```ts
 * const { mesh } = fitHat(recipe, headLandmarks(head.mesh, head.template), 1);
 * ```
 */
export function fitHat(recipe: HatRecipe, at: HeadLandmarks, lod: 1 | 2 = 1): FittedHat {
  const d = DETAIL[lod];
  const style = STYLE[recipe.style];
  const c = cranium(at);
  const earTop = (at.ears.left.top[1] + at.ears.right.top[1]) / 2;
  const lineY = (theta: number) => {
    const front = at.brow + style.front, side = earTop + style.side, back = earTop + style.back;
    const k = Math.cos(theta);
    return side + (front - side) * Math.max(0, k) ** 1.5 + (back - side) * Math.max(0, -k) ** 1.5;
  };
  /** A point `gap` off the cranium in direction (θ, φ), plus `extra`. */
  const onCranium = (theta: number, phi: number, extra: number): Vec3 => add(c.centre, scale(c.direction(theta, phi), c.reach(theta, phi) + style.gap + extra));
  const keepOff = (p: Vec3, gap: number): Vec3 => {
    const rel = sub(p, c.centre), r = length(rel);
    const theta = Math.atan2(rel[0], rel[2]), phi = Math.asin(rel[1] / (r || 1));
    const need = c.reach(theta, phi) + gap;
    return r < need ? add(c.centre, scale(rel, need / r)) : p;
  };
  const b = new PartBuilder();
  // The texture's seam runs down the back, where a knit's or a cap's own seam is.
  const thetaOf = (j: number) => Math.PI + (2 * Math.PI * j) / d.cols;
  const phi0 = Array.from({ length: d.cols + 1 }, (_, j) => c.elevationAt(thetaOf(j), lineY(thetaOf(j)), style.gap));
  const opening = phi0.map((phi, j) => onCranium(thetaOf(j), phi, 0));
  let outer: (j: number, t: number) => Vec3;
  const fitted = recipe.style === 'baseball_cap' || recipe.style === 'beanie';
  if (fitted) {
    const cuff = recipe.style === 'beanie' ? 0.24 : 0;
    outer = (j, t) => {
      const theta = thetaOf(j), phi = phi0[j] + (Math.PI / 2 - phi0[j]) * t;
      // A beanie's slouch at the top and its folded cuff; a cap's crown rounded out a little.
      const bulge = recipe.style === 'beanie' ? 0.01 * t * t + (t < cuff ? 0.005 * smoothEdge(t, cuff) : 0) : 0.004 * Math.sin(Math.PI * Math.min(1, t * 1.2));
      return onCranium(theta, phi, style.thickness + bulge);
    };
  } else {
    const top = at.crown + (recipe.style === 'fedora' ? 0.024 : 0.014);
    const taper = recipe.style === 'fedora' ? 0.2 : 0.22;
    const centreXZ: Vec3 = [c.centre[0], 0, c.centre[2] + 0.004];
    const sideRows = 0.7;
    outer = (j, t) => {
      const o = opening[j];
      if (t <= sideRows) {
        const s = t / sideRows;
        const y = o[1] + (top - o[1]) * s;
        const k = 1 - taper * s * s;
        const p: Vec3 = [centreXZ[0] + (o[0] - centreXZ[0]) * k * 1.02 + 0.0, y, centreXZ[2] + (o[2] - centreXZ[2]) * k * 1.02];
        return keepOff(p, style.gap + style.thickness);
      }
      // The top: rings in to the middle, a fedora's crease along it and pinches at the front.
      const s = (t - sideRows) / (1 - sideRows);
      const k = (1 - taper) * (1 - s);
      const x = centreXZ[0] + (o[0] - centreXZ[0]) * k * 1.02, z = centreXZ[2] + (o[2] - centreXZ[2]) * k * 1.02;
      let y = top + 0.006 * (1 - (1 - s) ** 2);
      if (recipe.style === 'fedora') {
        const crease = 0.022 * Math.exp(-(((x - centreXZ[0]) / 0.016) ** 2)) * Math.min(1, s * 2.5);
        const pinch = 0.012 * Math.exp(-(((z - centreXZ[2] - 0.05) / 0.02) ** 2)) * Math.exp(-(((Math.abs(x) - 0.025) / 0.012) ** 2));
        y -= crease + pinch;
      }
      return keepOff([x, y, z], style.gap + style.thickness);
    };
  }
  const uvCrown = HAT_TILES.crown, uvLining = HAT_TILES.lining;
  const outerRows = grid(b, d, outer, uvCrown, false);
  // The lining, the crown's thickness inside it, and the lip between them at the opening.
  const inner = (j: number, t: number): Vec3 => {
    const p = outer(j, t);
    return add(p, scale(normalize(sub(c.centre, p)), style.thickness));
  };
  const innerRows = grid(b, d, inner, uvLining, true);
  for (let j = 0; j < d.cols; j++) b.quad(outerRows[0][j], innerRows[0][j], innerRows[0][j + 1], outerRows[0][j + 1]);
  if (recipe.style === 'beanie') cuffLedge(b, d, outer, 0.24);
  if (recipe.style === 'baseball_cap') {
    visor(b, d, opening, lod);
    const top = outer(0, 1);
    ellipsoid(b, add(top, [0, 0.0008, 0]), [[0, 1, 0], [1, 0, 0], [0, 0, -1]], [0.0028, 0.0065, 0.0065], 4, 12, HAT_TILES.trim);
  }
  if (recipe.style === 'fedora' || recipe.style === 'bucket_hat') {
    brim(b, d, opening, c, recipe.style);
    if (recipe.style === 'fedora') band(b, d, outer, c.centre);
  }
  const built = b.mesh();
  let clearance = Infinity;
  for (let v = 0; v < built.positions.length / 3; v++) clearance = Math.min(clearance, headDistance(at, [built.positions[v * 3], built.positions[v * 3 + 1], built.positions[v * 3 + 2]]));
  const pressHair = (positions: Float32Array): Float32Array => {
    const out = new Float32Array(positions);
    for (let v = 0; v < out.length / 3; v++) {
      const p = toFrame(at.frame, [out[v * 3], out[v * 3 + 1], out[v * 3 + 2]]);
      const rel = sub(p, c.centre), r = length(rel);
      if (!(r > 0)) continue;
      const theta = Math.atan2(rel[0], rel[2]), phi = Math.asin(rel[1] / r);
      // The opening's elevation in this direction, between the two columns it falls in.
      const at0 = ((((theta - Math.PI) / (2 * Math.PI)) % 1 + 1) % 1) * d.cols;
      const j = Math.floor(at0), w = at0 - j;
      const line = phi0[j] * (1 - w) + phi0[j + 1] * w;
      const below = Math.max(0, line - phi);
      const room = c.reach(theta, phi) + style.gap - PRESSED_INSIDE + below * FLARE;
      if (r <= room || below >= HOLD) continue;
      // Eased out towards HOLD, so that the pressed hair joins the hair hanging free without a step.
      const t = below / HOLD, hold = 1 - t * t * (3 - 2 * t);
      out.set(toHead(at.frame, add(c.centre, scale(rel, (r + (room - r) * hold) / r))), v * 3);
    }
    return out;
  };
  return { mesh: toHeadMesh(built, at), clearance, pressHair };
}

/** 1 inside a cuff's band, easing to 0 over its last 15 %. */
function smoothEdge(t: number, cuff: number): number {
  const s = Math.min(1, Math.max(0, (cuff - t) / (cuff * 0.15)));
  return s * s * (3 - 2 * s);
}

/** A (cols + 1) × (rows + 1) grid of `point(j, t)`, t from the opening (0) to the top (1), closing at a pole. */
function grid(b: PartBuilder, d: Detail, point: (j: number, t: number) => Vec3, uv: UvRect, inward: boolean): number[][] {
  const rows: number[][] = [];
  for (let i = 0; i <= d.rows; i++) {
    const t = i / d.rows, row: number[] = [];
    for (let j = 0; j <= d.cols; j++) row.push(b.vertex(point(j % d.cols, t), uv[0] + (uv[2] - uv[0]) * (j / d.cols), uv[3] - (uv[3] - uv[1]) * t));
    rows.push(row);
  }
  for (let i = 0; i < d.rows; i++) {
    for (let j = 0; j < d.cols; j++) {
      const a = rows[i][j], a1 = rows[i][j + 1], c = rows[i + 1][j], c1 = rows[i + 1][j + 1];
      const top = i === d.rows - 1;
      if (inward) { if (top) b.triangle(a, c, a1); else b.quad(a, c, c1, a1); }
      else if (top) b.triangle(a, a1, c); else b.quad(a, a1, c1, c);
    }
  }
  return rows;
}

/** The beanie's cuff: the folded edge's top, a ledge from the cuff's outside to the crown. */
function cuffLedge(b: PartBuilder, d: Detail, outer: (j: number, t: number) => Vec3, cuff: number): void {
  const ring = (t: number, v: number) => Array.from({ length: d.cols + 1 }, (_, j) => b.vertex(outer(j % d.cols, t), HAT_TILES.trim[0] + (HAT_TILES.trim[2] - HAT_TILES.trim[0]) * (j / d.cols), v));
  const low = ring(cuff - 0.002, HAT_TILES.trim[1]), high = ring(cuff + 0.012, HAT_TILES.trim[1] + 0.02);
  for (let j = 0; j < d.cols; j++) b.quad(low[j], low[j + 1], high[j + 1], high[j]);
}

/**
 * A cap's visor: a slab from the front of the opening, curving forward and down, its ends
 * narrowing into the crown's sides; top, underside and edge.
 */
function visor(b: PartBuilder, d: Detail, opening: Vec3[], lod: 1 | 2): void {
  const across = lod === 1 ? 28 : 12, out = lod === 1 ? 8 : 3;
  const thetaOf = (k: number) => k * 1.05;
  const openingAt = (theta: number): Vec3 => {
    const f = ((((theta - Math.PI) / (2 * Math.PI)) % 1) + 1) % 1 * d.cols, j = Math.floor(f), t = f - j;
    const p = opening[j % d.cols], q = opening[(j + 1) % d.cols];
    return [p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t, p[2] + (q[2] - p[2]) * t];
  };
  const point = (k: number, s: number, below: number): Vec3 => {
    const theta = thetaOf(k);
    const base = openingAt(theta);
    const radial = normalize([Math.sin(theta), 0, Math.cos(theta)]);
    const dir = normalize(add(scale(radial, 0.45), [0, 0, 0.55]));
    const reach = 0.07 * (1 - Math.abs(k) ** 3) ** 0.7;
    return [base[0] + dir[0] * reach * s, base[1] - 0.014 * s - 0.016 * k * k * s - below, base[2] + dir[2] * reach * s];
  };
  const rect = HAT_TILES.trim;
  const slab = (below: number, up: boolean) => {
    const rows: number[][] = [];
    for (let i = 0; i <= out; i++) {
      const row: number[] = [];
      for (let j = 0; j <= across; j++) {
        const k = -1 + (2 * j) / across;
        row.push(b.vertex(point(k, i / out, below), rect[0] + (rect[2] - rect[0]) * (j / across), rect[1] + (rect[3] - rect[1]) * (i / out)));
      }
      rows.push(row);
    }
    for (let i = 0; i < out; i++) for (let j = 0; j < across; j++) {
      const a = rows[i][j], a1 = rows[i][j + 1], cc = rows[i + 1][j], c1 = rows[i + 1][j + 1];
      if (up) b.quad(a, cc, c1, a1); else b.quad(a, a1, c1, cc);
    }
    return rows[out];
  };
  const top = slab(0, true), bottom = slab(0.003, false);
  for (let j = 0; j < across; j++) b.quad(top[j], bottom[j], bottom[j + 1], top[j + 1]);
}

/** A fedora's or bucket hat's brim: a ring from the crown's base outward, snapped down in front or sloping all round. */
function brim(b: PartBuilder, d: Detail, opening: Vec3[], c: Cranium, style: 'fedora' | 'bucket_hat'): void {
  const out = 6;
  const rect = HAT_TILES.trim;
  const point = (j: number, s: number, below: number): Vec3 => {
    const theta = Math.PI + (2 * Math.PI * j) / d.cols;
    const o = opening[j % d.cols];
    const radial = normalize([o[0] - c.centre[0], 0, o[2] - c.centre[2]]);
    const k = Math.cos(theta), side = Math.sin(theta) ** 2;
    if (style === 'fedora') {
      const width = 0.056 + 0.006 * Math.abs(k);
      const y = o[1] - 0.014 * Math.max(0, k) * s * s + 0.012 * Math.max(0, -k) * s * s + 0.008 * side * s * s;
      return [o[0] + radial[0] * width * s, y - below, o[2] + radial[2] * width * s];
    }
    const width = 0.05;
    return [o[0] + radial[0] * width * s, o[1] - (0.026 - 0.01 * side) * s - below, o[2] + radial[2] * width * s];
  };
  const slab = (below: number, up: boolean) => {
    const rows: number[][] = [];
    for (let i = 0; i <= out; i++) {
      const row: number[] = [];
      for (let j = 0; j <= d.cols; j++) row.push(b.vertex(point(j, i / out, below), rect[0] + (rect[2] - rect[0]) * (j / d.cols), rect[1] + (rect[3] - rect[1]) * (i / out)));
      rows.push(row);
    }
    for (let i = 0; i < out; i++) for (let j = 0; j < d.cols; j++) {
      const a = rows[i][j], a1 = rows[i][j + 1], cc = rows[i + 1][j], c1 = rows[i + 1][j + 1];
      if (up) b.quad(a, a1, c1, cc); else b.quad(a, cc, c1, a1);
    }
    return rows[out];
  };
  const top = slab(0, true), bottom = slab(0.003, false);
  for (let j = 0; j < d.cols; j++) b.quad(top[j], top[j + 1], bottom[j + 1], bottom[j]);
}

/** A fedora's ribbon band round the crown's base, standing proud of the felt. */
function band(b: PartBuilder, d: Detail, outer: (j: number, t: number) => Vec3, centre: Vec3): void {
  const rect = HAT_TILES.trim;
  const ring = (t: number, proud: number, v: number) => Array.from({ length: d.cols + 1 }, (_, j) => {
    const p = outer(j % d.cols, t);
    const n = normalize([p[0] - centre[0], 0, p[2] - centre[2]]);
    return b.vertex([p[0] + n[0] * proud, p[1], p[2] + n[2] * proud], rect[0] + (rect[2] - rect[0]) * (j / d.cols), v);
  });
  const low = ring(0.005, 0.0016, rect[1]), high = ring(0.2, 0.0016, rect[3]), ledge = ring(0.2, 0, rect[3]);
  for (let j = 0; j < d.cols; j++) { b.quad(low[j], low[j + 1], high[j + 1], high[j]); b.quad(high[j], high[j + 1], ledge[j + 1], ledge[j]); }
}
