import { Readable } from 'node:stream';
import { inspectPhoto, inspectPhotoHeader, type PhotoLimits } from '../pipelines/photo.js';
import type { BlobStore } from '../store/blobs.js';

/**
 * The first bytes of a photo, read before anything is stored. A photo no longer than this is checked
 * whole, decoded as before; a longer one from these bytes only, enough for the header of every format
 * we take (a JPEG's EXIF, ICC and XMP segments come before its frame header, and rarely pass 64 KiB).
 */
export const PHOTO_HEAD_BYTES = 256 * 1024;

/** A file part of a multipart form as it arrives: busboy sets `truncated` when it was cut at the size limit. */
export type IncomingFile = Readable & { truncated?: boolean };

/** The photo was longer than the limit: busboy stopped it there. */
export class PhotoTooLarge extends Error {
  readonly code = 'FST_REQ_FILE_TOO_LARGE';
}

/** Reads and discards a file the route has no use for, so that the parts after it arrive. */
export async function discardFile(file: IncomingFile): Promise<void> {
  file.resume();
  await new Promise<void>((resolve, reject) => file.once('end', resolve).once('error', reject));
}

/**
 * Streams an uploaded photo into the store at `key`, holding at most its first PHOTO_HEAD_BYTES and the
 * chunk in flight: the API never has the whole of a large photo in memory. The photo is checked from
 * its first bytes (see inspectPhotoHeader); faults only a full decode finds (a corrupt or cut JPEG of
 * several MiB) are the worker's to find, and make the avatar Failed with the reason. Returns the
 * reason for refusal, in which case nothing is stored, or null once the photo is stored.
 *
 * Throws PhotoTooLarge past the limit, the upload's own error when the client's stream failed (it went
 * away), and the store's when the store failed; in every case nothing is left stored.
 */
export async function receivePhoto(file: IncomingFile, blobs: BlobStore, key: string, limits: PhotoLimits): Promise<string | null> {
  // destroyOnReturn false: the rest of the stream is read on after the head.
  const chunks = file.iterator({ destroyOnReturn: false });
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < PHOTO_HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value as Buffer);
    headBytes += (next.value as Buffer).length;
  }
  if (file.truncated) throw new PhotoTooLarge();
  if (ended) {
    const whole = Buffer.concat(head);
    const checked = await inspectPhoto(whole, limits);
    if ('refused' in checked) return checked.refused;
    await blobs.put(key, whole);
    return null;
  }
  const checked = await inspectPhotoHeader(Buffer.concat(head), limits.maxPixels);
  if ('refused' in checked) {
    // Read on through the iterator: the stream answers only to it now, not to resume().
    for await (const _ of chunks);
    if (file.truncated) throw new PhotoTooLarge();
    return checked.refused;
  }
  let uploadFailed: unknown = null;
  let bytes = 0;
  const body = Readable.from((async function* () {
    try {
      for (const chunk of head.splice(0)) yield chunk;
      for await (const chunk of chunks) {
        bytes += (chunk as Buffer).length;
        yield chunk as Buffer;
      }
    } catch (err) {
      uploadFailed = err;
      throw err;
    }
    // busboy ends a file cut at the limit as if it were whole: failing here, before the end, stores nothing.
    if (file.truncated || headBytes + bytes > limits.maxBytes) throw (uploadFailed = new PhotoTooLarge());
  })(), { objectMode: false });
  try {
    await blobs.putStream(key, body);
  } catch (err) {
    // A store that failed first leaves the rest of the upload unread: let it go, and answer with the store's fault.
    if (!uploadFailed) file.destroy();
    throw uploadFailed ?? err;
  }
  return null;
}
