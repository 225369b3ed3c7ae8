import type { Db } from './database.js';
import type { BlobBackend } from './blobs.js';
import { AVATARS, avatarPrefix } from './keys.js';

export interface Leftovers {
  temporaryFiles: number;
  avatarFolders: number;
}

/**
 * Removes what failed writes left in the blob store: temporary files (on S3, multipart uploads never
 * completed), and the folders of avatars whose record was never written (an upload that failed, or a
 * crash between the photo and the record). Only what is older than `graceMs` goes, so that another
 * server's upload in flight is left alone. The age of a folder is asked only for those without a
 * record, since on S3 it costs a listing of the folder.
 */
export async function removeLeftovers(db: Db, blobs: BlobBackend, graceMs: number): Promise<Leftovers> {
  const before = Date.now() - graceMs;
  const temporaryFiles = await blobs.removeTemporaryFiles(before);
  let avatarFolders = 0;
  for await (const page of blobs.folders(AVATARS)) {
    for (let i = 0; i < page.length; i += 500) {
      const batch = page.slice(i, i + 500);
      const known = new Set((await db.selectFrom('avatars').select('code').where('code', 'in', batch).execute()).map((r) => r.code));
      for (const name of batch) {
        if (known.has(name)) continue;
        const modified = await blobs.folderModified(avatarPrefix(name));
        if (modified === null || modified >= before) continue;
        await blobs.removePrefix(avatarPrefix(name));
        avatarFolders++;
      }
    }
  }
  return { temporaryFiles, avatarFolders };
}
