import { boxBlur } from '../../texture/filters/boxBlur.js';
import { seededRandom } from '../../core/seededRandom.js';
/**
 * Seeded 3D gradient noise (Perlin's improved noise, 2002) for painting a body in texture space
 * from each texel's point on the surface: the same point gets the same value whichever UV island
 * it is painted in, so grain and mottling run across seams. Deterministic for a seed.
 */
export interface Noise3 {
  /** Gradient noise at a point (units of the lattice), about −1…1, 0 on lattice points. */
  at(x: number, y: number, z: number): number;
  /** Fractal sum of `octaves` octaves (frequency ×2, amplitude ×0.5 each), normalised to about −1…1. */
  fbm(x: number, y: number, z: number, octaves: number): number;
}

/**
 * A noise for a seed.
 *
 * ```ts
 * const grain = bodyNoise(7).fbm(x * 300, y * 300, z * 300, 2);
 * ```
 */
export function bodyNoise(seed: number): Noise3 {
  const next = seededRandom(seed);
  const base = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 255; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [base[i], base[j]] = [base[j], base[i]];
  }
  const p = new Uint8Array(512);
  for (let i = 0; i < 512; i++) p[i] = base[i & 255];
  const fade = (t: number): number => t * t * t * (t * (t * 6 - 15) + 10);
  const grad = (h: number, x: number, y: number, z: number): number => {
    const k = h & 15;
    const u = k < 8 ? x : y;
    const v = k < 4 ? y : k === 12 || k === 14 ? x : z;
    return ((k & 1) === 0 ? u : -u) + ((k & 2) === 0 ? v : -v);
  };
  const at = (x: number, y: number, z: number): number => {
    const fx = Math.floor(x), fy = Math.floor(y), fz = Math.floor(z);
    const X = fx & 255, Y = fy & 255, Z = fz & 255;
    x -= fx; y -= fy; z -= fz;
    const u = fade(x), v = fade(y), w = fade(z);
    const A = p[X] + Y, AA = p[A] + Z, AB = p[A + 1] + Z, B = p[X + 1] + Y, BA = p[B] + Z, BB = p[B + 1] + Z;
    const l = (a: number, b: number, t: number): number => a + t * (b - a);
    return l(
      l(l(grad(p[AA], x, y, z), grad(p[BA], x - 1, y, z), u), l(grad(p[AB], x, y - 1, z), grad(p[BB], x - 1, y - 1, z), u), v),
      l(l(grad(p[AA + 1], x, y, z - 1), grad(p[BA + 1], x - 1, y, z - 1), u), l(grad(p[AB + 1], x, y - 1, z - 1), grad(p[BB + 1], x - 1, y - 1, z - 1), u), v),
      w,
    );
  };
  const fbm = (x: number, y: number, z: number, octaves: number): number => {
    let sum = 0, amp = 1, norm = 0;
    for (let o = 0; o < octaves; o++) {
      // Offsets keep the octaves' lattices from lining up at the origin.
      sum += amp * at(x + o * 17.31, y - o * 9.77, z + o * 5.13);
      norm += amp;
      amp *= 0.5;
      x *= 2; y *= 2; z *= 2;
    }
    return sum / norm;
  };
  return { at, fbm };
}

/**
 * Grain at the scale of a texel, in texture space (about −1…1): white noise with a little of itself
 * blurred over three texels, so it reads as skin grain and pores rather than as pixel noise. Texture
 * space is fine at this scale: the atlas has one texel density everywhere, and noise this fine shows
 * no seam where islands meet.
 */
export function texelGrain(size: number, seed: number): Float32Array {
  const n = size * size;
  const white = new Float32Array(n);
  let h = (seed * 0x9e3779b1) >>> 0;
  for (let i = 0; i < n; i++) {
    // xorshift32, seeded: fast and deterministic.
    h ^= h << 13; h >>>= 0; h ^= h >>> 17; h ^= h << 5; h >>>= 0;
    white[i] = (h / 4294967296) * 2 - 1;
  }
  const blurred = white.slice();
  boxBlur(blurred, size, size, 1, 1, 1);
  for (let i = 0; i < n; i++) white[i] = 0.35 * white[i] + 1.6 * blurred[i];
  return white;
}
