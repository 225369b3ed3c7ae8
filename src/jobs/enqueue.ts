import type { Db } from '../store/database.js';
import { updateAvatar } from '../store/avatars.js';
import { enqueueJob, ensureJob } from '../store/jobs.js';
import { writeBlendshapeTarget, type BlendshapeTarget } from './blendshapeTarget.js';
import { writeOutfitTarget, type OutfitTarget } from './outfitTarget.js';

/**
 * What both queues write to queue an avatar's computation: its job and its `Queued` status, in the
 * caller's transaction (`within`) or one of their own. The database is the source of truth for
 * either queue; only how workers hear of the job differs.
 */
export async function writeComputation(db: Db, avatarCode: string, within?: Db): Promise<void> {
  const write = async (tx: Db) => {
    await enqueueJob(tx, avatarCode, 'compute');
    await updateAvatar(tx, avatarCode, { status: 'Queued' });
  };
  if (within) return write(within);
  await db.transaction().execute(write);
}

/** The job that makes a blendshapes download, or the one already waiting for the same target: its id. */
export function writeBlendshapes(db: Db, avatarCode: string, target: BlendshapeTarget): Promise<number> {
  return ensureJob(db, avatarCode, 'blendshapes', writeBlendshapeTarget(target));
}

/** The job that makes an outfit's files for an avatar, or the one already waiting for them: its id. */
export function writeOutfit(db: Db, avatarCode: string, target: OutfitTarget): Promise<number> {
  return ensureJob(db, avatarCode, 'outfit', writeOutfitTarget(target));
}
