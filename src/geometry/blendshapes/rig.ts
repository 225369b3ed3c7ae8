import type { HeadTemplate } from '../template.js';
import { boundPositions } from '../surfaceBinding.js';
import { smoothstep } from '../../core/smoothstep.js';

/**
 * What the blendshapes know of a template, computed once per template: where each vertex is relative
 * to the mean face's mouth (mouth coordinates), and the per-shape weights (see {@link weights}).
 * Every weight is a smooth function of these template-relative coordinates, so a weight belongs to a
 * vertex of the topology and is the same on every fitted head; what differs per head is how far
 * and which way the vertices go (frame.ts).
 */
export interface FaceRig {
  template: HeadTemplate;
  /** Template positions and the mean face's landmarks on them (478 × xyz). */
  p0: Float32Array;
  l0: Float32Array;
  /** 1 on the skin, 0 on the mouth bag (the bag follows the lips, bag.ts). */
  skin: Uint8Array;
  /** Mouth coordinates: across, (x − centre) / half-width of the slit (corners ±1). */
  u: Float32Array;
  /** Up from the slit's line (its ends' height beyond the corners), metres. */
  dy: Float32Array;
  /** 1 on the lower lip's side of the slit (below the line; the slit's lower duplicates). */
  below: Uint8Array;
  /** Lip fraction: dy over the upper lip's height there (above), −dy over the lower lip's (below). */
  lip: Float32Array;
  /** 1 on the front of the head, fading out past the cheeks (|θ| 0.9 → 1.3 rad). */
  front: Float32Array;
  /** Half-width of the slit and its centre's x on the template, metres. */
  halfWidth: number;
  centreX: number;
  /** Weights by shape, filled on first use. */
  cache: Map<string, Sparse>;
}

/** A per-vertex weight where it is not 0: vertex numbers and `channels` weights each. */
export interface Sparse {
  vertices: Uint32Array;
  w: Float32Array;
  channels: number;
}

const rigs = new WeakMap<HeadTemplate, FaceRig>();

/** The blendshape rig of a template (cached). */
export function faceRig(template: HeadTemplate): FaceRig {
  let rig = rigs.get(template);
  if (!rig) rigs.set(template, (rig = buildRig(template)));
  return rig;
}

function buildRig(template: HeadTemplate): FaceRig {
  const p0 = template.mesh.positions;
  const count = p0.length / 3;
  const l0 = boundPositions(p0, template.mesh.indices, template.landmarks);
  const skin = new Uint8Array(count).fill(1);
  for (const v of template.mouth.bag) skin[v] = 0;
  const at = (i: number, k: number): number => l0[i * 3 + k];
  // The slit's line: the upper slit vertices (or, without a slit, the inner lip landmarks' middle).
  const line: [number, number][] = template.mouth.upper.length > 0
    ? Array.from(template.mouth.upper, (v) => [p0[v * 3], p0[v * 3 + 1]])
    : [78, 13, 308].map((i, k) => [at(i, 0), k === 1 ? (at(13, 1) + at(14, 1)) / 2 : at(i, 1)]);
  const x0 = line[0][0], x1 = line[line.length - 1][0];
  const halfWidth = (x1 - x0) / 2, centreX = (x0 + x1) / 2;
  const lineY = piecewise(line);
  const upperOuter = piecewise([61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291].map((i) => [at(i, 0), at(i, 1)]));
  const lowerOuter = piecewise([61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291].map((i) => [at(i, 0), at(i, 1)]));
  const centreUpper = upperOuter(centreX) - lineY(centreX), centreLower = lineY(centreX) - lowerOuter(centreX);

  const u = new Float32Array(count), dy = new Float32Array(count), lip = new Float32Array(count);
  const below = new Uint8Array(count), front = new Float32Array(count);
  const lowerSlit = new Uint8Array(count);
  template.mouth.lower.forEach((v, k) => { if (v !== template.mouth.upper[k]) lowerSlit[v] = 1; });
  const { theta } = template.grid;
  for (let v = 0; v < count; v++) {
    const x = p0[v * 3], y = p0[v * 3 + 1];
    u[v] = (x - centreX) / halfWidth;
    dy[v] = y - lineY(x);
    below[v] = lowerSlit[v] || dy[v] < 0 ? 1 : 0;
    // Lip heights fade to a third of the middle's towards the corners, not to nothing.
    const upperHeight = Math.max(0.35 * centreUpper, upperOuter(x) - lineY(x));
    const lowerHeight = Math.max(0.35 * centreLower, lineY(x) - lowerOuter(x));
    lip[v] = below[v] ? -dy[v] / lowerHeight : dy[v] / upperHeight;
    front[v] = skin[v] * (1 - smoothstep(0.9, 1.3, Math.abs(theta[v]))) * (p0[v * 3 + 2] > 0 ? 1 : 0);
  }
  return { template, p0, l0, skin, u, dy, below, lip, front, halfWidth, centreX, cache: new Map() };
}

/**
 * The weights of a shape (cached per rig under `key`): `fn(v)` for every skin vertex on the front
 * of the head, kept where any channel is not 0. `fn` writes `channels` numbers into `out`.
 */
export function weights(rig: FaceRig, key: string, channels: number, fn: (v: number, out: Float64Array) => void): Sparse {
  let found = rig.cache.get(key);
  if (found) return found;
  const vertices: number[] = [], w: number[] = [];
  const out = new Float64Array(channels);
  for (let v = 0; v < rig.skin.length; v++) {
    if (!(rig.front[v] > 0)) continue;
    out.fill(0);
    fn(v, out);
    if (out.some((x) => x !== 0)) {
      vertices.push(v);
      for (let c = 0; c < channels; c++) w.push(out[c] * rig.front[v]);
    }
  }
  found = { vertices: Uint32Array.from(vertices), w: Float32Array.from(w), channels };
  rig.cache.set(key, found);
  return found;
}

/** Adds weight × vector (channel `channel`) to the deltas. */
export function addWeighted(out: Float32Array, sparse: Sparse, vector: ArrayLike<number>, channel = 0): void {
  const { vertices, w, channels } = sparse;
  for (let i = 0; i < vertices.length; i++) {
    const v = vertices[i], k = w[i * channels + channel];
    out[v * 3] += k * vector[0];
    out[v * 3 + 1] += k * vector[1];
    out[v * 3 + 2] += k * vector[2];
  }
}

/** y of a polyline of (x, y) points at x, flat beyond its ends; points in increasing x. */
export function piecewise(points: [number, number][]): (x: number) => number {
  return (x) => {
    if (x <= points[0][0]) return points[0][1];
    for (let i = 1; i < points.length; i++) {
      if (x <= points[i][0]) {
        const f = (x - points[i - 1][0]) / (points[i][0] - points[i - 1][0] || 1);
        return points[i - 1][1] + f * (points[i][1] - points[i - 1][1]);
      }
    }
    return points[points.length - 1][1];
  };
}

/** A smooth bump: 1 at r = 0, falling to 0 at r = 1 with zero slope at both ends. */
export function bump(r: number): number {
  return r >= 1 ? 0 : (1 - r * r) ** 3;
}

/** Ellipsoidal distance of template vertex v from a centre, in units of the radii. */
export function ellipse(p: ArrayLike<number>, v: number, centre: ArrayLike<number>, radii: ArrayLike<number>): number {
  return Math.hypot((p[v * 3] - centre[0]) / radii[0], (p[v * 3 + 1] - centre[1]) / radii[1], (p[v * 3 + 2] - centre[2]) / radii[2]);
}
