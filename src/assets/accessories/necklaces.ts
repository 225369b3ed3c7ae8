import type { Mesh } from '../../core/mesh.js';
import type { NecklaceRecipe } from '../../library/accessories/accessoryLibrary.js';
import { computeNormals } from '../../geometry/computeNormals.js';
import { headSurface } from '../../geometry/headSurface.js';
import { JEWEL_TILES } from './earrings.js';
import { add, cross, length, normalize, scale, sub, PartBuilder, type Vec3 } from './partBuilder.js';
import { ellipsoid } from './shapes.js';
import { circle, pathFrames, roundedRect, sweep, type SweepFrame } from './sweep.js';

/** The body a necklace is fitted to: the whole avatar at rest, and its Neck joint, in one frame (metres, +y up, +z forward). */
export interface NecklaceBody {
  mesh: Mesh;
  /** Where the Neck joint is: the base of the neck. */
  neck: Vec3;
}

/** A necklace on one body, and per vertex how much it follows the neck rather than the chest (0–1). */
export interface FittedNecklace {
  mesh: Mesh;
  neckShare: Float32Array;
  /** The least distance from the body, metres. */
  clearance: number;
}

const RAYS = 180;

/**
 * The curve a necklace lies along: where a plane through the back of the neck's base, tilted
 * forward and down by `drop` degrees, cuts the body, seen from the neck's axis (the first surface
 * each ray meets), wrapped in its convex hull as a chain pulled taut is, and `offset` out from it.
 * Returns points evenly spaced `pitch` apart, closed.
 */
export function necklaceCurve(body: NecklaceBody, drop: number, lift: number, offset: number, pitch: number): { points: Vec3[]; normal: Vec3; outward: Vec3[] } {
  const a = (drop * Math.PI) / 180;
  const normal: Vec3 = [0, Math.cos(a), Math.sin(a)];
  const e1: Vec3 = [1, 0, 0], e2: Vec3 = [0, -Math.sin(a), Math.cos(a)];
  const origin: Vec3 = [body.neck[0], body.neck[1] + lift, body.neck[2]];
  const p = body.mesh.positions, idx = body.mesh.indices;
  const hits = new Float64Array(RAYS).fill(Infinity);
  const dist = (v: number) => (p[v * 3] - origin[0]) * normal[0] + (p[v * 3 + 1] - origin[1]) * normal[1] + (p[v * 3 + 2] - origin[2]) * normal[2];
  const plane2 = (q: Vec3): [number, number] => {
    const d = sub(q, origin);
    return [d[0] * e1[0] + d[1] * e1[1] + d[2] * e1[2], d[0] * e2[0] + d[1] * e2[1] + d[2] * e2[2]];
  };
  for (let t = 0; t < idx.length; t += 3) {
    const v = [idx[t], idx[t + 1], idx[t + 2]];
    const ds = v.map(dist);
    if ((ds[0] > 0 && ds[1] > 0 && ds[2] > 0) || (ds[0] < 0 && ds[1] < 0 && ds[2] < 0)) continue;
    const ends: [number, number][] = [];
    for (let k = 0; k < 3; k++) {
      const i = v[k], j = v[(k + 1) % 3], di = ds[k], dj = ds[(k + 1) % 3];
      if ((di > 0) === (dj > 0)) continue;
      const s = di / (di - dj);
      ends.push(plane2([p[i * 3] + (p[j * 3] - p[i * 3]) * s, p[i * 3 + 1] + (p[j * 3 + 1] - p[i * 3 + 1]) * s, p[i * 3 + 2] + (p[j * 3 + 2] - p[i * 3 + 2]) * s]));
    }
    if (ends.length < 2) continue;
    const [[x0, y0], [x1, y1]] = ends;
    if (Math.hypot(x0, y0) > 0.3) continue;
    // Every ray between the segment's ends' angles meets it.
    const a0 = Math.atan2(y0, x0), a1 = Math.atan2(y1, x1);
    let span = a1 - a0;
    if (span > Math.PI) span -= 2 * Math.PI;
    if (span < -Math.PI) span += 2 * Math.PI;
    const k0 = Math.floor(((Math.min(a0, a0 + span) / (2 * Math.PI)) * RAYS)), k1 = Math.ceil(((Math.max(a0, a0 + span) / (2 * Math.PI)) * RAYS));
    for (let k = k0; k <= k1; k++) {
      const ang = (2 * Math.PI * k) / RAYS, dx = Math.cos(ang), dy = Math.sin(ang);
      const ex = x1 - x0, ey = y1 - y0;
      const den = dx * ey - dy * ex;
      if (Math.abs(den) < 1e-12) continue;
      const r = (x0 * ey - y0 * ex) / den, u = (x0 * dy - y0 * dx) / den;
      if (r > 0 && u >= -1e-6 && u <= 1 + 1e-6) {
        const slot = ((k % RAYS) + RAYS) % RAYS;
        hits[slot] = Math.min(hits[slot], r);
      }
    }
  }
  // Rays that met nothing take their neighbours'.
  const pts: [number, number][] = [];
  for (let k = 0; k < RAYS; k++) {
    let r = hits[k];
    for (let d = 1; !Number.isFinite(r) && d < RAYS / 2; d++) r = Math.min(hits[(k + d) % RAYS], hits[(k - d + RAYS) % RAYS]);
    const ang = (2 * Math.PI * k) / RAYS;
    pts.push([Math.cos(ang) * r, Math.sin(ang) * r]);
  }
  const hull = convexHull(pts);
  // Out from the hull by `offset`, along the normals of its corners.
  const m = hull.length;
  const out: [number, number][] = hull.map((q, i) => {
    const prev = hull[(i - 1 + m) % m], next = hull[(i + 1) % m];
    const tx = next[0] - prev[0], ty = next[1] - prev[1], l = Math.hypot(tx, ty) || 1;
    return [q[0] + (ty / l) * offset, q[1] - (tx / l) * offset];
  });
  // Evenly spaced, starting at the back (least e2).
  const lengths = [0];
  for (let i = 1; i <= m; i++) lengths.push(lengths[i - 1] + Math.hypot(out[i % m][0] - out[i - 1][0], out[i % m][1] - out[i - 1][1]));
  const total = lengths[m];
  const count = Math.max(8, Math.round(total / pitch));
  let start = 0;
  out.forEach((q, i) => { if (q[1] < out[start][1]) start = i; });
  const points: Vec3[] = [], outward: Vec3[] = [];
  for (let k = 0; k < count; k++) {
    const want = (lengths[start] + (k / count) * total) % total;
    let i = 0;
    while (lengths[i + 1] < want) i++;
    const t = (want - lengths[i]) / (lengths[i + 1] - lengths[i] || 1);
    const q0 = out[i], q1 = out[(i + 1) % m];
    const x = q0[0] + (q1[0] - q0[0]) * t, y = q0[1] + (q1[1] - q0[1]) * t;
    points.push(add(origin, add(scale(e1, x), scale(e2, y))));
    const tx = q1[0] - q0[0], ty = q1[1] - q0[1], l = Math.hypot(tx, ty) || 1;
    outward.push(normalize(add(scale(e1, ty / l), scale(e2, -tx / l))));
  }
  return { points, normal, outward };
}

/** Counter-clockwise convex hull (monotone chain). */
function convexHull(points: [number, number][]): [number, number][] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const turn = (o: [number, number], a: [number, number], b: [number, number]) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [], upper: [number, number][] = [];
  for (const q of sorted) { while (lower.length >= 2 && turn(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop(); lower.push(q); }
  for (const q of [...sorted].reverse()) { while (upper.length >= 2 && turn(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop(); upper.push(q); }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
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
  const thickness = recipe.style === 'chain' ? recipe.size * 0.5 : recipe.style === 'pearls' ? recipe.size : recipe.style === 'choker' ? 0.0018 : 0.0018;
  const pitch = recipe.style === 'chain' ? recipe.size * 0.78 : recipe.style === 'pearls' ? recipe.size * 1.04 : 0.004;
  const lift = choker ? 0.045 : 0.012;
  const { points, normal, outward } = necklaceCurve(body, recipe.drop, lift, thickness / 2 + 0.0008, pitch);
  const n = points.length;
  const tangent = (i: number) => normalize(sub(points[(i + 1) % n], points[(i - 1 + n) % n]));
  if (recipe.style === 'chain') {
    const seg = lod === 1 ? 10 : 6, ring = lod === 1 ? 6 : 4;
    for (let i = 0; i < n; i++) {
      const t = tangent(i), across = i % 2 ? outward[i] : normal;
      const loop: Vec3[] = [];
      for (let k = 0; k < seg; k++) {
        const a = (2 * Math.PI * k) / seg;
        loop.push(add(points[i], add(scale(t, Math.cos(a) * recipe.size * 0.62), scale(across, Math.sin(a) * recipe.size * 0.4))));
      }
      sweep(b, pathFrames(loop, cross(across, t), true), circle(recipe.size * 0.13, ring), { closed: true, uv: metal });
    }
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
    pendant(b, points, outward, normal, 0.011, lod);
  } else {
    const frames: SweepFrame[] = points.map((q, i) => ({ at: q, side: outward[i], up: normal }));
    sweep(b, frames, roundedRect(thickness, recipe.size, thickness * 0.45, lod === 1 ? 2 : 1), { closed: true, uv: accent });
    pendant(b, points, outward, normal, 0.0045, lod);
  }
  const built = b.mesh();
  const count = built.positions.length / 3;
  const neckShare = new Float32Array(count);
  for (let v = 0; v < count; v++) {
    const rise = built.positions[v * 3 + 1] - body.neck[1];
    neckShare[v] = choker ? 1 : Math.min(1, Math.max(0, (rise + 0.005) / 0.04)) * 0.8;
  }
  const surface = headSurface(body.mesh.normals ? body.mesh : computeNormals(body.mesh));
  let clearance = Infinity;
  for (let v = 0; v < count; v += 1) clearance = Math.min(clearance, surface.closest(built.positions[v * 3], built.positions[v * 3 + 1], built.positions[v * 3 + 2]).distance);
  return { mesh: built, neckShare, clearance };
}

/** A round medallion (or a choker's charm) with a bail, hanging from the curve's lowest front point against the chest. */
function pendant(b: PartBuilder, points: Vec3[], outward: Vec3[], normal: Vec3, radius: number, lod: 1 | 2): void {
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
  const centre = add(add(at, scale(down, bail * 2 + radius)), scale(face, radius * 0.12));
  const seg = lod === 1 ? 24 : 12;
  ellipsoid(b, centre, [face, down, side], [radius * 0.16, radius, radius], 4, seg, JEWEL_TILES.metal);
  ellipsoid(b, add(centre, scale(face, radius * 0.14)), [face, down, side], [radius * 0.16, radius * 0.45, radius * 0.45], 4, seg, JEWEL_TILES.stone);
  void length;
}
