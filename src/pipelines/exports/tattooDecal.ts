import type { Mesh } from '../../core/mesh.js';
import type { SceneJoint } from '../../formats/scene.js';
import type { Vec3 } from '../../assets/body/bodyProportions.js';
import { mul, rotate, type Quat } from '../../assets/body/bodyAnimationQuaternion.js';
import { add, cross, dot, sub as sub3, unit } from '../../assets/body/ringMath.js';

export type { Vec3 };

/** Each joint's bind-pose position in the skeleton's space: the rest transforms composed from the root (parents come first). */
export function jointPositions(joints: readonly SceneJoint[]): Map<string, Vec3> {
  const at: Vec3[] = [];
  const turn: Quat[] = [];
  const out = new Map<string, Vec3>();
  joints.forEach((j, i) => {
    const q: Quat = j.parent < 0 ? [0, 0, 0, 1] : turn[j.parent];
    const t = rotate(q, j.translation);
    at[i] = j.parent < 0 ? t : add(at[j.parent], t);
    turn[i] = mul(q, j.rotation);
    out.set(j.name, at[i]);
  });
  return out;
}

/** The skin a design may go on, texel by texel: which texels, and the body's point and outward normal at each. */
export interface TexelSurface {
  texels: Uint32Array;
  positions: Float32Array;
  normals: Float32Array;
}

/**
 * `triangles` (offsets into `mesh.indices`) rasterised on a `width` × `height` map: each texel whose
 * middle falls in one, with the point and normal it shows, but for `covered` texels (not skin).
 */
export function texelSurface(mesh: Mesh, triangles: readonly number[], width: number, height: number, covered?: Uint8Array): TexelSurface {
  const { positions: P, indices: I } = mesh;
  const uvs = mesh.uvs!;
  const taken = new Uint8Array(width * height);
  const texels: number[] = [], positions: number[] = [], normals: number[] = [];
  const N = mesh.normals;
  for (const t of triangles) {
    const a = I[t], b = I[t + 1], c = I[t + 2];
    const ax = uvs[a * 2] * width, ay = uvs[a * 2 + 1] * height, bx = uvs[b * 2] * width, by = uvs[b * 2 + 1] * height, cx = uvs[c * 2] * width, cy = uvs[c * 2 + 1] * height;
    const area = (bx - ax) * (cy - ay) - (cx - ax) * (by - ay);
    if (!area) continue;
    const face = cross(sub(P, b, a), sub(P, c, a));
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx, cx))), x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx, cx)));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by, cy))), y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by, cy)));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const i = y * width + x;
        if (taken[i] || covered?.[i]) continue;
        const px = x + 0.5, py = y + 0.5;
        const w0 = ((bx - px) * (cy - py) - (cx - px) * (by - py)) / area;
        const w1 = ((cx - px) * (ay - py) - (ax - px) * (cy - py)) / area;
        const w2 = 1 - w0 - w1;
        if (w0 < 0 || w1 < 0 || w2 < 0) continue;
        taken[i] = 1;
        texels.push(i);
        for (let k = 0; k < 3; k++) positions.push(w0 * P[a * 3 + k] + w1 * P[b * 3 + k] + w2 * P[c * 3 + k]);
        // Outward by the vertex normals where the mesh has them; by the winding (glTF's, counter-clockwise) otherwise.
        let nx = face[0], ny = face[1], nz = face[2];
        if (N) {
          nx = w0 * N[a * 3] + w1 * N[b * 3] + w2 * N[c * 3];
          ny = w0 * N[a * 3 + 1] + w1 * N[b * 3 + 1] + w2 * N[c * 3 + 1];
          nz = w0 * N[a * 3 + 2] + w1 * N[b * 3 + 2] + w2 * N[c * 3 + 2];
        }
        const length = Math.hypot(nx, ny, nz) || 1;
        normals.push(nx / length, ny / length, nz / length);
      }
    }
  }
  return { texels: Uint32Array.from(texels), positions: Float32Array.from(positions), normals: Float32Array.from(normals) };
}

/** How a design lies on its placement. */
export interface DecalShape {
  /** The bone the design's up runs along, from its lower joint to its upper one (towards the shoulder, knee or neck). */
  from: Vec3;
  to: Vec3;
  /** The way the design faces out of the body (on a limb, the side of it the design is on). */
  face: Vec3;
  /**
   * A limb: the design is wrapped round the bone, at most this share of the way round, and centred
   * halfway along the placement's skin. Without it the design is projected flat along `face`,
   * centred on the placement's skin (the chest, the back).
   */
  around?: number;
}

/** Of the placement's length (a limb's) or its extent (the trunk's), the share the design takes at scale 1: room at its ends for the joints. */
const FILL = 0.8;

/**
 * Each texel's point in the design (x from its left, y from its top, 0…1 at scale 1), with the
 * design laid on the body in 3D: on a limb wrapped round the bone, on the trunk projected flat.
 * So the design's up follows the bone whatever way the UV island turns, it keeps its aspect on the
 * skin however the island stretches, and it runs on unbroken across a UV seam. Right is up ×
 * outward, so the design is never mirrored when seen from outside.
 */
export function layDesign(surface: TexelSurface, shape: DecalShape): Float32Array | null {
  const n = surface.texels.length;
  if (!n) return null;
  const P = surface.positions, N = surface.normals;
  const axis = unit(sub3(shape.to, shape.from));
  const face = unit(reject(shape.face, axis));
  const right = cross(axis, face);
  const at = new Float32Array(n * 2).fill(-1);
  const along = new Float32Array(n);
  for (let k = 0; k < n; k++) along[k] = dot(sub3([P[k * 3], P[k * 3 + 1], P[k * 3 + 2]], shape.from), axis);
  if (shape.around) {
    const [lo, hi] = [percentile(along, 0.05), percentile(along, 0.95)];
    const middle = (lo + hi) / 2;
    // The limb's radius where the design's middle faces: its skin's distance from the bone there.
    const radii: number[] = [];
    for (let k = 0; k < n; k++) {
      const r = reject(sub3([P[k * 3], P[k * 3 + 1], P[k * 3 + 2]], shape.from), axis);
      if (Math.abs(along[k] - middle) < (hi - lo) * 0.1 && dot(unit(r), face) > 0.9) radii.push(Math.hypot(...r));
    }
    if (!radii.length) return null;
    const radius = radii.sort((a, b) => a - b)[radii.length >> 1];
    const side = Math.min(shape.around * 2 * Math.PI * radius, FILL * (hi - lo));
    for (let k = 0; k < n; k++) {
      const r = unit(reject(sub3([P[k * 3], P[k * 3 + 1], P[k * 3 + 2]], shape.from), axis));
      const turn = Math.atan2(dot(r, right), dot(r, face));
      at[k * 2] = 0.5 + (turn * radius) / side;
      at[k * 2 + 1] = 0.5 - (along[k] - middle) / side;
    }
    return at;
  }
  // Flat: the skin that faces the design's way, about its middle.
  const facing: number[] = [];
  for (let k = 0; k < n; k++) if (N[k * 3] * face[0] + N[k * 3 + 1] * face[1] + N[k * 3 + 2] * face[2] > 0.3) facing.push(k);
  if (!facing.length) return null;
  const xs = Float32Array.from(facing, (k) => P[k * 3] * right[0] + P[k * 3 + 1] * right[1] + P[k * 3 + 2] * right[2]);
  const ys = Float32Array.from(facing, (k) => along[k]);
  const [x0, x1, y0, y1] = [percentile(xs, 0.05), percentile(xs, 0.95), percentile(ys, 0.05), percentile(ys, 0.95)];
  const side = FILL * Math.min(x1 - x0, y1 - y0);
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  for (const k of facing) {
    const x = P[k * 3] * right[0] + P[k * 3 + 1] * right[1] + P[k * 3 + 2] * right[2];
    at[k * 2] = 0.5 + (x - cx) / side;
    at[k * 2 + 1] = 0.5 - (along[k] - cy) / side;
  }
  return at;
}

function percentile(values: Float32Array, share: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

/** `a` less its part along the unit `axis`. */
const reject = (a: Vec3, axis: Vec3): Vec3 => {
  const d = dot(a, axis);
  return [a[0] - d * axis[0], a[1] - d * axis[1], a[2] - d * axis[2]];
};

/** Vertex j to vertex i of a flat position array. */
const sub = (p: ArrayLike<number>, i: number, j: number): Vec3 => [p[i * 3] - p[j * 3], p[i * 3 + 1] - p[j * 3 + 1], p[i * 3 + 2] - p[j * 3 + 2]];
