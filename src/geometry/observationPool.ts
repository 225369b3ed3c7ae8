/**
 * Scattered observations of a value over a surface, pooled in cubic cells (weighted mean position
 * and value per cell), then read anywhere as a smooth kernel average of the cells: how what the
 * photo shows of the hair is carried to what it does not show. Pooling first keeps the kernel's
 * cost to a few hundred cells whatever the number of observations.
 *
 * ```ts
 * const pool = new ObservationPool(0.012);
 * pool.add(x, y, z, value, weight);
 * const field = pool.samples();
 * const here = kernelAverage(field, x, y, z, 0.03 ** 2, 0);
 * ```
 */
export class ObservationPool {
  private readonly index = new Map<number, number>();
  /** Per cell: Σw·x, Σw·y, Σw·z, Σw·value, Σw. */
  private sums: number[] = [];
  /** `size`: the cells' edge, metres. */
  constructor(private readonly size: number) {}

  add(x: number, y: number, z: number, value: number, weight: number): void {
    // Cells within ±5 m of the origin: 2¹⁰ per axis is plenty at centimetre cells.
    const key = ((Math.floor(x / this.size) + 512) * 1024 + Math.floor(y / this.size) + 512) * 1024 + Math.floor(z / this.size) + 512;
    let k = this.index.get(key);
    if (k === undefined) {
      this.index.set(key, (k = this.sums.length));
      this.sums.push(0, 0, 0, 0, 0);
    }
    const s = this.sums;
    s[k] += weight * x;
    s[k + 1] += weight * y;
    s[k + 2] += weight * z;
    s[k + 3] += weight * value;
    s[k + 4] += weight;
  }

  /** x, y, z, value, weight per cell; a cell with less than one full observation counts as much as it holds. */
  samples(): Float32Array {
    const s = this.sums, out = new Float32Array(s.length);
    let n = 0;
    for (let k = 0; k < s.length; k += 5) {
      const w = s[k + 4];
      if (!(w > 0)) continue;
      out[n] = s[k] / w;
      out[n + 1] = s[k + 1] / w;
      out[n + 2] = s[k + 2] / w;
      out[n + 3] = s[k + 3] / w;
      out[n + 4] = Math.min(1, w);
      n += 5;
    }
    return out.subarray(0, n);
  }
}

/**
 * Σ wᵢ·valueᵢ / Σ wᵢ over pooled samples with wᵢ = weightᵢ / (dᵢ² + h²)²: smooth, close to the
 * samples near them, and far from all of them the average of the nearest few. `fallback` without samples.
 */
export function kernelAverage(samples: Float32Array, x: number, y: number, z: number, h2: number, fallback: number): number {
  let sum = 0, total = 0;
  for (let k = 0; k < samples.length; k += 5) {
    const dx = samples[k] - x, dy = samples[k + 1] - y, dz = samples[k + 2] - z;
    const q = dx * dx + dy * dy + dz * dz + h2;
    const w = samples[k + 4] / (q * q);
    sum += w * samples[k + 3];
    total += w;
  }
  return total > 0 ? sum / total : fallback;
}
