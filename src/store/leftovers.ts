import type { Db } from './database.js';
import type { FsBlobStore } from './blobs.js';
import { AVATARS, avatarPrefix } from './keys.js';

export interface Leftovers {
  temporaryFiles: number;
  avatarFolders: number;
}

/**
 * Removes what failed writes left in the blob store: temporary files, and the folders of avatars
 * whose record was never written (an upload that failed, or a crash between the photo and the record).
 * Only what is older than `graceMs` goes, so that another server's upload in flight is left alone.
 */
export async function removeLeftovers(db: Db, blobs: FsBlobStore, graceMs: number): Promise<Leftovers> {
  const before = Date.now() - graceMs;
  const temporaryFiles = await blobs.removeTemporaryFiles(before);
  const folders = (await blobs.folders(AVATARS)).filter((f) => f.modifiedMs < before);
  let avatarFolders = 0;
  for (let i = 0; i < folders.length; i += 500) {
    const batch = folders.slice(i, i + 500).map((f) => f.name);
    const known = new Set((await db.selectFrom('avatars').select('code').where('code', 'in', batch).execute()).map((r) => r.code));
    for (const name of batch) {
      if (known.has(name)) continue;
      await blobs.removePrefix(avatarPrefix(name));
      avatarFolders++;
    }
  }
  return { temporaryFiles, avatarFolders };
}
