import { type Located, locate, type TriangleTable } from './batch.js';
import { LINEAR_STEPS, LINEAR_TO_SRGB8, SRGB8_TO_LINEAR } from './color.js';
import { faceNormal, shadeFragment, textureLod } from './fragment.js';
import type { Target } from './target.js';
import { SUBPIXELS } from './vertices.js';

/** The triangle being shaded and its per-triangle inputs, kept while consecutive pixels see it. */
interface Current extends Located {
  id: number;
  lod: number;
  normal: Float64Array;
}

/**
 * The shading pass: colours what the depth pass recorded, shading each pixel once per surface seen in
 * it (as MSAA does) rather than once per sample. A pixel inside one triangle, or across the shared edges
 * of neighbouring triangles of one smooth surface, is shaded once at its centre. A pixel on a
 * silhouette, a UV seam or a hard edge is shaded once per triangle, at the centroid of that triangle's
 * samples (always inside it, so that textures do not bleed across seams), and its samples are averaged
 * in linear light, weighted by alpha (a box filter).
 *
 * With `frame` (width × height RGBA8, the target's pixels), the averages are written there and the
 * samples are left alone: nothing is drawn after this pass. Without it, each sample gets its triangle's
 * colour, for blending to draw over and `resolve` to average.
 */
export function shadeVisible(target: Target, table: TriangleTable, frame: Uint8Array | null): void {
  const { factor: f, width: W, triangle: ids, color } = target;
  const pixelsX = W / f, pixelsY = target.height / f;
  const n = f * f;
  const offsets = new Int32Array(n);
  for (let sy = 0; sy < f; sy++) for (let sx = 0; sx < f; sx++) offsets[sy * f + sx] = sy * W + sx;
  const own = new Int32Array(n);
  const lods = new Float32Array(table.clippedFirst + table.clippedCount).fill(NaN);
  const cur: Current = {
    id: -1, batch: table.batches[0], screen: new Float64Array(0), attributes: new Float64Array(0),
    i0: 0, i1: 0, i2: 0, triangle: 0, lod: 0, normal: new Float64Array(3),
  };
  const rgba = new Float64Array(4);
  const L = SRGB8_TO_LINEAR;
  const bg = target.background;
  const bgA = (bg >>> 24) / 255;
  const bgR = L[bg & 255] * bgA, bgG = L[(bg >>> 8) & 255] * bgA, bgB = L[(bg >>> 16) & 255] * bgA;
  const scale = SUBPIXELS * f;

  for (let py = 0; py < pixelsY; py++) {
    for (let px = 0, o = py * pixelsX * 4; px < pixelsX; px++, o += 4) {
      const base = py * f * W + px * f;
      const id = ids[base];
      let uniform: boolean;
      if (f === 2) {
        uniform = ids[base + 1] === id && ids[base + W] === id && ids[base + W + 1] === id;
      } else {
        uniform = true;
        for (let s = 1; s < n; s++) {
          if (ids[base + offsets[s]] !== id) { uniform = false; break; }
        }
      }
      if (uniform) {
        if (id < 0) {
          if (frame !== null) writeUint32(frame, o, bg);
          continue;
        }
        select(cur, table, id, lods, f);
        shadeFragment(cur.batch, cur.screen, cur.attributes, cur.i0, cur.i1, cur.i2, (px + 0.5) * scale, (py + 0.5) * scale, cur.lod, cur.normal, rgba);
        const packed = (toSrgb8(rgba[0]) | (toSrgb8(rgba[1]) << 8) | (toSrgb8(rgba[2]) << 16) | 0xff000000) >>> 0;
        if (frame !== null) writeUint32(frame, o, packed);
        else for (let s = 0; s < n; s++) color[base + offsets[s]] = packed;
        continue;
      }
      for (let s = 0; s < n; s++) own[s] = ids[base + offsets[s]];
      if (id >= 0 && continuous(cur, table, own, lods, f)) {
        // Triangles of one smooth surface meet here: their attributes agree along the shared edges, so
        // one shading at the centre (extrapolating the first triangle's by under a pixel) does for all.
        shadeFragment(cur.batch, cur.screen, cur.attributes, cur.i0, cur.i1, cur.i2, (px + 0.5) * scale, (py + 0.5) * scale, cur.lod, cur.normal, rgba);
        const packed = (toSrgb8(rgba[0]) | (toSrgb8(rgba[1]) << 8) | (toSrgb8(rgba[2]) << 16) | 0xff000000) >>> 0;
        if (frame !== null) writeUint32(frame, o, packed);
        else for (let s = 0; s < n; s++) color[base + offsets[s]] = packed;
        continue;
      }
      // An edge pixel: each triangle in it shaded once, at the centroid of its samples.
      let r = 0, g = 0, b = 0, a = 0;
      for (let s = 0; s < n; s++) {
        const t = own[s];
        if (t === -2) continue;
        let sx = 0, sy = 0, count = 0;
        for (let k = s; k < n; k++) {
          if (own[k] !== t) continue;
          sx += k % f; sy += (k / f) | 0; count++;
        }
        if (t < 0) {
          r += bgR * count; g += bgG * count; b += bgB * count; a += bgA * count;
          for (let k = s; k < n; k++) if (own[k] === t) own[k] = -2;
          continue;
        }
        select(cur, table, t, lods, f);
        shadeFragment(cur.batch, cur.screen, cur.attributes, cur.i0, cur.i1, cur.i2, (px * f + sx / count + 0.5) * SUBPIXELS, (py * f + sy / count + 0.5) * SUBPIXELS, cur.lod, cur.normal, rgba);
        r += clamp01(rgba[0]) * count; g += clamp01(rgba[1]) * count; b += clamp01(rgba[2]) * count; a += count;
        const packed = (toSrgb8(rgba[0]) | (toSrgb8(rgba[1]) << 8) | (toSrgb8(rgba[2]) << 16) | 0xff000000) >>> 0;
        for (let k = s; k < n; k++) {
          if (own[k] !== t) continue;
          own[k] = -2;
          if (frame === null) color[base + offsets[k]] = packed;
        }
      }
      if (frame !== null && a > 0) {
        frame[o] = toSrgb8(r / a);
        frame[o + 1] = toSrgb8(g / a);
        frame[o + 2] = toSrgb8(b / a);
        frame[o + 3] = (a * 255) / n + 0.5;
      }
    }
  }
}

/**
 * Whether the triangles seen at a pixel's samples all share a vertex with the first one, in a smooth
 * (not flat-shaded) batch: one surface, with no silhouette, UV seam or hard edge (those duplicate their
 * vertices) crossing the pixel. Selects the first triangle into `cur`.
 */
function continuous(cur: Current, table: TriangleTable, own: Int32Array, lods: Float32Array, factor: number): boolean {
  const first = own[0];
  if (first >= table.clippedFirst) return false;
  select(cur, table, first, lods, factor);
  const { batch } = cur;
  if (batch.flat) return false;
  const { indices } = batch;
  const start = batch.first, end = start + indices.length / 3;
  const { i0, i1, i2 } = cur;
  for (let s = 1; s < own.length; s++) {
    const t = own[s];
    if (t === first) continue;
    if (t < start || t >= end) return false;
    const k = (t - start) * 3;
    const j0 = indices[k], j1 = indices[k + 1], j2 = indices[k + 2];
    if (j0 !== i0 && j0 !== i1 && j0 !== i2 && j1 !== i0 && j1 !== i1 && j1 !== i2 && j2 !== i0 && j2 !== i1 && j2 !== i2) return false;
  }
  return true;
}

/** Makes `cur` describe triangle `id`, unless it already does. */
function select(cur: Current, table: TriangleTable, id: number, lods: Float32Array, factor: number): void {
  if (cur.id === id) return;
  cur.id = id;
  locate(table, id, cur);
  let lod = lods[id];
  if (lod !== lod) lods[id] = lod = textureLod(cur.batch, cur.screen, cur.attributes, cur.i0, cur.i1, cur.i2, factor);
  cur.lod = lod;
  if (cur.batch.flat) faceNormal(cur.batch, cur.triangle, cur.normal);
}

function writeUint32(bytes: Uint8Array, o: number, packed: number): void {
  bytes[o] = packed & 255;
  bytes[o + 1] = (packed >>> 8) & 255;
  bytes[o + 2] = (packed >>> 16) & 255;
  bytes[o + 3] = packed >>> 24;
}

function clamp01(c: number): number {
  return c <= 0 ? 0 : c >= 1 ? 1 : c;
}

function toSrgb8(c: number): number {
  return c <= 0 ? 0 : c >= 1 ? 255 : LINEAR_TO_SRGB8[(c * LINEAR_STEPS + 0.5) | 0];
}
