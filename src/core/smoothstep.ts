/**
 * 0 at or below `e0`, 1 at or above `e1`, and the cubic 3t² − 2t³ between: a ramp with no kink at
 * either end, so whatever it weighs fades in without a visible edge. Hot loops that cannot afford a
 * call inline the same cubic.
 *
 * ```ts
 * const weight = smoothstep(0.15, 0.5, facing);
 * ```
 */
export function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}
