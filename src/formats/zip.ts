import { unzipSync, zipSync } from 'fflate';

/** A zip archive of named files. Binary PLY is mostly float mantissas: deflate saves about a third of
 * the bytes but costs ~100 ms per 2 MB, more than the rest of an avatar's mesh work, so entries are
 * stored by default. */
export function writeZip(files: Record<string, Uint8Array>, level: 0 | 1 | 6 | 9 = 0): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level }]])));
}

export function readZip(data: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(data);
}
