/** One measured figure of a benchmark, printed by bench/run.ts. */
export interface Figure {
  /** What was measured, e.g. "face analysis per photo (median)". */
  name: string;
  value: number;
  /** Unit of `value`, e.g. "ms", "req/s", "MiB". */
  unit: string;
  /** The target the issue sets, in words, e.g. "<= 300 ms". */
  target?: string;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function printFigures(title: string, figures: Figure[]): void {
  console.log(`\n${title}`);
  for (const f of figures) {
    const value = Number.isInteger(f.value) ? String(f.value) : f.value.toFixed(1);
    console.log(`  ${f.name.padEnd(58)} ${value.padStart(10)} ${f.unit}${f.target ? `   (target ${f.target})` : ''}`);
  }
}
