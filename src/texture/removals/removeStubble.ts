import type { FaceAnalysis } from '../../analysis/types.js';
import { boxBlur } from '../filters/boxBlur.js';
import { checkRgbImage, type Image } from '../../core/image.js';
import { unchanged, type RemovalResult } from './removalStatus.js';
import { stubbleMap } from './stubbleMap.js';
import { smoothstep } from '../../core/smoothstep.js';

/** Options of {@link removeStubble}. */
export interface RemoveStubbleOptions {
  /** Mean stubble likelihood over the beard area (see {@link stubbleMap}) below which the face counts as clean-shaven. */
  minCoverage?: number;
  /** Share of the beard area covered by thick hair (beard, moustache) above which removal fails. */
  maxThick?: number;
  /** Share of the stubble's fine grain (the photo minus its low-pass) taken away, 0..1. */
  grain?: number;
  /** Largest head turn (yaw), in degrees: beyond it the upper cheeks no longer show the skin tone of the jaw. */
  maxTurn?: number;
}

export const REMOVE_STUBBLE_DEFAULTS: Required<RemoveStubbleOptions> = {
  minCoverage: 0.2,
  maxThick: 0.1,
  grain: 0.9,
  maxTurn: 30,
};

/**
 * `remove_stubble`: turns stubble on chin, jaw and upper lip back into skin before the head is
 * textured. Where {@link stubbleMap} sees stubble, the photo's low-pass colour is brought to the
 * tone of the upper cheeks' skin while keeping its own shading, and most of the grain (the
 * high-pass) is taken away; each by the pixel's stubble likelihood (spread and feathered). Elsewhere the photo is untouched, and no landmark moves.
 *
 * `not_found` on a clean-shaven face; `failed`, photo untouched, on a full beard or moustache,
 * which no colour shift turns into convincing skin.
 *
 * ```ts
 * const { photo: shaved, status } = removeStubble(photo, analysis);
 * ```
 */
export function removeStubble(photo: Image, analysis: Pick<FaceAnalysis, 'face'>, options: RemoveStubbleOptions = {}): RemovalResult {
  const o = { ...REMOVE_STUBBLE_DEFAULTS, ...options };
  checkRgbImage(photo, 'the photo');
  const { face } = analysis;
  const map = stubbleMap(photo, face);
  const turn = Math.abs(face.pose.yaw) * (180 / Math.PI);
  if (map.coverage < o.minCoverage && map.thick <= o.maxThick) return unchanged(photo, face, 'not_found', 'the face looks clean-shaven');
  // Turned further, one cheek is in another light and the jaw foreshortened: neither a beard nor stubble can be judged.
  if (turn > o.maxTurn) {
    return unchanged(photo, face, 'failed', `the face is turned ${Math.round(turn)}° from the camera; stubble can only be judged and removed up to ${o.maxTurn}°`);
  }
  if (map.thick > o.maxThick) {
    return unchanged(photo, face, 'failed', `hair too thick to be stubble (a beard or a moustache; or a hand?) covers ${Math.round(map.thick * 100)} % of the lower face`);
  }

  const { box, width, height, likelihood, beard, low } = map;
  // The likelihood is patchy where stubble is sparse; spread at the scale of a few hairs' spacing
  // and ramped up, it covers the stubbled area evenly. The beard area's own edge (jaw line, nose,
  // lips) is feathered so that it does not show as a contour in the skin.
  const radius = Math.max(1, 0.02 * (box.x1 - box.x0)), spread = 2.5 * radius;
  // The lips are a hole in the beard area, not its edge: stubble grows right up to them.
  const weight = Float32Array.from(likelihood), edge = Float32Array.from(beard, (b, i) => b | map.lips[i]);
  boxBlur(weight, width, height, 1, spread);
  boxBlur(edge, width, height, 1, radius);
  for (let i = 0; i < weight.length; i++) weight[i] = beard[i] ? smoothstep(0.01, 0.08, weight[i]) * Math.min(1, Math.max(0, 2 * edge[i] - 1)) : 0;

  // The skin the stubble hides has the upper cheeks' tone (which no beard reaches) and the photo's
  // own shading there (chin, jaw line, the hollow under the lip): the reference colour times the
  // photo's brightness relative to its average over a scale broader than that shading.
  const broadLow = Float32Array.from(low);
  boxBlur(broadLow, width, height, 3, Math.max(2, 0.06 * (box.x1 - box.x0)));
  const target = new Float32Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const shade = Math.min(1.3, Math.max(0.7, lum3(low, i) / Math.max(1, lum3(broadLow, i))));
    for (let c = 0; c < 3; c++) target[i * 3 + c] = map.reference[c] * shade;
  }

  const out = photo.data.slice();
  let changed = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x, w = weight[i];
      if (w <= 0.002) continue;
      const o3 = ((box.y0 + y) * photo.width + box.x0 + x) * photo.channels;
      let differs = false;
      for (let c = 0; c < 3; c++) {
        const value = photo.data[o3 + c];
        const grain = value - low[i * 3 + c];
        const v = Math.round(value + w * (target[i * 3 + c] - low[i * 3 + c]) - w * o.grain * grain);
        const clamped = v < 0 ? 0 : v > 255 ? 255 : v;
        if (clamped !== value) differs = true;
        out[o3 + c] = clamped;
      }
      if (differs) changed++;
    }
  }
  if (changed === 0) return unchanged(photo, face, 'not_found', 'the face looks clean-shaven');
  return {
    photo: { ...photo, data: out },
    face,
    status: { status: 'removed', reason: `stubble turned into skin over ${Math.round(map.coverage * 100)} % of the lower face` },
  };
}

function lum3(rgb: Float32Array, i: number): number {
  return 0.3 * rgb[i * 3] + 0.59 * rgb[i * 3 + 1] + 0.11 * rgb[i * 3 + 2];
}
