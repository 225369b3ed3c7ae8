import { JEWEL_TILES } from './jewelTiles.js';
import { add, cross, normalize, scale, sub, type PartBuilder, type Vec3 } from './partBuilder.js';
import { circle, pathFrames, sweep } from './sweep.js';

/**
 * A closed curb chain of real links, one centred on each of `points` (`size` apart × 0.78): each
 * an oval wire loop 0.62 × `size` along the chain and 0.4 × across, every second link standing on
 * edge (across `flat(i)` or `edge(i)` in turn), so the chain's thickness is its links' whole span.
 * Necklaces and bracelets.
 */
export function curbLinks(b: PartBuilder, points: readonly Vec3[], flat: (i: number) => Vec3, edge: (i: number) => Vec3, size: number, lod: 1 | 2): void {
  const n = points.length;
  const seg = lod === 1 ? 10 : 6, ring = lod === 1 ? 6 : 4;
  for (let i = 0; i < n; i++) {
    const t = normalize(sub(points[(i + 1) % n], points[(i - 1 + n) % n]));
    const across = i % 2 ? edge(i) : flat(i);
    const loop: Vec3[] = [];
    for (let k = 0; k < seg; k++) {
      const a = (2 * Math.PI * k) / seg;
      loop.push(add(points[i], add(scale(t, Math.cos(a) * size * 0.62), scale(across, Math.sin(a) * size * 0.4))));
    }
    sweep(b, pathFrames(loop, cross(across, t), true), circle(size * 0.13, ring), { closed: true, uv: JEWEL_TILES.metal });
  }
}
