import { unzipSync } from 'fflate';

/** One file of a download, named as the server names it (or as the archive does). */
export interface DownloadedFile {
  name: string;
  blob: Blob;
}

/** The file name of `Content-Disposition: attachment; filename="…"`, or the URL's last segment. */
export function fileNameOf(res: Response, url: string): string {
  const disposition = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star) return safeName(decodeURIComponent(star[1]));
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  if (plain) return safeName(plain[1]);
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  return safeName(segments.at(-1) ?? 'download');
}

/** A name that stays inside the folder it is written to. */
export function safeName(name: string): string {
  const parts = name.split(/[\\/]+/).filter((p) => p && p !== '.' && p !== '..');
  if (parts.length === 0) throw new Error(`refusing the file name "${name}"`);
  return parts.join('/');
}

export function isZip(res: Response, name: string): boolean {
  return (res.headers.get('content-type') ?? '').includes('zip') || name.toLowerCase().endsWith('.zip');
}

/** The entries of a zip in memory; folders are left out. */
export async function unzipBlob(blob: Blob): Promise<DownloadedFile[]> {
  const entries = unzipSync(new Uint8Array(await blob.arrayBuffer()));
  return Object.entries(entries)
    .filter(([name]) => !name.endsWith('/'))
    .map(([name, data]) => ({ name: safeName(name), blob: new Blob([data as BlobPart]) }));
}
