import { bodyTopology } from '../body/bodyTopology.js';
import type { SkinWeights } from '../body/skinWeights.js';
import { partOfIsland, type SurfacePatch } from './garmentSurface.js';
import { LEG_T, ROWS, type GarmentHang } from './garmentRecipe.js';

/**
 * A skirt's tube (a skirt, a dress, a long coat): cloth hanging from a ring of the garment's own
 * surface, over both legs together, as a skirt hangs rather than following each leg. Its rings are
 * made on each body: every ring vertex keeps its direction from the pelvis' axis and stands the
 * hang's ease outside the legs' outline at its height (and flares by the hang's rate), never
 * narrowing downwards. It is skinned between the hips, where it hangs from, and the thigh on its
 * side, more the lower it is (by its height between the top of the legs and the knees, the same
 * on every hang, so that layered hangs swing together): it swings with the legs, the middle of
 * the front and back half with each.
 */

/** The tube's ring: the surface samples on the hang's row, in order round the body, chosen once per layout. */
export interface HangRing {
  /** Sample indices round the ring (not closed: the last joins the first). */
  samples: number[];
  /** Their corners' UVs: the top of the tube's UV strip starts under the surface part's. */
  uvTop: number;
  uvLeft: number;
  /**
   * Metres round the ring to each of its samples (N + 1, closing on the first) and from the ring
   * to the hem, on the reference body: the tube's UVs, the same on every body, as the surface
   * part's are, so that one painted texture fits every avatar.
   */
  arc: number[];
  length: number;
  /** Rings from the top to the hem, counted on the reference body: every body's tube has the same vertices. */
  rings: number;
}

/** The ring of a patch's samples on torso row `row` that lie on its hem, ordered by angle round their centre on `reference`. */
export function hangRing(patch: SurfacePatch, onHem: Uint8Array, reference: Float64Array, referenceBody: Float32Array, hang: GarmentHang, detail: 'full' | 'lowpoly'): HangRing {
  const row = hang.fromRow;
  const on = patch.samples.flatMap((s, i) => (onHem[i] && s.place.part === 'torso' && Math.abs(s.place.t - row) < 1e-6 ? [i] : []));
  if (on.length < 8) throw new Error(`a hang from torso row ${row} finds ${on.length} hem samples there`);
  let cx = 0, cz = 0;
  for (const i of on) { cx += reference[i * 3]; cz += reference[i * 3 + 2]; }
  cx /= on.length; cz /= on.length;
  const angle = (i: number) => Math.atan2(reference[i * 3 + 2] - cz, reference[i * 3] - cx);
  on.sort((a, b) => angle(a) - angle(b));
  let bottom = 0, left = Infinity;
  for (const c of patch.corners) { bottom = Math.max(bottom, c.uv[1]); left = Math.min(left, c.uv[0]); }
  let y0 = 0;
  for (const i of on) y0 += reference[i * 3 + 1];
  const length = Math.max(0.05, y0 / on.length - hemHeight(referenceBody, hang));
  const arc = [0];
  for (let k = 1; k <= on.length; k++) {
    const a = on[k - 1], b = on[k % on.length];
    arc.push(arc[k - 1] + Math.hypot(reference[b * 3] - reference[a * 3], reference[b * 3 + 2] - reference[a * 3 + 2]));
  }
  return { samples: on, uvTop: bottom + 0.01, uvLeft: left, arc, length, rings: Math.max(2, Math.ceil(length / hang.step[detail])) };
}

/** The height of a hang's hem on a body: its legs' ring at toLegT. */
function hemHeight(P: Float32Array, hang: GarmentHang): number {
  return legRingHeight(P, hang.toLegT);
}

/** The mean height of the legs' ring at leg t on a body. */
function legRingHeight(P: Float32Array, legT: number): number {
  const { left, right, t } = legVertices();
  let y = 0, m = 0;
  for (const v of [...left, ...right]) if (Math.abs(t[v] - legT) < 0.5) { y += P[v * 3 + 1]; m++; }
  return y / Math.max(1, m);
}

/** The torso's vertices on the hips' row (ROWS.hips), where every hang's own share of the skin is taken. */
let hips: number[] | undefined;
function hipVertices(): number[] {
  if (hips) return hips;
  const topology = bodyTopology();
  const on = new Set<number>();
  for (const face of topology.faces) {
    if (partOfIsland(topology.islands[face.island].name) !== 'torso') continue;
    for (const c of face.corners) if (Math.abs(c.t - ROWS.hips) < 1e-6) on.add(c.vertex);
  }
  hips = [...on];
  return hips;
}

/** The legs' vertices (topology ids), each leg's own, and each at its ring t: what the tube measures. */
interface Legs { left: number[]; right: number[]; t: Float32Array }
let legs: Legs | undefined;
function legVertices(): Legs {
  if (legs) return legs;
  const topology = bodyTopology();
  const left = new Set<number>(), right = new Set<number>();
  const t = new Float32Array(topology.vertexCount).fill(-1);
  for (const face of topology.faces) {
    const island = topology.islands[face.island];
    if (partOfIsland(island.name) !== 'leg') continue;
    for (const c of face.corners) { (island.name.startsWith('left') ? left : right).add(c.vertex); t[c.vertex] = c.t; }
  }
  legs = { left: [...left], right: [...right], t };
  return legs;
}

export interface HangMesh {
  /** Per vertex: position, UV (atlas units, under the surface part's), layer (0 outer, 1 inner, 2 rim), the ring sample it hangs from, metres to the hem. */
  positions: number[];
  uvs: number[];
  layer: number[];
  ringSample: number[];
  hem: number[];
  /** Weld keys for normals: the top ring's outer vertices weld with their samples' outer vertices. */
  weld: number[];
  indices: number[];
  joints: number[];
  weights: number[];
}

type V3 = [number, number, number];

/**
 * The tube on one body. `outer` and `sampleSkin` are the surface garment's (its smoothed outer
 * points, and its samples' skin); `P` the body's positions.
 * The ring count and the UVs are the layout's: metres of the reference body per atlas unit
 * (`metresPerUnit`) lay the tube out at the body's texel density.
 */
export function buildHang(
  hang: GarmentHang, ring: HangRing, outer: Float64Array, P: Float32Array, skin: SkinWeights, sampleSkin: { joints: number[]; weights: number[] }[],
  thickness: number, metresPerUnit: number, weldBase: number,
): HangMesh {
  const { left, right } = legVertices();
  const N = ring.samples.length;
  const top = ring.samples.map((i) => [outer[i * 3], outer[i * 3 + 1], outer[i * 3 + 2]] as V3);
  let cx = 0, cz = 0, y0 = 0;
  for (const p of top) { cx += p[0]; cz += p[2]; y0 += p[1]; }
  cx /= N; cz /= N; y0 /= N;
  const length = Math.max(0.05, y0 - hemHeight(P, hang));
  const K = ring.rings;
  const dirs = top.map((p) => { const dx = p[0] - cx, dz = p[2] - cz, l = Math.hypot(dx, dz) || 1; return [dx / l, dz / l] as [number, number]; });
  // Radii: ring k, vertex i.
  const r = Array.from({ length: K + 1 }, () => new Float64Array(N));
  top.forEach((p, i) => { r[0][i] = Math.hypot(p[0] - cx, p[2] - cz); });
  const band = Math.max(0.02, length / K);
  const all = [...left, ...right];
  // Per ring, the legs' outline plus the ease in each direction (the top ring: its own radius).
  const needs = Array.from({ length: K + 1 }, (_, k) => (k === 0 ? Float64Array.from(r[0]) : new Float64Array(N)));
  for (let k = 1; k <= K; k++) {
    const depth = (length * k) / K, y = y0 - depth;
    const near = all.filter((v) => Math.abs(P[v * 3 + 1] - y) < band);
    const need = needs[k];
    for (let i = 0; i < N; i++) {
      let support = 0;
      for (const v of near) support = Math.max(support, (P[v * 3] - cx) * dirs[i][0] + (P[v * 3 + 2] - cz) * dirs[i][1]);
      need[i] = support + hang.ease;
      r[k][i] = Math.max(r[k - 1][i], r[0][i] + hang.flare * depth, need[i]);
    }
    // Smoothed round the ring, so it falls in one curve over both legs, never inside their outline.
    for (let pass = 0; pass < 4; pass++) {
      const prev = r[k].slice();
      for (let i = 0; i < N; i++) r[k][i] = Math.max(need[i], r[k - 1][i], 0.25 * prev[(i + N - 1) % N] + 0.5 * prev[i] + 0.25 * prev[(i + 1) % N]);
    }
  }
  // Knife pleats: each a ramp out and a fold back, opening below the hip.
  if (hang.pleats) for (let k = 1; k <= K; k++) {
    const open = Math.min(1, (length * k) / K / 0.08);
    for (let i = 0; i < N; i++) { const x = (hang.pleats * i) / N; r[k][i] += 0.008 * open * (x - Math.floor(x)); }
  }
  const out: HangMesh = { positions: [], uvs: [], layer: [], ringSample: [], hem: [], weld: [], indices: [], joints: [], weights: [] };
  const legSkin = (side: number[], p: V3): number => {
    let best = side[0], bd = Infinity;
    for (const v of side) { const d = (P[v * 3] - p[0]) ** 2 + (P[v * 3 + 1] - p[1]) ** 2 + (P[v * 3 + 2] - p[2]) ** 2; if (d < bd) { bd = d; best = v; } }
    return best;
  };
  // The thighs' share of the skin grows from the top of the legs to the knee, the same at the same
  // height on every hang: a coat over a skirt swings as the skirt does and stays outside it.
  const thighTop = legRingHeight(P, 0), knee = legRingHeight(P, LEG_T.knee);
  const thighShare = (y: number) => 0.85 * Math.pow(Math.min(1, Math.max(0, (thighTop - y) / Math.max(0.05, thighTop - knee))), 0.7);
  // Per ring direction, the hips' vertex furthest that way from the axis.
  const hipRing = hipVertices();
  const hipSkin = dirs.map(([dx, dz]) => {
    let best = hipRing[0], bd = -Infinity;
    for (const v of hipRing) { const d = (P[v * 3] - cx) * dx + (P[v * 3 + 2] - cz) * dz; if (d > bd) { bd = d; best = v; } }
    return best;
  });
  // Which way the left leg lies from the axis.
  let lx = 0, lz = 0;
  for (const v of left) { lx += P[v * 3] - cx; lz += P[v * 3 + 2] - cz; }
  const ll = Math.hypot(lx, lz) || 1;
  const vertex = (i: number, k: number, layer: 0 | 1 | 2, radius: number, lift = 0, slot: number = layer): number => {
    const ii = i % N, depth = (length * k) / K;
    const p: V3 = [cx + dirs[ii][0] * radius, top[ii][1] - depth - lift, cz + dirs[ii][1] * radius];
    out.positions.push(...p);
    out.uvs.push(ring.uvLeft + ring.arc[i] / metresPerUnit, ring.uvTop + ((depth / length) * ring.length + lift) / metresPerUnit);
    out.layer.push(layer);
    out.ringSample.push(ring.samples[ii]);
    out.hem.push(Math.max(0, length - depth - lift));
    out.weld.push(layer === 0 && k === 0 ? ring.samples[ii] : weldBase + (k * (N + 1) + ii) * 5 + slot);
    // Skin: the hips' (the ring sample's) fading into the thigh's on its side.
    const a = thighShare(p[1]);
    const side = 0.5 + 0.5 * Math.max(-1, Math.min(1, 2.5 * (dirs[ii][0] * lx + dirs[ii][1] * lz) / ll));
    const acc = new Map<number, number>();
    const add = (joints: ArrayLike<number>, weights: ArrayLike<number>, off: number, w: number) => {
      for (let j = 0; j < 4; j++) if (weights[off + j] > 0) acc.set(joints[off + j], (acc.get(joints[off + j]) ?? 0) + weights[off + j] * w);
    };
    // The hips' share from the body's hips in this direction, not the ring's own sample (hangs
    // start on different rows): layered hangs are skinned alike.
    add(skin.joints, skin.weights, hipSkin[ii] * 4, 1 - a);
    if (a > 0) {
      // The leg vertex nearest the legs' outline in this direction, not the cloth: every hang at
      // this height and direction, however loose, takes the same.
      const reach = Math.max(0.004, needs[Math.min(k, K)][ii] - hang.ease);
      const q: V3 = [cx + dirs[ii][0] * reach, p[1], cz + dirs[ii][1] * reach];
      add(skin.joints, skin.weights, legSkin(left, q) * 4, a * side);
      add(skin.joints, skin.weights, legSkin(right, q) * 4, a * (1 - side));
    }
    const best = [...acc].sort((x, y) => y[1] - x[1]).slice(0, 4);
    const sum = best.reduce((s, [, w]) => s + w, 0) || 1;
    for (let j = 0; j < 4; j++) { out.joints.push(best[j]?.[0] ?? 0); out.weights.push(best[j] ? best[j][1] / sum : 0); }
    return out.layer.length - 1;
  };
  const grid = (layer: 0 | 1, inset: number) => {
    const ids: number[][] = [];
    for (let k = 0; k <= K; k++) {
      const row: number[] = [];
      for (let i = 0; i <= N; i++) row.push(vertex(i, k, layer, Math.max(0.004, r[k][i % N] - inset)));
      ids.push(row);
    }
    return ids;
  };
  const o = grid(0, 0), n = grid(1, thickness);
  for (let k = 0; k < K; k++) {
    for (let i = 0; i < N; i++) {
      const [a, b, c, d] = [o[k][i], o[k][i + 1], o[k + 1][i], o[k + 1][i + 1]];
      out.indices.push(a, b, c, b, d, c);
      // The lining faces the legs.
      const [p, q, s, u] = [n[k][i], n[k][i + 1], n[k + 1][i], n[k + 1][i + 1]];
      out.indices.push(p, s, q, q, s, u);
    }
  }
  // The hem: outer, a lip half the thickness below, inner, hard-edged.
  const rim = [0, 1, 2].map((row) => Array.from({ length: N + 1 }, (_, i) => {
    const radius = row === 0 ? r[K][i % N] : row === 2 ? Math.max(0.004, r[K][i % N] - thickness) : r[K][i % N] - thickness / 2;
    return vertex(i, K, 2, radius, row === 1 ? thickness / 2 : 0, 2 + row);
  }));
  for (let row = 0; row < 2; row++) {
    for (let i = 0; i < N; i++) {
      const [a, b, c, d] = [rim[row][i], rim[row][i + 1], rim[row + 1][i], rim[row + 1][i + 1]];
      out.indices.push(a, b, c, b, d, c);
    }
  }
  return out;
}
