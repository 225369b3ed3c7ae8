import type { Mesh } from '../../core/mesh.js';
import type { NecklaceRecipe } from '../../library/accessories/accessoryLibrary.js';
import { JEWEL_TILES } from './jewelTiles.js';
import { necklaceCurve, type NecklaceBody } from './necklaceCurve.js';
import { add, cross, normalize, scale, sub, PartBuilder, type Vec3 } from './partBuilder.js';
import { ellipsoid } from './shapes.js';
import { curbLinks } from './curbLinks.js';
import { circle, pathFrames, roundedRect, sweep, type SweepFrame } from './sweep.js';

/** A necklace on one body, and per vertex how much it follows the neck rather than the chest (0–1). */
export interface FittedNecklace {
  mesh: Mesh;
  neckShare: Float32Array;
}

/**
 * A necklace fitted to a body: a curb chain of real links, a fine chain with a medallion, a strand
 * of pearls with a clasp, or a velvet choker with a charm, along {@link necklaceCurve} at the
 * style's drop. `neckShare` is how much each vertex follows the Neck joint rather than the chest's
 * (Spine2): more at the back of the neck, and all of it for a choker.
 *
 * ```ts
 * const { mesh, neckShare } = fitNecklace(recipe, { mesh: fused.mesh, neck }, 1);
 * ```
 */
export function fitNecklace(recipe: NecklaceRecipe, body: NecklaceBody, lod: 1 | 2 = 1): FittedNecklace {
  const b = new PartBuilder();
  const metal = JEWEL_TILES.metal, accent = JEWEL_TILES.stone;
  const choker = recipe.style === 'choker';
  // A curb link reaches 0.62 of its size along the chain and 0.4 + 0.13 (its wire) across, both
  // ways: every second link stands on edge, so the chain's thickness and reach are its links' whole span.
  const thickness = recipe.style === 'chain' ? recipe.size * 1.06 : recipe.style === 'pearls' ? recipe.size : recipe.style === 'choker' ? 0.0018 : 0.0018;
  const pitch = recipe.style === 'chain' ? recipe.size * 0.78 : recipe.style === 'pearls' ? recipe.size * 1.04 : 0.004;
  const reach = recipe.style === 'choker' ? recipe.size / 2 + 0.002 : recipe.style === 'pearls' ? recipe.size / 2 : recipe.style === 'chain' ? recipe.size * 0.53 : recipe.size;
  const heights = choker ? { rise: 0.028, room: 0, drop: recipe.drop, reach, smoothing: 12 } : { rise: 0.022, room: 0.014, drop: recipe.drop, reach };
  const { points, normal, outward, reachAt } = necklaceCurve(body, heights, thickness / 2 + 0.002, pitch);
  const n = points.length;
  const tangent = (i: number) => normalize(sub(points[(i + 1) % n], points[(i - 1 + n) % n]));
  if (recipe.style === 'chain') {
    curbLinks(b, points, () => normal, (i) => outward[i], recipe.size, lod);
  } else if (recipe.style === 'pearls') {
    const rings = lod === 1 ? 8 : 5, segs = lod === 1 ? 12 : 7;
    for (let i = 2; i < n - 1; i++) {
      const t = tangent(i);
      ellipsoid(b, points[i], [t, outward[i], cross(t, outward[i])], [recipe.size / 2, recipe.size / 2, recipe.size / 2], rings, segs, accent);
    }
    // The clasp at the back, where the strand starts and ends.
    const clasp = [points[n - 2], points[0], points[2]];
    sweep(b, pathFrames(clasp, normal), circle(recipe.size * 0.22, 8), { uv: metal, caps: true });
  } else if (recipe.style === 'pendant') {
    const frames = pathFrames([...points, points[0]], normal, false);
    sweep(b, frames, circle(recipe.size * 0.4, lod === 1 ? 6 : 4), { uv: metal, caps: true });
    pendant(b, points, outward, normal, 0.011, lod, body.neck, reachAt);
  } else {
    const frames: SweepFrame[] = points.map((q, i) => ({ at: q, side: outward[i], up: normal }));
    sweep(b, frames, roundedRect(thickness, recipe.size, thickness * 0.45, lod === 1 ? 2 : 1), { closed: true, uv: accent });
    pendant(b, points, outward, normal, 0.0045, lod, body.neck, reachAt);
  }
  const built = b.mesh();
  const count = built.positions.length / 3;
  const neckShare = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    const rise = built.positions[v * 3 + 1] - body.neck[1];
    neckShare[v] = choker ? 1 : Math.min(1, Math.max(0, (rise + 0.005) / 0.04)) * 0.8;
  }
  return { mesh: built, neckShare };
}

/** A round medallion (or a choker's charm) with a bail, hanging from the curve's lowest front point against the chest. */
function pendant(b: PartBuilder, points: Vec3[], outward: Vec3[], normal: Vec3, radius: number, lod: 1 | 2, axis: Vec3, reachAt: (psi: number, y: number) => number): void {
  let front = 0;
  points.forEach((q, i) => { if (q[1] < points[front][1]) front = i; });
  const at = points[front];
  // Its face leans back as the chest does under it: along the chain's outward normal, turned up.
  const face = normalize(add(outward[front], scale(normal, 0.55)));
  const down = normalize(cross(face, [1, 0, 0]));
  const side = cross(down, face);
  const bail = radius * 0.28;
  const ring: Vec3[] = [];
  for (let k = 0; k < 10; k++) {
    const a = (2 * Math.PI * k) / 10;
    ring.push(add(at, add(scale(down, bail * (1 - Math.cos(a))), scale(face, bail * Math.sin(a) * 0.7))));
  }
  sweep(b, pathFrames(ring, side, true), circle(bail * 0.25, 5), { closed: true, uv: JEWEL_TILES.metal });
  let centre = add(add(at, scale(down, bail * 2 + radius)), scale(face, radius * 0.12));
  // Out in front of the chest under it, from its top to its bottom, with room for its thickness.
  const psi = Math.atan2(centre[0] - axis[0], centre[2] - axis[2]);
  const horizontal = normalize([centre[0] - axis[0], 0, centre[2] - axis[2]]);
  let need = 0;
  for (const dy of [-1, -0.5, 0, 0.5, 1]) need = Math.max(need, reachAt(psi, centre[1] + dy * radius) + radius * 0.35 + 0.001);
  const r = Math.hypot(centre[0] - axis[0], centre[2] - axis[2]);
  if (r < need) centre = add(centre, scale(horizontal, need - r));
  const seg = lod === 1 ? 24 : 12;
  ellipsoid(b, centre, [face, down, side], [radius * 0.16, radius, radius], 4, seg, JEWEL_TILES.metal);
  ellipsoid(b, add(centre, scale(face, radius * 0.14)), [face, down, side], [radius * 0.16, radius * 0.45, radius * 0.45], 4, seg, JEWEL_TILES.stone);
}
