import type { FaceAnalysis } from '../analysis/types.js';
import { boxBlur } from './boxBlur.js';
import { checkTexture, type RawImage } from './image.js';
import { pushPull } from './pushPull.js';
import { unchanged, type RemovalResult } from './removalStatus.js';
import { stubbleMap } from './stubbleMap.js';

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
 * tone of the surrounding stubble-free skin (filled in by pull-push, so that the tone of the face
 * around it carries on) while keeping its own shading, and most of the grain (the high-pass) is
 * taken away; each by the pixel's stubble likelihood. Elsewhere the photo is untouched, and no landmark moves.
 *
 * `not_found` on a clean-shaven face; `failed`, photo untouched, on a full beard or moustache,
 * which no colour shift turns into convincing skin.
 *
 * ```ts
 * const { photo: shaved, status } = removeStubble(photo, analysis);
 * ```
 */
export function removeStubble(photo: RawImage, analysis: Pick<FaceAnalysis, 'face'>, options: RemoveStubbleOptions = {}): RemovalResult {
  const o = { ...REMOVE_STUBBLE_DEFAULTS, ...options };
  checkTexture(photo, 'the photo');
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
  const radius = Math.max(1, 0.02 * (box.x1 - box.x0));
  const weight = Float32Array.from(likelihood), edge = Float32Array.from(beard);
  boxBlur(weight, width, height, 1, radius);
  boxBlur(edge, width, height, 1, radius / 2);
  for (let i = 0; i < weight.length; i++) weight[i] = beard[i] ? smoothstep(weight[i], 0.05, 0.25) * Math.min(1, Math.max(0, 2 * edge[i] - 1)) : 0;

  // Skin to fill from: the face below the eyes where there is no stubble, not dark (nostrils, shadow lines).
  const refLum = 0.3 * map.reference[0] + 0.59 * map.reference[1] + 0.11 * map.reference[2];
  const known = new Float32Array(width * height), premultiplied = new Float32Array(width * height * 3);
  for (let i = 0; i < known.length; i++) {
    if (!map.face[i]) continue;
    const l = 0.3 * low[i * 3] + 0.59 * low[i * 3 + 1] + 0.11 * low[i * 3 + 2];
    const k = l > 0.55 * refLum ? (1 - likelihood[i]) ** 2 : 0;
    known[i] = k;
    for (let c = 0; c < 3; c++) premultiplied[i * 3 + c] = k * low[i * 3 + c];
  }
  const skin = pushPull(premultiplied, known, width, height, 3, map.reference);
  // The fill carries the surrounding skin's tone but not the shading inside the stubbled area
  // (chin, jaw line, the hollow under the lip). Keep that shading: scale the photo's own low-pass by
  // the ratio of fill to photo, both taken at a scale broader than the shading.
  const broadFill = Float32Array.from(skin), broadLow = Float32Array.from(low);
  const broad = Math.max(2, 0.06 * (box.x1 - box.x0));
  boxBlur(broadFill, width, height, 3, broad);
  boxBlur(broadLow, width, height, 3, broad);
  const target = new Float32Array(width * height * 3);
  for (let i = 0; i < target.length; i++) target[i] = low[i] * Math.min(2, broadFill[i] / Math.max(1, broadLow[i]));
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

function smoothstep(x: number, a: number, b: number): number {
  const t = Math.min(1, Math.max(0, (x - a) / (b - a)));
  return t * t * (3 - 2 * t);
}
