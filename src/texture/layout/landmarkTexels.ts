import type { SurfaceBinding } from '../../geometry/surfaceBinding.js';
import type { Projection } from '../../core/projection.js';

/** Where the face-mesh landmarks are in the texture, and optionally where the photo showed them. */
export interface LandmarkTexelsInput {
  /** The head's per-vertex UVs (the template's: fitting moves vertices, never UVs). */
  uvs: ArrayLike<number>;
  indices: Uint32Array;
  /** The template's landmarks on its surface (`template.landmarks`). */
  binding: SurfaceBinding;
  /**
   * The photo the texture was baked from: its landmarks (x, y, z per landmark, photo pixels, as
   * `face.landmarks`) and where each vertex landed in it (the bake's projection). The fit smooths
   * the face, so an open mouth or a sideways gaze is where the photo put it, not at the template's
   * landmark; with this, the landmarks of `groups` are taken from the photo instead.
   */
  photo?: { landmarks: ArrayLike<number>; projection: Projection };
}

/** Options of {@link landmarkTexels}. */
export interface LandmarkTexelsOptions {
  /** Texture width in texels. */
  width?: number;
  /** Texture height in texels. */
  height?: number;
  /**
   * Landmarks taken from the photo, in groups that are taken together or not at all (an eye with its
   * iris, the lips), so one outline never mixes photo and template points. The template's group is
   * mapped onto the photo's by the affine map that fits best (position, size, tilt, how open), and
   * `detail` (0..1) of what that leaves over is added: 1 takes the photo's points as they are, less
   * keeps the template's clean shape where the photo's is noisy (a few pixels per eyelid).
   */
  groups?: ReadonlyArray<{ landmarks: ReadonlyArray<number>; detail: number }>;
  /** Furthest a photo landmark may lie from the template's, as a fraction of the texture width. */
  maxShift?: number;
  /** Least facing (cosine towards the camera) of the surface a photo landmark lands on. */
  minFacing?: number;
  /**
   * Least size (larger side of its bounding box) of a group in the photo, in pixels: a 5-pixel eye
   * has landmarks rounded to whole pixels and an outline that is noise; the template's is better.
   */
  minPhotoSize?: number;
}

export const LANDMARK_TEXELS_DEFAULTS: Required<LandmarkTexelsOptions> = {
  width: 4096,
  height: 2048,
  groups: [],
  maxShift: 0.02,
  minFacing: 0.25,
  minPhotoSize: 12,
};

/**
 * Texel positions (x, y per landmark; texel (i, j) has its centre at (i, j)) of the 478 face-mesh
 * landmarks: each the UV of its bound point on the template, or, for the `groups` the photo shows
 * well, the texel the photo's own landmark was baked into: the surface point that projects onto it,
 * nearest the camera. A group falls back to the template when it is small in the photo, when any of
 * its landmarks is off the head, on a surface the camera saw edge-on, or implausibly far from the template's (a landmark
 * behind the nose lands on the nose).
 *
 * ```ts
 * const texels = landmarkTexels({ uvs: mesh.uvs, indices: mesh.indices, binding: template.landmarks,
 *   photo: { landmarks: analysis.face.landmarks, projection } }, { groups: [{ landmarks: [...LIPS_OUTER, ...LIPS_INNER], detail: 1 }] });
 * ```
 */
export function landmarkTexels(input: LandmarkTexelsInput, options: LandmarkTexelsOptions = {}): Float32Array {
  const o = { ...LANDMARK_TEXELS_DEFAULTS, ...options };
  const { uvs, indices, binding } = input;
  const count = binding.triangles.length;
  const out = new Float32Array(count * 2);
  for (let i = 0; i < count; i++) {
    let u = 0, v = 0;
    for (let k = 0; k < 3; k++) {
      const vertex = indices[binding.triangles[i] * 3 + k], w = binding.weights[i * 3 + k];
      u += w * uvs[vertex * 2];
      v += w * uvs[vertex * 2 + 1];
    }
    out[i * 2] = u * o.width - 0.5;
    out[i * 2 + 1] = v * o.height - 0.5;
  }
  if (!input.photo || o.groups.length === 0) return out;
  const wanted = [...new Set(o.groups.flatMap((g) => g.landmarks))].filter((i) => i < count);
  const found = photoPointTexels(input, input.photo, wanted, o.width, o.height, o.minFacing);
  const maxShift = o.maxShift * o.width;
  const landmarks = input.photo.landmarks;
  for (const { landmarks: group, detail } of o.groups) {
    const xs = group.map((i) => landmarks[i * 3]), ys = group.map((i) => landmarks[i * 3 + 1]);
    const size = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    const usable = size >= o.minPhotoSize && group.every((i) => {
      const p = found.get(i);
      return p !== undefined && Math.hypot(p[0] - out[i * 2], p[1] - out[i * 2 + 1]) <= maxShift;
    });
    if (!usable) continue;
    const template = group.map((i) => [out[i * 2], out[i * 2 + 1]] as [number, number]);
    const photo = group.map((i) => found.get(i)!);
    const map = affineFit(template, photo);
    group.forEach((i, n) => {
      const [px, py] = template[n];
      for (let axis = 0; axis < 2; axis++) {
        const fitted = map[axis * 3] * px + map[axis * 3 + 1] * py + map[axis * 3 + 2];
        out[i * 2 + axis] = fitted + detail * (photo[n][axis] - fitted);
      }
    });
  }
  return out;
}

/**
 * Least-squares affine map [a, b, c, d, e, f] with (a·x + b·y + c, d·x + e·y + f) ≈ to, from the
 * normal equations; points are taken relative to their mean so they stay well conditioned.
 */
function affineFit(from: [number, number][], to: [number, number][]): number[] {
  const n = from.length;
  const mean = (p: [number, number][], k: number): number => p.reduce((s, q) => s + q[k], 0) / n;
  const fx = mean(from, 0), fy = mean(from, 1), tx = mean(to, 0), ty = mean(to, 1);
  let sxx = 0, sxy = 0, syy = 0;
  const sx = [0, 0], sy = [0, 0];
  for (let i = 0; i < n; i++) {
    const x = from[i][0] - fx, y = from[i][1] - fy;
    sxx += x * x; sxy += x * y; syy += y * y;
    for (let k = 0; k < 2; k++) {
      const t = to[i][k] - (k === 0 ? tx : ty);
      sx[k] += x * t; sy[k] += y * t;
    }
  }
  const det = sxx * syy - sxy * sxy;
  if (!(Math.abs(det) > 1e-9)) return [1, 0, tx - fx, 0, 1, ty - fy];
  const out: number[] = [];
  for (let k = 0; k < 2; k++) {
    const a = (sx[k] * syy - sy[k] * sxy) / det, b = (sy[k] * sxx - sx[k] * sxy) / det;
    out.push(a, b, (k === 0 ? tx : ty) - a * fx - b * fy);
  }
  return out;
}

/**
 * For each wanted landmark, the texel of the nearest surface point that projects onto its photo
 * position, when that surface faces the camera by at least `minFacing`. One pass over the triangles,
 * each tried against the landmarks inside its photo bounding box.
 */
function photoPointTexels(
  mesh: LandmarkTexelsInput, photo: NonNullable<LandmarkTexelsInput['photo']>, wanted: number[], width: number, height: number, minFacing: number,
): Map<number, [number, number]> {
  const { x: px, y: py, depth, facing } = photo.projection;
  const { uvs, indices } = mesh;
  const qx = wanted.map((i) => photo.landmarks[i * 3]), qy = wanted.map((i) => photo.landmarks[i * 3 + 1]);
  const bestDepth = new Float64Array(wanted.length).fill(Infinity);
  const hits = new Map<number, [number, number]>();
  const hitFacing = new Float64Array(wanted.length);
  for (let t = 0; t < indices.length; t += 3) {
    const a = indices[t], b = indices[t + 1], c = indices[t + 2];
    if (facing[a] <= 0 && facing[b] <= 0 && facing[c] <= 0) continue;
    const xa = px[a], ya = py[a], xb = px[b], yb = py[b], xc = px[c], yc = py[c];
    const x0 = Math.min(xa, xb, xc), x1 = Math.max(xa, xb, xc), y0 = Math.min(ya, yb, yc), y1 = Math.max(ya, yb, yc);
    const area = (xb - xa) * (yc - ya) - (yb - ya) * (xc - xa);
    if (!(Math.abs(area) > 1e-12)) continue;
    for (let q = 0; q < wanted.length; q++) {
      const x = qx[q], y = qy[q];
      if (x < x0 || x > x1 || y < y0 || y > y1) continue;
      const wb = ((x - xa) * (yc - ya) - (y - ya) * (xc - xa)) / area;
      const wc = ((xb - xa) * (y - ya) - (yb - ya) * (x - xa)) / area;
      const wa = 1 - wb - wc;
      if (wa < -1e-6 || wb < -1e-6 || wc < -1e-6) continue;
      const d = wa * depth[a] + wb * depth[b] + wc * depth[c];
      if (d >= bestDepth[q]) continue;
      bestDepth[q] = d;
      hitFacing[q] = wa * facing[a] + wb * facing[b] + wc * facing[c];
      hits.set(wanted[q], [
        (wa * uvs[a * 2] + wb * uvs[b * 2] + wc * uvs[c * 2]) * width - 0.5,
        (wa * uvs[a * 2 + 1] + wb * uvs[b * 2 + 1] + wc * uvs[c * 2 + 1]) * height - 0.5,
      ]);
    }
  }
  for (let q = 0; q < wanted.length; q++) if (hitFacing[q] < minFacing) hits.delete(wanted[q]);
  return hits;
}
