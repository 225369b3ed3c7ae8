import type { RimColumn } from './curtainRim.js';
import type { HairCurtainOptions } from './hairCurtain.js';
import type { HairSide } from './hairLength.js';
import type { RadialProfile } from '../../../geometry/radialProfile.js';
import { smoothstep } from '../../../core/smoothstep.js';

/** One column's fall: how far out the hair curtain hangs at each height, and where it ends. */
export interface Fall {
  /** Where it starts: under the cap, above its rim. */
  top: number;
  end: number;
  radiusAt(y: number): number;
}

/**
 * How one column of the hair curtain falls from under the cap (`fallFrom`, or `overlap` above the
 * rim) towards `target`: never inwards, out over whatever lies beneath at `clearance` (the ears),
 * and only below `spreadFrom` spreading by `flare` and widened towards the photo's silhouette
 * (`side`) by `sideWeight`, so that the cranium above keeps its width; ended on the shoulders
 * where they would push it out more than `maxPush`. Sampled every `step` metres.
 */
export function hang(c: RimColumn, target: number, profile: RadialProfile, volume: RadialProfile, side: HairSide, sideWeight: number, step: number, o: Required<HairCurtainOptions>): Fall {
  const top = Math.max(c.rimHeight + o.overlap, o.fallFrom);
  // From just under the cap's outside, above the ears (which the hair's profile also holds): seen
  // from any side, the cap runs into the curtain with nothing between them.
  const r0 = Math.max(profile.at(c.angle, top) + o.clearance, volume.at(c.angle, top) - o.inset);
  const widen = smoothstep(0.5, 0.9, sideWeight);
  const heights: number[] = [top], radii: number[] = [r0];
  let falling = r0, end = target;
  for (let y = top - step; y > target - step; y -= step) {
    const under = beneath(profile, c.angle, y) + o.clearance;
    if (under > falling + o.maxPush) {
      end = y + step;
      break;
    }
    // Down to the cap's rim it follows the hair's outside where that widens further (the back of
    // the head): it leaves the cap along its tangent at its widest instead of coming out from under
    // it at an angle, which shades as a ledge.
    falling = Math.max(falling, under, y > c.rimHeight ? volume.at(c.angle, y) - o.inset : 0);
    const below = Math.max(0, Math.min(top, o.spreadFrom) - y);
    let r = falling + o.flare * below;
    const extent = extentAt(side, y);
    if (widen > 0 && Number.isFinite(extent)) {
      // The silhouette is the hair's outside: the curtain is its middle layer, so a little inside it.
      const wanted = Math.min(falling + o.maxWiden, extent / Math.max(0.5, Math.abs(Math.sin(c.angle))) - 0.005);
      r = Math.max(r, r + (wanted - r) * widen * smoothstep(0, 0.04, below));
    }
    heights.push(y);
    radii.push(r);
  }
  return {
    top,
    end: Math.min(end, top - o.minHang),
    radiusAt: (y) => {
      const f = Math.min(heights.length - 1, Math.max(0, (top - y) / step));
      const i = Math.floor(f), j = Math.min(heights.length - 1, i + 1);
      return radii[i] + (radii[j] - radii[i]) * (f - i);
    },
  };
}

/**
 * The farthest the profile reaches within `EAR_REACH` of an azimuth: the columns beside an ear
 * stand out over it too, so that averaging neighbouring columns does not let the ear's rim through.
 */
function beneath(profile: RadialProfile, angle: number, y: number): number {
  let r = 0;
  for (let d = -2; d <= 2; d++) r = Math.max(r, profile.at(angle + (d * EAR_REACH) / 2, y));
  return r;
}

/** Azimuth (radians) either side of a column over which what lies beneath pushes it out. */
const EAR_REACH = (8 * Math.PI) / 180;

/** The hair's measured extent beside the head at height y, averaged over a few levels; NaN where unmeasured. */
function extentAt(side: HairSide, y: number): number {
  const { levels, extent } = side;
  const step = levels.length > 1 ? levels[0] - levels[1] : 1;
  const k = Math.round((levels[0] - y) / step);
  let sum = 0, n = 0;
  for (let d = -2; d <= 2; d++) {
    const e = extent[k + d];
    if (e !== undefined && Number.isFinite(e)) {
      sum += e;
      n++;
    }
  }
  return n ? sum / n : NaN;
}

