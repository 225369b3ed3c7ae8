import type { SurfaceSample } from './garmentSurface.js';
import { smooth } from './garmentRecipe.js';

/**
 * How a trouser leg falls: from leg t `from` (above the knee) down, each ring of the cloth is at
 * least as wide, in every direction round the leg, as the ring above it less `taper` metres per
 * metre of drop. Tailored trousers and straight jeans hang from the knee past the calf's bulge and
 * the ankle's narrowing; cloth laid at an even ease over the leg follows both, and reads as
 * leggings. From `until` to `to` the fall gives way to the cloth's own fit again, so that the hem
 * still goes inside the shoes' collar (shoes are worn outside trousers).
 */
export interface LegFall {
  /** Leg t where the fall starts (17 is the knee). */
  from: number;
  /** Leg t to which the fall holds fully, and where it has given way to the fitted hem. */
  until: number;
  to: number;
  /** Metres the cloth's radius narrows per metre it falls. */
  taper: number;
}

/** Angle bins of a ring's outline. */
const BINS = 48;
/** Least distance (metres) a trouser leg's outline keeps from the body's midline, where the other leg's is. */
const MIDLINE = 0.004;

/**
 * Moves the outer shell's leg samples (`outer`, xyz per sample) outwards, in the plane of each
 * ring round its leg's axis, to where the fall puts them. Written by hand: no library models cloth
 * hanging round a limb, and a simulation would cost far more than this envelope for the same
 * silhouette. The rings are the samples of one leg island at one leg t; their axis is the centre
 * of the body's points under them (`base`), so the fall follows the leg's slant in the A pose.
 * Never moves a sample inwards, nor across the body's midline.
 */
export function legFall(fall: LegFall, samples: SurfaceSample[], base: Float64Array, outer: Float64Array): void {
  const rings = new Map<string, number[]>();
  samples.forEach((s, i) => {
    if (s.place.part !== 'leg' || s.place.t < fall.from || s.place.t > fall.to) return;
    const key = `${s.place.island}:${Math.round(s.place.t * 64)}`;
    let ring = rings.get(key);
    if (!ring) rings.set(key, (ring = []));
    ring.push(i);
  });
  const byIsland = new Map<number, { t: number; members: number[] }[]>();
  for (const members of rings.values()) {
    if (members.length < 8) continue;
    const { island, t } = samples[members[0]].place;
    let list = byIsland.get(island);
    if (!list) byIsland.set(island, (list = []));
    list.push({ t, members });
  }
  for (const list of byIsland.values()) {
    list.sort((a, b) => a.t - b.t);
    let above: Float64Array | undefined, aboveY = 0;
    for (const { t, members } of list) {
      let cx = 0, cy = 0, cz = 0;
      for (const i of members) { cx += base[i * 3]; cy += base[i * 3 + 1]; cz += base[i * 3 + 2]; }
      cx /= members.length; cy /= members.length; cz /= members.length;
      const w = smooth(fall.to, fall.until, t);
      const envelope = new Float64Array(BINS).fill(-1);
      for (const i of members) {
        const dx = outer[i * 3] - cx, dz = outer[i * 3 + 2] - cz;
        const r = Math.hypot(dx, dz);
        if (r < 1e-6) continue;
        const angle = Math.atan2(dz, dx);
        let want = r;
        if (above && w > 0) {
          const fallen = outline(above, angle) - fall.taper * Math.max(0, aboveY - cy);
          want = Math.max(r, r + w * (fallen - r));
          // Towards the other leg, no nearer the midline than MIDLINE.
          const ux = dx / r;
          if (ux * Math.sign(cx) < 0) want = Math.max(r, Math.min(want, (Math.abs(cx) - MIDLINE) / Math.abs(ux)));
        }
        const scale = want / r;
        outer[i * 3] = cx + dx * scale;
        outer[i * 3 + 2] = cz + dz * scale;
        const bin = binOf(angle);
        envelope[bin] = Math.max(envelope[bin], want);
      }
      above = filled(envelope);
      aboveY = cy;
    }
  }
}

function binOf(angle: number): number {
  return ((Math.floor(((angle + Math.PI) / (2 * Math.PI)) * BINS) % BINS) + BINS) % BINS;
}

/** The outline's radius at an angle, linear between bin centres. */
function outline(envelope: Float64Array, angle: number): number {
  const x = ((angle + Math.PI) / (2 * Math.PI)) * BINS - 0.5;
  const i = Math.floor(x), f = x - i;
  const a = envelope[((i % BINS) + BINS) % BINS], b = envelope[(((i + 1) % BINS) + BINS) % BINS];
  return a + f * (b - a);
}

/** Empty bins (−1) take the linear blend of the nearest filled ones either side, round the ring. */
function filled(envelope: Float64Array): Float64Array {
  const out = Float64Array.from(envelope);
  const full = [...envelope.keys()].filter((k) => envelope[k] >= 0);
  if (full.length === 0) return out.fill(0);
  for (let k = 0; k < BINS; k++) {
    if (envelope[k] >= 0) continue;
    let prev = k, next = k, dp = 0, dn = 0;
    while (envelope[prev] < 0) { prev = (prev + BINS - 1) % BINS; dp++; }
    while (envelope[next] < 0) { next = (next + 1) % BINS; dn++; }
    out[k] = envelope[prev] + (dp / (dp + dn)) * (envelope[next] - envelope[prev]);
  }
  return out;
}
