/**
 * A small deterministic pseudo-random generator (mulberry32) returning numbers in [0, 1): the same
 * haircut grows the same strands and paints the same texture on every machine and every run, which
 * is what makes a haircut's identity stable.
 *
 * ```ts
 * const random = seededRandom(hashString('bob_chin'));
 * const jitter = random() - 0.5;
 * ```
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit FNV-1a hash of a string, to seed {@link seededRandom} from a name. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
