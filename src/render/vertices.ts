import { srgbToLinear } from './color.js';
import { normalMatrix, type Mat4 } from './matrix.js';
import type { SceneMesh } from './scene.js';

/**
 * Screen positions are snapped to 1/SUBPIXELS of a sample so that edge functions are exact integers in
 * doubles: two triangles sharing an edge then agree on every sample (no cracks, no double blending).
 */
export const SUBPIXELS = 256;
/**
 * Triangles reaching further than GUARD × the half-frame outside it are clipped; the ones within are
 * rasterised whole (only their bounding box is cut), which keeps edge functions below 2^53.
 */
export const GUARD = 8;

/** Attributes per vertex: u, v, normal (camera space), linear RGBA colour. */
export const ATTRIBUTES = 9;

export const OUT_NEAR = 1, OUT_FAR = 2, OUT_LEFT = 4, OUT_RIGHT = 8, OUT_BOTTOM = 16, OUT_TOP = 32, OUT_GUARD = 64;
/** Outcode bits of the frustum's planes: a triangle with all its vertices outside one of them is not seen. */
export const OUTSIDE = OUT_NEAR | OUT_FAR | OUT_LEFT | OUT_RIGHT | OUT_BOTTOM | OUT_TOP;
/** Outcode bits that cannot be handled by cutting the bounding box and need real clipping. */
export const NEEDS_CLIP = OUT_NEAR | OUT_GUARD;

/** A mesh's vertices after the vertex stage, for one camera and target size. */
export interface Vertices {
  count: number;
  /** x, y, z, w in clip space. */
  clip: Float64Array;
  /** X, Y in sub-samples (y down), NDC z, 1/w; meaningless for vertices behind the near plane. */
  screen: Float64Array;
  /** {@link ATTRIBUTES} numbers per vertex. */
  attributes: Float64Array;
  /** Which clip planes each vertex is outside of (OUT_* bits). */
  outcodes: Uint8Array;
}

/** Clip-space outcode of one vertex. */
export function outcode(x: number, y: number, z: number, w: number): number {
  let c = 0;
  if (z < -w) c |= OUT_NEAR;
  if (z > w) c |= OUT_FAR;
  if (x < -w) c |= OUT_LEFT;
  if (x > w) c |= OUT_RIGHT;
  if (y < -w) c |= OUT_BOTTOM;
  if (y > w) c |= OUT_TOP;
  const g = GUARD * w;
  if (x < -g || x > g || y < -g || y > g) c |= OUT_GUARD;
  return c;
}

/** Perspective divide and viewport transform of a clip-space vertex into `screen` at `o`. */
export function project(x: number, y: number, z: number, w: number, width: number, height: number, screen: Float64Array, o: number): void {
  const iw = 1 / w;
  screen[o] = Math.round((x * iw + 1) * 0.5 * width * SUBPIXELS);
  screen[o + 1] = Math.round((1 - y * iw) * 0.5 * height * SUBPIXELS);
  screen[o + 2] = z * iw;
  screen[o + 3] = iw;
}

/**
 * The vertex stage: positions to clip and screen space, normals to camera space, vertex colours to
 * linear light times the material colour (`color`, linear RGBA). The result lives in buffers kept for
 * the next render: the `slot`-th mesh of a render gets the `slot`-th set.
 */
export function transformVertices(
  item: SceneMesh, modelView: Mat4, projection: Mat4, width: number, height: number, color: Float64Array, slot: number,
): Vertices {
  const { positions, normals, uvs } = item.mesh;
  const colors = item.colors;
  const count = positions.length / 3;
  const colorStride = colors ? colors.length / count : 0;
  if (colors && colorStride !== 3 && colorStride !== 4) throw new RangeError(`render: ${colors.length} vertex colour numbers for ${count} vertices`);
  if (uvs && uvs.length !== count * 2) throw new RangeError(`render: ${uvs.length / 2} UVs for ${count} vertices`);
  if (normals && normals.length !== count * 3) throw new RangeError(`render: ${normals.length / 3} normals for ${count} vertices`);

  const { clip, screen, attributes, outcodes } = buffers(slot, count);
  const m = modelView, p = projection;
  const n = normalMatrix(modelView);
  for (let i = 0; i < count; i++) {
    const px = positions[i * 3], py = positions[i * 3 + 1], pz = positions[i * 3 + 2];
    const vx = m[0] * px + m[4] * py + m[8] * pz + m[12];
    const vy = m[1] * px + m[5] * py + m[9] * pz + m[13];
    const vz = m[2] * px + m[6] * py + m[10] * pz + m[14];
    const x = p[0] * vx + p[4] * vy + p[8] * vz + p[12];
    const y = p[1] * vx + p[5] * vy + p[9] * vz + p[13];
    const z = p[2] * vx + p[6] * vy + p[10] * vz + p[14];
    const w = p[3] * vx + p[7] * vy + p[11] * vz + p[15];
    const c = i * 4;
    clip[c] = x; clip[c + 1] = y; clip[c + 2] = z; clip[c + 3] = w;
    const code = outcode(x, y, z, w);
    outcodes[i] = code;
    if (!(code & NEEDS_CLIP)) project(x, y, z, w, width, height, screen, c);

    const a = i * ATTRIBUTES;
    if (uvs) {
      attributes[a] = uvs[i * 2];
      attributes[a + 1] = uvs[i * 2 + 1];
    }
    if (normals) {
      const nx = normals[i * 3], ny = normals[i * 3 + 1], nz = normals[i * 3 + 2];
      const tx = n[0] * nx + n[3] * ny + n[6] * nz;
      const ty = n[1] * nx + n[4] * ny + n[7] * nz;
      const tz = n[2] * nx + n[5] * ny + n[8] * nz;
      const len = Math.sqrt(tx * tx + ty * ty + tz * tz) || 1;
      attributes[a + 2] = tx / len;
      attributes[a + 3] = ty / len;
      attributes[a + 4] = tz / len;
    }
    if (colors) {
      const k = i * colorStride;
      attributes[a + 5] = srgbToLinear(colors[k]) * color[0];
      attributes[a + 6] = srgbToLinear(colors[k + 1]) * color[1];
      attributes[a + 7] = srgbToLinear(colors[k + 2]) * color[2];
      attributes[a + 8] = (colorStride === 4 ? colors[k + 3] : 1) * color[3];
    } else {
      attributes[a + 5] = color[0];
      attributes[a + 6] = color[1];
      attributes[a + 7] = color[2];
      attributes[a + 8] = color[3];
    }
  }
  return { count, clip, screen, attributes, outcodes };
}

type Buffers = Pick<Vertices, 'clip' | 'screen' | 'attributes' | 'outcodes'>;
const pool: Buffers[] = [];
/** Meshes up to this many vertices keep their buffers (17 doubles a vertex) between renders. */
const KEEP = 1 << 18;

function buffers(slot: number, count: number): Buffers {
  const kept = pool[slot];
  if (kept && kept.outcodes.length >= count) {
    return {
      clip: kept.clip.subarray(0, count * 4),
      screen: kept.screen.subarray(0, count * 4),
      attributes: kept.attributes.subarray(0, count * ATTRIBUTES).fill(0),
      outcodes: kept.outcodes.subarray(0, count),
    };
  }
  const made = { clip: new Float64Array(count * 4), screen: new Float64Array(count * 4), attributes: new Float64Array(count * ATTRIBUTES), outcodes: new Uint8Array(count) };
  if (count <= KEEP && slot < 8) pool[slot] = made;
  return made;
}
