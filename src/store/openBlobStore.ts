import { FsBlobStore, type BlobBackend } from './blobs.js';
import type { S3Options } from './s3Blobs.js';

/** Where a server keeps its blobs: a directory (the default, `<data dir>/blobs`), or an S3-compatible bucket. */
export type BlobStorage = { kind: 'fs'; root: string } | ({ kind: 's3' } & S3Options);

/** The S3 client is loaded only by servers that use it: it weighs on the start of those that do not. */
export async function openBlobStore(storage: BlobStorage): Promise<BlobBackend> {
  if (storage.kind === 'fs') return new FsBlobStore(storage.root);
  const { S3BlobStore } = await import('./s3Blobs.js');
  return new S3BlobStore(storage);
}
