import { createHash } from 'node:crypto';
import type { BlobStore } from './blobs.js';
import { staticKey } from './keys.js';
import { isRecord, readJson } from '../core/storedJson.js';

/** What is stored beside a static file's bytes, as `<identity>.json`. */
export interface StaticFileMeta {
  /** The file name the exported models reference. */
  name: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * Stores a static file once: the same bytes for every export, never changed. Metadata first: the
 * data's presence is what says the static file is complete.
 */
export async function putStaticFile(blobs: BlobStore, file: { identity: string; name: string; contentType: string; data: Uint8Array }): Promise<void> {
  if (await blobs.has(staticKey(file.identity))) return;
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  const meta: StaticFileMeta = { name: file.name, contentType: file.contentType, size: file.data.byteLength, sha256 };
  await blobs.put(staticKey(`${file.identity}.json`), Buffer.from(JSON.stringify(meta)));
  await blobs.put(staticKey(file.identity), file.data);
}

/** A complete static file's metadata, or null when there is none (or it is still being written). */
export async function staticFileMeta(blobs: BlobStore, identity: string): Promise<StaticFileMeta | null> {
  const raw = await blobs.get(staticKey(`${identity}.json`));
  if (!raw || !(await blobs.has(staticKey(identity)))) return null;
  return readJson(raw, `static file ${identity}`, (v): v is StaticFileMeta =>
    isRecord(v) && typeof v.name === 'string' && typeof v.contentType === 'string' && typeof v.size === 'number' && typeof v.sha256 === 'string');
}
