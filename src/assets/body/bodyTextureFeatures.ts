import type { Vec3 } from './bodyProportions.js';
import type { BodyMesh } from './bodyMesh.js';
import { BODY_REGION_NAMES, bodyTopology, TORSO_ROWS, BODY_RINGS } from './bodyTopology.js';
import { bodyNoise } from './bodyTextureNoise.js';
import { bodySkeleton, FINGER_NAMES } from './skeleton.js';

/**
 * What the body texture is painted from, per mesh vertex (`FEATURES` floats each, interpolated
 * over every triangle in texture space): the point and its normal, where it lies along a digit and
 * around it (for nails), and how much it is torso-or-leg, hand and foot (where underwear, palms and
 * soles may be). Plus the landmarks the painting measures from, taken off the body itself.
 */
export const FEATURES = 16;
export const F = {
  x: 0, y: 1, z: 2, nx: 3, ny: 4, nz: 5,
  /** Share of a digit's length from its root (0) to its tip (1). */
  along: 6,
  /** cos and sin of the angle around the digit from the middle of its nail side. */
  cos: 7, sin: 8,
  /** 1 on fingers and the thumb. */
  digit: 9,
  trunk: 10, hand: 11, foot: 12,
  /** Broad mottling and a finer blotchiness of the skin (noise, −1…1), smooth enough to take per vertex. */
  mottle: 13, blotch: 14,
  /** How much other skin faces this point from close by (armpits, crotch, between fingers), 0…1. */
  occlusion: 15,
} as const;

/** Landmarks of one body (left side; the right mirrors it in x). */
export interface BodyLandmarks {
  stature: number;
  maleness: number;
  y: BodyMesh['proportions']['y'];
  /** Centre of the top of the left thigh in x and z (for the angle round the leg). */
  thigh: [number, number];
  /** Torso centre depth (z) at a height, from the front and back midlines. */
  torsoCentreZ: (y: number) => number;
  /** Left breast's (or pectoral's) apex and the torso's half-width at the nipple line. */
  apex: Vec3;
  chestHalfWidth: number;
  navel: Vec3;
  elbow: Vec3;
  knee: Vec3;
  wrist: Vec3;
  /** Per digit (thumb first): the knuckle and the two joints beyond it, and the tip. */
  digits: Vec3[][];
  /** The left foot's front end: z of its farthest point per x, and the x range of the toes. */
  toeEnd: (x: number) => number;
  toes: { inner: number; outer: number };
  /** Metres per texel side at a texture width of 1 (divide by the width). */
  metresPerUv: number;
}

/** Per mesh vertex features and the body's landmarks. */
export function bodyTextureFeatures(body: BodyMesh, seed: number): { features: Float32Array; landmarks: BodyLandmarks } {
  const noise = bodyNoise(seed);
  const topology = bodyTopology();
  const { positions, proportions: p } = body;
  const nb = topology.vertexCount;
  const along = new Float32Array(nb), cos = new Float32Array(nb), sin = new Float32Array(nb), digit = new Float32Array(nb);
  const at = (v: number): Vec3 => [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
  const centroid = (ring: number[]): Vec3 => {
    const c: Vec3 = [0, 0, 0];
    for (const v of ring) for (let k = 0; k < 3; k++) c[k] += positions[v * 3 + k] / ring.length;
    return c;
  };
  const dist = (a: Vec3, b: Vec3): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
  for (const side of topology.sides) {
    const digits = [side.thumb, ...side.fingers];
    digits.forEach((d, i) => {
      // Length along the rings' centres, so nails sit at a share of the real length.
      const centres = [centroid(d.loop), ...d.rings.map(centroid), at(d.tip)];
      const cum = [0];
      for (let r = 1; r < centres.length; r++) cum.push(cum[r - 1] + dist(centres[r - 1], centres[r]));
      const total = cum[cum.length - 1];
      // The nail side: column 1 of a finger (its back, palms down); for the thumb, the column whose
      // direction from the axis is nearest the back of the hand's normal turned by the thumb.
      const K = d.rings[0].length;
      let nailColumn = 1;
      if (i === 0) {
        const ring = d.rings[d.rings.length - 3];
        const c = centroid(ring);
        const axis = unit(sub(centres[centres.length - 1], centres[centres.length - 4]));
        // The thumb's nail faces away from the palm: up (+y) with the part along the axis removed.
        const up: Vec3 = [0, 1, 0];
        const want = unit(sub(up, scale(axis, dot(up, axis))));
        let best = -Infinity;
        ring.forEach((v, k) => {
          const s = dot(unit(sub(at(v), c)), want);
          if (s > best) { best = s; nailColumn = k; }
        });
      }
      d.rings.forEach((ring, r) => ring.forEach((v, k) => {
        along[v] = cum[r + 1] / total;
        const a = (2 * Math.PI * (k - nailColumn)) / K;
        cos[v] = Math.cos(a);
        sin[v] = Math.sin(a) * side.sign;
        digit[v] = 1;
      }));
      along[d.tip] = 1;
      digit[d.tip] = 1;
    });
  }
  const regionIs = (v: number, names: string[]): number => (names.includes(BODY_REGION_NAMES[topology.region[v]]) ? 1 : 0);
  const { mesh, vertexOf } = body;
  const count = vertexOf.length;
  const occlusion = nearbyOcclusion(body);
  const features = new Float32Array(count * FEATURES);
  for (let i = 0; i < count; i++) {
    const v = vertexOf[i], o = i * FEATURES;
    features[o] = positions[v * 3]; features[o + 1] = positions[v * 3 + 1]; features[o + 2] = positions[v * 3 + 2];
    features[o + 3] = mesh.normals![i * 3]; features[o + 4] = mesh.normals![i * 3 + 1]; features[o + 5] = mesh.normals![i * 3 + 2];
    features[o + F.along] = along[v];
    features[o + F.cos] = cos[v];
    features[o + F.sin] = sin[v];
    features[o + F.digit] = digit[v];
    features[o + F.trunk] = regionIs(v, ['torso', 'neck', 'leg']);
    features[o + F.hand] = regionIs(v, ['hand', 'finger']);
    features[o + F.foot] = regionIs(v, ['foot']);
    const x = features[o], y = features[o + 1], z = features[o + 2];
    features[o + F.mottle] = noise.fbm(x * 18, y * 18, z * 18, 3);
    features[o + F.blotch] = noise.fbm(x * 45 + 3.1, y * 45, z * 45, 2);
    features[o + F.occlusion] = occlusion[v];
  }
  return { features, landmarks: landmarks(body) };
}

/**
 * A cheap ambient occlusion per body vertex: the skin of other parts close in front of a point and
 * facing it (the arm over the armpit, the other thigh at the crotch, the next finger) within 4 cm,
 * weighted by nearness, through a uniform grid; then averaged with the mesh neighbours twice.
 */
function nearbyOcclusion(body: BodyMesh): Float32Array {
  const { positions: p, vertexOf, mesh } = body;
  const n = p.length / 3;
  const normals = new Float32Array(n * 3);
  vertexOf.forEach((v, i) => normals.set(mesh.normals!.subarray(i * 3, i * 3 + 3), v * 3));
  const R = 0.04, cell = R;
  const key = (x: number, y: number, z: number): number => (Math.floor(x / cell) + 512) * 1048576 + (Math.floor(y / cell) + 512) * 1024 + (Math.floor(z / cell) + 512);
  const grid = new Map<number, number[]>();
  for (let v = 0; v < n; v++) {
    const k = key(p[v * 3], p[v * 3 + 1], p[v * 3 + 2]);
    const list = grid.get(k);
    if (list) list.push(v); else grid.set(k, [v]);
  }
  const occ = new Float32Array(n);
  for (let v = 0; v < n; v++) {
    const x = p[v * 3], y = p[v * 3 + 1], z = p[v * 3 + 2];
    const nx = normals[v * 3], ny = normals[v * 3 + 1], nz = normals[v * 3 + 2];
    const cx = Math.floor(x / cell), cy = Math.floor(y / cell), cz = Math.floor(z / cell);
    let sum = 0;
    for (let i = -1; i <= 1; i++) for (let j = -1; j <= 1; j++) for (let k = -1; k <= 1; k++) {
      const list = grid.get((cx + i + 512) * 1048576 + (cy + j + 512) * 1024 + (cz + k + 512));
      if (!list) continue;
      for (const u of list) {
        const dx = p[u * 3] - x, dy = p[u * 3 + 1] - y, dz = p[u * 3 + 2] - z;
        const d2 = dx * dx + dy * dy + dz * dz;
        if (d2 > R * R || d2 < 1e-8) continue;
        const d = Math.sqrt(d2);
        // In front of this point, and facing back at it.
        const front = (dx * nx + dy * ny + dz * nz) / d;
        const facing = -(dx * normals[u * 3] + dy * normals[u * 3 + 1] + dz * normals[u * 3 + 2]) / d;
        if (front < 0.3 || facing < 0.3) continue;
        sum += front * facing * (1 - d / R);
      }
    }
    occ[v] = sum;
  }
  const neighbours: number[][] = Array.from({ length: n }, () => []);
  const t = body.triangles;
  for (let i = 0; i < t.length; i += 3) for (let a = 0; a < 3; a++) neighbours[t[i + a]].push(t[i + ((a + 1) % 3)], t[i + ((a + 2) % 3)]);
  let cur = occ;
  for (let round = 0; round < 2; round++) {
    const next = new Float32Array(n);
    for (let v = 0; v < n; v++) {
      let s = 0;
      for (const u of neighbours[v]) s += cur[u];
      next[v] = 0.5 * cur[v] + (0.5 * s) / Math.max(1, neighbours[v].length);
    }
    cur = next;
  }
  // A handful of facing points within reach is a deep crease.
  return Float32Array.from(cur, (o) => Math.min(1, o / 2));
}

function landmarks(body: BodyMesh): BodyLandmarks {
  const topology = bodyTopology();
  const { positions, proportions: p } = body;
  const N = BODY_RINGS.torsoColumns;
  const torsoAt = (row: number, col: number): Vec3 => {
    const v = topology.torso[row * N + col];
    return [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
  };
  const rows = Array.from({ length: BODY_RINGS.torsoRows }, (_, i) => ({ front: torsoAt(i, 0), back: torsoAt(i, N / 2) }));
  const centreAt = (y: number): number => {
    let i = 0;
    while (i + 2 < rows.length && rows[i + 1].front[1] < y) i++;
    const a = rows[i], b = rows[i + 1];
    const t = Math.min(1, Math.max(0, (y - a.front[1]) / (b.front[1] - a.front[1] || 1)));
    return ((a.front[2] + a.back[2]) / 2) * (1 - t) + ((b.front[2] + b.back[2]) / 2) * t;
  };
  // Tabulated every 2 mm: it is asked for every texel of the trunk.
  const y0 = rows[0].front[1], step = 0.002;
  const table = Float32Array.from({ length: Math.ceil((rows[rows.length - 1].front[1] - y0) / step) + 2 }, (_, i) => centreAt(y0 + i * step));
  const torsoCentreZ = (y: number): number => table[Math.min(table.length - 1, Math.max(0, Math.round((y - y0) / step)))];
  const frontZ = (y: number): number => {
    let i = 0;
    while (i + 2 < rows.length && rows[i + 1].front[1] < y) i++;
    const a = rows[i].front, b = rows[i + 1].front;
    const t = Math.min(1, Math.max(0, (y - a[1]) / (b[1] - a[1] || 1)));
    return a[2] * (1 - t) + b[2] * t;
  };
  let chestHalfWidth = 0;
  for (let j = 0; j < N; j++) {
    const v = topology.torso[TORSO_ROWS.chest * N + j];
    if (v >= 0) chestHalfWidth = Math.max(chestHalfWidth, Math.abs(positions[v * 3]));
  }
  const navelY = p.y.waist - 0.035 * (p.stature / 1.7);
  const skeleton = bodySkeleton(p);
  const joint = (name: string): Vec3 => skeleton.bones[skeleton.index.get(name)!].head;
  const left = topology.sides[0];
  const tipOf = (v: number): Vec3 => [positions[v * 3], positions[v * 3 + 1], positions[v * 3 + 2]];
  const digits = ['Thumb', ...FINGER_NAMES].map((f, i) => [
    joint(`LeftHand${f}1`), joint(`LeftHand${f}2`), joint(`LeftHand${f}3`),
    tipOf(i === 0 ? left.thumb.tip : left.fingers[i - 1].tip),
  ]);

  // The toes' end: the farthest z per 2 mm of x over the front of the left foot.
  const footVerts: number[] = [];
  left.foot.grid.forEach((v) => { if (v >= 0) footVerts.push(v); });
  footVerts.push(left.foot.toe);
  let zMax = -Infinity;
  for (const v of footVerts) zMax = Math.max(zMax, positions[v * 3 + 2]);
  const front = footVerts.filter((v) => positions[v * 3 + 2] > zMax - 0.05);
  let inner = Infinity, outer = -Infinity;
  for (const v of front) { inner = Math.min(inner, positions[v * 3]); outer = Math.max(outer, positions[v * 3]); }
  const bins = 48;
  const ends = new Float32Array(bins).fill(-Infinity);
  const binOf = (x: number): number => Math.min(bins - 1, Math.max(0, Math.floor(((x - inner) / (outer - inner)) * bins)));
  for (const v of front) { const b = binOf(positions[v * 3]); ends[b] = Math.max(ends[b], positions[v * 3 + 2]); }
  // Mesh vertices are sparse across the toe end: take the upper envelope, smoothed.
  for (let b = 0; b < bins; b++) if (!Number.isFinite(ends[b])) ends[b] = b > 0 ? ends[b - 1] : zMax - 0.03;
  const smooth = Float32Array.from(ends, (_, b) => {
    let s = -Infinity;
    for (let k = -3; k <= 3; k++) s = Math.max(s, ends[Math.min(bins - 1, Math.max(0, b + k))] - Math.abs(k) * 0.0004);
    return s;
  });
  const toeEnd = (x: number): number => {
    const f = ((x - inner) / (outer - inner)) * bins - 0.5;
    const b0 = Math.min(bins - 1, Math.max(0, Math.floor(f))), b1 = Math.min(bins - 1, b0 + 1), t = Math.min(1, Math.max(0, f - b0));
    return smooth[b0] * (1 - t) + smooth[b1] * t;
  };

  // Texel density: the atlas sizes islands by real extent, so one ratio fits the whole atlas.
  const { mesh } = body;
  let area3 = 0, areaUv = 0;
  const P = mesh.positions, U = mesh.uvs!, I = mesh.indices;
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t], b = I[t + 1], c = I[t + 2];
    const e1 = sub([P[b * 3], P[b * 3 + 1], P[b * 3 + 2]], [P[a * 3], P[a * 3 + 1], P[a * 3 + 2]]);
    const e2 = sub([P[c * 3], P[c * 3 + 1], P[c * 3 + 2]], [P[a * 3], P[a * 3 + 1], P[a * 3 + 2]]);
    area3 += Math.hypot(e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]) / 2;
    areaUv += Math.abs((U[b * 2] - U[a * 2]) * (U[c * 2 + 1] - U[a * 2 + 1]) - (U[b * 2 + 1] - U[a * 2 + 1]) * (U[c * 2] - U[a * 2])) / 2;
  }

  return {
    stature: p.stature,
    maleness: p.maleness,
    y: p.y,
    thigh: [p.hipJoint[0], p.hipJoint[2] - 0.015],
    torsoCentreZ,
    apex: torsoAt(TORSO_ROWS.chest, 2),
    chestHalfWidth,
    navel: [0, navelY, frontZ(navelY)],
    elbow: joint('LeftForeArm'),
    knee: joint('LeftLeg'),
    wrist: p.wrist,
    digits,
    toeEnd,
    toes: { inner, outer },
    metresPerUv: Math.sqrt(area3 / areaUv),
  };
}

const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const scale = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const unit = (a: Vec3): Vec3 => scale(a, 1 / (Math.hypot(...a) || 1));
