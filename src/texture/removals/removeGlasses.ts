import type { FaceAnalysis } from '../../analysis/types.js';
import { eyeStrip, type EyeStrip } from './glassesMap.js';
import { checkRgbImage, type Image } from '../../core/image.js';
import { pushPull } from '../filters/pushPull.js';
import { unchanged, type RemovalResult } from './removalStatus.js';

/** Options of {@link removeGlasses}. */
export interface RemoveGlassesOptions {
  /** Line response (relative to the skin's luminance) a frame's bridge must reach across the nose. */
  minBridge?: number;
  /** Line response the lower rims must reach under both eyes, above what the cheeks below show. */
  minRim?: number;
  /** Luminance around each eye, relative to the skin's, below which both may be behind dark lenses. */
  maxLens?: number;
  /** ... and the white of the eyes' (as the analysis sampled it), below which the eyes count as hidden. */
  maxSclera?: number;
  /** Line response above which a sample near the expected frame path is frame, to be painted over. */
  frameLine?: number;
}

export const REMOVE_GLASSES_DEFAULTS: Required<RemoveGlassesOptions> = {
  minBridge: 0.3,
  minRim: 0.12,
  maxLens: 0.4,
  maxSclera: 0.35,
  frameLine: 0.1,
};

/**
 * `remove_glasses`: paints glasses frames out of the photo before the head is textured. Frames are
 * found as thin lines where glasses put them (see {@link eyeStrip}): a bridge across the nose
 * between the eyes, which a bare nose never shows, and lower rims under both eyes standing out from
 * the plain cheek below. The frame pixels, grown by a pixel, are refilled from the skin around them
 * by pull-push. Landmarks stay as they are.
 *
 * `not_found` when there is no frame; `failed`, photo untouched, when dark lenses hide the eyes
 * (sunglasses: what is behind them cannot be made up).
 *
 * ```ts
 * const { photo: bare, status } = removeGlasses(photo, analysis);
 * ```
 */
export function removeGlasses(photo: Image, analysis: Pick<FaceAnalysis, 'face' | 'colors'>, options: RemoveGlassesOptions = {}): RemovalResult {
  const o = { ...REMOVE_GLASSES_DEFAULTS, ...options };
  checkRgbImage(photo, 'the photo');
  const { face, colors } = analysis;
  const skinLum = luminance(colors.skin.red, colors.skin.green, colors.skin.blue);
  const strip = eyeStrip(photo, face, skinLum);
  const L = face.landmarks;
  const eyes = [468, 473].map((i) => strip.toStrip(L[i * 3], L[i * 3 + 1]));
  const lids = [145, 374].map((i) => strip.toStrip(L[i * 3], L[i * 3 + 1])[1]);

  const lens = eyes.map(([u]) => mean(strip, strip.lum, u - 0.25, u + 0.25, -0.15, 0.2) / skinLum);
  const sclera = luminance(colors.sclera.red, colors.sclera.green, colors.sclera.blue) / skinLum;
  // A shadow keeps (and deepens) the skin's warm hue; a dark lens is neutral or tinted.
  const shadow = colors.iris.blue / Math.max(1, colors.iris.green) < 0.7 * (colors.skin.blue / Math.max(1, colors.skin.green));
  if (Math.max(...lens) < o.maxLens && sclera < o.maxSclera && !shadow) {
    return unchanged(photo, face, 'failed', 'dark lenses (sunglasses?) hide the eyes; what is behind them cannot be recovered');
  }

  const bridge = bridgeLine(strip);
  const rims = eyes.map(([u], k) => columnMedian(strip, u - 0.25, u + 0.25, lids[k] + 0.06, 0.5) - columnMedian(strip, u - 0.25, u + 0.25, 0.56, 0.75));
  if (bridge < o.minBridge || Math.min(...rims) < o.minRim) return unchanged(photo, face, 'not_found', 'no glasses frame shows around the eyes');

  const { mask, box } = frameMask(strip, photo, eyes, o.frameLine);
  return paintOver(photo, face, mask, box, bridge);
}

/** Strongest horizontal line across the nose between the eyes, weighted by how evenly it spans it. */
function bridgeLine(s: EyeStrip): number {
  return bridgeScan(s).score;
}

function bridgeRow(s: EyeStrip): number {
  return bridgeScan(s).row;
}

function bridgeMean(s: EyeStrip): number {
  return bridgeScan(s).mean;
}

function bridgeScan(s: EyeStrip): { score: number; row: number; mean: number } {
  let score = 0, row = 0, mean = 0;
  for (let v = -0.15; v <= 0.1; v += 1 / s.grid) {
    const values: number[] = [];
    for (let u = -0.12; u <= 0.12; u += 1 / s.grid) values.push(at(s, s.across, u, v));
    const m = values.reduce((a, b) => a + b, 0) / values.length;
    const even = values.filter((x) => Math.sign(x) === Math.sign(m) && Math.abs(x) > 0.5 * Math.abs(m)).length / values.length;
    if (Math.abs(m) * even > score) { score = Math.abs(m) * even; row = v; mean = m; }
  }
  return { score, row, mean };
}

/** Median over the columns u0..u1 of the strongest horizontal line between v0 and v1. */
function columnMedian(s: EyeStrip, u0: number, u1: number, v0: number, v1: number): number {
  const peaks: number[] = [];
  for (let u = u0; u <= u1; u += 1 / s.grid) {
    let peak = 0;
    for (let v = v0; v <= v1; v += 1 / s.grid) peak = Math.max(peak, Math.abs(at(s, s.across, u, v)));
    peaks.push(peak);
  }
  peaks.sort((a, b) => a - b);
  return peaks[peaks.length >> 1] ?? 0;
}

/**
 * Photo pixels of the frame. Around each eye, along 96 rays out of its centre, the frame is the
 * strongest line of the bridge's kind (dark or bright) between 0.26 and 0.62 eye distances out
 * (horizontally; 0.75 of that vertically), its radius smoothed by a running median so that one
 * stray crease does not pull it off. With the bridge's row between the two rings, that path, as
 * thick as a frame plus a pixel, is the mask.
 */
function frameMask(s: EyeStrip, photo: Image, eyes: Array<[number, number]>, line: number): { mask: Uint8Array; box: { x0: number; y0: number; x1: number; y1: number } } {
  const sign = Math.sign(bridgeMean(s)) || -1;
  const path: Array<[number, number]> = [];
  const rays = 96;
  for (const [eu, ev] of eyes) {
    const radii: number[] = [], strength: number[] = [];
    for (let k = 0; k < rays; k++) {
      const t = (2 * Math.PI * k) / rays, cos = Math.cos(t), sin = Math.sin(t);
      let best = -Infinity, bestR = 0.45;
      for (let r = 0.26; r <= 0.62; r += 0.5 / s.grid) {
        const u = eu + r * cos, v = ev + 0.75 * r * sin;
        const response = sign * (Math.abs(sin) * at(s, s.across, u, v) + Math.abs(cos) * at(s, s.along, u, v));
        if (response > best) { best = response; bestR = r; }
      }
      radii.push(bestR);
      strength.push(best);
    }
    for (let k = 0; k < rays; k++) {
      if (strength[k] < line) continue;
      const window = [-3, -2, -1, 0, 1, 2, 3].map((d) => radii[(k + d + rays) % rays]).sort((a, b) => a - b);
      const t = (2 * Math.PI * k) / rays;
      path.push([eu + window[3] * Math.cos(t), ev + 0.75 * window[3] * Math.sin(t)]);
    }
  }
  const row = bridgeRow(s);
  for (let u = eyes[0][0] + 0.3; u <= eyes[1][0] - 0.3; u += 0.5 / s.grid) path.push([u, row]);

  const corners = [[s.u0, s.v0], [-s.u0, s.v0], [s.u0, s.v0 + s.height / s.grid], [-s.u0, s.v0 + s.height / s.grid]].map(([u, v]) => s.toPhoto(u, v));
  const box = {
    x0: Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0])))), y0: Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1])))),
    x1: Math.min(photo.width - 1, Math.ceil(Math.max(...corners.map((p) => p[0])))), y1: Math.min(photo.height - 1, Math.ceil(Math.max(...corners.map((p) => p[1])))),
  };
  const w = box.x1 - box.x0 + 1, h = box.y1 - box.y0 + 1;
  const [ox, oy] = s.toPhoto(0, 0), [px, py] = s.toPhoto(1, 0);
  const eyePixels = Math.hypot(px - ox, py - oy);
  const radius = 0.03 * eyePixels + 1;
  const mask = new Uint8Array(w * h);
  for (const [u, v] of path) {
    const [cx, cy] = s.toPhoto(u, v);
    for (let y = Math.max(0, Math.floor(cy - radius - box.y0)); y <= Math.min(h - 1, Math.ceil(cy + radius - box.y0)); y++) {
      for (let x = Math.max(0, Math.floor(cx - radius - box.x0)); x <= Math.min(w - 1, Math.ceil(cx + radius - box.x0)); x++) {
        if (Math.hypot(box.x0 + x + 0.5 - cx, box.y0 + y + 0.5 - cy) <= radius) mask[y * w + x] = 1;
      }
    }
  }
  return { mask, box };
}

/** Refills the masked pixels of the box from the unmasked ones around them by pull-push. */
function paintOver(photo: Image, face: FaceAnalysis['face'], mask: Uint8Array, box: { x0: number; y0: number; x1: number; y1: number }, bridge: number): RemovalResult {
  const w = box.x1 - box.x0 + 1, h = box.y1 - box.y0 + 1;
  const known = new Float32Array(w * h), values = new Float32Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x, o = ((box.y0 + y) * photo.width + box.x0 + x) * photo.channels;
      if (mask[i]) continue;
      known[i] = 1;
      for (let c = 0; c < 3; c++) values[i * 3 + c] = photo.data[o + c];
    }
  }
  const filled = pushPull(values, known, w, h, 3, [128, 128, 128]);
  const out = photo.data.slice();
  let changed = 0;
  for (let i = 0; i < w * h; i++) {
    if (!mask[i]) continue;
    const o = ((box.y0 + Math.floor(i / w)) * photo.width + box.x0 + (i % w)) * photo.channels;
    for (let c = 0; c < 3; c++) {
      const v = Math.round(filled[i * 3 + c]);
      if (v !== out[o + c]) changed++;
      out[o + c] = v;
    }
  }
  if (changed === 0) return unchanged(photo, face, 'not_found', 'no glasses frame shows around the eyes');
  return { photo: { ...photo, data: out }, face, status: { status: 'removed', reason: `painted out a glasses frame (bridge contrast ${Math.round(bridge * 100)} %)` } };
}

function at(s: EyeStrip, field: Float32Array, u: number, v: number): number {
  const i = Math.round((u - s.u0) * s.grid), j = Math.round((v - s.v0) * s.grid);
  return i < 0 || j < 0 || i >= s.width || j >= s.height ? 0 : field[j * s.width + i];
}

function mean(s: EyeStrip, field: Float32Array, u0: number, u1: number, v0: number, v1: number): number {
  let total = 0, n = 0;
  for (let v = v0; v <= v1; v += 1 / s.grid) for (let u = u0; u <= u1; u += 1 / s.grid) { total += at(s, field, u, v); n++; }
  return n ? total / n : 0;
}

function luminance(r: number, g: number, b: number): number {
  return 0.3 * r + 0.59 * g + 0.11 * b;
}
