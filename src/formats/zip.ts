import { unzipSync, zipSync } from 'fflate';

/** A zip archive of named files. PLY compresses well, so entries are deflated. */
export function writeZip(files: Record<string, Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, data]) => [name, [data, { level: 6 }]])));
}

export function readZip(data: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(data);
}
