import type { Mesh } from '../../core/mesh.js';
import { length, normalize, scale, sub, add, type Vec3 } from './partBuilder.js';

/** The body a necklace is fitted to: the whole avatar at rest, and its Neck joint, in one frame (metres, +y up, +z forward). */
export interface NecklaceBody {
  mesh: Mesh;
  /** Where the Neck joint is: the base of the neck. */
  neck: Vec3;
}

const RAYS = 120;

/** Where a necklace lies, from the Neck joint: metres. */
export interface NecklaceHeights {
  /** The back's height above the joint. */
  rise: number;
  /** How much wider than the neck the sides are (on the trapezius); 0 keeps them at the back's height, round the neck. */
  room: number;
  /** How far the front hangs below the back. */
  drop: number;
  /** Half the necklace's height: how far above and below each point it must clear the body. */
  reach: number;
  /** Passes of smoothing over about 3 cm: a stiff band (a choker) takes more than a chain. */
  smoothing?: number;
}

const nearNeckCache = new WeakMap<Mesh, Uint32Array>();

/** The triangles within reach of a necklace: 25 cm round the neck's axis, 20 cm below the joint to 10 cm above. */
function nearNeck(mesh: Mesh, axis: Vec3): Uint32Array {
  let near = nearNeckCache.get(mesh);
  if (near) return near;
  const p = mesh.positions, idx = mesh.indices, kept: number[] = [];
  const close = (v: number) => p[v * 3 + 1] > axis[1] - 0.2 && p[v * 3 + 1] < axis[1] + 0.1 && Math.hypot(p[v * 3] - axis[0], p[v * 3 + 2] - axis[2]) < 0.25;
  for (let t = 0; t < idx.length; t += 3) if (close(idx[t]) || close(idx[t + 1]) || close(idx[t + 2])) kept.push(idx[t], idx[t + 1], idx[t + 2]);
  nearNeckCache.set(mesh, (near = Uint32Array.from(kept)));
  return near;
}

/**
 * For each of {@link RAYS} directions round a vertical axis through `axis`, how far out the body's
 * surface is at height `y`: the first surface a level ray from the axis meets (the neck, or the
 * trapezius and chest below it), where the level plane cuts the mesh's triangles.
 */
function levelReach(mesh: Mesh, axis: Vec3, y: number): Float64Array {
  const p = mesh.positions, idx = nearNeck(mesh, axis);
  const hits = new Float64Array(RAYS).fill(Infinity);
  for (let t = 0; t < idx.length; t += 3) {
    const a = idx[t], b = idx[t + 1], c = idx[t + 2];
    const da = p[a * 3 + 1] - y, db = p[b * 3 + 1] - y, dc = p[c * 3 + 1] - y;
    if ((da > 0 && db > 0 && dc > 0) || (da < 0 && db < 0 && dc < 0)) continue;
    const ends: [number, number][] = [];
    for (const [i, j, di, dj] of [[a, b, da, db], [b, c, db, dc], [c, a, dc, da]] as const) {
      if ((di > 0) === (dj > 0)) continue;
      const s = di / (di - dj);
      ends.push([p[i * 3] + (p[j * 3] - p[i * 3]) * s - axis[0], p[i * 3 + 2] + (p[j * 3 + 2] - p[i * 3 + 2]) * s - axis[2]]);
    }
    if (ends.length < 2) continue;
    const [[x0, z0], [x1, z1]] = ends;
    if (Math.hypot(x0, z0) > 0.35) continue;
    // Rays by azimuth ψ from the front (+z) towards the left (+x): direction (sin ψ, cos ψ).
    const a0 = Math.atan2(x0, z0);
    let span = Math.atan2(x1, z1) - a0;
    if (span > Math.PI) span -= 2 * Math.PI;
    if (span < -Math.PI) span += 2 * Math.PI;
    const k0 = Math.floor((Math.min(a0, a0 + span) / (2 * Math.PI)) * RAYS), k1 = Math.ceil((Math.max(a0, a0 + span) / (2 * Math.PI)) * RAYS);
    const ex = x1 - x0, ez = z1 - z0;
    for (let k = k0; k <= k1; k++) {
      const psi = (2 * Math.PI * k) / RAYS, dx = Math.sin(psi), dz = Math.cos(psi);
      const den = dx * ez - dz * ex;
      if (Math.abs(den) < 1e-12) continue;
      const r = (x0 * ez - z0 * ex) / den, u = (x0 * dz - z0 * dx) / den;
      if (r > 0 && u >= -1e-6 && u <= 1 + 1e-6) {
        const slot = ((k % RAYS) + RAYS) % RAYS;
        hits[slot] = Math.min(hits[slot], r);
      }
    }
  }
  for (let k = 0; k < RAYS; k++) {
    for (let d = 1; !Number.isFinite(hits[k]) && d < RAYS / 2; d++) hits[k] = Math.min(hits[(k + d) % RAYS], hits[(k - d + RAYS) % RAYS]);
  }
  return hits;
}

/**
 * The curve a necklace lies along, seen round the neck's axis: at the back a little above the Neck
 * joint, at the sides on the trapezius where it is `sideRoom` wider than the neck, in front `drop`
 * below the neck's base (on the chest); between them the heights blend, and at each the curve is
 * on the first surface out from the axis. Seen from above it is then wrapped in its convex hull, as
 * a chain pulled taut lies, and set `offset` out. Returns points evenly spaced about `pitch`
 * apart round the closed curve (starting at the back), with their outward directions.
 */
export function necklaceCurve(body: NecklaceBody, at: NecklaceHeights, offset: number, pitch: number): { points: Vec3[]; normal: Vec3; outward: Vec3[]; reachAt: (psi: number, y: number) => number } {
  const axis = body.neck;
  const back = axis[1] + at.rise;
  // The sides: where the trapezius reaches `room` past the neck's side at the back's height.
  const neckSide = (y: number) => { const r = levelReach(body.mesh, axis, y); return (r[RAYS / 4] + r[(3 * RAYS) / 4]) / 2; };
  let side = back;
  if (at.room > 0) {
    const wanted = neckSide(back) + at.room;
    let lo = axis[1] - 0.08, hi = back;
    for (let k = 0; k < 10; k++) {
      const mid = (lo + hi) / 2;
      if (neckSide(mid) > wanted) lo = mid; else hi = mid;
    }
    side = (lo + hi) / 2;
  }
  const front = Math.min(side, back - at.drop);
  const heightAt = (psi: number) => {
    const k = Math.cos(psi);
    return side + (front - side) * Math.max(0, k) ** 1.3 + (back - side) * Math.max(0, -k) ** 1.3;
  };
  // Reach tables at a ladder of heights, read between rungs.
  const rungs = 16, y0 = Math.min(front, side, back) - 0.012, y1 = Math.max(front, side, back) + 0.012;
  const tables = Array.from({ length: rungs + 1 }, (_, i) => levelReach(body.mesh, axis, y0 + ((y1 - y0) * i) / rungs));
  const raw: Vec3[] = [];
  for (let k = 0; k < RAYS; k++) {
    const psi = (2 * Math.PI * k) / RAYS, y = heightAt(psi);
    const f = ((y - y0) / (y1 - y0)) * rungs, i = Math.min(rungs - 1, Math.floor(f)), t = f - i;
    const r = tables[i][k] * (1 - t) + tables[i + 1][k] * t;
    raw.push([axis[0] + Math.sin(psi) * r, y, axis[2] + Math.cos(psi) * r]);
  }
  // Taut: the hull seen from above, heights carried along.
  const hull = convexHull(raw.map((q, i) => [q[0], q[2], i] as const));
  const ring: Vec3[] = hull.map((h) => raw[h[2]]);
  // A chain hangs in smooth curves: the hull's corners (on a coarse mesh) rounded off, never inside it.
  const smoothRing = roundCorners(ring, axis, at.smoothing ?? 3);
  const m = smoothRing.length;
  const out: Vec3[] = smoothRing.map((q, i) => {
    const prev = smoothRing[(i - 1 + m) % m], next = smoothRing[(i + 1) % m];
    const tx = next[0] - prev[0], tz = next[2] - prev[2], l = Math.hypot(tx, tz) || 1;
    // Counter-clockwise in (x, z): outward is (tz, −tx).
    return [q[0] + (tz / l) * offset, q[1] + offset * 0.5, q[2] - (tx / l) * offset];
  });
  const lengths = [0];
  for (let i = 1; i <= m; i++) lengths.push(lengths[i - 1] + length(sub(out[i % m], out[i - 1])));
  const total = lengths[m];
  const count = Math.max(8, Math.round(total / pitch));
  let start = 0;
  out.forEach((q, i) => { if (q[2] < out[start][2]) start = i; });
  const points: Vec3[] = [], outward: Vec3[] = [];
  for (let k = 0; k < count; k++) {
    const want = (lengths[start] + (k / count) * total) % total;
    let i = 0;
    while (lengths[i + 1] < want) i++;
    const t = (want - lengths[i]) / (lengths[i + 1] - lengths[i] || 1);
    const q0 = out[i], q1 = out[(i + 1) % m];
    points.push([q0[0] + (q1[0] - q0[0]) * t, q0[1] + (q1[1] - q0[1]) * t, q0[2] + (q1[2] - q0[2]) * t]);
    const tx = q1[0] - q0[0], tz = q1[2] - q0[2], l = Math.hypot(tx, tz) || 1;
    outward.push([tz / l, 0, -tx / l]);
  }
  // Smoothing moved heights: each point out again past the body within `reach` above and below it.
  const surfaceAt = (psi: number, y: number) => {
    const f = Math.min(rungs, Math.max(0, ((y - y0) / (y1 - y0)) * rungs)), i = Math.min(rungs - 1, Math.floor(f)), t = f - i;
    const kf = ((((psi / (2 * Math.PI)) % 1) + 1) % 1) * RAYS, k = Math.floor(kf) % RAYS, u = kf - Math.floor(kf), k1 = (k + 1) % RAYS;
    const at = (row: Float64Array) => row[k] * (1 - u) + row[k1] * u;
    return at(tables[i]) * (1 - t) + at(tables[i + 1]) * t;
  };
  for (const q of points) {
    const dx = q[0] - axis[0], dz = q[2] - axis[2], r = Math.hypot(dx, dz), psi = Math.atan2(dx, dz);
    // A link or pearl spans about a pitch along the curve: the body is cleared across that span too.
    let need = 0;
    const along = pitch / Math.max(r, 1e-3);
    for (let d = -1; d <= 1; d += 0.25) for (const a of [-along, 0, along]) need = Math.max(need, surfaceAt(psi + a, q[1] + d * at.reach));
    need += offset;
    if (r < need) { q[0] = axis[0] + (dx * need) / r; q[2] = axis[2] + (dz * need) / r; }
  }
  // Links and pearls stand across the level and the outward direction.
  const normal: Vec3 = [0, 1, 0];
  // Below the curve (a pendant hangs there): a level cut of its own.
  const reachAt = (psi: number, y: number) => {
    if (y >= y0 && y <= y1) return surfaceAt(psi, y);
    const row = levelReach(body.mesh, axis, y), kf = ((((psi / (2 * Math.PI)) % 1) + 1) % 1) * RAYS, k = Math.floor(kf) % RAYS;
    return Math.max(row[k], row[(k + 1) % RAYS]);
  };
  return { points, normal, outward, reachAt };
}

/**
 * A closed ring resampled every 2 mm and smoothed over about 3 cm, each point then moved out from
 * `axis` (seen from above) as far as the unsmoothed ring is in its direction, so it never sinks in.
 */
function roundCorners(ring: Vec3[], axis: Vec3, passes: number): Vec3[] {
  const n0 = ring.length;
  const lengths = [0];
  for (let i = 1; i <= n0; i++) lengths.push(lengths[i - 1] + length(sub(ring[i % n0], ring[i - 1])));
  const count = Math.max(16, Math.round(lengths[n0] / 0.002));
  const dense: Vec3[] = [];
  for (let k = 0, i = 0; k < count; k++) {
    const want = (k / count) * lengths[n0];
    while (lengths[i + 1] < want) i++;
    const t = (want - lengths[i]) / (lengths[i + 1] - lengths[i] || 1);
    const a = ring[i], b = ring[(i + 1) % n0];
    dense.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]);
  }
  const radius = (q: Vec3) => Math.hypot(q[0] - axis[0], q[2] - axis[2]);
  const angle = (q: Vec3) => Math.atan2(q[0] - axis[0], q[2] - axis[2]);
  // The unsmoothed ring's reach by direction, to push the smoothed one back out to.
  const bins = 360, reach = new Float64Array(bins);
  for (const q of dense) { const b = Math.floor(((angle(q) / (2 * Math.PI)) + 1) % 1 * bins); reach[b] = Math.max(reach[b], radius(q)); }
  const window = 7;
  let cur = dense;
  for (let pass = 0; pass < passes; pass++) {
    cur = cur.map((_, i) => {
      const sum: Vec3 = [0, 0, 0];
      for (let d = -window; d <= window; d++) { const q = cur[(i + d + count) % count]; sum[0] += q[0]; sum[1] += q[1]; sum[2] += q[2]; }
      return scale(sum, 1 / (2 * window + 1));
    });
  }
  return cur.map((q) => {
    const b = Math.floor(((angle(q) / (2 * Math.PI)) + 1) % 1 * bins);
    const need = Math.max(reach[b], reach[(b + 1) % bins], reach[(b + bins - 1) % bins]), r = radius(q);
    return r >= need ? q : [axis[0] + (q[0] - axis[0]) * (need / r), q[1], axis[2] + (q[2] - axis[2]) * (need / r)];
  });
}

/** Counter-clockwise convex hull (monotone chain). */
function convexHull<P extends readonly number[]>(points: P[]): P[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const turn = (o: P, a: P, b: P) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: P[] = [], upper: P[] = [];
  for (const q of sorted) { while (lower.length >= 2 && turn(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop(); lower.push(q); }
  for (const q of [...sorted].reverse()) { while (upper.length >= 2 && turn(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop(); upper.push(q); }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}
