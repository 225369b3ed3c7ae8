import { seededRandom } from '../../core/seededRandom.js';

/** Options of {@link eyeVeins}. */
export interface EyeVeinsOptions {
  /** Main vessels; each may branch once or twice. */
  count?: number;
  /** Angle from the gaze where vessels start (they come from behind the lids), degrees: least and most. */
  start?: [number, number];
  /** Angle from the gaze where they fade out before reaching the limbus, degrees: least and most. */
  end?: [number, number];
  /** Width of a main vessel where it starts, as a fraction of the texture's size. */
  width?: number;
  seed?: number;
}

export const EYE_VEINS_DEFAULTS: Required<EyeVeinsOptions> = {
  count: 16, start: [78, 112], end: [38, 58], width: 0.0016, seed: 1,
};

/**
 * The conjunctiva's vessels as a field over the eye layout (eyeLayout.ts): per texel, 0 where there is
 * no vessel up to 1 on a main one's axis. Each vessel is a random walk from the back towards the
 * limbus, wandering sideways, thinning and fading as it goes, with a few thinner branches: faint and
 * few, as on a healthy eye, the colour is left to the caller. Deterministic for a seed.
 *
 * ```ts
 * const veins = eyeVeins(1024, { seed: 7 });
 * ```
 */
export function eyeVeins(size: number, options: EyeVeinsOptions = {}): Float32Array {
  const o = { ...EYE_VEINS_DEFAULTS, ...options };
  const random = seededRandom(o.seed * 7919 + 17);
  const field = new Float32Array(size * size);
  const degrees = Math.PI / 180;
  const pixel = (theta: number, phi: number): [number, number] => {
    const r = (0.5 * theta) / Math.PI;
    return [size * (0.5 + r * Math.cos(phi)) - 0.5, size * (0.5 - r * Math.sin(phi)) - 0.5];
  };
  const grow = (theta: number, phi: number, end: number, width: number, strength: number, heading: number, depth: number): void => {
    const step = 2 * degrees;
    const length = theta - end;
    let travelled = 0;
    // A vessel that wanders sideways for long ends anyway: it would only thicken the field into a blot.
    while (theta > end && travelled < 2 * length) {
      heading += (random() - 0.5) * 0.5;
      heading *= 0.85; // wander, but keep heading for the limbus
      const nextTheta = theta - step * Math.cos(heading), nextPhi = phi + (step * Math.sin(heading)) / Math.max(0.3, Math.sin(theta));
      travelled += step;
      // Faint where it comes out from behind the lids and where it ends; strongest on the way.
      const fade = Math.min(1, travelled / (0.25 * length)) * Math.min(1, (theta - end) / (0.4 * length));
      const w = width * (1 - 0.55 * Math.min(1, travelled / length));
      line(field, size, pixel(theta, phi), pixel(nextTheta, nextPhi), Math.max(0.5, w * size), strength * fade);
      if (depth < 2 && random() < 0.09) {
        grow(theta, phi, end + (theta - end) * (0.3 + 0.4 * random()), w * 0.7, strength * 0.8, heading + (random() < 0.5 ? -1 : 1) * (0.5 + random() * 0.6), depth + 1);
      }
      theta = nextTheta;
      phi = nextPhi;
    }
  };
  for (let i = 0; i < o.count; i++) {
    const start = (o.start[0] + (o.start[1] - o.start[0]) * random()) * degrees;
    const end = (o.end[0] + (o.end[1] - o.end[0]) * random()) * degrees;
    const phi = ((i + random() * 0.8) / o.count) * 2 * Math.PI;
    grow(start, phi, end, o.width * (0.6 + 0.6 * random()), 0.5 + 0.5 * random(), (random() - 0.5) * 0.6, 0);
  }
  return field;
}

/** A soft line from a to b (pixels) into the field, keeping the larger value where lines cross. */
function line(field: Float32Array, size: number, a: [number, number], b: [number, number], width: number, strength: number): void {
  const reach = 2.5 * width;
  const x0 = Math.max(0, Math.floor(Math.min(a[0], b[0]) - reach)), x1 = Math.min(size - 1, Math.ceil(Math.max(a[0], b[0]) + reach));
  const y0 = Math.max(0, Math.floor(Math.min(a[1], b[1]) - reach)), y1 = Math.min(size - 1, Math.ceil(Math.max(a[1], b[1]) + reach));
  const dx = b[0] - a[0], dy = b[1] - a[1], l2 = dx * dx + dy * dy || 1;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const t = Math.min(1, Math.max(0, ((x - a[0]) * dx + (y - a[1]) * dy) / l2));
      const ex = x - a[0] - t * dx, ey = y - a[1] - t * dy;
      const value = strength * Math.exp(-(ex * ex + ey * ey) / (width * width));
      const k = y * size + x;
      if (value > field[k]) field[k] = value;
    }
  }
}
