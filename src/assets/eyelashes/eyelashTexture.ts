import type { Image } from '../../core/image.js';
import { seededRandom } from '../../core/seededRandom.js';
import { smoothstep } from '../../core/smoothstep.js';
import { EYELASH_ATLAS, strandSlot } from './eyelashAtlas.js';

/** Options of {@link eyelashTexture}. */
export interface EyelashTextureOptions {
  /** Side of the square texture, pixels. */
  size?: number;
  /** Seed of the strands' small differences (bend, length, width, place in the fringe). */
  seed?: number;
  /** sRGB colour at a strand's root and at its tip (lashes are lighter where they thin out). */
  rootColor?: [number, number, number];
  tipColor?: [number, number, number];
  /**
   * A single strand's width at its root, as a fraction of its slot. Wide on purpose: a thin card is a
   * pixel or two on screen, where mipmapping averages the slot, and a thin strand would average below
   * the alpha cutoff and vanish. The cards taper too, so the lash still ends in a point.
   */
  strandWidth?: number;
  /** Strands in the fringe (the bottom strip, for the broad cards). */
  fringeStrands?: number;
  /** A fringe strand's width at its root, as a fraction of the texture's side. */
  fringeWidth?: number;
}

export const EYELASH_TEXTURE_DEFAULTS: Required<EyelashTextureOptions> = {
  size: 512,
  seed: 1,
  rootColor: [20, 14, 11],
  tipColor: [58, 42, 32],
  strandWidth: 0.7,
  fringeStrands: 44,
  fringeWidth: 9 / 512,
};

/**
 * The eyelash cards' texture (RGBA, straight alpha): dark brown-black strands on a transparent
 * background, laid out as {@link EYELASH_ATLAS} says: single strands in slots across the upper
 * three quarters and a fringe of uneven strands along the bottom, every one growing up from its root. A
 * strand is a gently bent curve, tapering from its root to a point, and its alpha falls off over
 * its last quarter, so that an alpha cutoff of 0.3–0.5 leaves a fine tip rather than a blunt end.
 * Transparent pixels carry the lash colour too, so that filtering at the edges does not darken or
 * lighten them. Deterministic for a seed.
 *
 * ```ts
 * const png = await encodePng(eyelashTexture({ size: 256 }));
 * ```
 */
export function eyelashTexture(options: EyelashTextureOptions = {}): Image & { channels: 4 } {
  const o = { ...EYELASH_TEXTURE_DEFAULTS, ...options };
  const size = o.size;
  const random = seededRandom(o.seed);
  const data = new Uint8Array(size * size * 4);
  const background = o.rootColor.map((c, k) => (c + o.tipColor[k]) / 2);
  for (let i = 0; i < size * size; i++) data.set([...background, 0], i * 4);
  const canvas = { size, data, rootColor: o.rootColor, tipColor: o.tipColor };
  const px = size / 512;
  const { strands, fringe } = EYELASH_ATLAS;

  for (let k = 0; k < EYELASH_ATLAS.strandSlots; k++) {
    const [u0, u1] = strandSlot(k);
    const centre = ((u0 + u1) / 2) * size;
    const width = (u1 - u0) * size * o.strandWidth;
    // What the slot leaves either side of the strand's root, for it to bend into (it narrows as it goes).
    const slack = ((u1 - u0) * size - width) / 2;
    drawStrand(canvas, {
      root: [centre, strands.rootV * size],
      tip: [centre + (random() - 0.5) * slack, (strands.tipV + random() * 0.03) * size],
      bend: (random() - 0.5) * 1.2 * slack,
      width: width * (0.9 + 0.1 * random()),
    });
  }

  const [f0, f1] = fringe.u;
  const [rootY, topY] = [fringe.rootV * size, fringe.tipV * size];
  const margin = 8 * px;
  const span = (f1 - f0) * size - 2 * margin;
  for (let k = 0; k < o.fringeStrands; k++) {
    const x = f0 * size + margin + span * ((k + 0.5 + 0.6 * (random() - 0.5)) / o.fringeStrands);
    const length = (rootY - topY) * (0.55 + 0.45 * random());
    const lean = (random() - 0.5) * 16 * px;
    // Keep the tip inside the fringe, so that no strand is cut off at its edge.
    const tipX = Math.min(f1 * size - margin, Math.max(f0 * size + margin, x + lean));
    drawStrand(canvas, {
      root: [x, rootY],
      tip: [tipX, rootY - length],
      bend: (random() - 0.5) * 6 * px,
      width: o.fringeWidth * size * (0.7 + 0.3 * random()),
    });
  }
  return { width: size, height: size, channels: 4, data };
}

interface Canvas {
  size: number;
  data: Uint8Array;
  rootColor: [number, number, number];
  tipColor: [number, number, number];
}

interface Strand {
  root: [number, number];
  tip: [number, number];
  /** Sideways offset of the middle from the straight line, pixels. */
  bend: number;
  /** Width at the root, pixels. */
  width: number;
}

const SEGMENTS = 48;

/** Paints a strand over what is there: anti-aliased by its distance to the centre line. */
function drawStrand(canvas: Canvas, strand: Strand): void {
  const { size, data } = canvas;
  const [x0, y0] = strand.root, [x1, y1] = strand.tip;
  const len = Math.hypot(x1 - x0, y1 - y0);
  const [nx, ny] = [-(y1 - y0) / len, (x1 - x0) / len];
  // A quadratic curve whose control point is pushed sideways by twice the bend, so its middle moves by the bend.
  const [cx, cy] = [(x0 + x1) / 2 + nx * 2 * strand.bend, (y0 + y1) / 2 + ny * 2 * strand.bend];
  const line: [number, number][] = [];
  for (let i = 0; i <= SEGMENTS; i++) {
    const t = i / SEGMENTS;
    line.push([(1 - t) ** 2 * x0 + 2 * t * (1 - t) * cx + t * t * x1, (1 - t) ** 2 * y0 + 2 * t * (1 - t) * cy + t * t * y1]);
  }
  const reach = strand.width / 2 + 1;
  const xs = line.map((p) => p[0]), ys = line.map((p) => p[1]);
  const [left, right] = [Math.max(0, Math.floor(Math.min(...xs) - reach)), Math.min(size - 1, Math.ceil(Math.max(...xs) + reach))];
  const [top, bottom] = [Math.max(0, Math.floor(Math.min(...ys) - reach)), Math.min(size - 1, Math.ceil(Math.max(...ys) + reach))];
  for (let y = top; y <= bottom; y++) {
    const py = y + 0.5;
    // Only the segments this row passes near: a strand runs up the image, so a handful.
    const near: number[] = [];
    for (let i = 0; i < SEGMENTS; i++) {
      const [ay, by] = [line[i][1], line[i + 1][1]];
      if (Math.min(ay, by) - reach <= py && Math.max(ay, by) + reach >= py) near.push(i);
    }
    if (near.length === 0) continue;
    for (let x = left; x <= right; x++) {
      const px = x + 0.5;
      let best = Infinity, at = 0;
      for (const i of near) {
        const [ax, ay] = line[i], [bx, by] = line[i + 1];
        const [ex, ey] = [bx - ax, by - ay];
        const f = Math.min(1, Math.max(0, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey || 1)));
        const d = Math.hypot(px - ax - f * ex, py - ay - f * ey);
        if (d < best) [best, at] = [d, (i + f) / SEGMENTS];
      }
      if (best > reach) continue;
      // Tapering to a point, and fading over the last quarter.
      const half = (strand.width / 2) * (1 - at) ** 0.6 + 0.35;
      const alpha = Math.min(1, Math.max(0, half - best + 0.5)) * (1 - smoothstep(0.7, 1, at));
      if (alpha <= 0) continue;
      const colour = canvas.rootColor.map((c, k) => c + (canvas.tipColor[k] - c) * at);
      const o = (y * size + x) * 4;
      const under = data[o + 3] / 255;
      const total = alpha + under * (1 - alpha);
      for (let k = 0; k < 3; k++) data[o + k] = Math.round((colour[k] * alpha + data[o + k] * under * (1 - alpha)) / total);
      data[o + 3] = Math.round(total * 255);
    }
  }
}
