/** One dental arch in the mouth's frame: x across, y up, z forward, origin at the lips' front on the slit. */
export interface ArchShape {
  /** Half the arch's width at the back (the ellipse's semi-axis across), metres. */
  halfWidth: number;
  /** Incisors' front to the back (the semi-axis front to back), metres. */
  depth: number;
  /** z of the incisors' front (negative: behind the lips). */
  front: number;
  /** y of the biting edge. */
  edge: number;
  /** +1: the crowns rise from the edge (upper arch); −1: they hang down from it (lower). */
  up: 1 | -1;
  /** Crown height and thickness at the incisors and at the molars, metres; in between by distance along the arch. */
  heights: [number, number];
  thicknesses: [number, number];
  /** A finer arch than the default four rings a tooth (persona_2.0's teeth parts): see {@link ArchDetail}. */
  detail?: ArchDetail;
}

/**
 * How finely an arch is made: `rings` cross-sections spread evenly along it (a notch where one
 * falls on the boundary between two teeth), and on average `doubled` of each section's six points
 * split into two vertices, one for the faces on either side: hard edges at the biting edge and the
 * crown's corners, as game teeth are shaded, and the vertex counts of the spec's teeth parts.
 */
export interface ArchDetail {
  rings: number;
  doubled: number;
}

/**
 * Section points doubled first: the biting edge's front corner, the gum line's behind (out of
 * sight), the biting edge's back corner, then the rest. An average that is not whole doubles one more
 * point on some rings than on others; those are the hidden ones first, so no stripes show.
 */
const DOUBLING_ORDER = [2, 5, 3, 0, 1, 4];
/** Fewer rings than this along an arch and the notches between teeth are left out: too coarse, they cut a saw's teeth. */
const NOTCHED_RINGS = 120;

/** Widths of the teeth from the middle back (incisors, canine, premolars, molars), mm: only their ratios count. */
const TOOTH_WIDTHS = [8.5, 6.5, 7.5, 7, 6.5, 10, 9];
/** Rings per tooth: the first on the notch between it and its neighbour. */
const RINGS_PER_TOOTH = 4;
/** Between teeth the biting edge rises by this much and the front sinks in by this much, metres. */
const NOTCH = 0.0012;
const INSET = 0.0006;
/**
 * The crown's cross-section as (inward from the front face in thicknesses, up from the edge in
 * heights): front face, rounded biting edge, back face; the closing side is the gum line.
 */
const SECTION: ReadonlyArray<readonly [number, number]> = [[0, 1], [0, 0.4], [0.25, 0], [0.75, 0], [1, 0.4], [1, 1]];

/**
 * The arch's vertices and triangles: rings of SECTION swept along half an ellipse (its ends at the
 * back, running front to back there, as molars do), one tooth after another, with a fan closing
 * each end. Triangles are counter-clockwise seen from outside: each is turned to face away from its
 * ring's middle (the section is convex) or, on the end caps, away from the arch. UVs: u along the
 * arch (0 to 1, by length, as the teeth are laid out), v up the crown (0 at the biting edge, 1 at the
 * gum line), the same on the front and the back face, so one strip of texture paints both.
 */
export function archRings(shape: ArchShape): { positions: Float32Array; uvs: Float32Array; triangles: Uint32Array } {
  const { halfWidth: a, depth: b, front, edge, up } = shape;
  const widths = [...TOOTH_WIDTHS].reverse().concat(TOOTH_WIDTHS);
  const total = widths.reduce((s, w) => s + w, 0);
  const stations: { u: number; notch: boolean }[] = [];
  let sum = 0;
  if (shape.detail) {
    const boundaries: number[] = [];
    for (const w of widths) { boundaries.push(sum / total); sum += w; }
    boundaries.push(1);
    const n = shape.detail.rings;
    for (let r = 0; r < n; r++) {
      const u = r / (n - 1);
      stations.push({ u, notch: n >= NOTCHED_RINGS && boundaries.some((b) => Math.abs(b - u) < 0.5 / (n - 1)) });
    }
  } else {
    for (const w of widths) {
      for (let r = 0; r < RINGS_PER_TOOTH; r++) stations.push({ u: (sum + (r / RINGS_PER_TOOTH) * w) / total, notch: r === 0 });
      sum += w;
    }
    stations.push({ u: 1, notch: true });
  }

  const angle = ellipseByLength(a, b);
  const k = SECTION.length;
  const positions = new Float32Array((stations.length * k + 2) * 3);
  const uvs = new Float32Array((stations.length * k + 2) * 2);
  const mids: number[][] = [];
  stations.forEach(({ u, notch }, r) => {
    SECTION.forEach(([, height], j) => uvs.set([u, height], (r * k + j) * 2));
    const phi = angle(u);
    const px = a * Math.sin(phi), pz = front - b * (1 - Math.cos(phi));
    const nl = Math.hypot(b * Math.sin(phi), a * Math.cos(phi)) || 1;
    const nx = (b * Math.sin(phi)) / nl, nz = (a * Math.cos(phi)) / nl;
    const f = Math.abs(2 * u - 1);
    const h = shape.heights[0] + f * (shape.heights[1] - shape.heights[0]);
    const t = shape.thicknesses[0] + f * (shape.thicknesses[1] - shape.thicknesses[0]);
    const mid = [0, 0, 0];
    SECTION.forEach(([inward, height], j) => {
      const depthIn = inward * t + (notch && inward === 0 ? INSET : 0);
      const rise = height * h + (notch && height === 0 ? NOTCH : 0);
      const v = (r * k + j) * 3;
      positions[v] = px - depthIn * nx;
      positions[v + 1] = edge + up * rise;
      positions[v + 2] = pz - depthIn * nz;
      for (let c = 0; c < 3; c++) mid[c] += positions[v + c] / k;
    });
    mids.push(mid);
  });

  // Doubled section points: a copy at the same place for the faces of the segment that ends there.
  const copies = new Map<number, number>();
  const dAvg = shape.detail?.doubled ?? 0;
  let next = stations.length * k + 2;
  stations.forEach((_, r) => {
    const d = Math.floor((r + 1) * dAvg) - Math.floor(r * dAvg);
    for (const j of DOUBLING_ORDER.slice(0, d)) copies.set(r * k + j, next++);
  });
  const ending = (v: number): number => copies.get(v) ?? v;
  const original = new Map([...copies].map(([v, copy]) => [copy, v]));
  const triangles: number[] = [];
  const p = (copy: number): number[] => {
    const v = original.get(copy) ?? copy;
    return [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
  };
  // Pushes a, b, c turned so that its normal points along `out`.
  const face = (ia: number, ib: number, ic: number, out: number[]): void => {
    const [pa, pb, pc] = [p(ia), p(ib), p(ic)];
    const e1 = pb.map((x, c) => x - pa[c]), e2 = pc.map((x, c) => x - pa[c]);
    const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
    if (n[0] * out[0] + n[1] * out[1] + n[2] * out[2] >= 0) triangles.push(ia, ib, ic);
    else triangles.push(ia, ic, ib);
  };
  for (let r = 0; r + 1 < stations.length; r++) {
    const centre = mids[r].map((x, c) => (x + mids[r + 1][c]) / 2);
    for (let j = 0; j < k; j++) {
      const j2 = (j + 1) % k;
      const quad = [r * k + j, (r + 1) * k + j, ending((r + 1) * k + j2), ending(r * k + j2)];
      const m = [0, 1, 2].map((c) => quad.reduce((s, v) => s + p(v)[c], 0) / 4);
      const out = m.map((x, c) => x - centre[c]);
      face(quad[0], quad[1], quad[2], out);
      face(quad[0], quad[2], quad[3], out);
    }
  }
  // End caps: a fan from each end ring's middle, facing away from the next ring.
  for (const [r, next, centreVertex] of [[0, 1, stations.length * k], [stations.length - 1, stations.length - 2, stations.length * k + 1]]) {
    positions.set(mids[r], centreVertex * 3);
    uvs.set([stations[r].u, 0.5], centreVertex * 2);
    const out = mids[r].map((x, c) => x - mids[next][c]);
    for (let j = 0; j < k; j++) face(centreVertex, r * k + j, r * k + ((j + 1) % k), out);
  }
  if (!copies.size) return { positions, uvs, triangles: Uint32Array.from(triangles) };
  const all = new Float32Array(next * 3), allUvs = new Float32Array(next * 2);
  all.set(positions);
  allUvs.set(uvs);
  for (const [v, copy] of copies) {
    all.set(positions.subarray(v * 3, v * 3 + 3), copy * 3);
    allUvs.set(uvs.subarray(v * 2, v * 2 + 2), copy * 2);
  }
  return { positions: all, uvs: allUvs, triangles: Uint32Array.from(triangles) };
}

/**
 * Where one tooth meets the next along an arch, as fractions of its length (the arch's u): the
 * teeth's layout, for a texture painted in the arches' UVs (teethTexture.ts).
 */
export function toothBoundaries(): number[] {
  const widths = [...TOOTH_WIDTHS].reverse().concat(TOOTH_WIDTHS);
  const total = widths.reduce((s, w) => s + w, 0);
  const out: number[] = [];
  let sum = 0;
  for (const w of widths.slice(0, -1)) out.push((sum += w) / total);
  return out;
}

/**
 * φ for a fraction u of the length along the half ellipse (a sin φ, −b (1 − cos φ)), φ ∈ [−π/2, π/2]:
 * teeth are laid out by length, and an ellipse's arc length has no closed form.
 */
function ellipseByLength(a: number, b: number): (u: number) => number {
  const steps = 2048;
  const lengths = new Float64Array(steps + 1);
  const phiAt = (i: number): number => -Math.PI / 2 + (Math.PI * i) / steps;
  for (let i = 1; i <= steps; i++) {
    const p0 = phiAt(i - 1), p1 = phiAt(i);
    lengths[i] = lengths[i - 1] + Math.hypot(a * (Math.sin(p1) - Math.sin(p0)), b * (Math.cos(p1) - Math.cos(p0)));
  }
  return (u) => {
    const target = u * lengths[steps];
    let lo = 0, hi = steps;
    while (hi - lo > 1) {
      const m = (lo + hi) >> 1;
      if (lengths[m] < target) lo = m; else hi = m;
    }
    const f = lengths[hi] > lengths[lo] ? (target - lengths[lo]) / (lengths[hi] - lengths[lo]) : 0;
    return phiAt(lo) + f * (phiAt(hi) - phiAt(lo));
  };
}
